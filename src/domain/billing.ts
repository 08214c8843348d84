import { findPlan, type PlanKey } from './plans';

/**
 * Monthly billing's rules, shared by the browser and the server (docs/decisions/180-monthly-billing.md): what a plan
 * charges today and every month, when a billing period ends, what cancelling does, and what an account holds given
 * its subscription. No I/O: the server decides with these, and the pages say the same thing.
 */

/** Billing periods a subscription is made for: Razorpay needs a count, and 120 months is its safest maximum. */
export const BILLING_CYCLES = 120;

/** A client may cancel at the end of the period up to this many days before the next billing date. */
export const CANCEL_NOTICE_DAYS = 15;

/** How long after a billing date an active subscription keeps its plan while the gateway takes the charge. */
export const CHARGE_GRACE_DAYS = 3;

/**
 * A checkout not paid this long after create-order made its subscription is left (docs/decisions/189): staff see it,
 * and the reconciler cancels its subscription at the gateway. An hour is far more than paying takes.
 */
export const CHECKOUT_LEFT_AFTER_MS = 60 * 60_000;

const DAY_MS = 24 * 60 * 60_000;
/** India Standard Time is UTC+5:30 all year round; Razorpay's billing periods turn at 00:00 IST. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

export interface BillingPrice {
  plan: PlanKey;
  title: string;
  /** Paise, charged once with the first month. */
  setupPaise: number;
  /** Paise, every month. */
  monthlyPaise: number;
  /** Paise, charged today: the setup fee and the first month. */
  firstChargePaise: number;
}

/** What a plan sold online charges; null for Scale Up (sold through sales) and anything that is not a plan. */
export function billingPriceOf(planKey: string | null | undefined): BillingPrice | null {
  const plan = findPlan(planKey);
  if (!plan || plan.isCustom) return null;
  const setupPaise = plan.setupFee * 100;
  const monthlyPaise = plan.monthlyFee * 100;
  return { plan: plan.key, title: plan.title, setupPaise, monthlyPaise, firstChargePaise: setupPaise + monthlyPaise };
}

/**
 * The end of a billing period that starts at `start`: 00:00 IST on the same date `months` later, or on the month's
 * last day when it has no such date (a period from 31 January ends on 28 or 29 February).
 */
export function periodEnd(start: Date, months = 1): Date {
  const india = new Date(start.getTime() + IST_OFFSET_MS);
  const year = india.getUTCFullYear();
  const month = india.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(india.getUTCDate(), lastDay);
  return new Date(Date.UTC(year, month, day) - IST_OFFSET_MS);
}

/** A billing date as the pages say it, in India's time: "27 December 2026". */
export function formatBillingDate(date: Date | string): string {
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(
    new Date(date),
  );
}

/** The same, short, for tables: "27 Dec 2026". */
export function formatShortBillingDate(date: Date | string): string {
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(
    new Date(date),
  );
}

export type CancellationOutcome =
  /** Early enough: nothing more is charged, and the service ends with the period already paid. */
  | { kind: 'at_period_end'; endsAt: Date }
  /** Inside the notice: the next charge is still taken, and the service ends with the period it pays for. */
  | { kind: 'after_next_charge'; nextChargeAt: Date; endsAt: Date };

/** What cancelling at `now` does to a subscription whose paid period ends (and next charge falls) at `paidThrough`. */
export function cancellationOutcome(now: Date, paidThrough: Date): CancellationOutcome {
  if (paidThrough.getTime() - now.getTime() >= CANCEL_NOTICE_DAYS * DAY_MS) return { kind: 'at_period_end', endsAt: paidThrough };
  return { kind: 'after_next_charge', nextChargeAt: paidThrough, endsAt: periodEnd(paidThrough) };
}

/** Razorpay's subscription statuses (docs/billing/razorpay-subscriptions.md §3.2). */
export const subscriptionStatuses = [
  'created',
  'authenticated',
  'active',
  'pending',
  'halted',
  'cancelled',
  'completed',
  'expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Statuses a subscription never leaves. */
export const finalStatuses: ReadonlySet<SubscriptionStatus> = new Set(['cancelled', 'completed', 'expired']);

export const billingStates = ['active', 'payment_failed', 'ending', 'paused', 'none'] as const;

/** How an account's billing stands, as the dashboard and the staff inbox say it. */
export type BillingState =
  /** Paid up; the next charge is on `paidThrough` (or is being taken, within the grace). */
  | 'active'
  /** A charge failed and the gateway is retrying: the plan stays, the client is asked to update the payment method. */
  | 'payment_failed'
  /** Cancelled, halted or completed: the plan stays until `paidThrough`, then ends. */
  | 'ending'
  /** Paused by the account manager: the plan stays until `paidThrough`, then waits for a resume. */
  | 'paused'
  /** No plan. */
  | 'none';

export interface SubscriptionStanding {
  plan: PlanKey;
  status: SubscriptionStatus;
  /** The end of the last period paid for; null before the first charge. */
  paidThrough: Date | null;
  /** The client cancelled: the service ends on this date, whatever the gateway's status says until then. */
  cancelAt?: Date | null;
}

export interface Entitlement {
  plan: PlanKey | null;
  state: BillingState;
  /** Until when the plan is paid for; null without a plan. */
  paidThrough: Date | null;
}

const none: Entitlement = { plan: null, state: 'none', paidThrough: null };

/** What one subscription gives its account at `now` (docs/decisions/180-monthly-billing.md, the table). */
export function subscriptionEntitlement({ plan, status, paidThrough, cancelAt }: SubscriptionStanding, now: Date): Entitlement {
  if (!paidThrough) return none;
  const paid = now.getTime() < paidThrough.getTime();
  const held = (state: BillingState): Entitlement => ({ plan, state, paidThrough });
  switch (status) {
    case 'active':
      // Cancelled at the end of the paid period: no charge is coming, so no grace either.
      if (cancelAt && cancelAt.getTime() <= paidThrough.getTime()) return paid ? held('ending') : none;
      if (!paid && now.getTime() >= paidThrough.getTime() + CHARGE_GRACE_DAYS * DAY_MS) return none;
      return held(cancelAt ? 'ending' : 'active');
    case 'pending':
      return held('payment_failed');
    case 'halted':
    case 'cancelled':
    case 'completed':
      return paid ? held('ending') : none;
    case 'paused':
      return paid ? held('paused') : { plan: null, state: 'paused', paidThrough };
    default:
      return none;
  }
}

/**
 * Whether a stored entitlement still holds at `now`: the record is rewritten by the reconciler's sweep when a paid
 * period ends, and until then this keeps a lapsed plan from being read as held. A plan with no end date (set by hand)
 * holds.
 */
export function stillHeld(entitlement: { state: string | null; paidThrough: Date | null }, now: Date): boolean {
  if (!entitlement.paidThrough) return true;
  const grace = entitlement.state === 'active' || entitlement.state === 'payment_failed' ? CHARGE_GRACE_DAYS * DAY_MS : 0;
  return now.getTime() < entitlement.paidThrough.getTime() + grace;
}

/** The order plans come in on the price list: a higher one wins when an account holds two. */
const planRank = (plan: PlanKey | null) => (plan ? ['launchpad', 'growth-engine', 'scale-up'].indexOf(plan) : -1);
/** Between two holdings of one plan, the one that carries on wins: a renewing subscription over one that is ending. */
const stateRank: Record<BillingState, number> = { none: 0, ending: 1, paused: 2, payment_failed: 3, active: 4 };

/**
 * What an account holds from all its subscriptions and its one-time payments from before billing (each paying for a
 * month from its date): the highest plan any of them gives now, with that one's state and paid period.
 */
export function entitlementOf(
  subscriptions: readonly SubscriptionStanding[],
  oneTimePayments: readonly { plan: PlanKey; paidAt: Date }[],
  now: Date,
): Entitlement {
  const candidates = [
    ...subscriptions.map((subscription) => subscriptionEntitlement(subscription, now)),
    ...oneTimePayments.map(({ plan, paidAt }) =>
      subscriptionEntitlement({ plan, status: 'cancelled', paidThrough: periodEnd(paidAt) }, now),
    ),
  ];
  let best = none;
  for (const candidate of candidates) {
    const byPlan = planRank(candidate.plan) - planRank(best.plan);
    if (byPlan > 0 || (byPlan === 0 && stateRank[candidate.state] > stateRank[best.state])) best = candidate;
  }
  return best;
}
