import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { orders, payments as paymentRows } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { createPayments, type Payments } from '../../server/payments/setup';
import { paymentSignature } from '../../server/payments/signature';
import { paymentMessages } from '../../src/domain/payment';
import { startFakeRazorpay, type FakeRazorpay } from './fakeRazorpay';
import { openTestDatabase, startApp, testConfig, type RunningApp, type TestDatabase } from './support';
import {
  buyer,
  countedGrant,
  createOneTimeOrder,
  emulatorHost,
  liveConfig,
  postJson,
  postWebhook,
  projectId,
  signedWebhook,
} from './payments-support';

/**
 * Hardening round 2, finding 3: verification recorded a payment as captured from its signature alone. The signature
 * says Checkout saw the payment succeed; on an account that captures by hand the money is then only authorized, and
 * Razorpay releases it to the buyer after a few days. Now the gateway is asked: a captured payment is fulfilled, an
 * authorized one is captured first, and one the gateway cannot confirm is left for the reconciler, never granted.
 */

const keys = { keyId: 'rzp_test_CaptureKey1234', keySecret: 'capture_key_secret', webhookSecret: 'capture_webhook_secret' };

let fake: FakeRazorpay;
let testDb: TestDatabase;
let live: Config;

beforeAll(async () => {
  fake = await startFakeRazorpay(keys);
  testDb = await openTestDatabase();
  live = liveConfig(fake, keys);
});

afterAll(async () => {
  await fake?.close();
  await testDb?.close();
});

const orderRow = async (id: string) => (await testDb.db.select().from(orders).where(eq(orders.gatewayOrderId, id)))[0]!;
const paymentRow = async (id: string) => (await testDb.db.select().from(paymentRows).where(eq(paymentRows.gatewayPaymentId, id)))[0];

async function withApp(
  config: Config,
  run: (app: RunningApp, payments: Payments, grants: ReturnType<typeof countedGrant>) => Promise<void>,
) {
  const counted = countedGrant();
  const payments = createPayments({
    config,
    db: testDb.db,
    logger: createLogger({ level: 'silent' }),
    grant: counted.grant,
    webhookRetryAfterMs: 0,
  });
  const app = await startApp({ db: testDb.db, config, payments });
  try {
    await run(app, payments, counted);
  } finally {
    await payments.sandbox?.settled();
    await payments.service.settled();
    await app.close();
  }
}

function verification(orderId: string, paymentId: string, secret: string, plan = 'launchpad', details = buyer()) {
  return {
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(orderId, paymentId, secret),
    plan,
    userDetails: details,
  };
}

describe('on Razorpay (its API faked locally)', () => {
  it('verification asks Razorpay: a captured payment is fulfilled', async () => {
    await withApp(live, async (app, payments) => {
      const order = await (await createOneTimeOrder(payments, { plan: 'launchpad', currency: 'INR' })).json();
      const payment = fake.addPayment(order.id, { status: 'captured' });
      const response = await postJson(app.url, '/api/verify-payment', verification(order.id, payment.id, keys.keySecret));
      expect(response.status).toBe(200);
      expect(fake.requests).toContain(`GET /v1/payments/${payment.id}`);
      expect(await orderRow(order.id)).toMatchObject({ status: 'paid', paidPaymentId: payment.id });
    });
  });

  it('an authorized payment is captured at the order’s amount, then fulfilled', async () => {
    await withApp(live, async (app, payments, counted) => {
      const order = await (await createOneTimeOrder(payments, { plan: 'growth-engine', currency: 'INR' })).json();
      const payment = fake.addPayment(order.id, { status: 'authorized' });
      const response = await postJson(app.url, '/api/verify-payment', verification(order.id, payment.id, keys.keySecret, 'growth-engine'));
      expect(response.status).toBe(200);
      expect(fake.requests).toContain(`POST /v1/payments/${payment.id}/capture`);
      expect(fake.payments.get(payment.id)!.status).toBe('captured');
      expect(await paymentRow(payment.id)).toMatchObject({ status: 'captured', amountPaise: 2_150_000 });
      expect(await orderRow(order.id)).toMatchObject({ status: 'paid', fulfilledBy: 'verification' });
      expect(counted.grants).toHaveLength(1);
    });
  });

  it('Razorpay unreachable: no plan and no 5xx crash; the buyer is kept, and the reconciler captures and fulfils later', async () => {
    await withApp({ ...live, payments: { ...live.payments, reconcileAfterMs: 0 } }, async (app, payments, counted) => {
      const details = buyer();
      const order = await (await createOneTimeOrder(payments, { plan: 'launchpad', currency: 'INR' })).json();
      const payment = fake.addPayment(order.id, { status: 'authorized' });
      fake.behave({ kind: 'down' });
      let response: Response;
      try {
        response = await postJson(app.url, '/api/verify-payment', verification(order.id, payment.id, keys.keySecret, 'launchpad', details));
      } finally {
        fake.behave({ kind: 'ok' });
      }
      // No verdict: the browser keeps the payment and asks again, and never offers Pay (decision 092).
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ success: false, msg: paymentMessages.notConfirmed });
      expect(await orderRow(order.id)).toMatchObject({ status: 'created', fulfilledAt: null, customerEmail: details.email });
      expect(counted.grants).toHaveLength(0);

      const summary = await payments.service.reconcile();
      expect(summary.ordersFulfilled).toBe(1);
      expect(fake.payments.get(payment.id)!.status).toBe('captured');
      expect(await orderRow(order.id)).toMatchObject({ status: 'paid', fulfilledBy: 'reconciliation', customerEmail: details.email });
      expect(counted.grants).toHaveLength(1);
    });
  });

  it('a payment Razorpay reports failed, refunded or of another amount is never fulfilled', async () => {
    await withApp(live, async (app, payments, counted) => {
      const cases = [
        [{ status: 'failed' as const }, 400, paymentMessages.paymentFailed],
        [{ status: 'refunded' as unknown as 'captured' }, 409, paymentMessages.refunded],
        [{ status: 'authorized' as const, amount: 100 }, 400, paymentMessages.amountMismatch],
      ] as const;
      for (const [fields, status, msg] of cases) {
        const order = await (await createOneTimeOrder(payments, { plan: 'launchpad', currency: 'INR' })).json();
        const payment = fake.addPayment(order.id, fields);
        const response = await postJson(app.url, '/api/verify-payment', verification(order.id, payment.id, keys.keySecret));
        expect(response.status, fields.status).toBe(status);
        expect(await response.json()).toEqual({ success: false, msg });
        expect((await orderRow(order.id)).status, fields.status).not.toBe('paid');
        expect(fake.requests).not.toContain(`POST /v1/payments/${payment.id}/capture`);
      }
      expect(counted.grants).toHaveLength(0);
    });
  });

  it('an authorized second payment for a paid order is not captured (Razorpay releases it)', async () => {
    await withApp(live, async (app, payments) => {
      const order = await (await createOneTimeOrder(payments, { plan: 'launchpad', currency: 'INR' })).json();
      const first = fake.addPayment(order.id, { status: 'captured' });
      expect((await postJson(app.url, '/api/verify-payment', verification(order.id, first.id, keys.keySecret))).status).toBe(200);
      const second = fake.addPayment(order.id, { status: 'authorized' });
      const response = await postJson(app.url, '/api/verify-payment', verification(order.id, second.id, keys.keySecret));
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ success: false, msg: paymentMessages.alreadyPaid });
      expect(fake.payments.get(second.id)!.status).toBe('authorized');
      // Nothing was taken, so nothing is owed back: no refund for staff to make.
      expect(await paymentRow(second.id)).toMatchObject({ status: 'authorized', refundNeeded: false });
      expect(fake.requests).not.toContain(`POST /v1/payments/${second.id}/capture`);
    });
  });

  it('payment.authorized: the webhook captures and fulfils a payment whose browser never came back', async () => {
    await withApp(live, async (app, payments, counted) => {
      const details = buyer();
      const order = await payments.service.createOrder({ plan: 'launchpad', currency: 'INR', userDetails: details });
      const payment = fake.addPayment(order.id, { status: 'authorized', email: details.email });
      const hook = signedWebhook(
        'payment.authorized',
        { id: payment.id, order_id: order.id, amount: order.amount, currency: 'INR', status: 'authorized', email: details.email },
        keys.webhookSecret,
      );
      expect((await postWebhook(app.url, hook.body, hook.signature, `evt_auth_${payment.id}`)).status).toBe(200);
      await payments.service.settled();
      expect(fake.payments.get(payment.id)!.status).toBe('captured');
      expect(await orderRow(order.id)).toMatchObject({ status: 'paid', fulfilledBy: 'webhook' });
      expect(counted.grants).toHaveLength(1);
      // Razorpay's payment.captured that follows a capture changes nothing.
      const captured = signedWebhook(
        'payment.captured',
        { id: payment.id, order_id: order.id, amount: order.amount, currency: 'INR', status: 'captured', email: details.email },
        keys.webhookSecret,
      );
      expect((await postWebhook(app.url, captured.body, captured.signature, `evt_cap_${payment.id}`)).status).toBe(200);
      await payments.service.settled();
      expect(counted.grants).toHaveLength(1);
    });
  });
});

describe('on the sandbox, set to capture by hand (SANDBOX_CAPTURE=manual)', () => {
  const manual = (webhookDelayMs = 0) =>
    testConfig({
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      FIREBASE_PROJECT_ID: projectId,
      SANDBOX_WEBHOOK_DELAY_MS: String(webhookDelayMs),
      SANDBOX_CAPTURE: 'manual',
    });

  it('Pay now leaves the payment authorized; verification captures it and signs the buyer in', async () => {
    // The sandbox's payment.authorized webhook comes 2 s later, so verification is the one that captures.
    await withApp(manual(2_000), async (app, payments) => {
      const order = await payments.service.createOrder({ plan: 'launchpad', currency: 'INR' });
      const checkout = await payments.sandbox!.pay(order.id);
      expect((await paymentRow(checkout.razorpay_payment_id))?.status).toBe('authorized');
      const response = await postJson(app.url, '/api/verify-payment', {
        ...checkout,
        checkoutSecret: order.checkoutSecret,
        plan: 'launchpad',
        userDetails: buyer(),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, token: expect.any(String) });
      expect(await paymentRow(checkout.razorpay_payment_id)).toMatchObject({ status: 'captured' });
    });
  });

  it('the tab closed: the sandbox’s payment.authorized webhook captures and fulfils it', async () => {
    await withApp(manual(), async (_app, payments, counted) => {
      const order = await payments.service.createOrder({ plan: 'launchpad', currency: 'INR', userDetails: buyer() });
      const checkout = await payments.sandbox!.pay(order.id);
      await payments.sandbox!.settled();
      await payments.service.settled();
      expect(await paymentRow(checkout.razorpay_payment_id)).toMatchObject({ status: 'captured' });
      expect(await orderRow(order.id)).toMatchObject({ status: 'paid', fulfilledBy: 'webhook' });
      expect(counted.grants).toHaveLength(1);
    });
  });
});
