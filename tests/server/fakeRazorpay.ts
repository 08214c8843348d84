import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { periodEnd } from '../../src/domain/billing';

/**
 * A local stand-in for the part of Razorpay's REST API the server uses, with Basic auth checked and errors in
 * Razorpay's shape:
 * - orders and payments: POST /v1/orders, GET /v1/orders/:id/payments, GET /v1/payments/:id, POST /v1/payments/:id/capture;
 * - monthly billing (docs/billing/razorpay-subscriptions.md §1-§3, §6): POST and GET /v1/plans; POST /v1/subscriptions,
 *   GET and PATCH /v1/subscriptions/:id, POST …/cancel, …/pause, …/resume; GET /v1/invoices?subscription_id=.
 * A payment added as `authorized` is one a manual-capture account has not captured yet. Tests point the SDK's HTTP client
 * at it (RAZORPAY_API_URL) and can make it fail, hang or slow down, add payments as if a buyer had paid, charge a
 * subscription as Razorpay does at authorisation and at each renewal, and leave one `created` while an eMandate registers.
 * A future `start_at` without add-ons is authorised with a refunded token payment and charged first at that date
 * (reference §4.4); with add-ons it is not modelled.
 */

export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  currency: string;
  /** Null on the orders Razorpay makes for a subscription's invoices. */
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string> | [];
  created_at: number;
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'authorized' | 'refunded';
  order_id: string;
  /** The subscription invoice a charge paid; null for a payment of one of our own orders. */
  invoice_id: string | null;
  method: string;
  description: string | null;
  email: string | null;
  contact: string | null;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

export interface FakePlan {
  id: string;
  entity: 'plan';
  interval: number;
  period: string;
  item: {
    id: string;
    active: boolean;
    name: string;
    description: string | null;
    amount: number;
    unit_amount: number;
    currency: string;
    type: 'plan';
  };
  /** Razorpay serialises empty notes as `[]`. */
  notes: Record<string, string> | [];
  created_at: number;
}

export type FakeSubscriptionStatus =
  'created' | 'authenticated' | 'active' | 'pending' | 'halted' | 'cancelled' | 'completed' | 'expired' | 'paused';

export interface FakeSubscription {
  id: string;
  entity: 'subscription';
  plan_id: string;
  customer_id: string | null;
  status: FakeSubscriptionStatus;
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  quantity: number;
  notes: Record<string, string> | [];
  charge_at: number | null;
  start_at: number | null;
  end_at: number | null;
  auth_attempts: number;
  total_count: number;
  paid_count: number;
  remaining_count: number;
  customer_notify: boolean;
  created_at: number;
  expire_by: number | null;
  short_url: string;
  has_scheduled_changes: boolean;
  change_scheduled_at: number | null;
  source: 'api';
  offer_id: string | null;
  payment_method: string | null;
  paused_at: number | null;
  pause_initiated_by: string | null;
}

export interface FakeLineItem {
  id: string;
  name: string;
  amount: number;
  unit_amount: number;
  currency: string;
  type: 'plan' | 'addon';
  quantity: number;
}

export interface FakeInvoice {
  id: string;
  entity: 'invoice';
  type: 'invoice';
  invoice_number: null;
  receipt: null;
  customer_id: string | null;
  subscription_id: string;
  order_id: string;
  payment_id: string | null;
  status: 'issued' | 'paid';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  line_items: FakeLineItem[];
  billing_start: number;
  billing_end: number;
  date: number;
  issued_at: number;
  paid_at: number | null;
  created_at: number;
}

/** How the buyer authorised the subscription: Razorpay refuses plan updates for Indian cards and UPI (reference §2.4). */
export type FakePaymentMode = 'international card' | 'domestic card' | 'upi';

/** What Razorpay knows of a subscription and does not show on its entity. */
export interface FakeSubscriptionHidden {
  /** The upfront add-ons, charged once with the authorisation payment. */
  addons: Array<{ item: { name: string; amount: number; currency: string } }>;
  /** A cancel at cycle end: the entity shows it nowhere (reference §2.3). */
  cancelAtCycleEnd: boolean;
  /** A plan change at cycle end, applied at the next renewal. */
  scheduledPlanId: string | null;
  paymentMode: FakePaymentMode | null;
}

/** What one charge did; payment and invoice are null when a cancel at cycle end ended the subscription instead. */
export interface FakeCharge {
  subscription: FakeSubscription;
  payment: FakePayment | null;
  invoice: FakeInvoice | null;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The JSON body; undefined when none was sent. */
  body: unknown;
}

export type FakeBehaviour =
  | { kind: 'ok' }
  /** Answers this status with a Razorpay error body. */
  | { kind: 'error'; status: number; code: string; description: string }
  /** Waits this long before answering normally. */
  | { kind: 'slow'; delayMs: number }
  /** Accepts the connection and never answers. */
  | { kind: 'hang' }
  /** Drops every connection at once, as an unreachable host does. */
  | { kind: 'down' };

const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const razorpayId = (prefix: string) => `${prefix}_${Array.from({ length: 14 }, () => base62[randomInt(62)]).join('')}`;

export interface FakeRazorpay {
  url: string;
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  plans: Map<string, FakePlan>;
  subscriptions: Map<string, FakeSubscription>;
  /** Beside each subscription, by its id. */
  hidden: Map<string, FakeSubscriptionHidden>;
  invoices: Map<string, FakeInvoice>;
  /** Requests received, by "METHOD path". */
  requests: string[];
  /** Requests received, with their query and body. */
  calls: FakeRequest[];
  behave(behaviour: FakeBehaviour): void;
  /** A payment on an order, as if the buyer had paid (or failed to) in Razorpay Checkout. */
  addPayment(orderId: string, fields?: Partial<FakePayment>): FakePayment;
  /**
   * What Razorpay does when it charges the subscription: at authorisation (`created`: upfront add-ons plus the plan) or
   * at a renewal (`active`: the next cycle; `pending`: the retry of the unpaid invoice). `fail` declines the card.
   * Answers copies as they are after the charge, for a test to build the webhook Razorpay would send.
   */
  chargeSubscription(
    subscriptionId: string,
    options?: { fail?: boolean; at?: Date; email?: string; paymentMode?: FakePaymentMode },
  ): FakeCharge;
  /**
   * The buyer authorised an eMandate (eNACH) in Checkout: Razorpay has made the customer, and the subscription stays
   * `created` until the bank confirms the registration and the first debit (T+1 or later, reference §3.2, §4.3).
   */
  registerMandate(subscriptionId: string): FakeSubscription;
  close(): Promise<void>;
}

type Body = Record<string, unknown>;
type Reply = [status: number, body: unknown];

const DAY_S = 24 * 60 * 60;
/** A failed renewal is retried on the next three days, then the subscription halts (reference §3.3). */
const RETRIES = 3;
/** The latest end Razorpay accepts for a subscription (reference §9). */
const LATEST_END_S = 4_765_046_400;
const finalStatuses: ReadonlySet<FakeSubscriptionStatus> = new Set(['cancelled', 'completed', 'expired']);
const months: Record<string, number> = { monthly: 1, quarterly: 3, yearly: 12 };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const nowSeconds = () => seconds(new Date());
const isRecord = (value: unknown): value is Body => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const isAmount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 100;
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const razorpayError = (code: string, description: string, field?: string) => ({
  error: { code, description, source: 'NA', step: 'NA', reason: 'NA', ...(field && { field }) },
});
const badRequest = (description: string, field?: string): Reply => [400, razorpayError('BAD_REQUEST_ERROR', description, field)];
const noSuchId = (): Reply => badRequest('The id provided does not exist');

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** Razorpay's notes: at most 15 string pairs, and `[]` when there are none. */
function notesOf(value: unknown): Record<string, string> | [] | Reply {
  if (value === undefined || value === null) return [];
  if (!isRecord(value)) return badRequest('The notes must be an object.', 'notes');
  if (Object.keys(value).length > 15) return badRequest('The notes may not have more than 15 items.', 'notes');
  return Object.keys(value).length === 0 ? [] : Object.fromEntries(Object.entries(value).map(([key, note]) => [key, String(note)]));
}
const isReply = (value: unknown): value is Reply => Array.isArray(value) && value.length === 2 && typeof value[0] === 'number';

/** A collection page as Razorpay lists it: newest first, `count` (default 10, at most 100) from `skip`. */
function page<T>(newestLast: T[], query: URLSearchParams): Reply {
  const count = Number(query.get('count') ?? 10);
  const skip = Number(query.get('skip') ?? 0);
  if (!Number.isInteger(count) || count < 1 || count > 100) return badRequest('The count may not be greater than 100.', 'count');
  if (!Number.isInteger(skip) || skip < 0) return badRequest('The skip must be at least 0.', 'skip');
  const items = [...newestLast].reverse().slice(skip, skip + count);
  return [200, { entity: 'collection', count: items.length, items }];
}

/** The Orders and Payments API, as before monthly billing. */
function ordersApi(orders: Map<string, FakeOrder>, payments: Map<string, FakePayment>) {
  function createOrder(body: Body): Reply {
    if (!isAmount(body.amount)) return badRequest('The amount must be atleast INR 1.00');
    if (body.currency !== 'INR') return badRequest('Currency is not supported');
    if (typeof body.receipt !== 'string' || body.receipt.length > 40) {
      return badRequest('receipt: The receipt may not be greater than 40 characters.');
    }
    const order: FakeOrder = {
      id: razorpayId('order'),
      entity: 'order',
      amount: body.amount,
      amount_paid: 0,
      currency: 'INR',
      receipt: body.receipt,
      status: 'created',
      notes: (body.notes as Record<string, string>) ?? {},
      created_at: nowSeconds(),
    };
    orders.set(order.id, order);
    return [200, order];
  }

  function capture(paymentId: string, body: Body): Reply {
    const payment = payments.get(paymentId);
    if (!payment) return noSuchId();
    if (payment.status === 'captured') return badRequest('This payment has already been captured');
    if (payment.status !== 'authorized') return badRequest('Only payments which have been authorized and not yet captured can be captured');
    if (Number(body.amount) !== payment.amount || body.currency !== payment.currency)
      return badRequest('Capture amount must be equal to the amount authorized');
    payment.status = 'captured';
    markOrderPaid(orders.get(payment.order_id), payment);
    return [200, payment];
  }

  function route(method: string, path: string, body: Body): Reply | null {
    if (method === 'POST' && path === '/v1/orders') return createOrder(body);
    const orderPayments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
    if (method === 'GET' && orderPayments) {
      const id = decodeURIComponent(orderPayments[1]!);
      if (!orders.has(id)) return noSuchId();
      const items = [...payments.values()].filter((payment) => payment.order_id === id);
      return [200, { entity: 'collection', count: items.length, items }];
    }
    const captured = /^\/v1\/payments\/([^/]+)\/capture$/.exec(path);
    if (method === 'POST' && captured) return capture(decodeURIComponent(captured[1]!), body);
    const onePayment = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (method === 'GET' && onePayment) {
      const payment = payments.get(decodeURIComponent(onePayment[1]!));
      return payment ? [200, payment] : noSuchId();
    }
    return null;
  }
  return { route };
}

function markOrderPaid(order: FakeOrder | undefined, payment: FakePayment) {
  if (!order) return;
  order.status = 'paid';
  order.amount_paid = payment.amount;
}

interface BillingMaps {
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  plans: Map<string, FakePlan>;
  subscriptions: Map<string, FakeSubscription>;
  hidden: Map<string, FakeSubscriptionHidden>;
  invoices: Map<string, FakeInvoice>;
}

/** Plans, Subscriptions and their Invoices (reference §1, §2, §6), and the charges Razorpay makes on its own. */
function billingApi(maps: BillingMaps) {
  const { orders, payments, plans, subscriptions, hidden, invoices } = maps;

  function createPlan(body: Body): Reply {
    const item = isRecord(body.item) ? body.item : {};
    if (typeof body.period !== 'string' || !['daily', 'weekly', 'monthly', 'quarterly', 'yearly'].includes(body.period)) {
      return badRequest('The selected period is invalid.', 'period');
    }
    if (!isCount(body.interval)) return badRequest('The interval must be an integer.', 'interval');
    if (body.period === 'daily' && body.interval < 7) return badRequest('The interval for daily plans must be at least 7.', 'interval');
    if ('offer_id' in body) return badRequest('offer_id is/are not required and should not be sent', 'offer_id');
    if (typeof item.name !== 'string' || item.name === '') return badRequest('The name field is required.', 'name');
    if (!isAmount(item.amount)) return badRequest('The amount must be atleast INR 1.00', 'amount');
    if (typeof item.currency !== 'string' || !/^[A-Z]{3}$/.test(item.currency))
      return badRequest('The currency field is required.', 'currency');
    const notes = notesOf(body.notes);
    if (isReply(notes)) return notes;
    const plan: FakePlan = {
      id: razorpayId('plan'),
      entity: 'plan',
      interval: body.interval,
      period: body.period,
      item: {
        id: razorpayId('item'),
        active: true,
        name: item.name,
        description: typeof item.description === 'string' ? item.description : null,
        amount: item.amount,
        unit_amount: item.amount,
        currency: item.currency,
        type: 'plan',
      },
      notes,
      created_at: nowSeconds(),
    };
    plans.set(plan.id, plan);
    return [200, plan];
  }

  function addonsOf(value: unknown, currency: string): FakeSubscriptionHidden['addons'] | Reply {
    if (value === undefined) return [];
    if (!Array.isArray(value)) return badRequest('The addons must be an array.', 'addons');
    if (value.length > 5) return badRequest('The addons may not have more than 5 items.', 'addons');
    const addons: FakeSubscriptionHidden['addons'] = [];
    for (const addon of value) {
      const item = isRecord(addon) && isRecord(addon.item) ? addon.item : {};
      if (typeof item.name !== 'string' || !isAmount(item.amount))
        return badRequest('The addon item needs a name and an amount of at least 100.', 'addons');
      if (item.currency !== currency) return badRequest('The addon currency should be the same as the plan currency.', 'addons');
      addons.push({ item: { name: item.name, amount: item.amount, currency } });
    }
    return addons;
  }

  function createSubscription(body: Body): Reply {
    const plan = typeof body.plan_id === 'string' ? plans.get(body.plan_id) : undefined;
    if (!plan) return noSuchId();
    if (!isCount(body.total_count)) return badRequest('The total count field is required when end at is not present.', 'total_count');
    const cycleMonths = (months[plan.period] ?? 0) * plan.interval;
    if (cycleMonths && seconds(periodEnd(new Date(), cycleMonths * body.total_count)) > LATEST_END_S) {
      return badRequest(`end_time must be between 946684800 and ${LATEST_END_S}`, 'total_count');
    }
    const quantity = body.quantity ?? 1;
    if (!isCount(quantity)) return badRequest('The quantity must be at least 1.', 'quantity');
    const addons = addonsOf(body.addons, plan.item.currency);
    if (isReply(addons)) return addons;
    const notes = notesOf(body.notes);
    if (isReply(notes)) return notes;
    const startAt = body.start_at ?? null;
    if (startAt !== null && (!Number.isInteger(startAt) || (startAt as number) <= nowSeconds())) {
      return badRequest('start_at cannot be lesser than the current time', 'start_at');
    }
    const subscription: FakeSubscription = {
      id: razorpayId('sub'),
      entity: 'subscription',
      plan_id: plan.id,
      customer_id: null,
      status: 'created',
      current_start: null,
      current_end: null,
      ended_at: null,
      quantity,
      notes,
      charge_at: null,
      start_at: startAt as number | null,
      end_at: null,
      auth_attempts: 0,
      total_count: body.total_count,
      paid_count: 0,
      remaining_count: body.total_count,
      customer_notify: !(body.customer_notify === 0 || body.customer_notify === false),
      created_at: nowSeconds(),
      expire_by: null,
      short_url: `https://rzp.io/i/${razorpayId('x').slice(2, 10)}`,
      has_scheduled_changes: false,
      change_scheduled_at: null,
      source: 'api',
      offer_id: null,
      payment_method: null,
      paused_at: null,
      pause_initiated_by: null,
    };
    subscriptions.set(subscription.id, subscription);
    hidden.set(subscription.id, { addons, cancelAtCycleEnd: false, scheduledPlanId: null, paymentMode: null });
    return [200, subscription];
  }

  function cancel(subscription: FakeSubscription, body: Body | undefined): Reply {
    if (finalStatuses.has(subscription.status)) return badRequest(`Subscription is not cancellable in ${subscription.status} status`);
    const atCycleEnd = body?.cancel_at_cycle_end === 1 || body?.cancel_at_cycle_end === true;
    // Without a cycle under way there is no cycle end to wait for.
    if (atCycleEnd && subscription.current_end !== null) {
      hidden.get(subscription.id)!.cancelAtCycleEnd = true;
      return [200, subscription];
    }
    Object.assign(subscription, { status: 'cancelled', ended_at: nowSeconds(), charge_at: null });
    return [200, subscription];
  }

  function pause(subscription: FakeSubscription, body: Body | undefined): Reply {
    if (body?.pause_at !== undefined && body.pause_at !== 'now') return badRequest('The selected pause at is invalid.', 'pause_at');
    // Pausing an authenticated subscription cancels it (reference §2.5).
    if (subscription.status === 'authenticated') {
      Object.assign(subscription, { status: 'cancelled', ended_at: nowSeconds(), charge_at: null });
      return [200, subscription];
    }
    if (subscription.status !== 'active') return badRequest(`Subscription cannot be paused in ${subscription.status} status`);
    Object.assign(subscription, { status: 'paused', charge_at: null, paused_at: nowSeconds(), pause_initiated_by: 'self' });
    return [200, subscription];
  }

  function resume(subscription: FakeSubscription, body: Body | undefined): Reply {
    if (body?.resume_at !== undefined && body.resume_at !== 'now') return badRequest('The selected resume at is invalid.', 'resume_at');
    if (subscription.status !== 'paused') return badRequest(`Subscription cannot be resumed in ${subscription.status} status`);
    Object.assign(subscription, { status: 'active', charge_at: subscription.current_end, paused_at: null, pause_initiated_by: null });
    return [200, subscription];
  }

  function update(subscription: FakeSubscription, body: Body): Reply {
    const behind = hidden.get(subscription.id)!;
    if (!['authenticated', 'active'].includes(subscription.status))
      return badRequest(`Subscription cannot be updated in ${subscription.status} status`);
    if (behind.paymentMode === 'upi') return badRequest('Subscriptions cannot be updated when payment mode is UPI');
    const changesMoreThanOffer = Object.keys(body).some((key) => !['offer_id', 'schedule_change_at', 'customer_notify'].includes(key));
    if (behind.paymentMode === 'domestic card' && changesMoreThanOffer) {
      return badRequest('Only offers can be updated for subscriptions when payment mode is domestic card');
    }
    const when = body.schedule_change_at ?? 'now';
    if (when !== 'now' && when !== 'cycle_end') return badRequest('The selected schedule change at is invalid.', 'schedule_change_at');
    if (body.plan_id === undefined) return [200, subscription];
    if (typeof body.plan_id !== 'string' || !plans.has(body.plan_id)) return noSuchId();
    // A change `now` is prorated by Razorpay; the fake moves the plan without the proration invoice.
    if (when === 'now') subscription.plan_id = body.plan_id;
    else {
      behind.scheduledPlanId = body.plan_id;
      Object.assign(subscription, { has_scheduled_changes: true, change_scheduled_at: subscription.current_end });
    }
    return [200, subscription];
  }

  function subscriptionRoute(method: string, id: string, action: string | undefined, body: unknown): Reply | null {
    const subscription = subscriptions.get(id);
    const known = (run: (found: FakeSubscription) => Reply): Reply => (subscription ? run(subscription) : noSuchId());
    const given = isRecord(body) ? body : undefined;
    if (method === 'GET' && !action) return known((found) => [200, found]);
    if (method === 'PATCH' && !action) return known((found) => update(found, given ?? {}));
    if (method !== 'POST') return null;
    if (action === 'cancel') return known((found) => cancel(found, given));
    if (action === 'pause') return known((found) => pause(found, given));
    if (action === 'resume') return known((found) => resume(found, given));
    return null;
  }

  function route(method: string, path: string, query: URLSearchParams, body: unknown): Reply | null {
    if (path === '/v1/plans' && method === 'POST') return createPlan(isRecord(body) ? body : {});
    if (path === '/v1/plans' && method === 'GET') return page([...plans.values()], query);
    if (path === '/v1/subscriptions' && method === 'POST') return createSubscription(isRecord(body) ? body : {});
    const one = /^\/v1\/subscriptions\/([^/]+)(?:\/(cancel|pause|resume))?$/.exec(path);
    if (one) return subscriptionRoute(method, decodeURIComponent(one[1]!), one[2], body);
    if (path === '/v1/invoices' && method === 'GET') {
      const subscriptionId = query.get('subscription_id');
      return page(
        [...invoices.values()].filter((invoice) => !subscriptionId || invoice.subscription_id === subscriptionId),
        query,
      );
    }
    return null;
  }

  // ---- the charges Razorpay makes on its own ---------------------------------------------------------------------

  function newInvoice(
    subscription: FakeSubscription,
    lines: Array<Pick<FakeLineItem, 'name' | 'amount' | 'quantity' | 'type'>>,
    start: number,
    end: number,
    at: number,
  ) {
    const currency = plans.get(subscription.plan_id)!.item.currency;
    const amount = lines.reduce((sum, line) => sum + line.amount, 0);
    const order: FakeOrder = {
      id: razorpayId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      currency,
      receipt: null,
      status: 'created',
      notes: [],
      created_at: at,
    };
    orders.set(order.id, order);
    const invoice: FakeInvoice = {
      id: razorpayId('inv'),
      entity: 'invoice',
      type: 'invoice',
      invoice_number: null,
      receipt: null,
      customer_id: subscription.customer_id,
      subscription_id: subscription.id,
      order_id: order.id,
      payment_id: null,
      status: 'issued',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      line_items: lines.map((line) => ({ id: razorpayId('li'), ...line, unit_amount: line.amount / line.quantity, currency })),
      billing_start: start,
      billing_end: end,
      date: at,
      issued_at: at,
      paid_at: null,
      created_at: at,
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** One attempt to take an invoice's money: a captured (or failed) payment on the invoice's order. */
  function attempt(invoice: FakeInvoice, at: number, { fail = false, email = null as string | null, method = 'card' }) {
    const payment: FakePayment = {
      id: razorpayId('pay'),
      entity: 'payment',
      amount: invoice.amount,
      currency: invoice.currency,
      status: fail ? 'failed' : 'captured',
      order_id: invoice.order_id,
      invoice_id: invoice.id,
      method,
      description: 'Recurring Payment via Subscription',
      email,
      contact: null,
      error_code: fail ? 'BAD_REQUEST_ERROR' : null,
      error_description: fail ? 'Payment processing failed due to error at bank or wallet gateway' : null,
      created_at: at,
    };
    payments.set(payment.id, payment);
    const order = orders.get(invoice.order_id)!;
    if (fail) {
      if (order.status === 'created') order.status = 'attempted';
      return payment;
    }
    markOrderPaid(order, payment);
    Object.assign(invoice, { status: 'paid', payment_id: payment.id, amount_paid: invoice.amount, amount_due: 0, paid_at: at });
    return payment;
  }

  const planLine = (subscription: FakeSubscription) => {
    const plan = plans.get(subscription.plan_id)!;
    return {
      name: plan.item.name,
      amount: plan.item.amount * subscription.quantity,
      quantity: subscription.quantity,
      type: 'plan' as const,
    };
  };
  const unpaidInvoiceOf = (subscription: FakeSubscription) =>
    [...invoices.values()].find((invoice) => invoice.subscription_id === subscription.id && invoice.status === 'issued');

  /** The authorisation of a subscription that starts later: a token payment, refunded, and no invoice (reference §4.4). */
  function authoriseFutureStart(subscription: FakeSubscription, at: number, options: ChargeOptions) {
    const behind = hidden.get(subscription.id)!;
    if (behind.addons.length > 0) throw new Error('fake Razorpay does not model a future start with add-ons');
    const mode = options.paymentMode ?? 'international card';
    const currency = plans.get(subscription.plan_id)!.item.currency;
    const order: FakeOrder = {
      id: razorpayId('order'),
      entity: 'order',
      amount: 500,
      amount_paid: 0,
      currency,
      receipt: null,
      status: 'attempted',
      notes: [],
      created_at: at,
    };
    orders.set(order.id, order);
    const payment: FakePayment = {
      id: razorpayId('pay'),
      entity: 'payment',
      amount: 500,
      currency,
      status: options.fail ? 'failed' : 'refunded',
      order_id: order.id,
      invoice_id: null,
      method: mode === 'upi' ? 'upi' : 'card',
      description: 'Authentication Payment',
      email: options.email ?? null,
      contact: null,
      error_code: options.fail ? 'BAD_REQUEST_ERROR' : null,
      error_description: options.fail ? 'Payment processing failed due to error at bank or wallet gateway' : null,
      created_at: at,
    };
    payments.set(payment.id, payment);
    if (options.fail) return { payment, invoice: null };
    behind.paymentMode = mode;
    Object.assign(subscription, {
      status: 'authenticated',
      customer_id: subscription.customer_id ?? razorpayId('cust'),
      charge_at: subscription.start_at,
      payment_method: payment.method,
    });
    return { payment, invoice: null };
  }

  /** The authorisation payment: upfront add-ons and the first cycle, in one invoice (reference §4.4). */
  function authorise(subscription: FakeSubscription, at: number, options: ChargeOptions) {
    const behind = hidden.get(subscription.id)!;
    const start = at;
    const end = seconds(periodEnd(new Date(at * 1000)));
    const addonLines = behind.addons.map(({ item }) => ({ name: item.name, amount: item.amount, quantity: 1, type: 'addon' as const }));
    // A second try after a declined card pays the invoice the first try left unpaid.
    const invoice = unpaidInvoiceOf(subscription) ?? newInvoice(subscription, [planLine(subscription), ...addonLines], start, end, at);
    Object.assign(invoice, { billing_start: start, billing_end: end });
    const mode = options.paymentMode ?? 'international card';
    const payment = attempt(invoice, at, { fail: options.fail, email: options.email ?? null, method: mode === 'upi' ? 'upi' : 'card' });
    if (options.fail) return { payment, invoice };
    behind.paymentMode = mode;
    const plan = plans.get(subscription.plan_id)!;
    const cycleMonths = (months[plan.period] ?? 1) * plan.interval;
    Object.assign(subscription, {
      status: 'active',
      customer_id: subscription.customer_id ?? razorpayId('cust'),
      current_start: start,
      current_end: end,
      charge_at: end,
      start_at: start,
      end_at: seconds(periodEnd(new Date(start * 1000), cycleMonths * subscription.total_count)),
      paid_count: 1,
      remaining_count: subscription.total_count - 1,
      payment_method: payment.method,
    });
    invoice.customer_id = subscription.customer_id;
    return { payment, invoice };
  }

  /** The charge due at `charge_at`: a new cycle when active, the unpaid invoice again when pending. */
  function renew(subscription: FakeSubscription, at: number, options: ChargeOptions) {
    const behind = hidden.get(subscription.id)!;
    let invoice = unpaidInvoiceOf(subscription);
    if (subscription.status === 'active' || !invoice) {
      if (behind.scheduledPlanId) {
        Object.assign(subscription, { plan_id: behind.scheduledPlanId, has_scheduled_changes: false, change_scheduled_at: null });
        behind.scheduledPlanId = null;
      }
      const start = subscription.current_end!;
      const end = seconds(periodEnd(new Date(start * 1000)));
      Object.assign(subscription, { current_start: start, current_end: end });
      invoice = newInvoice(subscription, [planLine(subscription)], start, end, at);
    }
    const payment = attempt(invoice, at, {
      fail: options.fail,
      email: options.email ?? null,
      method: subscription.payment_method ?? 'card',
    });
    if (options.fail) {
      const attempts = subscription.auth_attempts + 1;
      const halted = attempts > RETRIES;
      Object.assign(subscription, {
        status: halted ? 'halted' : 'pending',
        auth_attempts: attempts,
        charge_at: halted ? null : at + DAY_S,
      });
      return { payment, invoice };
    }
    const remaining = subscription.remaining_count - 1;
    Object.assign(subscription, {
      status: remaining > 0 ? 'active' : 'completed',
      auth_attempts: 0,
      paid_count: subscription.paid_count + 1,
      remaining_count: remaining,
      charge_at: remaining > 0 ? subscription.current_end : null,
      ended_at: remaining > 0 ? null : subscription.current_end,
    });
    return { payment, invoice };
  }

  function chargeSubscription(subscriptionId: string, options: ChargeOptions = {}): FakeCharge {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`fake Razorpay has no subscription ${subscriptionId}`);
    const at = seconds(options.at ?? new Date());
    let charged: { payment: FakePayment | null; invoice: FakeInvoice | null };
    if (subscription.status === 'created' && subscription.start_at !== null && subscription.start_at > at) {
      charged = authoriseFutureStart(subscription, at, options);
    } else if (subscription.status === 'created') charged = authorise(subscription, at, options);
    else if (subscription.status === 'authenticated') {
      // The first cycle starts on the date asked for and is charged like a renewal.
      subscription.current_end = subscription.start_at ?? at;
      charged = renew(subscription, at, options);
    } else if (subscription.status === 'active' && hidden.get(subscriptionId)!.cancelAtCycleEnd) {
      Object.assign(subscription, { status: 'cancelled', ended_at: subscription.current_end, charge_at: null });
      charged = { payment: null, invoice: null };
    } else if (subscription.status === 'active' || subscription.status === 'pending') charged = renew(subscription, at, options);
    else throw new Error(`fake Razorpay does not charge a subscription in ${subscription.status} status`);
    return structuredClone({ subscription, ...charged });
  }

  return { route, chargeSubscription };
}

interface ChargeOptions {
  fail?: boolean;
  at?: Date;
  email?: string;
  paymentMode?: FakePaymentMode;
}

export async function startFakeRazorpay({ keyId, keySecret }: { keyId: string; keySecret: string }): Promise<FakeRazorpay> {
  const maps: BillingMaps = {
    orders: new Map(),
    payments: new Map(),
    plans: new Map(),
    subscriptions: new Map(),
    hidden: new Map(),
    invoices: new Map(),
  };
  const requests: string[] = [];
  const calls: FakeRequest[] = [];
  let behaviour: FakeBehaviour = { kind: 'ok' };
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const ordersRoutes = ordersApi(maps.orders, maps.payments);
  const billing = billingApi(maps);

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    requests.push(`${method} ${url.pathname}`);
    const body = await readBody(req);
    calls.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    if (behaviour.kind === 'hang') return;
    if (behaviour.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, (behaviour as { delayMs: number }).delayMs));
    if (behaviour.kind === 'error') return send(res, behaviour.status, razorpayError(behaviour.code, behaviour.description));
    if (behaviour.kind === 'down') {
      req.socket.destroy();
      return;
    }
    if (req.headers.authorization !== expectedAuth) return send(res, 401, razorpayError('BAD_REQUEST_ERROR', 'Authentication failed'));
    const reply =
      ordersRoutes.route(method, url.pathname, isRecord(body) ? body : {}) ?? billing.route(method, url.pathname, url.searchParams, body);
    if (reply) return send(res, reply[0], reply[1]);
    send(res, 404, razorpayError('BAD_REQUEST_ERROR', 'The requested URL was not found on the server.'));
  }

  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => send(res, 500, razorpayError('SERVER_ERROR', String(err))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    ...maps,
    requests,
    calls,
    behave(next) {
      behaviour = next;
    },
    addPayment(orderId, fields = {}) {
      const order = maps.orders.get(orderId);
      if (!order) throw new Error(`fake Razorpay has no order ${orderId}`);
      const payment: FakePayment = {
        id: razorpayId('pay'),
        entity: 'payment',
        amount: order.amount,
        currency: order.currency,
        status: 'captured',
        order_id: orderId,
        invoice_id: null,
        method: 'card',
        description: null,
        email: null,
        contact: null,
        error_code: null,
        error_description: null,
        created_at: nowSeconds(),
        ...fields,
      };
      maps.payments.set(payment.id, payment);
      if (payment.status === 'captured') markOrderPaid(order, payment);
      else if (order.status === 'created') order.status = 'attempted';
      return payment;
    },
    chargeSubscription: billing.chargeSubscription,
    registerMandate(subscriptionId) {
      const subscription = maps.subscriptions.get(subscriptionId);
      if (subscription?.status !== 'created') throw new Error(`fake Razorpay has no created subscription ${subscriptionId}`);
      Object.assign(subscription, { customer_id: subscription.customer_id ?? razorpayId('cust'), payment_method: 'emandate' });
      return structuredClone(subscription);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
