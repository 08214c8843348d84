import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Auth } from 'firebase-admin/auth';
import { firebaseAdminAuth } from '../../server/auth/firebaseAdmin';
import { orders, payments as paymentRows, paymentWebhookEvents, userProfiles } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { grantPlan } from '../../server/auth/service';
import { listRows, summaryCounts } from '../../server/admin/repository';
import type { GrantPlan } from '../../server/payments/fulfilment';
import { createPayments, type Payments } from '../../server/payments/setup';
import { recordPayment } from '../../server/payments/repository';
import { paymentSignature } from '../../server/payments/signature';
import { paymentMessages } from '../../src/domain/payment';
import { describeOnPostgres } from './postgres';
import { openTestDatabase, startApp, testConfig, type RunningApp, type TestDatabase } from './support';
import {
  buyer,
  countedGrant,
  createOneTimeOrder,
  emulatorHasUser,
  emulatorHost,
  postJson,
  postWebhook,
  projectId,
  signedDisputeWebhook,
  signedRefundWebhook,
  signedWebhook,
} from './payments-support';

/**
 * The whole payment flow on the sandbox gateway, against the Firebase Auth Emulator: create-order, the sandbox
 * checkout's Pay now and Simulate failure, verify-payment, the webhook the sandbox delivers, and every way a client
 * could try to get a plan it did not pay for.
 */

const config = testConfig({
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  FIREBASE_PROJECT_ID: projectId,
  // Tests deliver the sandbox's webhook at once and wait for it with settled().
  SANDBOX_WEBHOOK_DELAY_MS: '0',
});

let testDb: TestDatabase;
let app: RunningApp;
let admin: Auth;
let payments: Payments;
const counted = countedGrant();
const logLines: string[] = [];

beforeAll(async () => {
  testDb = await openTestDatabase();
  admin = firebaseAdminAuth(config.firebase);
  const logger = createLogger({ level: 'info', write: (line) => logLines.push(line) });
  payments = createPayments({ config, db: testDb.db, logger, grant: counted.grant, webhookRetryAfterMs: 0 });
  app = await startApp({ db: testDb.db, config, payments });
});

afterAll(async () => {
  await payments?.sandbox?.settled();
  await payments?.service.settled();
  await app?.close();
  await testDb?.close();
});

const createOrder = (body: unknown) => createOneTimeOrder(payments, body);
const verify = (body: unknown, headers?: Record<string, string>) => postJson(app.url, '/api/verify-payment', body, headers);
const pay = (orderId: string, body: unknown = {}) => postJson(app.url, `/api/sandbox/checkout/${orderId}/pay`, body);
const grantsFor = (uid: string) => counted.grants.filter((grant) => grant.uid === uid).length;

async function newOrder(plan = 'launchpad', userDetails?: unknown) {
  const response = await createOrder({ plan, currency: 'INR', ...(userDetails ? { userDetails } : {}) });
  expect(response.status).toBe(201);
  return (await response.json()) as {
    id: string;
    amount: number;
    currency: string;
    keyId: string;
    mode: string;
    description: string;
    checkoutSecret: string;
  };
}

async function paidOrder(plan = 'launchpad') {
  const order = await newOrder(plan);
  const response = await pay(order.id);
  expect(response.status).toBe(200);
  const paid = (await response.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
  // What the browser verifies with: the checkout's three values and its order's secret (decision 090).
  const checkout = { ...paid, checkoutSecret: order.checkoutSecret };
  return { order, checkout };
}

async function orderRow(id: string) {
  const [row] = await testDb.db.select().from(orders).where(eq(orders.gatewayOrderId, id));
  return row!;
}

async function settle() {
  await payments.sandbox?.settled();
  await payments.service.settled();
}

describe('POST /api/create-order', () => {
  it('prices the order on the server and ignores the amount the browser sends', async () => {
    const response = await createOrder({ plan: 'growth-engine', currency: 'INR', amount: 1 });
    expect(response.status).toBe(201);
    const answer = await response.json();
    expect(answer).toEqual({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      amount: 2_150_000,
      currency: 'INR',
      keyId: 'rzp_test_sandbox',
      mode: 'sandbox',
      description: 'Payment for Growth Engine Plan',
      checkoutSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const row = await orderRow(answer.id);
    expect(row).toMatchObject({ plan: 'growth-engine', amountPaise: 2_150_000, currency: 'INR', status: 'created', mode: 'sandbox' });
    expect(row.receipt).toMatch(/^rcpt_[0-9a-f]{24}$/);
  });

  it.each([
    [{ plan: 'scale-up', currency: 'INR' }, paymentMessages.planCustom],
    [{ plan: 'platinum', currency: 'INR' }, paymentMessages.planUnknown],
    [{ plan: 'launchpad', currency: 'USD' }, paymentMessages.currencyOnly],
    [
      { plan: 'launchpad', currency: 'INR', userDetails: { fullName: 'Guest User', email: 'guest@example.com' } },
      'Some order details are not valid.',
    ],
    [[], paymentMessages.planRequired],
  ])('refuses %j with a 400 and a clear message, creating nothing', async (body, message) => {
    const before = (await testDb.db.select({ count: sql<number>`count(*)::int` }).from(orders))[0]!.count;
    const response = await createOrder(body);
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(message);
    const after = (await testDb.db.select({ count: sql<number>`count(*)::int` }).from(orders))[0]!.count;
    expect(after).toBe(before);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await fetch(`${app.url}/api/create-order`, { method: 'POST', body: 'plan=launchpad' });
    expect(response.status).toBe(415);
  });
});

describe('sandbox checkout and verify-payment', () => {
  it('pays, verifies, creates the account, grants the plan once and signs the buyer in', async () => {
    const details = buyer();
    const { order, checkout } = await paidOrder('launchpad');
    const response = await verify({ ...checkout, userDetails: details, plan: 'launchpad' });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toEqual({ success: true, token: expect.any(String) });

    const user = await admin.getUserByEmail(details.email);
    expect(user.customClaims).toMatchObject({ plan: 'launchpad' });
    expect(user.providerData).toEqual([]);
    await settle(); // the sandbox's payment.captured webhook arrives too, and changes nothing
    expect(grantsFor(user.uid)).toBe(1);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'paid', customerUid: user.uid, accountCreated: true });
    // Verification's claim gave the order its buyer; the sandbox's webhook may then complete it first.
    expect(['verification', 'webhook']).toContain(row.fulfilledBy);
    expect(row.paidPaymentId).toBe(checkout.razorpay_payment_id);
    const [profile] = await testDb.db.select().from(userProfiles).where(eq(userProfiles.uid, user.uid));
    expect(profile).toMatchObject({ purchasedPlan: 'launchpad', displayName: 'Asha Verma', businessName: 'Asha Clinic', role: 'Owner' });
    // The custom token is for that user (the emulator's tokens are unsigned JWTs).
    const claims = JSON.parse(Buffer.from(answer.token.split('.')[1], 'base64url').toString());
    expect(claims.uid).toBe(user.uid);
    // One log line per state change, without personal data.
    const moves = logLines.filter((line) => line.includes(order.id) && line.includes('"order status"'));
    // The sandbox's webhook may arrive before the browser: whichever comes first marks the order paid.
    expect(moves.map((line) => JSON.parse(line)).map(({ from, to, by }) => `${from}->${to} by ${by}`)).toEqual([
      'null->created by create-order',
      expect.stringMatching(/^created->paid by (verification|webhook)$/),
    ]);
    expect(moves.join('\n')).not.toContain(details.email);
  });

  it('verify replayed gives the same account, one grant and nothing new', async () => {
    const details = buyer();
    const { checkout } = await paidOrder('growth-engine');
    const body = { ...checkout, userDetails: details, plan: 'growth-engine' };
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await (await verify(body)).json());
    const uids = answers.map((answer) => JSON.parse(Buffer.from(answer.token.split('.')[1], 'base64url').toString()).uid);
    expect(new Set(uids).size).toBe(1);
    expect(grantsFor(uids[0])).toBe(1);
    const rows = await testDb.db.select().from(paymentRows).where(eq(paymentRows.gatewayOrderId, checkout.razorpay_order_id));
    expect(rows).toHaveLength(1);
  });

  it('verify and the webhook for the same payment at the same moment give one grant', async () => {
    const details = buyer();
    const order = await newOrder('launchpad', details);
    // Pay without the sandbox's own webhook, then race verify against a signed delivery of the same payment.
    const { checkout } = await (async () => {
      const response = await pay(order.id);
      return { checkout: { ...(await response.json()), checkoutSecret: order.checkoutSecret } };
    })();
    const hook = signedWebhook(
      'payment.captured',
      {
        id: checkout.razorpay_payment_id,
        order_id: order.id,
        amount: order.amount,
        currency: 'INR',
        status: 'captured',
        email: details.email,
      },
      payments.gateway.webhookSecret,
    );
    const [verified, delivered] = await Promise.all([
      verify({ ...checkout, userDetails: details, plan: 'launchpad' }),
      postWebhook(app.url, hook.body, hook.signature, `evt_race_${order.id}`),
    ]);
    expect(verified.status).toBe(200);
    // Whichever of the two created the account, the buyer is signed in: one fulfiller at a time holds the order.
    expect(await verified.json()).toEqual({ success: true, token: expect.any(String) });
    expect(delivered.status).toBe(200);
    await settle();
    const user = await admin.getUserByEmail(details.email);
    expect(grantsFor(user.uid)).toBe(1);
    expect((await orderRow(order.id)).fulfilledAt).not.toBeNull();
    console.log(`race: verify + webhook + sandbox webhook for one payment -> ${grantsFor(user.uid)} grant, 1 account`);
  });

  it('refuses tampering with the signature, order id, plan and amount, creating no account', async () => {
    const results: string[] = [];
    const attempt = async (label: string, body: Record<string, unknown>, message: string) => {
      const details = body.userDetails as { email: string };
      const response = await verify(body);
      expect(response.status, label).toBeGreaterThanOrEqual(400);
      expect(response.status, label).toBeLessThan(500);
      const answer = await response.json();
      expect(answer, label).toMatchObject({ success: false, msg: message });
      expect(await emulatorHasUser(admin, details.email), label).toBe(false);
      results.push(`${label}: ${response.status}`);
    };
    const { order, checkout } = await paidOrder('launchpad');
    const other = await newOrder('launchpad');
    const valid = { ...checkout, plan: 'launchpad' };

    const flipped = checkout.razorpay_signature.replace(/.$/, (c: string) => (c === '0' ? '1' : '0'));
    await attempt('signature', { ...valid, razorpay_signature: flipped, userDetails: buyer() }, paymentMessages.verificationFailed);
    await attempt(
      'signature with another secret',
      {
        ...valid,
        razorpay_signature: paymentSignature(order.id, checkout.razorpay_payment_id, 'not-the-secret'),
        userDetails: buyer(),
      },
      paymentMessages.verificationFailed,
    );
    await attempt('order id', { ...valid, razorpay_order_id: other.id, userDetails: buyer() }, paymentMessages.verificationFailed);
    // A signature made with the right secret for an order this server never created (a leaked secret, say).
    const foreign = 'order_Foreign1234567';
    await attempt(
      'foreign order',
      {
        ...valid,
        razorpay_order_id: foreign,
        razorpay_signature: paymentSignature(foreign, checkout.razorpay_payment_id, payments.gateway.keySecret),
        userDetails: buyer(),
      },
      paymentMessages.orderUnknown,
    );
    await attempt('plan', { ...valid, plan: 'growth-engine', userDetails: buyer() }, paymentMessages.planMismatch);
    await attempt('plan scale-up', { ...valid, plan: 'scale-up', userDetails: buyer() }, paymentMessages.verificationFailed);
    // An order row whose amount is not the plan's price (written by anything but create-order) is never fulfilled.
    const cheap = await newOrder('launchpad');
    await testDb.db.update(orders).set({ amountPaise: 100 }).where(eq(orders.gatewayOrderId, cheap.id));
    const cheapPay = await (await pay(cheap.id)).json();
    await attempt('amount', { ...cheapPay, plan: 'launchpad', userDetails: buyer() }, paymentMessages.amountMismatch);
    const usd = await newOrder('launchpad');
    await testDb.db.update(orders).set({ currency: 'USD' }).where(eq(orders.gatewayOrderId, usd.id));
    const usdPay = await (await pay(usd.id)).json();
    await attempt('currency', { ...usdPay, plan: 'launchpad', userDetails: buyer() }, paymentMessages.amountMismatch);
    await settle();
    // The sandbox's webhooks for the tampered orders were refused too (amount and currency do not match).
    expect((await orderRow(cheap.id)).status).toBe('created');
    expect((await orderRow(usd.id)).status).toBe('created');
    const [flagged] = await testDb.db.select().from(paymentRows).where(eq(paymentRows.gatewayOrderId, cheap.id));
    expect(flagged?.refundNeeded).toBe(true);
    // The untampered payment still verifies afterwards.
    const details = buyer();
    expect((await (await verify({ ...valid, userDetails: details })).json()).success).toBe(true);
    console.log(`tamper: ${results.length} attempts refused with a 4xx and no account: ${results.join(', ')}`);
  });

  it('refuses a body that is not a verification, with field errors', async () => {
    const response = await verify({ razorpay_payment_id: 'x', userDetails: { email: 'guest@example.com' } });
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.success).toBe(false);
    expect(answer.msg).toBe(paymentMessages.detailsInvalid);
    expect(answer.fieldErrors['userDetails.email']).toBe(paymentMessages.emailPlaceholder);
  });

  it('a second, different payment for a paid order is refused and flagged for a refund', async () => {
    const details = buyer();
    const { order, checkout } = await paidOrder('launchpad');
    await verify({ ...checkout, userDetails: details, plan: 'launchpad' });
    // Razorpay would not let the same order be paid twice from Checkout; the sandbox refuses as well.
    expect((await pay(order.id)).status).toBe(409);
    const second = 'pay_SecondPayment01';
    // The gateway took a second payment for it all the same (a UPI collect approved late, say): the sandbox's record.
    await recordPayment(testDb.db, {
      id: second,
      orderId: order.id,
      status: 'captured',
      amountPaise: order.amount,
      currency: 'INR',
      method: 'upi',
      email: null,
      errorCode: null,
      errorDescription: null,
    });
    const response = await verify({
      razorpay_payment_id: second,
      razorpay_order_id: order.id,
      razorpay_signature: paymentSignature(order.id, second, payments.gateway.keySecret),
      userDetails: details,
      plan: 'launchpad',
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ success: false, msg: paymentMessages.alreadyPaid });
    const [row] = await testDb.db.select().from(paymentRows).where(eq(paymentRows.gatewayPaymentId, second));
    expect(row).toMatchObject({ refundNeeded: true, status: 'captured' });
    const user = await admin.getUserByEmail(details.email);
    expect(grantsFor(user.uid)).toBe(1);
    expect((await orderRow(order.id)).paidPaymentId).toBe(checkout.razorpay_payment_id);
  });

  it('Simulate failure marks the order failed; paying again still pays it (created -> failed -> paid)', async () => {
    const order = await newOrder('launchpad');
    const failed = await postJson(app.url, `/api/sandbox/checkout/${order.id}/fail`, {});
    expect(failed.status).toBe(200);
    expect((await failed.json()).error).toMatchObject({ code: 'BAD_REQUEST_ERROR', description: 'Payment declined by the test bank' });
    await settle();
    expect((await orderRow(order.id)).status).toBe('failed');
    const checkout = await (await pay(order.id)).json();
    const details = buyer();
    expect((await (await verify({ ...checkout, userDetails: details, plan: 'launchpad' })).json()).success).toBe(true);
    // A late payment.failed (events arrive in any order) never takes a paid order back.
    const late = signedWebhook(
      'payment.failed',
      {
        id: 'pay_LateFailure0001',
        order_id: order.id,
        amount: order.amount,
        currency: 'INR',
        status: 'failed',
        error_code: 'BAD_REQUEST_ERROR',
      },
      payments.gateway.webhookSecret,
    );
    expect((await postWebhook(app.url, late.body, late.signature, `evt_late_${order.id}`)).status).toBe(200);
    await settle();
    expect((await orderRow(order.id)).status).toBe('paid');
  });

  it('the browser closed after paying: the webhook fulfils it, and the buyer can set a password later', async () => {
    const details = buyer();
    const order = await newOrder('growth-engine', details);
    const before = counted.grants.length;
    expect((await pay(order.id)).status).toBe(200); // ... and the tab is closed: no verify-payment
    await settle();
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'paid', fulfilledBy: 'webhook', accountCreated: true });
    expect(counted.grants.length).toBe(before + 1);
    const user = await admin.getUserByEmail(details.email);
    expect(user.customClaims).toMatchObject({ plan: 'growth-engine' });
    // No password yet (the dashboard offers "Set a password"); 'Forgot password' reaches the account by email.
    expect(user.providerData).toEqual([]);
    const reset = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=fake-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestType: 'PASSWORD_RESET', email: details.email }),
    });
    expect(reset.status).toBe(200);
    // Coming back later to the same order (a reload, the same browser) still signs in to that account.
    const checkoutRow = await testDb.db.select().from(paymentRows).where(eq(paymentRows.gatewayOrderId, order.id));
    const paymentId = checkoutRow[0]!.gatewayPaymentId;
    const again = await verify({
      razorpay_payment_id: paymentId,
      razorpay_order_id: order.id,
      razorpay_signature: paymentSignature(order.id, paymentId, payments.gateway.keySecret),
      userDetails: details,
      plan: 'growth-engine',
    });
    expect((await again.json()).success).toBe(true);
    expect(counted.grants.length).toBe(before + 1);
  });

  it('an existing account gets the plan, but a sign-in token only with proof that the caller owns it', async () => {
    const details = buyer();
    const owner = await admin.createUser({ email: details.email, password: 'a-long-password', displayName: 'Owner Name' });
    const { checkout } = await paidOrder('launchpad');
    const body = { ...checkout, userDetails: details, plan: 'launchpad' };
    const anonymous = await (await verify(body)).json();
    expect(anonymous).toEqual({ success: true, token: null, msg: expect.stringContaining('please sign in') });
    expect((await admin.getUser(owner.uid)).customClaims).toMatchObject({ plan: 'launchpad' });
    // Signed in as that user (an ID token from the emulator), the same verification answers with a token.
    const signIn = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: details.email, password: 'a-long-password', returnSecureToken: true }),
    });
    const { idToken } = await signIn.json();
    const proven = await (await verify(body, { authorization: `Bearer ${idToken}` })).json();
    expect(proven).toEqual({ success: true, token: expect.any(String) });
    expect(grantsFor(owner.uid)).toBe(1);
    // The profile the owner already had is kept.
    const [profile] = await testDb.db.select().from(userProfiles).where(eq(userProfiles.uid, owner.uid));
    expect(profile?.displayName).toBe('Asha Verma'); // there was no stored profile, so the buyer's name fills it
  });

  it('a webhook with a bad signature is refused and changes nothing', async () => {
    const order = await newOrder('launchpad', buyer());
    const payment = { id: 'pay_BadSignature001', order_id: order.id, amount: order.amount, currency: 'INR', status: 'captured' };
    const good = signedWebhook('payment.captured', payment, payments.gateway.webhookSecret);
    const cases = [
      ['wrong secret', good.body, signedWebhook('payment.captured', payment, 'not-the-secret').signature],
      ['body changed', good.body.replace(`"amount":${order.amount}`, '"amount":100'), good.signature],
      ['no signature', good.body, ''],
      ['re-serialised body', JSON.stringify(JSON.parse(good.body), null, 2), good.signature],
    ] as const;
    for (const [label, body, signature] of cases) {
      const response = await postWebhook(app.url, body, signature, `evt_bad_${label.replace(/\W/g, '')}`);
      expect(response.status, label).toBe(400);
      expect((await response.json()).error.code, label).toBe('invalid_signature');
    }
    await settle();
    const stored = await testDb.db
      .select()
      .from(paymentWebhookEvents)
      .where(sql`${paymentWebhookEvents.eventId} like 'evt_bad_%'`);
    expect(stored).toEqual([]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'created', fulfilledAt: null });
    expect(await testDb.db.select().from(paymentRows).where(eq(paymentRows.gatewayOrderId, order.id))).toEqual([]);
  });

  it('answers the webhook before processing it', async () => {
    const details = buyer();
    const order = await newOrder('launchpad', details);
    // A server whose fulfilment waits at its Firebase lookup until the test lets it go, which it does only once the
    // webhook has been answered: an answer that waited for the fulfilment would never come.
    const held = paymentsWithGatedLookup();
    onTestFinished(() => held.release());
    const heldApp = await startApp({ db: testDb.db, config, payments: held.payments });
    try {
      const hook = signedWebhook(
        'payment.captured',
        { id: 'pay_TimedWebhook001', order_id: order.id, amount: order.amount, currency: 'INR', status: 'captured', email: details.email },
        held.payments.gateway.webhookSecret,
      );
      const response = await postWebhook(heldApp.url, hook.body, hook.signature, `evt_timed_${order.id}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'accepted' });
      await held.inFirebase;
      expect((await orderRow(order.id)).fulfilledAt).toBeNull();
      held.release();
      await held.payments.service.settled();
      expect((await orderRow(order.id)).fulfilledBy).toBe('webhook');
      // The same event again is a duplicate: answered, not processed twice.
      const again = await postWebhook(heldApp.url, hook.body, hook.signature, `evt_timed_${order.id}`);
      expect(await again.json()).toEqual({ status: 'duplicate' });
    } finally {
      await heldApp.close();
    }
  });

  it("takes a buyer's address from the webhook, but never Razorpay's placeholder for none", async () => {
    // Orders made without the buyer's details (an API client): the payment's email is all there is to go on.
    const deliver = async (paymentId: string, email: string) => {
      const order = await newOrder('launchpad');
      const hook = signedWebhook(
        'payment.captured',
        { id: paymentId, order_id: order.id, amount: order.amount, currency: 'INR', status: 'captured', email },
        payments.gateway.webhookSecret,
      );
      expect((await postWebhook(app.url, hook.body, hook.signature, `evt_email_${order.id}`)).status).toBe(200);
      await settle();
      return orderRow(order.id);
    };

    const real = await deliver('pay_EmailFromHook01', ' Hook.Buyer@Example.IN ');
    expect(real).toMatchObject({ status: 'paid', customerEmail: 'hook.buyer@example.in', fulfilledBy: 'webhook' });
    expect(await emulatorHasUser(admin, 'hook.buyer@example.in')).toBe(true);

    for (const [i, email] of ['void@razorpay.com', 'VOID@razorpay.com', 'not an address', 'guest@example.com'].entries()) {
      const waiting = await deliver(`pay_NoEmailHook00${i}`, email);
      // Paid and kept, waiting for the buyer's own verification or for staff: no shared account is made.
      expect(waiting, email).toMatchObject({ status: 'paid', customerEmail: null, fulfilledAt: null });
    }
    expect(await emulatorHasUser(admin, 'void@razorpay.com')).toBe(false);
    expect(await emulatorHasUser(admin, 'guest@example.com')).toBe(false);
  });

  it("an order that already stored Razorpay's placeholder waits for its buyer, then goes to them", async () => {
    // As the code before the placeholder was refused could leave it: a webhook's `void@razorpay.com` on the order.
    const order = await newOrder('launchpad');
    await testDb.db.update(orders).set({ customerEmail: 'void@razorpay.com' }).where(eq(orders.gatewayOrderId, order.id));
    const response = await pay(order.id);
    const checkout = { ...(await response.json()), checkoutSecret: order.checkoutSecret };
    await settle(); // the sandbox's own webhook: paid, and no account for the placeholder
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', fulfilledAt: null, customerUid: null });
    expect(await emulatorHasUser(admin, 'void@razorpay.com')).toBe(false);

    const details = buyer();
    const verified = await verify({ ...checkout, userDetails: details, plan: 'launchpad' });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ success: true, token: expect.any(String) });
    expect(await orderRow(order.id)).toMatchObject({ customerEmail: details.email, fulfilledBy: 'verification' });
    expect(await emulatorHasUser(admin, 'void@razorpay.com')).toBe(false);
  });
});

/** Payments whose grant fails while `outage.on`, as when Firebase or the database fails half-way through a fulfilment. */
function paymentsWithFlakyGrant(inner: GrantPlan = grantPlan) {
  const outage = { on: true };
  const flaky = createPayments({
    config,
    db: testDb.db,
    logger: createLogger({ level: 'silent' }),
    webhookRetryAfterMs: 0,
    grant: async (deps, args) => {
      if (outage.on) throw Object.assign(new Error('Firebase is unavailable'), { code: 'app/network-error' });
      return inner(deps, args);
    },
  });
  return { flaky, outage };
}

describe('resumable fulfilment', () => {
  it('a Firebase failure after the payment leaves the order paid; the reconciler finishes it', async () => {
    const failing = countedGrant();
    const { flaky, outage } = paymentsWithFlakyGrant(failing.grant);
    const { id: orderId, amount, checkoutSecret } = await flaky.service.createOrder({ plan: 'launchpad', currency: 'INR' });
    const { razorpay_payment_id: paymentId } = await flaky.sandbox!.pay(orderId);
    const details = buyer();
    const outcome = await flaky.service.verifyPayment({
      razorpay_payment_id: paymentId,
      razorpay_order_id: orderId,
      razorpay_signature: paymentSignature(orderId, paymentId, flaky.gateway.keySecret),
      userDetails: details,
      plan: 'launchpad',
      checkoutSecret,
    });
    expect(outcome.status).toBe(503);
    expect(outcome.body).toMatchObject({ success: false, msg: expect.stringContaining('Your payment was received') });
    const paid = await orderRow(orderId);
    expect(paid).toMatchObject({ status: 'paid', fulfilledAt: null, accountCreated: true });
    expect(paid.fulfilmentError).toContain('Firebase is unavailable');
    expect(amount).toBe(1_250_000);

    // The sandbox's webhook meets the same outage: its event stays unprocessed, the order paid and unfulfilled.
    await flaky.sandbox!.settled();
    await flaky.service.settled();
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', fulfilledAt: null });
    outage.on = false;
    const summary = await flaky.service.reconcile();
    const row = await orderRow(orderId);
    expect(row.fulfilledAt).not.toBeNull();
    expect(['webhook', 'reconciliation']).toContain(row.fulfilledBy); // the retried event, or the unfulfilled-order sweep
    expect(summary.eventsRetried).toBeGreaterThanOrEqual(1);
    expect(failing.grants).toHaveLength(1);
    const user = await admin.getUserByEmail(details.email);
    expect(user.customClaims).toMatchObject({ plan: 'launchpad' });
    // The account was created on the first attempt: verifying again signs the buyer in.
    const again = await flaky.service.verifyPayment({
      razorpay_payment_id: paymentId,
      razorpay_order_id: orderId,
      razorpay_signature: paymentSignature(orderId, paymentId, flaky.gateway.keySecret),
      userDetails: details,
      plan: 'launchpad',
      checkoutSecret,
    });
    expect(again.body).toEqual({ success: true, token: expect.any(String) });
  });
});

describe('a plan and an account stay with their owner', () => {
  const tokenUid = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).uid as string;
  const profileOf = async (uid: string) => (await testDb.db.select().from(userProfiles).where(eq(userProfiles.uid, uid)))[0];
  const paymentRow = async (id: string) => (await testDb.db.select().from(paymentRows).where(eq(paymentRows.gatewayPaymentId, id)))[0];

  it('after a fulfilment stopped half-way, verifying again with another email signs in no one else', async () => {
    const { flaky, outage } = paymentsWithFlakyGrant();
    const victim = buyer({ fullName: 'Victim Person' });
    const victimUser = await admin.createUser({ email: victim.email, password: 'victim-password-1' });
    const payer = buyer({ fullName: 'Payer Person' });
    const { id: orderId, checkoutSecret } = await flaky.service.createOrder({ plan: 'launchpad', currency: 'INR' });
    const { razorpay_payment_id: paymentId } = await flaky.sandbox!.pay(orderId);
    // The payer's own browser, secret and all: what is under test is the address sent the second time.
    const signed = {
      razorpay_payment_id: paymentId,
      razorpay_order_id: orderId,
      razorpay_signature: paymentSignature(orderId, paymentId, flaky.gateway.keySecret),
      plan: 'launchpad',
      checkoutSecret,
    };
    // The payer's account is created, then the grant fails: the order is paid, its account attached, fulfilment owed.
    expect((await flaky.service.verifyPayment({ ...signed, userDetails: payer })).status).toBe(503);
    expect(await orderRow(orderId)).toMatchObject({ customerEmail: payer.email, accountCreated: true, fulfilledAt: null });
    outage.on = false;
    const again = await flaky.service.verifyPayment({ ...signed, userDetails: victim });
    await flaky.sandbox!.settled();
    await flaky.service.settled();
    expect(again.status).toBe(200);
    const token = (again.body as { token: string }).token;
    const payerUser = await admin.getUserByEmail(payer.email);
    // The token is for the account this order created, never for the account of the address sent afterwards.
    expect(tokenUid(token)).toBe(payerUser.uid);
    expect(await orderRow(orderId)).toMatchObject({ customerEmail: payer.email, customerUid: payerUser.uid });
    expect((await admin.getUser(victimUser.uid)).customClaims?.plan).toBeUndefined();
    expect((await profileOf(victimUser.uid))?.purchasedPlan ?? null).toBeNull();
  });

  it('a payment for a lower plan does not lower an account: the plan stays, the payment is flagged for the account manager', async () => {
    const client = buyer();
    const higher = await paidOrder('growth-engine');
    expect((await verify({ ...higher.checkout, userDetails: client, plan: 'growth-engine' })).status).toBe(200);
    const user = await admin.getUserByEmail(client.email);
    const before = await profileOf(user.uid);
    // Someone else (or the client by mistake) pays for LaunchPad with the client's address.
    const lower = await paidOrder('launchpad');
    const response = await verify({
      ...lower.checkout,
      userDetails: buyer({ email: client.email, fullName: 'Someone Else' }),
      plan: 'launchpad',
    });
    await settle();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, token: null, msg: expect.stringContaining('please sign in') });
    expect(await profileOf(user.uid)).toMatchObject({ purchasedPlan: 'growth-engine', purchasedAt: before!.purchasedAt });
    expect((await admin.getUser(user.uid)).customClaims).toMatchObject({ plan: 'growth-engine' });
    expect(await paymentRow(lower.checkout.razorpay_payment_id)).toMatchObject({ refundNeeded: true, status: 'captured' });
    expect(await paymentRow(higher.checkout.razorpay_payment_id)).toMatchObject({ refundNeeded: false });
    // The same plan again is a renewal: kept, its date moved on, nothing flagged.
    const renewal = await paidOrder('growth-engine');
    expect((await verify({ ...renewal.checkout, userDetails: client, plan: 'growth-engine' })).status).toBe(200);
    await settle();
    const renewed = await profileOf(user.uid);
    expect(renewed?.purchasedPlan).toBe('growth-engine');
    expect(renewed!.purchasedAt!.getTime()).toBeGreaterThanOrEqual(before!.purchasedAt!.getTime());
    expect(await paymentRow(renewal.checkout.razorpay_payment_id)).toMatchObject({ refundNeeded: false });
  });

  it('an older order fulfilled late does not undo a plan bought after it, and is not flagged', async () => {
    const { flaky, outage } = paymentsWithFlakyGrant();
    const client = buyer();
    const payOnce = async (plan: 'launchpad' | 'growth-engine') => {
      const { id } = await flaky.service.createOrder({ plan, currency: 'INR' });
      const { razorpay_payment_id: paymentId } = await flaky.sandbox!.pay(id);
      const body = {
        razorpay_payment_id: paymentId,
        razorpay_order_id: id,
        razorpay_signature: paymentSignature(id, paymentId, flaky.gateway.keySecret),
        plan,
        userDetails: client,
      };
      return { id, paymentId, outcome: await flaky.service.verifyPayment(body) };
    };
    const older = await payOnce('launchpad');
    expect(older.outcome.status).toBe(503);
    await flaky.sandbox!.settled();
    await flaky.service.settled();
    outage.on = false;
    await new Promise((resolve) => setTimeout(resolve, 5)); // the upgrade is paid strictly later
    const newer = await payOnce('growth-engine');
    expect(newer.outcome.status).toBe(200);
    await flaky.service.reconcile();
    expect((await orderRow(older.id)).fulfilledAt).not.toBeNull();
    const user = await admin.getUserByEmail(client.email);
    const profile = await profileOf(user.uid);
    expect(profile).toMatchObject({ purchasedPlan: 'growth-engine', purchasedAt: (await orderRow(newer.id)).paidAt });
    expect((await admin.getUser(user.uid)).customClaims).toMatchObject({ plan: 'growth-engine' });
    expect(await paymentRow(older.paymentId)).toMatchObject({ refundNeeded: false });
  });

  it('a verification does not fulfil a payment the gateway reported at another amount', async () => {
    const details = buyer();
    const order = await newOrder('growth-engine');
    const paymentId = `pay_Short${order.id.slice(-8)}`;
    const hook = signedWebhook(
      'payment.captured',
      { id: paymentId, order_id: order.id, amount: 100, currency: 'INR', status: 'captured', email: details.email },
      payments.gateway.webhookSecret,
    );
    expect((await postWebhook(app.url, hook.body, hook.signature, `evt_short_${order.id}`)).status).toBe(200);
    await settle();
    expect(await paymentRow(paymentId)).toMatchObject({ amountPaise: 100, refundNeeded: true });
    const response = await verify({
      razorpay_payment_id: paymentId,
      razorpay_order_id: order.id,
      razorpay_signature: paymentSignature(order.id, paymentId, payments.gateway.keySecret),
      userDetails: details,
      plan: 'growth-engine',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, msg: paymentMessages.amountMismatch });
    expect(await orderRow(order.id)).toMatchObject({ status: 'created', fulfilledAt: null });
    expect(await emulatorHasUser(admin, details.email)).toBe(false);
  });

  it('a signed event with U+0000 in a string is stored and processed, not answered 500', async () => {
    const details = buyer();
    const order = await newOrder('launchpad', details);
    const paid = await pay(order.id);
    const checkout = (await paid.json()) as { razorpay_payment_id: string };
    const hook = signedWebhook(
      'payment.captured',
      {
        id: checkout.razorpay_payment_id,
        order_id: order.id,
        amount: order.amount,
        currency: 'INR',
        status: 'captured',
        email: details.email,
        description: 'a\u0000b',
      },
      payments.gateway.webhookSecret,
    );
    expect(hook.body).toContain('\\u0000');
    const response = await postWebhook(app.url, hook.body, hook.signature, `evt_nul_${order.id}`);
    expect(response.status).toBe(200);
    await settle();
    const [event] = await testDb.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, `evt_nul_${order.id}`));
    expect(JSON.stringify(event?.payload)).toContain('a\uFFFDb');
    expect(event?.processedAt).not.toBeNull();
  });
});

/**
 * Payments whose Firebase user lookup answers only once the test releases it, so a fulfilment can be held half-way;
 * `paidOrder` pays a LaunchPad order without a buyer (the sandbox's webhook cannot fulfil it: verification will).
 */
function paymentsWithGatedLookup() {
  let entered!: () => void;
  const inFirebase = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  const gatedAuth = Object.assign(Object.create(admin) as Auth, {
    getUserByEmail: async (email: string) => {
      calls += 1;
      entered();
      await gate;
      return admin.getUserByEmail(email);
    },
  });
  const gated = createPayments({
    config,
    db: testDb.db,
    auth: gatedAuth,
    logger: createLogger({ level: 'silent' }),
    webhookRetryAfterMs: 0,
  });
  async function paidOrder() {
    const { id: orderId, checkoutSecret } = await gated.service.createOrder({ plan: 'launchpad', currency: 'INR' });
    const { razorpay_payment_id: paymentId } = await gated.sandbox!.pay(orderId);
    await gated.sandbox!.settled();
    await gated.service.settled();
    return { orderId, paymentId, checkoutSecret };
  }
  return { payments: gated, inFirebase, release, lookups: () => calls, paidOrder };
}

describe('fulfilment and the database', () => {
  it('a slow Firebase during a fulfilment holds up no other database work', async () => {
    const { payments: slow, inFirebase, release, paidOrder: paidWithoutBuyer } = paymentsWithGatedLookup();
    const { orderId, paymentId } = await paidWithoutBuyer();
    const details = buyer();
    const verifying = slow.service.verifyPayment({
      razorpay_payment_id: paymentId,
      razorpay_order_id: orderId,
      razorpay_signature: paymentSignature(orderId, paymentId, slow.gateway.keySecret),
      userDetails: details,
      plan: 'launchpad',
    });
    onTestFinished(release);
    await inFirebase;
    // While Firebase has not answered, the database still serves others (on PGlite it has one connection): held up,
    // this query would wait for the release that follows it, and the test would run out of time.
    expect(await testDb.db.select().from(orders).where(eq(orders.gatewayOrderId, orderId))).toHaveLength(1);
    release();
    expect((await verifying).status).toBe(200);
    expect((await admin.getUserByEmail(details.email)).customClaims).toMatchObject({ plan: 'launchpad' });
  });
});

describe('the fulfilment lease', () => {
  it('an order held by a fulfiller that stopped is left to it while its lease runs, then fulfilled by the next', async () => {
    const details = buyer();
    const order = await newOrder('launchpad', details);
    const checkout = (await (await pay(order.id)).json()) as {
      razorpay_payment_id: string;
      razorpay_order_id: string;
      razorpay_signature: string;
    };
    await settle();
    // As a server that took the order and then died would leave it: paid, unfulfilled, held for a while yet.
    await testDb.db
      .update(orders)
      .set({ fulfilledAt: null, customerUid: null, fulfillingUntil: new Date(Date.now() + 60_000) })
      .where(eq(orders.gatewayOrderId, order.id));
    const summary = await payments.service.reconcile();
    expect(summary).toBeDefined();
    expect((await orderRow(order.id)).fulfilledAt).toBeNull(); // the sweep leaves a held order alone
    await testDb.db
      .update(orders)
      .set({ fulfillingUntil: new Date(Date.now() - 1) })
      .where(eq(orders.gatewayOrderId, order.id));
    const response = await verify({ ...checkout, userDetails: details, plan: 'launchpad' });
    expect(response.status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ fulfillingUntil: null, fulfilmentError: null });
    expect((await orderRow(order.id)).fulfilledAt).not.toBeNull();
  });
});

/**
 * A paid order left unfulfilled (`unfulfilled`: the columns to set, as a server that stopped part-way leaves them),
 * with its `payment.captured` stored a minute ago and not processed: what the reconciler's sweep retries.
 */
async function unfulfilledOrderWithStoredEvent(prefix: string, unfulfilled: Partial<typeof orders.$inferInsert> = {}) {
  const details = buyer();
  const order = await newOrder('launchpad', details);
  const checkout = (await (await pay(order.id)).json()) as { razorpay_payment_id: string };
  await settle();
  await testDb.db
    .update(orders)
    .set({ fulfilledAt: null, customerUid: null, ...unfulfilled })
    .where(eq(orders.gatewayOrderId, order.id));
  const hook = signedWebhook(
    'payment.captured',
    {
      id: checkout.razorpay_payment_id,
      order_id: order.id,
      amount: order.amount,
      currency: 'INR',
      status: 'captured',
      email: details.email,
    },
    payments.gateway.webhookSecret,
  );
  const eventId = `${prefix}_${order.id}`;
  await storeEvent(eventId, 'payment.captured', hook.body);
  return { order, checkout, eventId };
}

/** A signed event stored a minute ago and not processed yet. */
const storeEvent = (eventId: string, type: string, body: string) =>
  testDb.db.insert(paymentWebhookEvents).values({ eventId, type, payload: JSON.parse(body), receivedAt: new Date(Date.now() - 60_000) });
const storedEvent = async (eventId: string) =>
  (await testDb.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId)))[0]!;

describe('the reconciler and a held order', () => {
  it('retrying a stored webhook leaves an order another server holds to it, untried and without waiting, and finishes it later', async () => {
    // Paid, its account being set up by another server right now; its webhook stored but not processed yet.
    const { order, eventId } = await unfulfilledOrderWithStoredEvent('evt_held', { fulfillingUntil: new Date(Date.now() + 60_000) });
    const event = () => storedEvent(eventId);
    await payments.service.reconcile();
    // Left to the holder at once, untried (waiting for it would hold up the whole sweep, and the events after it, for
    // 10 s; counting it as a failed attempt would spend the event's attempts while the order is being finished).
    expect(await event()).toMatchObject({ processedAt: null, attempts: 0, lastError: null, claimedUntil: null });
    expect((await orderRow(order.id)).fulfilledAt).toBeNull();
    // The holder died: its lease runs out, and the next sweep finishes the order and the event.
    await testDb.db
      .update(orders)
      .set({ fulfillingUntil: new Date(Date.now() - 1) })
      .where(eq(orders.gatewayOrderId, order.id));
    await payments.service.reconcile();
    expect((await event()).processedAt).not.toBeNull();
    expect((await orderRow(order.id)).fulfilledAt).not.toBeNull();
  });
});

describeOnPostgres('the reconciler and an order whose row is locked', () => {
  it("retrying a stored webhook does not wait on the order's row lock another transaction holds: the event goes back untried", async () => {
    const { order, checkout, eventId } = await unfulfilledOrderWithStoredEvent('evt_locked');
    const event = (id = eventId) => storedEvent(id);
    // A partial refund of it, stored and not processed yet either: its retry must not wait on the lock.
    const refundHook = signedRefundWebhook(
      { id: checkout.razorpay_payment_id, order_id: order.id, amount: order.amount, amount_refunded: 100 },
      { id: `rfnd_locked_${order.id}`, amount: 100 },
      payments.gateway.webhookSecret,
    );
    const refundEventId = `evt_locked_refund_${order.id}`;
    await storeEvent(refundEventId, 'refund.processed', refundHook.body);
    // Another server's transaction holds the order's row (as a refund or a fulfilment does) until the sweep is over.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = testDb.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from orders where gateway_order_id = ${order.id} for update`);
      locked();
      await released;
    });
    await isLocked;
    // Either the sweep ends, or PostgreSQL shows one of its connections waiting for a lock.
    const sweep = payments.service.reconcile().then(() => 'swept' as const);
    let watching = true;
    const lockWait = (async () => {
      while (watching) {
        const waiting = (await testDb.db.execute(
          sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: unknown[] };
        if (waiting.rows.length > 0) return 'waiting on the lock' as const;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return 'swept' as const;
    })();
    const first = await Promise.race([sweep, lockWait]);
    watching = false;
    release();
    await holder;
    await sweep;
    await lockWait;
    expect(first).toBe('swept');
    expect(await event()).toMatchObject({ processedAt: null, attempts: 0, lastError: null, claimedUntil: null });
    expect(await event(refundEventId)).toMatchObject({ processedAt: null, attempts: 0, lastError: null, claimedUntil: null });
    await payments.service.reconcile();
    expect((await event()).processedAt).not.toBeNull();
    expect((await event(refundEventId)).processedAt).not.toBeNull();
    expect((await orderRow(order.id)).fulfilledAt).not.toBeNull();
  });
});

describe('one fulfiller at a time', () => {
  it('a second completion of an order being fulfilled waits for the first, never calls Firebase meanwhile, and signs in too', async () => {
    const { payments: held, lookups, release, paidOrder: paidWithoutBuyer } = paymentsWithGatedLookup();
    const { orderId, paymentId, checkoutSecret } = await paidWithoutBuyer();
    const body = {
      razorpay_payment_id: paymentId,
      razorpay_order_id: orderId,
      razorpay_signature: paymentSignature(orderId, paymentId, held.gateway.keySecret),
      userDetails: buyer(),
      plan: 'launchpad',
      checkoutSecret,
    };
    const first = held.service.verifyPayment(body);
    await expect.poll(lookups).toBe(1);
    const second = held.service.verifyPayment(body);
    // The second finds the order held: it waits (polling the lease) instead of looking the buyer up itself.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lookups()).toBe(1);
    release();
    const answers = await Promise.all([first, second]);
    const uids = answers.map((answer) => {
      expect(answer.status).toBe(200);
      const { token } = answer.body as { token: string };
      return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).uid as string;
    });
    expect(new Set(uids).size).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({ accountCreated: true, fulfillingUntil: null, fulfilmentError: null });
  });

  it('a webhook reporting another amount after the verification fulfilled it flags the payment', async () => {
    const details = buyer();
    const { order, checkout } = await paidOrder('growth-engine');
    expect((await verify({ ...checkout, userDetails: details, plan: 'growth-engine' })).status).toBe(200);
    await settle();
    const hook = signedWebhook(
      'payment.captured',
      { id: checkout.razorpay_payment_id, order_id: order.id, amount: 100, currency: 'INR', status: 'captured', email: details.email },
      payments.gateway.webhookSecret,
    );
    expect((await postWebhook(app.url, hook.body, hook.signature, `evt_late_short_${order.id}`)).status).toBe(200);
    await settle();
    const [row] = await testDb.db.select().from(paymentRows).where(eq(paymentRows.gatewayPaymentId, checkout.razorpay_payment_id));
    expect(row).toMatchObject({ refundNeeded: true });
  });

  it('a stored plan the price list does not know counts as none: a purchase replaces it', async () => {
    const user = await admin.createUser({ email: buyer().email });
    await testDb.db
      .insert(userProfiles)
      .values({ uid: user.uid, email: user.email!, purchasedPlan: 'legacy-gold', purchasedAt: new Date('2025-01-01') });
    const held = await grantPlan({ db: testDb.db }, { uid: user.uid, email: user.email!, plan: 'launchpad', at: new Date() });
    expect(held.plan).toBe('launchpad');
  });
});

describe('refunds', () => {
  const profileOf = async (uid: string) => (await testDb.db.select().from(userProfiles).where(eq(userProfiles.uid, uid)))[0];
  const paymentRow = async (id: string) => (await testDb.db.select().from(paymentRows).where(eq(paymentRows.gatewayPaymentId, id)))[0]!;
  const claimOf = async (uid: string) => (await admin.getUser(uid)).customClaims?.plan ?? null;
  let eventCount = 0;

  /** Buys `plan` for `client` through the checkout and verification; the account's uid and the payment. */
  async function buy(plan: 'launchpad' | 'growth-engine' | 'scale-up', client: ReturnType<typeof buyer>) {
    const { order, checkout } = await paidOrder(plan);
    expect((await verify({ ...checkout, userDetails: client, plan })).status).toBe(200);
    await settle();
    const uid = (await admin.getUserByEmail(client.email)).uid;
    return { orderId: order.id, paymentId: checkout.razorpay_payment_id, amount: order.amount, uid };
  }

  /**
   * The gateway reports a processed refund of `amount` paise (by default a new refund id, and a payment whose total
   * refunded so far is that amount).
   */
  async function refund(
    payment: { orderId: string; paymentId: string; amount: number },
    amount: number,
    { id = `rfnd_${eventCount + 1}_${payment.paymentId.slice(4)}`, total = amount }: { id?: string; total?: number } = {},
  ) {
    const hook = signedRefundWebhook(
      { id: payment.paymentId, order_id: payment.orderId, amount: payment.amount, amount_refunded: total },
      { id, amount },
      payments.gateway.webhookSecret,
    );
    eventCount += 1;
    expect((await postWebhook(app.url, hook.body, hook.signature, `evt_refund_${eventCount}_${payment.paymentId}`)).status).toBe(200);
    await settle();
  }

  it('a full refund of the payment behind a plan withdraws the plan and its claim; a repeat changes nothing', async () => {
    const client = buyer();
    const bought = await buy('growth-engine', client);
    expect(await claimOf(bought.uid)).toBe('growth-engine');
    await refund(bought, bought.amount, { id: `rfnd_full_${bought.paymentId}` });
    expect(await paymentRow(bought.paymentId)).toMatchObject({ status: 'refunded', amountRefundedPaise: bought.amount });
    expect(await profileOf(bought.uid)).toMatchObject({ purchasedPlan: null, purchasedAt: null });
    expect(await claimOf(bought.uid)).toBeNull();
    // The order stays paid and fulfilled: the record of what happened, with the refund beside it in the inbox.
    expect(await orderRow(bought.orderId)).toMatchObject({ status: 'paid', customerUid: bought.uid });
    const other = await buy('launchpad', buyer());
    await refund(other, 50_000);
    const inboxRow = async (orderId: string) =>
      (await listRows(testDb.db, 'orders', { q: '', limit: 50 }, 5)).find(({ row }) => row.gatewayOrderId === orderId)!.row;
    expect(await inboxRow(bought.orderId)).toMatchObject({ refundedPaise: bought.amount, refundNeeded: false });
    expect(await inboxRow(other.orderId)).toMatchObject({ refundedPaise: 50_000, refundNeeded: false });
    // The account manager later sets the plan by hand (the client paid by bank transfer); the same refund reported
    // again (a redelivery, or its signed body replayed under a new event id) takes nothing away.
    await testDb.db
      .update(userProfiles)
      .set({ purchasedPlan: 'growth-engine', purchasedAt: new Date() })
      .where(eq(userProfiles.uid, bought.uid));
    await refund(bought, bought.amount, { id: `rfnd_full_${bought.paymentId}` });
    expect(await paymentRow(bought.paymentId)).toMatchObject({ status: 'refunded', amountRefundedPaise: bought.amount });
    expect((await profileOf(bought.uid))?.purchasedPlan).toBe('growth-engine');
  });

  it("a refund's claim update that interleaves with a new purchase's leaves the token with the plan the database holds", async () => {
    const client = buyer();
    const first = await buy('launchpad', client);
    // A second server whose Firebase answers the refund's claim lookup only after the client has bought again.
    let entered!: () => void;
    const inFirebase = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let gated = true;
    const slowAuth = Object.assign(Object.create(admin) as Auth, {
      getUser: async (uid: string) => {
        if (gated) {
          gated = false;
          entered();
          await gate;
        }
        return admin.getUser(uid);
      },
    });
    const other = createPayments({
      config,
      db: testDb.db,
      auth: slowAuth,
      logger: createLogger({ level: 'silent' }),
      webhookRetryAfterMs: 0,
    });
    const hook = signedRefundWebhook(
      { id: first.paymentId, order_id: first.orderId, amount: first.amount, amount_refunded: first.amount },
      { id: `rfnd_race_${first.paymentId}`, amount: first.amount },
      other.gateway.webhookSecret,
    );
    await other.service.handleWebhook(Buffer.from(hook.body), hook.signature, `evt_refund_race_${first.paymentId}`);
    await inFirebase; // the plan is withdrawn in the database; the claim's removal is on its way
    const upgrade = await buy('growth-engine', client);
    expect(await claimOf(first.uid)).toBe('growth-engine');
    release();
    await other.service.settled();
    expect((await profileOf(first.uid))?.purchasedPlan).toBe('growth-engine');
    expect(await claimOf(upgrade.uid)).toBe('growth-engine');
  });

  it('a partial refund keeps the plan; each refund counts once, whatever order the events come in', async () => {
    const client = buyer();
    const bought = await buy('launchpad', client);
    const before = await profileOf(bought.uid);
    const first = `rfnd_first_${bought.paymentId}`;
    await refund(bought, 100_000, { id: first });
    expect(await paymentRow(bought.paymentId)).toMatchObject({ status: 'captured', amountRefundedPaise: 100_000 });
    expect(await profileOf(bought.uid)).toMatchObject({ purchasedPlan: 'launchpad', purchasedAt: before!.purchasedAt });
    expect(await claimOf(bought.uid)).toBe('launchpad');
    await refund(bought, bought.amount - 100_000, { total: bought.amount });
    await refund(bought, 100_000, { id: first }); // the first event, redelivered late
    expect(await paymentRow(bought.paymentId)).toMatchObject({ status: 'refunded', amountRefundedPaise: bought.amount });
    expect((await profileOf(bought.uid))?.purchasedPlan).toBeNull();
  });

  it('refunding an upgrade goes back to the plan the client still pays for, from its own date', async () => {
    const client = buyer();
    const first = await buy('launchpad', client);
    const upgrade = await buy('growth-engine', client);
    expect((await profileOf(first.uid))?.purchasedPlan).toBe('growth-engine');
    await refund(upgrade, upgrade.amount);
    expect(await profileOf(first.uid)).toMatchObject({ purchasedPlan: 'launchpad', purchasedAt: (await orderRow(first.orderId)).paidAt });
    expect(await claimOf(first.uid)).toBe('launchpad');
  });

  it('refunding a payment the plan did not come from leaves the plan, and clears its "refund needed"', async () => {
    const client = buyer();
    const plan = await buy('growth-engine', client);
    const needed = async () => (await summaryCounts(testDb.db, 5)).refundsNeeded;
    // The client (or someone) pays for LaunchPad as well: the plan stays, that payment is flagged to go back.
    const flagged = await buy('launchpad', client);
    expect(await paymentRow(flagged.paymentId)).toMatchObject({ refundNeeded: true });
    const before = await needed();
    await refund(flagged, flagged.amount);
    expect(await needed()).toBe(before - 1);
    expect(await profileOf(plan.uid)).toMatchObject({ purchasedPlan: 'growth-engine' });
    expect(await claimOf(plan.uid)).toBe('growth-engine');
  });

  it('a refund that arrives before its order is fulfilled: the account is set up, no plan is granted', async () => {
    const { flaky, outage } = paymentsWithFlakyGrant();
    const client = buyer();
    const { id: orderId, amount } = await flaky.service.createOrder({ plan: 'growth-engine', currency: 'INR' });
    const { razorpay_payment_id: paymentId } = await flaky.sandbox!.pay(orderId);
    const signature = paymentSignature(orderId, paymentId, flaky.gateway.keySecret);
    const verification = {
      razorpay_payment_id: paymentId,
      razorpay_order_id: orderId,
      razorpay_signature: signature,
      plan: 'growth-engine',
      userDetails: client,
    };
    expect((await flaky.service.verifyPayment(verification)).status).toBe(503);
    await flaky.sandbox!.settled();
    await flaky.service.settled();
    const hook = signedRefundWebhook(
      { id: paymentId, order_id: orderId, amount, amount_refunded: amount },
      { id: `rfnd_early_${paymentId}`, amount },
      flaky.gateway.webhookSecret,
    );
    await flaky.service.handleWebhook(Buffer.from(hook.body), hook.signature, `evt_refund_early_${paymentId}`);
    await flaky.service.settled();
    // Verified again while the account is still owed: told it was refunded, not "your account will be ready soon".
    expect(await flaky.service.verifyPayment(verification)).toEqual({
      status: 409,
      body: { success: false, msg: paymentMessages.refunded },
    });
    outage.on = false;
    await flaky.service.reconcile();
    const row = await orderRow(orderId);
    expect(row.fulfilledAt).not.toBeNull();
    expect((await profileOf(row.customerUid!))?.purchasedPlan ?? null).toBeNull();
    expect(await claimOf(row.customerUid!)).toBeNull();
    // The buyer's page, reopened, verifies the payment again: told it was refunded, not "paid", and not signed in.
    expect(await flaky.service.verifyPayment(verification)).toEqual({
      status: 409,
      body: { success: false, msg: paymentMessages.refunded },
    });
  });

  it('a checkout verified again after its payment was refunded in full is told so, and not signed in', async () => {
    const client = buyer();
    const { order, checkout } = await paidOrder('launchpad');
    const verification = { ...checkout, userDetails: client, plan: 'launchpad' };
    expect((await verify(verification)).status).toBe(200);
    await settle();
    await refund({ orderId: order.id, paymentId: checkout.razorpay_payment_id, amount: order.amount }, order.amount - 100);
    expect((await verify(verification)).status).toBe(200); // a partial refund: the plan, and the sign-in, stay
    await refund({ orderId: order.id, paymentId: checkout.razorpay_payment_id, amount: order.amount }, 100, { total: order.amount });
    const answer = await verify(verification);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({ success: false, msg: paymentMessages.refunded });
  });

  it('the same payments and the same refund leave the same plan, whichever lands first; the kept payment is no longer flagged', async () => {
    // The refund of Growth Engine processed before the client's LaunchPad purchase is fulfilled...
    const early = buyer();
    const earlyPlan = await buy('growth-engine', early);
    await refund(earlyPlan, earlyPlan.amount);
    await buy('launchpad', early);
    // ...and after it (LaunchPad was then a payment for a lower plan, flagged for the account manager).
    const late = buyer();
    const latePlan = await buy('growth-engine', late);
    const lower = await buy('launchpad', late);
    expect(await paymentRow(lower.paymentId)).toMatchObject({ refundNeeded: true });
    await refund(latePlan, latePlan.amount);
    expect((await profileOf(earlyPlan.uid))?.purchasedPlan).toBe('launchpad');
    expect((await profileOf(latePlan.uid))?.purchasedPlan).toBe('launchpad');
    expect(await claimOf(latePlan.uid)).toBe('launchpad');
    // LaunchPad's payment is now what the client pays with: it no longer has to go back.
    expect(await paymentRow(lower.paymentId)).toMatchObject({ refundNeeded: false });
  });

  it("a refund still pending does not count: only the processed refund's own amount does", async () => {
    const client = buyer();
    const bought = await buy('growth-engine', client);
    const half = bought.amount / 2;
    // R1 (half) processed; R2 (the other half) created and pending. The payment entity already counts both.
    await refund(bought, half, { total: bought.amount });
    expect(await paymentRow(bought.paymentId)).toMatchObject({ amountRefundedPaise: half, status: 'captured' });
    expect((await profileOf(bought.uid))?.purchasedPlan).toBe('growth-engine');
  });

  it('a refund event without the amount refunded is stored and changes nothing', async () => {
    const client = buyer();
    const bought = await buy('launchpad', client);
    const hook = signedWebhook(
      'refund.processed',
      { id: bought.paymentId, order_id: bought.orderId, amount: bought.amount, currency: 'INR', status: 'refunded' },
      payments.gateway.webhookSecret,
    );
    expect((await postWebhook(app.url, hook.body, hook.signature, `evt_refund_bare_${bought.paymentId}`)).status).toBe(200);
    await settle();
    expect(await paymentRow(bought.paymentId)).toMatchObject({ status: 'captured', amountRefundedPaise: 0 });
    expect((await profileOf(bought.uid))?.purchasedPlan).toBe('launchpad');
  });
});

describe('disputes', () => {
  let eventCount = 0;
  const inboxRow = async (orderId: string) =>
    (await listRows(testDb.db, 'orders', { q: orderId, limit: 5 }, 5)).find(({ row }) => row.gatewayOrderId === orderId)!.row;
  const openDisputes = async () => (await summaryCounts(testDb.db, 5)).openDisputes;

  async function dispute(
    paid: { order: { id: string; amount: number }; checkout: { razorpay_payment_id: string } },
    event: Parameters<typeof signedDisputeWebhook>[0],
    entity: Parameters<typeof signedDisputeWebhook>[2],
    createdAt?: number,
  ) {
    const hook = signedDisputeWebhook(
      event,
      { id: paid.checkout.razorpay_payment_id, order_id: paid.order.id, amount: paid.order.amount },
      entity,
      payments.gateway.webhookSecret,
      createdAt,
    );
    eventCount += 1;
    expect((await postWebhook(app.url, hook.body, hook.signature, `evt_dispute_${eventCount}_${paid.order.id}`)).status).toBe(200);
    await settle();
  }

  it('an open dispute shows on the order with its date to answer by, counts in the summary, and leaves the plan alone', async () => {
    const client = buyer();
    const paid = await paidOrder('growth-engine');
    expect((await verify({ ...paid.checkout, userDetails: client, plan: 'growth-engine' })).status).toBe(200);
    await settle();
    const before = await openDisputes();
    const respondBy = Math.floor(Date.UTC(2026, 11, 3, 18, 30) / 1000);
    const id = `disp_open_${paid.order.id.slice(6)}`;
    await dispute(paid, 'created', {
      id,
      amount: paid.order.amount,
      status: 'open',
      phase: 'chargeback',
      reason_code: 'goods_not_received',
      reason_description: 'Services not received',
      respond_by: respondBy,
    });
    expect((await inboxRow(paid.order.id)).dispute).toEqual({
      status: 'open',
      amountPaise: paid.order.amount,
      phase: 'chargeback',
      reason: 'Services not received',
      respondBy: new Date(respondBy * 1000).toISOString(),
    });
    expect(await openDisputes()).toBe(before + 1);
    const uid = (await admin.getUserByEmail(client.email)).uid;
    expect((await testDb.db.select().from(userProfiles).where(eq(userProfiles.uid, uid)))[0]?.purchasedPlan).toBe('growth-engine');

    // Answered, then won: no longer to answer.
    await dispute(paid, 'under_review', { id, amount: paid.order.amount, status: 'under_review', respond_by: respondBy });
    expect((await inboxRow(paid.order.id)).dispute?.status).toBe('under_review');
    expect(await openDisputes()).toBe(before);
    await dispute(paid, 'won', { id, amount: paid.order.amount, status: 'won' });
    expect((await inboxRow(paid.order.id)).dispute).toMatchObject({ status: 'won', respondBy: null });
  });

  it('an older event delivered late does not take a dispute back; of two in the same second, the later status stands', async () => {
    const paid = await paidOrder('launchpad');
    await settle();
    const id = `disp_late_${paid.order.id.slice(6)}`;
    const at = Math.floor(Date.now() / 1000);
    await dispute(paid, 'lost', { id, amount: paid.order.amount, status: 'lost' }, at + 60);
    await dispute(paid, 'created', { id, amount: paid.order.amount, status: 'open', respond_by: at + 86_400 }, at);
    expect((await inboxRow(paid.order.id)).dispute?.status).toBe('lost');
    const same = await paidOrder('launchpad');
    await settle();
    const sameId = `disp_same_${same.order.id.slice(6)}`;
    await dispute(same, 'under_review', { id: sameId, amount: same.order.amount, status: 'under_review' }, at);
    await dispute(same, 'created', { id: sameId, amount: same.order.amount, status: 'open' }, at);
    expect((await inboxRow(same.order.id)).dispute?.status).toBe('under_review');
    // ...and in the order they happened: the later status replaces the earlier one of the same second.
    await dispute(same, 'won', { id: sameId, amount: same.order.amount, status: 'won' }, at);
    expect((await inboxRow(same.order.id)).dispute?.status).toBe('won');
  });

  it('a dispute event for another payment, an order not ours, or with no usable dispute changes nothing', async () => {
    const paid = await paidOrder('launchpad');
    await settle();
    const before = await openDisputes();
    const base = { amount: paid.order.amount, status: 'open' };
    await dispute(paid, 'created', { ...base, id: `disp_other_${paid.order.id.slice(6)}`, payment_id: 'pay_someone_else' } as never);
    await dispute(paid, 'created', { ...base, id: '' });
    await dispute(paid, 'created', { ...base, id: `disp_big_${paid.order.id.slice(6)}`, amount: paid.order.amount + 1 });
    await dispute(paid, 'created', { ...base, id: `disp_status_${paid.order.id.slice(6)}`, status: 'pending' });
    await dispute({ ...paid, order: { ...paid.order, id: 'order_NotOurs0001' } }, 'created', { ...base, id: 'disp_not_ours' });
    expect((await inboxRow(paid.order.id)).dispute).toBeNull();
    expect(await openDisputes()).toBe(before);
    const stored = await testDb.db
      .select()
      .from(paymentWebhookEvents)
      .where(sql`${paymentWebhookEvents.type} like 'payment.dispute.%' and ${paymentWebhookEvents.processedAt} is null`);
    expect(stored).toEqual([]); // each stored and processed, none left to retry
  });
});
