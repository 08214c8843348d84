import { randomUUID } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import { grantPlan } from '../../server/auth/service';
import type { GrantPlan } from '../../server/payments/fulfilment';
import type { Config } from '../../server/config';
import { webhookSignature } from '../../server/payments/signature';
import type { PaymentService } from '../../server/payments/service';
import { AppError } from '../../server/http/errors';
import type { SubscribeAnswer } from '../../src/domain/payment';
import { emulatorHost, projectId } from './authEmulator';
import { testConfig } from './support';

/** Shared by the payments-*.test.ts files: buyers, counted grants, an in-memory Firebase admin, signed webhooks. */

// From ./authEmulator, which fails the importing test file when the emulator is not running.
export { emulatorHost, projectId };

export function buyer(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Asha Verma',
    email: `buyer-${randomUUID().slice(0, 12)}@example.in`,
    phone: '+91 98765 43210',
    role: 'Owner',
    businessName: 'Asha Clinic',
    industry: 'Clinic/Healthcare',
    locationType: 'Single-location',
    goals: ['increase-leads'],
    acceptTerms: true,
    ...overrides,
  };
}

/** grantPlan, counted: the tests assert one grant per paid order. */
export function countedGrant(): { grant: GrantPlan; grants: Array<{ uid: string; plan: string }> } {
  const grants: Array<{ uid: string; plan: string }> = [];
  const grant: GrantPlan = async (deps, args) => {
    grants.push({ uid: args.uid, plan: args.plan });
    return grantPlan(deps, args);
  };
  return { grant, grants };
}

/** Does the Auth Emulator hold a user with this email? */
export async function emulatorHasUser(admin: Auth, email: string): Promise<boolean> {
  return admin.getUserByEmail(email).then(
    () => true,
    (err: { code?: string }) => {
      if (err.code === 'auth/user-not-found') return false;
      throw err;
    },
  );
}

export function signedWebhook(event: string, payment: Record<string, unknown>, secret: string) {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: ['payment'],
    payload: { payment: { entity: { entity: 'payment', method: 'card', ...payment } } },
    created_at: Math.floor(Date.now() / 1000),
  });
  return { body, signature: webhookSignature(body, secret) };
}

/**
 * Razorpay's `refund.processed`: the refund (its own id and amount), and the payment with the total refunded so far
 * (`amount_refunded`, which also counts refunds still pending).
 */
export function signedRefundWebhook(
  payment: { id: string; order_id: string; amount: number; amount_refunded: number; email?: string },
  refund: { id: string; amount: number },
  secret: string,
) {
  const full = payment.amount_refunded >= payment.amount;
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event: 'refund.processed',
    contains: ['refund', 'payment'],
    payload: {
      refund: { entity: { ...refund, entity: 'refund', currency: 'INR', payment_id: payment.id, status: 'processed' } },
      payment: {
        entity: {
          entity: 'payment',
          currency: 'INR',
          method: 'card',
          captured: true,
          ...payment,
          status: full ? 'refunded' : 'captured',
          refund_status: full ? 'full' : 'partial',
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  return { body, signature: webhookSignature(body, secret) };
}

/**
 * Razorpay's `payment.dispute.<event>`: the dispute entity (status, amount, respond_by in Unix seconds, phase, reason)
 * and its payment, sent at `createdAt` (Unix seconds; the event's own time, which orders late deliveries).
 */
export function signedDisputeWebhook(
  event: 'created' | 'under_review' | 'action_required' | 'won' | 'lost' | 'closed',
  payment: { id: string; order_id: string; amount: number },
  dispute: {
    id: string;
    amount: number;
    status: string;
    respond_by?: number;
    phase?: string;
    reason_code?: string;
    reason_description?: string;
  },
  secret: string,
  createdAt = Math.floor(Date.now() / 1000),
) {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event: `payment.dispute.${event}`,
    contains: ['payment', 'dispute'],
    payload: {
      payment: { entity: { entity: 'payment', currency: 'INR', method: 'card', status: 'captured', captured: true, ...payment } },
      dispute: {
        entity: { entity: 'dispute', currency: 'INR', amount_deducted: 0, payment_id: payment.id, created_at: createdAt, ...dispute },
      },
    },
    created_at: createdAt,
  });
  return { body, signature: webhookSignature(body, secret) };
}

/**
 * Razorpay's `subscription.<event>`: the subscription entity, and the payment when the event carries a charge
 * (docs/billing/razorpay-subscriptions.md §5.1, §5.3), sent at `createdAt` (Unix seconds; orders late deliveries).
 */
export function signedSubscriptionWebhook(
  event: string,
  subscription: object,
  payment: object | null | undefined,
  secret: string,
  createdAt = Math.floor(Date.now() / 1000),
) {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: payment ? ['subscription', 'payment'] : ['subscription'],
    payload: { subscription: { entity: subscription }, ...(payment && { payment: { entity: payment } }) },
    created_at: createdAt,
  });
  return { body, signature: webhookSignature(body, secret) };
}

export function postWebhook(url: string, body: string, signature: string, eventId: string) {
  return fetch(`${url}/api/razorpay/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
    body,
  });
}

export function postJson(url: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/**
 * A monthly plan bought as the browser buys it: create-order, the sandbox checkout's Pay, then verification with the
 * checkout secret. Answers the subscription's id and verification's response.
 */
export async function subscribeInSandbox(appUrl: string, plan: 'launchpad' | 'growth-engine', details: ReturnType<typeof buyer>) {
  const created = await postJson(appUrl, '/api/create-order', { plan, currency: 'INR', userDetails: details });
  const answer = (await created.json()) as SubscribeAnswer;
  const paid = await (await postJson(appUrl, `/api/sandbox/checkout/${answer.id}/pay`, { email: details.email })).json();
  const verified = await postJson(appUrl, '/api/verify-payment', {
    ...paid,
    plan,
    userDetails: details,
    checkoutSecret: answer.checkoutSecret,
  });
  return { id: answer.id, verified };
}

/** The tests' config in live mode: Razorpay's keys, its API at the fake, on the Auth Emulator the tests run. */
export function liveConfig(
  fake: { url: string },
  keys: { keyId: string; keySecret: string; webhookSecret: string },
  gatewayTimeoutMs = 1_000,
): Config {
  return testConfig({
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    FIREBASE_PROJECT_ID: projectId,
    RAZORPAY_KEY_ID: keys.keyId,
    RAZORPAY_KEY_SECRET: keys.keySecret,
    RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
    RAZORPAY_API_URL: fake.url,
    PAYMENT_GATEWAY_TIMEOUT_MS: String(gatewayTimeoutMs),
  });
}

export { memoryAuthAdmin } from './memoryAuthAdmin';

/**
 * A one-time order, as POST /api/create-order made them before monthly billing (decision 180): the order path still
 * verifies and fulfils them (and every subscription's first charge), so its tests make their orders here. Answers as
 * the route did: 201 with the order, or the error envelope.
 */
export async function createOneTimeOrder(payments: { service: Pick<PaymentService, 'createOrder'> }, body: unknown): Promise<Response> {
  try {
    return Response.json(await payments.service.createOrder(body), { status: 201 });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return Response.json(
      { error: { code: err.code, message: err.message, ...(err.details && { details: err.details }) } },
      { status: err.status },
    );
  }
}
