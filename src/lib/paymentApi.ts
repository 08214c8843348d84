import { z } from 'zod/mini';
import {
  PaymentProblem,
  PaymentUnconfirmed,
  paymentFailures,
  type CheckoutResponse,
  type PendingPayment,
  type VerifyOutcome,
} from '../../machines/payment.machine';
import type { CustomerDetails } from '../domain/checkout';
import { PAYMENT_CURRENCY, paymentMessages, type CreateOrderAnswer } from '../domain/payment';
import type { PlanKey } from '../domain/plans';
import { ApiError, clientErrorCodes, requestJson } from './http';

/**
 * The browser's side of POST /api/create-order, /api/verify-payment and the sandbox checkout's two buttons
 * (docs/decisions/090, 091, 092). Failures reject with the payment machine's PaymentProblem, carrying the exact
 * sentence the buyer reads. Its schemas are built on first use (src/domain/onFirstUse.ts).
 */

const createOrderAnswerSchema = z.lazy(
  () =>
    z.object({
      id: z.string().check(z.minLength(1)),
      amount: z.int().check(z.positive()),
      currency: z.literal(PAYMENT_CURRENCY),
      keyId: z.string().check(z.minLength(1)),
      mode: z.enum(['sandbox', 'live']),
      description: z.string(),
      checkoutSecret: z.string().check(z.minLength(1)),
      // A monthly plan's subscription (docs/decisions/180): what is charged every month, and from when.
      kind: z.optional(z.enum(['order', 'subscription'])),
      monthlyAmount: z.optional(z.int().check(z.positive())),
      firstRenewalOn: z.optional(z.iso.datetime()),
    }) satisfies z.ZodMiniType<CreateOrderAnswer>,
);

const verifyAnswerSchema = z.lazy(() =>
  z.union([
    z.object({ success: z.literal(true), token: z.string().check(z.minLength(1)) }),
    z.object({ success: z.literal(true), token: z.null(), msg: z.string() }),
    z.object({ success: z.literal(false), msg: z.optional(z.string()) }),
  ]),
);

const checkoutResponseSchema = z.lazy(
  () =>
    z.union([
      z.object({ razorpay_payment_id: z.string(), razorpay_order_id: z.string(), razorpay_signature: z.string() }),
      z.object({ razorpay_payment_id: z.string(), razorpay_subscription_id: z.string(), razorpay_signature: z.string() }),
    ]) satisfies z.ZodMiniType<CheckoutResponse>,
);

const sandboxFailureSchema = z.lazy(() =>
  z.object({
    error: z.object({ code: z.string(), description: z.string(), metadata: z.optional(z.record(z.string(), z.unknown())) }),
  }),
);
export type SandboxFailure = z.infer<typeof sandboxFailureSchema>;

function host(): string {
  return typeof window === 'undefined' ? 'this site' : window.location.host;
}

/** What the failed answer said: the server's own sentence, else its body as received, else what went wrong. */
function detailsOf(error: ApiError): string {
  return error.serverSentence ?? (error.bodyText || error.message);
}

export async function createOrder(
  input: { plan: PlanKey; userDetails: CustomerDetails },
  fetchImpl: typeof fetch = fetch,
): Promise<CreateOrderAnswer> {
  try {
    return await requestJson('/api/create-order', {
      method: 'POST',
      body: { plan: input.plan, currency: PAYMENT_CURRENCY, userDetails: input.userDetails },
      schema: createOrderAnswerSchema,
      fetchImpl,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new PaymentProblem(
      `Failed to create payment order. Is your backend running and accessible at ${host()}? Details: ${detailsOf(error)}`,
      { cause: error },
    );
  }
}

/** The `msg` of a `{ success: false, msg }` body, which is not the error envelope, so http.ts keeps it as text. */
function msgOf(bodyText: string): string | null {
  try {
    const body = JSON.parse(bodyText) as { msg?: unknown };
    return typeof body.msg === 'string' && body.msg ? body.msg : null;
  } catch {
    return null;
  }
}

export interface VerifyOptions {
  /** The signed-in buyer's Firebase ID token: lets the server sign an existing account back in. */
  idToken?: string;
  fetchImpl?: typeof fetch;
  /** Waits before each retry of an answer that gave no verdict (none, 429, 5xx); a longer Retry-After wins, up to maxWaitMs. */
  retryDelaysMs?: number[];
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * An answer that is no verdict on the payment: none at all, a timeout, rate limited, a server error, or a body that
 * is not ours (a captive portal's or a proxy's page, whatever its status).
 */
const noVerdict = (error: ApiError) =>
  error.status === 0 ||
  error.status === 408 ||
  error.status === 429 ||
  error.status >= 500 ||
  error.code === clientErrorCodes.invalidResponse;

/**
 * Verifies the payment. Asked again with backoff while the answer is no verdict (verification is idempotent). A 503
 * "payment received" means the account is not set up yet: if it stays so, the server's sentence asks the buyer to
 * sign in later. Any other answer without a verdict rejects with PaymentUnconfirmed: the checkout took the money, so
 * the page must keep the payment and never offer Pay again (a second charge).
 */
export async function verifyPayment(
  payment: PendingPayment,
  { idToken, fetchImpl = fetch, retryDelaysMs = [1_000, 2_000, 4_000], maxWaitMs = 10_000, sleep = defaultSleep }: VerifyOptions = {},
): Promise<VerifyOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await requestJson('/api/verify-payment', {
        method: 'POST',
        body: payment,
        schema: verifyAnswerSchema,
        fetchImpl,
        ...(idToken ? { token: idToken } : {}),
      });
      if (answer.success && answer.token !== null) return { token: answer.token };
      if (answer.success) return { token: null, message: answer.msg };
      throw new PaymentProblem(answer.msg || paymentMessages.verificationFailed);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const msg = msgOf(error.bodyText);
      if (noVerdict(error) && attempt < retryDelaysMs.length) {
        const asked = Math.min((error.retryAfterSeconds ?? 0) * 1000, maxWaitMs);
        await sleep(Math.max(retryDelaysMs[attempt]!, asked));
        continue;
      }
      if (error.status === 503 && msg) return { token: null, message: msg };
      if (noVerdict(error)) throw new PaymentUnconfirmed(paymentFailures.unconfirmed, { cause: error });
      if (msg) throw new PaymentProblem(msg, { cause: error });
      throw new PaymentProblem(`Payment verification failed. Status: ${error.status}. Body: ${detailsOf(error)}`, { cause: error });
    }
  }
}

/**
 * Who presses the sandbox's buttons (decision 190): the page that made the order, by the secret create-order gave it,
 * or a signed-in client, by their ID token, for a subscription started on the dashboard.
 */
export interface SandboxProof {
  checkoutSecret?: string | undefined;
  token?: string | undefined;
}

/** Sandbox only: the gateway takes the payment (an order's, or a subscription's first charge) and signs it as Razorpay would. */
export function sandboxPay(
  orderId: string,
  { email, checkoutSecret, token }: SandboxProof & { email?: string | undefined },
  fetchImpl: typeof fetch = fetch,
): Promise<CheckoutResponse> {
  return requestJson(`/api/sandbox/checkout/${encodeURIComponent(orderId)}/pay`, {
    method: 'POST',
    body: { ...(email && { email }), ...(checkoutSecret && { checkoutSecret }) },
    token,
    schema: checkoutResponseSchema,
    fetchImpl,
  });
}

/** Sandbox only: the gateway records a declined payment and answers what Razorpay's `payment.failed` carries. */
export function sandboxFail(orderId: string, { checkoutSecret }: SandboxProof, fetchImpl: typeof fetch = fetch): Promise<SandboxFailure> {
  return requestJson(`/api/sandbox/checkout/${encodeURIComponent(orderId)}/fail`, {
    method: 'POST',
    body: checkoutSecret ? { checkoutSecret } : {},
    schema: sandboxFailureSchema,
    fetchImpl,
  });
}
