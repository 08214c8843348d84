import { z } from 'zod/mini';
import { BillingProblem } from '../../../machines/billing.machine';
import { billingStates, subscriptionStatuses } from '../../domain/billing';
import {
  billingRequestKinds,
  type BillingOverview,
  type BillingRequestKind,
  type CancelPreview,
  type MonthlyStart,
} from '../../domain/billingAccount';
import { plans, type PlanKey } from '../../domain/plans';
import { ApiError, requestJson } from '../../lib/http';

/**
 * The browser's side of /api/billing (docs/decisions/180-monthly-billing.md): every call carries the client's ID
 * token, and answers are checked with the contract's shapes. A refusal rejects with BillingProblem carrying the
 * server's sentence.
 */

const iso = () => z.nullable(z.string());
const planKey = () => z.enum(plans.map((plan) => plan.key) as [PlanKey, ...PlanKey[]]);
const previewSchema = () =>
  z.union([
    z.object({ kind: z.literal('at_period_end'), endsAt: z.string() }),
    z.object({ kind: z.literal('after_next_charge'), nextChargeAt: z.string(), endsAt: z.string() }),
  ]);

const overviewSchema = z.lazy(
  () =>
    z.object({
      subscription: z.nullable(
        z.object({
          id: z.string(),
          plan: planKey(),
          status: z.enum(subscriptionStatuses),
          state: z.enum(billingStates),
          monthlyPaise: z.int(),
          paidThrough: iso(),
          nextChargeAt: iso(),
          endsAt: iso(),
          cancelPreview: z.nullable(previewSchema()),
          requests: z.array(
            z.object({
              id: z.string(),
              kind: z.enum(billingRequestKinds),
              plan: z.nullable(planKey()),
              status: z.enum(['open', 'done', 'declined']),
              createdAt: z.string(),
            }),
          ),
        }),
      ),
      invoices: z.array(
        z.object({
          id: z.string(),
          plan: planKey(),
          amountPaise: z.int(),
          status: z.string(),
          periodStart: iso(),
          periodEnd: iso(),
          paidAt: iso(),
        }),
      ),
      oneTime: z.nullable(z.object({ plan: planKey(), paidThrough: z.string() })),
      businessName: z.nullable(z.string()),
      email: z.string(),
      checkout: z.object({ keyId: z.string(), mode: z.enum(['sandbox', 'live']) }),
    }) satisfies z.ZodMiniType<BillingOverview>,
);

export interface BillingCallOptions {
  token: string;
  fetchImpl?: typeof fetch;
}

/** The server's own sentence for a refusal, as the client reads it. */
async function withProblem<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverSentence) {
      throw new BillingProblem(error.serverSentence, { cause: error });
    }
    throw error;
  }
}

export function fetchBilling({ token, fetchImpl }: BillingCallOptions): Promise<BillingOverview> {
  return withProblem(() => requestJson('/api/billing', { method: 'GET', token, fetchImpl, schema: overviewSchema }));
}

export function cancelBilling(subscriptionId: string, { token, fetchImpl }: BillingCallOptions): Promise<CancelPreview> {
  return withProblem(() =>
    requestJson('/api/billing/cancel', { method: 'POST', body: { subscriptionId }, token, fetchImpl, schema: previewSchema() }),
  );
}

export function sendBillingRequest(
  request: { subscriptionId: string; kind: BillingRequestKind; plan?: PlanKey },
  { token, fetchImpl }: BillingCallOptions,
): Promise<void> {
  return withProblem(async () => {
    await requestJson('/api/billing/requests', { method: 'POST', body: request, token, fetchImpl, schema: z.object({ id: z.string() }) });
  });
}

const monthlyStartSchema = z.lazy(
  () =>
    z.object({
      subscriptionId: z.string(),
      plan: planKey(),
      monthlyPaise: z.int(),
      startsAt: z.string(),
    }) satisfies z.ZodMiniType<MonthlyStart>,
);

/** A plan paid once goes monthly (decision 182): the subscription whose card the client then authorises. */
export function startMonthly({ token, fetchImpl }: BillingCallOptions): Promise<MonthlyStart> {
  return withProblem(() => requestJson('/api/billing/monthly', { method: 'POST', body: {}, token, fetchImpl, schema: monthlyStartSchema }));
}

/** The checkout's answer for that authorisation, checked by the server. */
export function confirmMonthly(
  answer: { razorpay_payment_id: string; razorpay_subscription_id: string; razorpay_signature: string },
  { token, fetchImpl }: BillingCallOptions,
): Promise<MonthlyStart> {
  return withProblem(() =>
    requestJson('/api/billing/monthly/confirm', { method: 'POST', body: answer, token, fetchImpl, schema: monthlyStartSchema }),
  );
}

/** Sandbox only: the client's new card, as the sandbox takes it: the unpaid charge is tried again now. */
export function sandboxRetryCharge(subscriptionId: string, { token, fetchImpl }: BillingCallOptions): Promise<void> {
  return withProblem(async () => {
    await requestJson(`/api/sandbox/billing/subscriptions/${encodeURIComponent(subscriptionId)}/retry-charge`, {
      method: 'POST',
      body: {},
      token,
      fetchImpl,
      schema: z.object({ ok: z.literal(true) }),
    });
  });
}
