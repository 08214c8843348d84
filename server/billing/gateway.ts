import { subscriptionStatuses, type SubscriptionStatus } from '../../src/domain/billing';
import { paymentFromEntity } from '../payments/gateway';

/**
 * What monthly billing asks of a payment gateway (docs/billing/razorpay-subscriptions.md): Razorpay's Plans,
 * Subscriptions and Invoices API (razorpaySubscriptions.ts) or the sandbox's simulation of it (sandboxSubscriptions.ts).
 * Errors are server/payments/gateway.ts's GatewayError, as for orders.
 */

export interface GatewayPlan {
  id: string;
  monthlyPaise: number;
  notes: Record<string, string>;
}

/** Razorpay's subscription entity, the fields we read (reference §3.1). Times are Dates; null where Razorpay has null. */
export interface GatewaySubscription {
  id: string;
  planId: string;
  status: SubscriptionStatus;
  currentStart: Date | null;
  currentEnd: Date | null;
  chargeAt: Date | null;
  endedAt: Date | null;
  paidCount: number;
  remainingCount: number | null;
  /** Made by Razorpay when the buyer authorises (reference §3.1): an eMandate has one while it is still `created`. */
  customerId: string | null;
  notes: Record<string, string>;
}

/** Razorpay's invoice entity for a subscription's billing period (reference §6). */
export interface GatewayInvoice {
  id: string;
  subscriptionId: string;
  orderId: string | null;
  paymentId: string | null;
  amountPaise: number;
  status: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  paidAt: Date | null;
}

export interface NewSubscription {
  planId: string;
  totalCount: number;
  /** Charged once with the first month (the setup fee): Razorpay's upfront addon. */
  upfrontPaise: number;
  upfrontName: string;
  /** The first charge's date, when not at authorisation: the authorisation only checks the card (reference §4.4). */
  startAt?: Date;
  notes: Record<string, string>;
}

export interface SubscriptionGateway {
  readonly mode: 'sandbox' | 'live';
  /** The gateway's time: the sandbox's clock can be moved forward; Razorpay's is the real one. */
  now(): Promise<Date>;
  createPlan(input: { monthlyPaise: number; name: string; notes: Record<string, string> }): Promise<GatewayPlan>;
  /** Plans already at the gateway (billing:setup-plans finds its own by their notes before it makes one). */
  listPlans(): Promise<GatewayPlan[]>;
  createSubscription(input: NewSubscription): Promise<GatewaySubscription>;
  fetchSubscription(id: string): Promise<GatewaySubscription>;
  /** `atCycleEnd`: no more charges, and cancelled when the paid period ends; otherwise at once. */
  cancelSubscription(id: string, atCycleEnd: boolean): Promise<GatewaySubscription>;
  pauseSubscription(id: string): Promise<GatewaySubscription>;
  resumeSubscription(id: string): Promise<GatewaySubscription>;
  /** Moves the subscription to another plan from its next billing period. */
  changePlan(id: string, planId: string): Promise<GatewaySubscription>;
  fetchInvoices(subscriptionId: string): Promise<GatewayInvoice[]>;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);
/** Unix seconds to a Date; null for anything else. */
const time = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? new Date(value * 1000) : null);
/** Razorpay serialises empty notes as `[]`. */
function notesOf(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Razorpay's subscription entity (webhook payloads, API answers) to our shape; null when it is not one. */
export function subscriptionFromEntity(entity: unknown): GatewaySubscription | null {
  if (!entity || typeof entity !== 'object') return null;
  const e = entity as Record<string, unknown>;
  const id = text(e.id);
  const planId = text(e.plan_id);
  const status = subscriptionStatuses.find((known) => known === e.status);
  const paidCount = count(e.paid_count);
  if (!id?.startsWith('sub_') || !planId || !status || paidCount === null) return null;
  return {
    id,
    planId,
    status,
    currentStart: time(e.current_start),
    currentEnd: time(e.current_end),
    chargeAt: time(e.charge_at),
    endedAt: time(e.ended_at),
    paidCount,
    // The SDK types it as a string; payloads carry a number.
    remainingCount: count(typeof e.remaining_count === 'string' ? Number(e.remaining_count) : e.remaining_count),
    customerId: text(e.customer_id),
    notes: notesOf(e.notes),
  };
}

/** Razorpay's invoice entity of a subscription to our shape; null when it is not one. */
export function invoiceFromEntity(entity: unknown): GatewayInvoice | null {
  if (!entity || typeof entity !== 'object') return null;
  const e = entity as Record<string, unknown>;
  const id = text(e.id);
  const subscriptionId = text(e.subscription_id);
  const amount = count(e.amount);
  const status = text(e.status);
  if (!id || !subscriptionId || amount === null || !status) return null;
  return {
    id,
    subscriptionId,
    orderId: text(e.order_id),
    paymentId: text(e.payment_id),
    amountPaise: amount,
    status,
    periodStart: time(e.billing_start),
    periodEnd: time(e.billing_end),
    paidAt: time(e.paid_at),
  };
}

/** Razorpay's plan entity to our shape; null when it is not a monthly plan. */
export function planFromEntity(entity: unknown): GatewayPlan | null {
  if (!entity || typeof entity !== 'object') return null;
  const e = entity as Record<string, unknown>;
  const item = (e.item ?? {}) as Record<string, unknown>;
  const id = text(e.id);
  const amount = count(item.amount);
  if (!id || amount === null || e.period !== 'monthly' || e.interval !== 1) return null;
  return { id, monthlyPaise: amount, notes: notesOf(e.notes) };
}

// ---- a webhook event's parts (reference §5.1: read the keys of `payload`, never `contains`) ----------------------

type EventEntities = Record<string, { entity?: unknown } | undefined> | undefined;
const entitiesOf = (payload: unknown): EventEntities => (payload as { payload?: EventEntities } | null)?.payload;

export const subscriptionOfEvent = (payload: unknown) => subscriptionFromEntity(entitiesOf(payload)?.subscription?.entity);
export const paymentOfEvent = (payload: unknown) => paymentFromEntity(entitiesOf(payload)?.payment?.entity);

/** When the gateway sent the event (its `created_at`); null when it names no usable time. */
export const eventTime = (payload: unknown) => time((payload as { created_at?: unknown } | null)?.created_at);
