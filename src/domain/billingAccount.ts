import { z } from 'zod/mini';
import type { BillingState, SubscriptionStatus } from './billing';
import { checkoutSignature, gatewayId } from './payment';
import { findPlan, type PlanKey } from './plans';

/**
 * The client's Billing page and its API (docs/decisions/180-monthly-billing.md): GET /api/billing answers a
 * BillingOverview; POST /api/billing/cancel and POST /api/billing/requests take the bodies below. Dates are ISO strings.
 */

/** What a client may ask their account manager to do (SPEC: pauses and plan changes go through them). */
export const billingRequestKinds = ['pause', 'resume', 'change_plan'] as const;
export type BillingRequestKind = (typeof billingRequestKinds)[number];

export interface BillingInvoice {
  id: string;
  plan: PlanKey;
  amountPaise: number;
  /** paid, or issued (charged later or never: a failed charge). */
  status: string;
  periodStart: string | null;
  periodEnd: string | null;
  paidAt: string | null;
}

export interface BillingRequest {
  id: string;
  kind: BillingRequestKind;
  plan: PlanKey | null;
  status: 'open' | 'done' | 'declined';
  createdAt: string;
}

/** What cancelling now would do, said before the client confirms (src/domain/billing.ts cancellationOutcome). */
export type CancelPreview = { kind: 'at_period_end'; endsAt: string } | { kind: 'after_next_charge'; nextChargeAt: string; endsAt: string };

export interface BillingSubscription {
  id: string;
  plan: PlanKey;
  status: SubscriptionStatus;
  state: BillingState;
  monthlyPaise: number;
  /** The end of the period paid for. */
  paidThrough: string | null;
  /** When the gateway charges next; null when nothing more will be charged. */
  nextChargeAt: string | null;
  /** The client cancelled: the service ends on this date. */
  endsAt: string | null;
  /** Null when it cannot be cancelled now (already cancelled, ended, paused). */
  cancelPreview: CancelPreview | null;
  requests: BillingRequest[];
}

export interface BillingOverview {
  subscription: BillingSubscription | null;
  /** Every invoice of the account's subscriptions, newest first. */
  invoices: BillingInvoice[];
  /** A plan paid once before monthly billing, held to the end of its month; the page offers to start monthly. */
  oneTime: { plan: PlanKey; paidThrough: string } | null;
  /** For the receipts. */
  businessName: string | null;
  email: string;
  /** What a card change opens the checkout with (Razorpay's, or the sandbox's). */
  checkout: { keyId: string; mode: 'sandbox' | 'live' };
}

const subscriptionId = () =>
  z.string({ error: 'Subscription id is missing.' }).check(z.regex(/^sub_[A-Za-z0-9]{6,40}$/, 'Subscription id is not valid.'));

export const cancelBillingSchema = z.object({ subscriptionId: subscriptionId() });

export const billingRequestSchema = z
  .object({
    subscriptionId: subscriptionId(),
    kind: z.enum(billingRequestKinds, { error: 'Ask for a pause, a resume or a plan change.' }),
    plan: z.optional(z.string()),
  })
  .check(
    z.refine((body) => body.kind !== 'change_plan' || findPlan(body.plan) !== undefined, {
      error: 'Choose the plan to change to.',
      path: ['plan'],
    }),
  );
export type BillingRequestInput = z.output<typeof billingRequestSchema>;

/**
 * POST /api/billing/monthly's answer, for a client whose plan was paid once before monthly billing: the subscription
 * to authorise in the checkout. Nothing is charged until `startsAt`, the end of the month they paid for.
 */
export interface MonthlyStart {
  subscriptionId: string;
  plan: PlanKey;
  monthlyPaise: number;
  startsAt: string;
}

/** POST /api/billing/monthly/confirm: the checkout's answer for that authorisation. */
export const confirmMonthlySchema = z.lazy(() =>
  z.object({
    razorpay_payment_id: gatewayId('pay', 'Payment id'),
    razorpay_subscription_id: gatewayId('sub', 'Subscription id'),
    razorpay_signature: checkoutSignature(),
  }),
);
