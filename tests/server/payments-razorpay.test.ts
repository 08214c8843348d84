import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Auth } from 'firebase-admin/auth';
import { firebaseAdminAuth } from '../../server/auth/firebaseAdmin';
import type { Config } from '../../server/config';
import { orders, paymentWebhookEvents, userProfiles } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { insertOrder } from '../../server/payments/repository';
import { createPayments, type Payments } from '../../server/payments/setup';
import { paymentSignature } from '../../server/payments/signature';
import { priceOf } from '../../src/domain/payment';
import { razorpayId, startFakeRazorpay, type FakeRazorpay } from './fakeRazorpay';
import { openTestDatabase, startApp, type RunningApp, type TestDatabase } from './support';
import {
  buyer,
  countedGrant,
  createOneTimeOrder,
  emulatorHasUser,
  liveConfig,
  memoryAuthAdmin,
  postJson,
  postWebhook,
  signedWebhook,
} from './payments-support';

/**
 * Live mode: the razorpay SDK against a local fake of Razorpay's API. Gateway failures, reconciliation, webhooks
 * signed with the webhook secret, and the load test of 1,000 events delivered three times each.
 */

const keys = { keyId: 'rzp_test_FakeKey12345', keySecret: 'fake_key_secret', webhookSecret: 'fake_webhook_secret' };
const gatewayTimeoutMs = 1_000;

let fake: FakeRazorpay;
let testDb: TestDatabase;
let config: Config;

beforeAll(async () => {
  fake = await startFakeRazorpay(keys);
  testDb = await openTestDatabase();
  config = liveConfig(fake, keys, gatewayTimeoutMs);
});

afterAll(async () => {
  await fake?.close();
  await testDb?.close();
});

async function withApp<T>(payments: Payments, run: (app: RunningApp) => Promise<T>): Promise<T> {
  const app = await startApp({ db: testDb.db, config, payments });
  try {
    return await run(app);
  } finally {
    await payments.service.settled();
    await app.close();
  }
}

const orderCount = async () => (await testDb.db.select({ count: sql<number>`count(*)::int` }).from(orders))[0]!.count;

describe('create-order on Razorpay', () => {
  it('creates the order at Razorpay with Basic auth, the server price and a unique receipt', async () => {
    const payments = createPayments({ config, db: testDb.db, logger: createLogger({ level: 'silent' }) });
    await withApp(payments, async (app) => {
      const response = await createOneTimeOrder(payments, { plan: 'launchpad', currency: 'INR', amount: 100 });
      expect(response.status).toBe(201);
      const answer = await response.json();
      expect(answer).toEqual({
        id: expect.stringMatching(/^order_/),
        amount: 1_250_000,
        currency: 'INR',
        keyId: keys.keyId,
        mode: 'live',
        description: 'Payment for LaunchPad Plan',
        checkoutSecret: expect.any(String),
      });
      const atRazorpay = fake.orders.get(answer.id);
      expect(atRazorpay).toMatchObject({ amount: 1_250_000, currency: 'INR', notes: { plan: 'launchpad' } });
      const [row] = await testDb.db.select().from(orders).where(eq(orders.gatewayOrderId, answer.id));
      expect(row).toMatchObject({ receipt: atRazorpay!.receipt, mode: 'live' });
      // Live mode has no sandbox checkout: its routes do not exist.
      expect((await postJson(app.url, `/api/sandbox/checkout/${answer.id}/pay`, {})).status).toBe(404);
    });
  });

  it.each([
    ['down', 'unreachable', 503, 'gateway_unavailable'],
    ['slow', 'slow', 504, 'gateway_timeout'],
    ['hanging', 'hang', 504, 'gateway_timeout'],
    ['failing', 'error', 502, 'gateway_error'],
    ['refusing our keys', 'auth', 502, 'gateway_error'],
  ] as const)('the gateway %s (%s) gives a clean %i within a bounded time and no order row', async (_label, kind, status, code) => {
    // The bound is the gateway timeout: a hanging gateway never answers, and a slow one would answer with an order.
    let gatewayConfig = config;
    if (kind === 'unreachable') {
      const closed = await startFakeRazorpay(keys);
      await closed.close();
      gatewayConfig = { ...config, payments: { ...config.payments, razorpayApiUrl: closed.url } };
    } else if (kind === 'auth') {
      gatewayConfig = { ...config, razorpay: { ...config.razorpay!, keySecret: 'wrong' } };
    } else if (kind === 'slow') fake.behave({ kind: 'slow', delayMs: gatewayTimeoutMs * 3 });
    else if (kind === 'hang') fake.behave({ kind: 'hang' });
    else fake.behave({ kind: 'error', status: 500, code: 'SERVER_ERROR', description: 'The server encountered an error.' });
    const payments = createPayments({ config: gatewayConfig, db: testDb.db, logger: createLogger({ level: 'silent' }) });
    try {
      await withApp(payments, async (_app) => {
        const before = await orderCount();
        const response = await createOneTimeOrder(payments, { plan: 'growth-engine', currency: 'INR' });
        expect(response.status).toBe(status);
        const body = await response.json();
        expect(body.error.code).toBe(code);
        expect(body.error.message).toMatch(/payment provider/);
        expect(await orderCount()).toBe(before);
      });
    } finally {
      fake.behave({ kind: 'ok' });
    }
  });
});

describe('live mode on the Auth Emulator', () => {
  let admin: Auth;
  beforeAll(() => {
    admin = firebaseAdminAuth(config.firebase);
  });

  it('reconciliation fulfils a captured payment whose browser never came back, and the webhook finds it done', async () => {
    const counted = countedGrant();
    const payments = createPayments({
      config: { ...config, payments: { ...config.payments, reconcileAfterMs: 0 } },
      db: testDb.db,
      logger: createLogger({ level: 'silent' }),
      grant: counted.grant,
    });
    const details = buyer();
    const order = await payments.service.createOrder({ plan: 'growth-engine', currency: 'INR', userDetails: details });
    const paid = fake.addPayment(order.id, { email: details.email });
    fake.addPayment(order.id, { status: 'failed', error_code: 'BAD_REQUEST_ERROR', error_description: 'declined' });
    expect(await emulatorHasUser(admin, details.email)).toBe(false);

    const summary = await payments.service.reconcile();
    expect(summary.ordersFulfilled).toBe(1);
    const [row] = await testDb.db.select().from(orders).where(eq(orders.gatewayOrderId, order.id));
    expect(row).toMatchObject({ status: 'paid', fulfilledBy: 'reconciliation', paidPaymentId: paid.id, accountCreated: true });
    const user = await admin.getUserByEmail(details.email);
    expect(user.customClaims).toMatchObject({ plan: 'growth-engine' });
    const [profile] = await testDb.db.select().from(userProfiles).where(eq(userProfiles.uid, user.uid));
    expect(profile).toMatchObject({ purchasedPlan: 'growth-engine', businessName: 'Asha Clinic' });

    // Razorpay's late webhook for the same payment, and another pass, change nothing.
    await withApp(payments, async (app) => {
      const hook = signedWebhook(
        'payment.captured',
        { id: paid.id, order_id: order.id, amount: order.amount, currency: 'INR', status: 'captured', email: details.email },
        keys.webhookSecret,
      );
      expect((await postWebhook(app.url, hook.body, hook.signature, 'evt_late_capture_1')).status).toBe(200);
    });
    await payments.service.reconcile();
    expect(counted.grants).toHaveLength(1);
  });

  it('verify-payment checks the signature with the Razorpay key secret', async () => {
    const payments = createPayments({ config, db: testDb.db, logger: createLogger({ level: 'silent' }) });
    await withApp(payments, async (app) => {
      const order = await (await createOneTimeOrder(payments, { plan: 'launchpad', currency: 'INR' })).json();
      const payment = fake.addPayment(order.id);
      const details = buyer();
      const body = {
        razorpay_order_id: order.id,
        razorpay_payment_id: payment.id,
        userDetails: details,
        plan: 'launchpad',
        checkoutSecret: order.checkoutSecret,
      };
      const sandboxSigned = await postJson(app.url, '/api/verify-payment', {
        ...body,
        razorpay_signature: paymentSignature(order.id, payment.id, 'a-sandbox-secret'),
      });
      expect(sandboxSigned.status).toBe(400);
      expect(await emulatorHasUser(admin, details.email)).toBe(false);
      const signed = await postJson(app.url, '/api/verify-payment', {
        ...body,
        razorpay_signature: paymentSignature(order.id, payment.id, keys.keySecret),
      });
      expect(await signed.json()).toEqual({ success: true, token: expect.any(String) });
    });
  });
});

describe('1,000 webhook events, each delivered three times in random order', () => {
  it('fulfils exactly 1,000 orders with 1,000 grants', { timeout: 300_000 }, async () => {
    const memory = memoryAuthAdmin();
    const counted = countedGrant();
    const payments = createPayments({
      config,
      db: testDb.db,
      logger: createLogger({ level: 'silent' }),
      auth: memory.admin,
      grant: counted.grant,
    });
    const count = 1_000;
    const price = priceOf('launchpad')!;
    const events: Array<{ body: string; signature: string; eventId: string; orderId: string }> = [];
    const orderIds: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const orderId = razorpayId('order');
      orderIds.push(orderId);
      await insertOrder(testDb.db, {
        gatewayOrderId: orderId,
        receipt: `rcpt_load_${i}_${orderId}`,
        plan: 'launchpad',
        amountPaise: price.amountPaise,
        currency: 'INR',
        mode: 'live',
        customerEmail: null,
        customerDetails: null,
      });
      const event = i % 2 === 0 ? 'payment.captured' : 'order.paid';
      const hook = signedWebhook(
        event,
        {
          id: razorpayId('pay'),
          order_id: orderId,
          amount: price.amountPaise,
          currency: 'INR',
          status: 'captured',
          email: `load-${i}@example.in`,
        },
        keys.webhookSecret,
      );
      events.push({ ...hook, eventId: razorpayId('evt'), orderId });
    }
    const deliveries = [...events, ...events, ...events];
    for (let i = deliveries.length - 1; i > 0; i -= 1) {
      const j = Math.floor(Math.random() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
    }

    const started = performance.now();
    const answers = { accepted: 0, duplicate: 0, other: 0 };
    await withApp(payments, async (app) => {
      let next = 0;
      const worker = async () => {
        while (next < deliveries.length) {
          const delivery = deliveries[next++]!;
          const response = await postWebhook(app.url, delivery.body, delivery.signature, delivery.eventId);
          const { status } = (await response.json()) as { status?: string };
          if (response.status === 200 && status === 'accepted') answers.accepted += 1;
          else if (response.status === 200 && status === 'duplicate') answers.duplicate += 1;
          else answers.other += 1;
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      await payments.service.settled();
    });
    const elapsedS = (performance.now() - started) / 1000;

    expect(answers).toEqual({ accepted: count, duplicate: 2 * count, other: 0 });
    expect(counted.grants).toHaveLength(count);
    expect(new Set(counted.grants.map((grant) => grant.uid)).size).toBe(count);
    expect(memory.created).toBe(count);
    const fulfilled = await testDb.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${inArray(orders.gatewayOrderId, orderIds)} and ${orders.fulfilledAt} is not null and ${orders.fulfilledBy} = 'webhook'`);
    expect(fulfilled[0]!.count).toBe(count);
    const unprocessed = await testDb.db
      .select({ count: sql<number>`count(*)::int` })
      .from(paymentWebhookEvents)
      .where(sql`${paymentWebhookEvents.processedAt} is null`);
    expect(unprocessed[0]!.count).toBe(0);
    console.log(
      `duplicate webhooks: ${deliveries.length} deliveries (${count} events x 3, shuffled, 16 at a time) -> ` +
        `${answers.accepted} accepted, ${answers.duplicate} duplicates, ${counted.grants.length} grants, ` +
        `${memory.created} accounts, in ${elapsedS.toFixed(1)} s`,
    );
  });
});
