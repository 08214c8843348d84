import { and, eq, sql } from 'drizzle-orm';
import { periodEnd } from '../../src/domain/billing';
import type { Database } from '../db/client';
import { sandboxEntities } from '../db/schema';
import type { Logger } from '../logger';
import { GatewayError, type PaymentGateway } from '../payments/gateway';
import { sandboxId } from '../payments/sandboxGateway';
import { subscriptionPaymentSignature, webhookSignature } from '../payments/signature';
import { invoiceFromEntity, planFromEntity, subscriptionFromEntity, type GatewaySubscription, type SubscriptionGateway } from './gateway';

/**
 * Razorpay Subscriptions simulated on this machine (docs/decisions/180-monthly-billing.md, "The sandbox"). Its plans,
 * subscriptions, invoices and payments are Razorpay-shaped entities in `sandbox_entities`, and it has a clock of its
 * own that `advance` moves forward: each move charges what fell due and sends the signed `subscription.*` events
 * Razorpay would (reference §3.3, §5.3), to the same webhook handler. Timestamps are the clock's, in Unix seconds.
 */

const DAY_S = 24 * 60 * 60;
/** A failed charge is retried on the next three days, then the subscription halts (reference §3.3). */
const RETRIES = 3;
const CLOCK_ID = 'sandbox_clock';
/** What authorising a card for a later start takes and gives back (Razorpay does not say; ₹5 is typical). */
const TOKEN_PAISE = 500;

type Entity = Record<string, unknown>;
/** What the sandbox keeps beside a subscription entity: what Razorpay knows and does not show. */
interface Hidden {
  upfront: number;
  failNext: number;
  cancelAtCycleEnd: boolean;
  scheduledPlanId: string | null;
}
type SubscriptionEntity = Entity & { id: string; status: string; _sandbox: Hidden };

export interface SandboxBilling {
  gateway: SubscriptionGateway;
  /**
   * The checkout's 'Pay now' for a subscription, signed as Checkout's handler receives it: its first charge, or for one
   * that starts later the card's authorisation (a token payment, refunded) and the first charge at its start.
   */
  pay(
    subscriptionId: string,
    prefill?: { email?: string },
  ): Promise<{ razorpay_payment_id: string; razorpay_subscription_id: string; razorpay_signature: string }>;
  /** The checkout's 'Simulate failure': the authorisation payment fails, the subscription stays `created`. */
  fail(subscriptionId: string): Promise<{ code: string; description: string; razorpay_payment_id: string }>;
  /** Moves the clock on and charges everything that fell due, sending each event as it happens. */
  advance(ms: number): Promise<{ now: Date; charged: number; failed: number }>;
  /** The next `charges` charge attempts of this subscription fail (a card declined). */
  failNextCharges(subscriptionId: string, charges: number): Promise<void>;
  /** The client updated their payment method: the unpaid invoice of a pending or halted subscription is charged now. */
  retryCharge(subscriptionId: string): Promise<void>;
  /** Resolves when the checkout's events scheduled so far were delivered. */
  settled(): Promise<void>;
}

export interface SandboxBillingOptions {
  db: Database;
  /** The sandbox payment gateway: its secrets sign the checkout's answers and the events. */
  payments: PaymentGateway;
  logger: Logger;
  /** The server's own webhook handler; tests may collect the events instead. */
  deliver(rawBody: Buffer, signature: string, eventId: string): Promise<unknown>;
  /**
   * How long after the checkout's first charge its events arrive (Razorpay's come within seconds, usually after the
   * browser's verification). The clock's charges send theirs at once, so an advance ends with everything delivered.
   */
  checkoutEventDelayMs?: number;
}

export function createSandboxBilling({ db, payments, logger, deliver, checkoutEventDelayMs = 0 }: SandboxBillingOptions): SandboxBilling {
  if (payments.mode !== 'sandbox') throw new Error('sandbox billing runs on the sandbox gateway only');

  async function offsetMs(): Promise<number> {
    const [row] = await db.select().from(sandboxEntities).where(eq(sandboxEntities.id, CLOCK_ID));
    return Number((row?.entity as { offsetMs?: number } | undefined)?.offsetMs ?? 0);
  }
  const clock = async () => new Date(Date.now() + (await offsetMs()));
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

  async function save(id: string, kind: string, entity: Entity, parentId: string | null = null) {
    await db
      .insert(sandboxEntities)
      .values({ id, kind, parentId, entity })
      .onConflictDoUpdate({ target: sandboxEntities.id, set: { entity, updatedAt: sql`now()` } });
  }
  async function load(id: string, kind: string): Promise<Entity | undefined> {
    const [row] = await db
      .select()
      .from(sandboxEntities)
      .where(and(eq(sandboxEntities.id, id), eq(sandboxEntities.kind, kind)));
    return row?.entity as Entity | undefined;
  }
  async function loadSubscription(id: string): Promise<SubscriptionEntity> {
    const entity = await load(id, 'subscription');
    if (!entity) throw new GatewayError('refused', 'The id provided does not exist', 400, 'BAD_REQUEST_ERROR');
    return entity as SubscriptionEntity;
  }
  const asGateway = (entity: Entity): GatewaySubscription => {
    const parsed = subscriptionFromEntity(entity);
    if (!parsed) throw new Error(`sandbox subscription ${String(entity.id)} is malformed`);
    return parsed;
  };
  const refuse = (description: string) => new GatewayError('refused', description, 400, 'BAD_REQUEST_ERROR');

  const scheduled = new Set<Promise<void>>();
  /** Sends `events` in order after the checkout's delay, without holding up the answer to the browser. */
  function later(events: () => Promise<void>) {
    if (checkoutEventDelayMs <= 0) return events();
    const delivery = new Promise<void>((resolve) => {
      setTimeout(() => void events().finally(resolve), checkoutEventDelayMs).unref();
    });
    scheduled.add(delivery);
    void delivery.finally(() => scheduled.delete(delivery));
    return Promise.resolve();
  }

  async function send(event: string, subscription: SubscriptionEntity, at: Date, payment?: Entity) {
    const { _sandbox: _hidden, ...entity } = subscription;
    void _hidden;
    const rawBody = Buffer.from(
      JSON.stringify({
        entity: 'event',
        account_id: 'acc_sandbox',
        event,
        contains: payment ? ['subscription', 'payment'] : ['subscription'],
        payload: { subscription: { entity }, ...(payment && { payment: { entity: payment } }) },
        created_at: seconds(at),
      }),
    );
    await deliver(rawBody, webhookSignature(rawBody, payments.webhookSecret), sandboxId('evt')).catch((err: unknown) =>
      logger.warn('sandbox billing event not delivered', { event, error: String(err) }),
    );
  }

  async function planAmount(planId: string): Promise<number> {
    const plan = planFromEntity(await load(planId, 'plan'));
    if (!plan) throw refuse('The id provided does not exist');
    return plan.monthlyPaise;
  }

  /** One charge attempt for `invoice`: a payment, captured or failed, and the invoice paid when it succeeded. */
  async function attempt(subscription: SubscriptionEntity, invoice: Entity, at: Date, email: string | null = null) {
    const declined = subscription._sandbox.failNext > 0;
    if (declined) subscription._sandbox.failNext -= 1;
    const payment: Entity = {
      id: sandboxId('pay'),
      entity: 'payment',
      amount: invoice.amount,
      currency: 'INR',
      status: declined ? 'failed' : 'captured',
      order_id: invoice.order_id,
      invoice_id: invoice.id,
      method: 'card',
      email,
      description: 'Recurring Payment via Subscription',
      error_code: declined ? 'BAD_REQUEST_ERROR' : null,
      error_description: declined ? 'Payment declined by the test bank' : null,
      created_at: seconds(at),
    };
    await save(String(payment.id), 'payment', payment, subscription.id);
    if (!declined)
      Object.assign(invoice, { status: 'paid', payment_id: payment.id, amount_paid: invoice.amount, amount_due: 0, paid_at: seconds(at) });
    await save(String(invoice.id), 'invoice', invoice, subscription.id);
    return { payment, paid: !declined };
  }

  function newInvoice(subscription: SubscriptionEntity, amount: number, start: number, end: number, at: Date): Entity {
    return {
      id: sandboxId('inv'),
      entity: 'invoice',
      type: 'invoice',
      subscription_id: subscription.id,
      order_id: sandboxId('order'),
      payment_id: null,
      status: 'issued',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: 'INR',
      billing_start: start,
      billing_end: end,
      issued_at: seconds(at),
      paid_at: null,
      created_at: seconds(at),
    };
  }

  async function latestIssuedInvoice(subscriptionId: string): Promise<Entity | undefined> {
    const rows = await db
      .select()
      .from(sandboxEntities)
      .where(and(eq(sandboxEntities.kind, 'invoice'), eq(sandboxEntities.parentId, subscriptionId)));
    return rows
      .map((row) => row.entity as Entity)
      .filter((invoice) => invoice.status === 'issued')
      .sort((a, b) => Number(b.billing_start) - Number(a.billing_start))[0];
  }

  /** A charge of the unpaid invoice (a retry, or the client's new card): active again, or one attempt nearer halted. */
  async function retry(subscription: SubscriptionEntity, at: Date, byClient: boolean) {
    const invoice = await latestIssuedInvoice(subscription.id);
    if (!invoice) return;
    const { payment, paid } = await attempt(subscription, invoice, at);
    if (paid) {
      Object.assign(subscription, {
        status: 'active',
        paid_count: Number(subscription.paid_count) + 1,
        remaining_count: Number(subscription.remaining_count) - 1,
        auth_attempts: 0,
        charge_at: subscription.current_end,
      });
      await save(subscription.id, 'subscription', subscription);
      await send('subscription.charged', subscription, at, payment);
      await send('subscription.activated', subscription, at, payment);
      return;
    }
    // The client's own attempt failing changes nothing Razorpay shows: the retries go on as scheduled.
    if (byClient) return;
    const attempts = Number(subscription.auth_attempts) + 1;
    const halted = attempts > RETRIES;
    Object.assign(subscription, {
      status: halted ? 'halted' : 'pending',
      auth_attempts: attempts,
      charge_at: halted ? null : Number(subscription.charge_at) + DAY_S,
    });
    await save(subscription.id, 'subscription', subscription);
    await send(halted ? 'subscription.halted' : 'subscription.pending', subscription, at, payment);
  }

  /** What happens to one subscription when the clock reaches its next charge date `at`. */
  async function fallDue(subscription: SubscriptionEntity, at: Date): Promise<'charged' | 'failed' | 'ended'> {
    const hidden = subscription._sandbox;
    // An authorised subscription that starts later: its first cycle begins on the date asked for.
    const starting = subscription.status === 'authenticated';
    if (starting) subscription.current_end = subscription.start_at;
    if (subscription.status === 'pending') {
      await retry(subscription, at, false);
      return (subscription.status as string) === 'active' ? 'charged' : 'failed';
    }
    if (hidden.cancelAtCycleEnd) {
      Object.assign(subscription, { status: 'cancelled', ended_at: subscription.current_end, charge_at: null });
      await save(subscription.id, 'subscription', subscription);
      await send('subscription.cancelled', subscription, at);
      return 'ended';
    }
    if (hidden.scheduledPlanId) {
      Object.assign(subscription, { plan_id: hidden.scheduledPlanId, has_scheduled_changes: false, change_scheduled_at: null });
      hidden.scheduledPlanId = null;
      await send('subscription.updated', subscription, at);
    }
    const start = Number(subscription.current_end);
    const end = seconds(periodEnd(new Date(start * 1000)));
    Object.assign(subscription, { current_start: start, current_end: end });
    const invoice = newInvoice(subscription, await planAmount(String(subscription.plan_id)), start, end, at);
    const { payment, paid } = await attempt(subscription, invoice, at);
    if (!paid) {
      Object.assign(subscription, { status: 'pending', auth_attempts: 1, charge_at: start + DAY_S });
      await save(subscription.id, 'subscription', subscription);
      await send('subscription.pending', subscription, at, payment);
      return 'failed';
    }
    const remaining = Number(subscription.remaining_count) - 1;
    Object.assign(subscription, {
      status: 'active',
      paid_count: Number(subscription.paid_count) + 1,
      remaining_count: remaining,
      charge_at: end,
    });
    if (remaining <= 0) Object.assign(subscription, { status: 'completed', charge_at: null, ended_at: end });
    await save(subscription.id, 'subscription', subscription);
    if (starting) await send('subscription.activated', subscription, at, payment);
    await send('subscription.charged', subscription, at, payment);
    if (remaining <= 0) await send('subscription.completed', subscription, at, payment);
    return 'charged';
  }

  async function openSubscriptions(): Promise<SubscriptionEntity[]> {
    const rows = await db.select().from(sandboxEntities).where(eq(sandboxEntities.kind, 'subscription'));
    return rows
      .map((row) => row.entity as SubscriptionEntity)
      .filter((entity) => ['authenticated', 'active', 'pending'].includes(entity.status));
  }

  /** Everything due by `now`, in the order it fell due (one subscription's charges in turn, then the next's). */
  async function settle(now: Date) {
    const tally = { charged: 0, failed: 0 };
    for (const subscription of await openSubscriptions()) {
      for (let guard = 0; guard < 1_000; guard += 1) {
        const due = subscription.charge_at === null ? null : Number(subscription.charge_at);
        if (due === null || due > seconds(now) || !['authenticated', 'active', 'pending'].includes(subscription.status)) break;
        const outcome = await fallDue(subscription, new Date(due * 1000));
        if (outcome === 'charged') tally.charged += 1;
        if (outcome === 'failed') tally.failed += 1;
      }
    }
    return tally;
  }

  const gateway: SubscriptionGateway = {
    mode: 'sandbox',
    now: clock,
    async createPlan({ monthlyPaise, name, notes }) {
      const plan = {
        id: sandboxId('plan'),
        entity: 'plan',
        interval: 1,
        period: 'monthly',
        item: { name, amount: monthlyPaise, currency: 'INR' },
        notes,
      };
      await save(plan.id, 'plan', plan);
      return { id: plan.id, monthlyPaise, notes };
    },
    async listPlans() {
      const rows = await db.select().from(sandboxEntities).where(eq(sandboxEntities.kind, 'plan'));
      return rows.map((row) => planFromEntity(row.entity)).filter((plan) => plan !== null);
    },
    async createSubscription({ planId, totalCount, upfrontPaise, startAt, notes }) {
      await planAmount(planId);
      const now = await clock();
      if (startAt && startAt.getTime() <= now.getTime()) throw refuse('start_at cannot be lesser than the current time');
      if (startAt && upfrontPaise > 0) throw new Error('the sandbox does not simulate a later start with a setup fee');
      const subscription: SubscriptionEntity = {
        id: sandboxId('sub'),
        entity: 'subscription',
        plan_id: planId,
        // Razorpay makes the customer when the buyer authorises (reference §3.1).
        customer_id: null,
        status: 'created',
        current_start: null,
        current_end: null,
        ended_at: null,
        quantity: 1,
        notes,
        charge_at: null,
        start_at: startAt ? seconds(startAt) : null,
        end_at: null,
        auth_attempts: 0,
        total_count: totalCount,
        paid_count: 0,
        remaining_count: totalCount,
        customer_notify: false,
        created_at: seconds(now),
        has_scheduled_changes: false,
        change_scheduled_at: null,
        _sandbox: { upfront: upfrontPaise, failNext: 0, cancelAtCycleEnd: false, scheduledPlanId: null },
      };
      await save(subscription.id, 'subscription', subscription);
      return asGateway(subscription);
    },
    fetchSubscription: async (id) => asGateway(await loadSubscription(id)),
    async cancelSubscription(id, atCycleEnd) {
      const subscription = await loadSubscription(id);
      if (['cancelled', 'completed', 'expired'].includes(subscription.status)) {
        throw refuse(`Subscription is not cancellable in ${subscription.status} status`);
      }
      // Razorpay shows a cancel at cycle end nowhere on the entity (reference §2.3); only the sandbox's own note has it.
      if (atCycleEnd && ['active', 'pending'].includes(subscription.status)) {
        subscription._sandbox.cancelAtCycleEnd = true;
        await save(id, 'subscription', subscription);
        return asGateway(subscription);
      }
      const now = await clock();
      Object.assign(subscription, { status: 'cancelled', ended_at: seconds(now), charge_at: null });
      await save(id, 'subscription', subscription);
      await send('subscription.cancelled', subscription, now);
      return asGateway(subscription);
    },
    async pauseSubscription(id) {
      const subscription = await loadSubscription(id);
      if (subscription.status !== 'active') throw refuse(`Subscription cannot be paused in ${subscription.status} status`);
      const now = await clock();
      Object.assign(subscription, { status: 'paused', charge_at: null, paused_at: seconds(now), pause_initiated_by: 'self' });
      await save(id, 'subscription', subscription);
      await send('subscription.paused', subscription, now);
      return asGateway(subscription);
    },
    async resumeSubscription(id) {
      const subscription = await loadSubscription(id);
      if (subscription.status !== 'paused') throw refuse(`Subscription cannot be resumed in ${subscription.status} status`);
      const now = await clock();
      // Within the paid cycle the next charge keeps its date; after it, a new cycle starts and is charged now.
      const currentEnd = Number(subscription.current_end);
      const nextCharge = currentEnd > seconds(now) ? currentEnd : seconds(now);
      Object.assign(subscription, {
        status: 'active',
        current_end: nextCharge,
        charge_at: nextCharge,
        paused_at: null,
        pause_initiated_by: null,
      });
      await save(id, 'subscription', subscription);
      await send('subscription.resumed', subscription, now);
      await settle(now);
      return asGateway(await loadSubscription(id));
    },
    async changePlan(id, planId) {
      const subscription = await loadSubscription(id);
      await planAmount(planId);
      if (subscription.status !== 'active') throw refuse(`Subscription cannot be updated in ${subscription.status} status`);
      subscription._sandbox.scheduledPlanId = planId;
      Object.assign(subscription, { has_scheduled_changes: true, change_scheduled_at: subscription.current_end });
      await save(id, 'subscription', subscription);
      return asGateway(subscription);
    },
    async fetchInvoices(subscriptionId) {
      const rows = await db
        .select()
        .from(sandboxEntities)
        .where(and(eq(sandboxEntities.kind, 'invoice'), eq(sandboxEntities.parentId, subscriptionId)));
      return rows.map((row) => invoiceFromEntity(row.entity)).filter((invoice) => invoice !== null);
    },
  };

  const startsLater = (subscription: SubscriptionEntity, now: Date) =>
    subscription.start_at !== null && Number(subscription.start_at) > seconds(now);

  /** The card's authorisation for a subscription that starts later: a token payment, refunded, and no invoice (reference §4.4). */
  async function authorise(subscription: SubscriptionEntity, now: Date, email?: string) {
    const payment: Entity = {
      id: sandboxId('pay'),
      entity: 'payment',
      amount: TOKEN_PAISE,
      currency: 'INR',
      status: 'refunded',
      order_id: sandboxId('order'),
      invoice_id: null,
      method: 'card',
      email: email?.trim().toLowerCase() || null,
      description: 'Authentication Payment',
      created_at: seconds(now),
    };
    await save(String(payment.id), 'payment', payment, subscription.id);
    Object.assign(subscription, {
      status: 'authenticated',
      customer_id: sandboxId('cust'),
      charge_at: subscription.start_at,
      payment_method: 'card',
    });
    await save(subscription.id, 'subscription', subscription);
    const sent = { ...subscription };
    await later(() => send('subscription.authenticated', sent, now));
    const paymentId = String(payment.id);
    return {
      razorpay_payment_id: paymentId,
      razorpay_subscription_id: subscription.id,
      razorpay_signature: subscriptionPaymentSignature(paymentId, subscription.id, payments.keySecret),
    };
  }

  async function payable(subscriptionId: string) {
    const subscription = await loadSubscription(subscriptionId);
    if (subscription.status !== 'created') throw refuse('Customer payment is not allowed for the Subscription at this stage');
    return subscription;
  }

  return {
    gateway,
    async pay(subscriptionId, prefill = {}) {
      const subscription = await payable(subscriptionId);
      const now = await clock();
      if (startsLater(subscription, now)) return authorise(subscription, now, prefill.email);
      const start = seconds(now);
      const end = seconds(periodEnd(now));
      const amount = subscription._sandbox.upfront + (await planAmount(String(subscription.plan_id)));
      const invoice = newInvoice(subscription, amount, start, end, now);
      const { payment, paid } = await attempt(subscription, invoice, now, prefill.email?.trim().toLowerCase() || null);
      if (!paid) throw refuse('Payment declined by the test bank');
      Object.assign(subscription, {
        status: 'active',
        customer_id: sandboxId('cust'),
        current_start: start,
        current_end: end,
        charge_at: end,
        start_at: start,
        paid_count: 1,
        remaining_count: Number(subscription.total_count) - 1,
        payment_method: 'card',
      });
      await save(subscription.id, 'subscription', subscription);
      const sent = { ...subscription };
      await later(async () => {
        await send('subscription.activated', sent, now, payment);
        await send('subscription.charged', sent, now, payment);
      });
      const paymentId = String(payment.id);
      return {
        razorpay_payment_id: paymentId,
        razorpay_subscription_id: subscription.id,
        razorpay_signature: subscriptionPaymentSignature(paymentId, subscription.id, payments.keySecret),
      };
    },
    async fail(subscriptionId) {
      const subscription = await payable(subscriptionId);
      const now = await clock();
      if (startsLater(subscription, now)) {
        const payment = {
          id: sandboxId('pay'),
          entity: 'payment',
          amount: TOKEN_PAISE,
          currency: 'INR',
          status: 'failed',
          invoice_id: null,
          created_at: seconds(now),
        };
        await save(payment.id, 'payment', payment, subscription.id);
        return { code: 'BAD_REQUEST_ERROR', description: 'Payment declined by the test bank', razorpay_payment_id: payment.id };
      }
      subscription._sandbox.failNext += 1;
      const amount = subscription._sandbox.upfront + (await planAmount(String(subscription.plan_id)));
      const invoice = newInvoice(subscription, amount, seconds(now), seconds(periodEnd(now)), now);
      const { payment } = await attempt(subscription, invoice, now);
      return { code: 'BAD_REQUEST_ERROR', description: 'Payment declined by the test bank', razorpay_payment_id: String(payment.id) };
    },
    async advance(ms) {
      if (!Number.isFinite(ms) || ms <= 0) throw new RangeError('the sandbox clock only moves forward');
      const offset = (await offsetMs()) + ms;
      await save(CLOCK_ID, 'clock', { offsetMs: offset });
      const now = new Date(Date.now() + offset);
      return { now, ...(await settle(now)) };
    },
    async failNextCharges(subscriptionId, charges) {
      const subscription = await loadSubscription(subscriptionId);
      subscription._sandbox.failNext = charges;
      await save(subscriptionId, 'subscription', subscription);
    },
    settled: async () => {
      await Promise.all([...scheduled]);
    },
    async retryCharge(subscriptionId) {
      const subscription = await loadSubscription(subscriptionId);
      if (!['pending', 'halted'].includes(subscription.status))
        throw refuse(`Subscription has no unpaid invoice in ${subscription.status} status`);
      await retry(subscription, await clock(), true);
    },
  };
}
