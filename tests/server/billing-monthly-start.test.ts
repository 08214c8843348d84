import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { recomputeEntitlement } from '../../server/billing/entitlement';
import { mailMessages, orders, subscriptionInvoices, subscriptions, userProfiles } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { subscriptionPaymentSignature } from '../../server/payments/signature';
import { createPayments, type Payments } from '../../server/payments/setup';
import { periodEnd } from '../../src/domain/billing';
import type { BillingOverview, MonthlyStart } from '../../src/domain/billingAccount';
import type { SubscribeAnswer } from '../../src/domain/payment';
import { drain, mailWorker } from './mailSupport';
import { openTestDatabase, startApp, testConfig, type RunningApp, type TestDatabase } from './support';
import { idTokenFor, signedUpIdToken } from './authEmulator';
import { buyer, createOneTimeOrder, emulatorHost, postJson, projectId } from './payments-support';

/**
 * A client who paid once before monthly billing starts their monthly payment from the dashboard (decision 182):
 * no setup fee, the card authorised today, the first charge when the month they paid for ends, and the plan held
 * without a break. Signed in through the Auth Emulator as the dashboard is; the sandbox plays Razorpay.
 */

const config = testConfig({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, FIREBASE_PROJECT_ID: projectId, SANDBOX_WEBHOOK_DELAY_MS: '0' });
const DAY = 24 * 60 * 60_000;

let testDb: TestDatabase;
let app: RunningApp;
let payments: Payments;

beforeAll(async () => {
  testDb = await openTestDatabase();
  payments = createPayments({ config, db: testDb.db, logger: createLogger({ level: 'silent' }), webhookRetryAfterMs: 0 });
  app = await startApp({ db: testDb.db, config, payments });
});

afterAll(async () => {
  await payments?.service.settled();
  await app?.close();
  await testDb?.close();
});

const auth = (idToken: string) => ({ authorization: `Bearer ${idToken}` });
const now = () => payments.subscriptions.now();
async function advance(ms: number) {
  await payments.sandboxBilling!.advance(ms);
  await payments.service.settled();
}

/** A client who bought `plan` once, before monthly billing, at the sandbox clock's now. */
async function legacyClient(plan = 'launchpad') {
  const details = buyer({ businessName: 'Mehta Dental' });
  const order = (await (await createOneTimeOrder(payments, { plan, currency: 'INR', userDetails: details })).json()) as {
    id: string;
    checkoutSecret: string;
  };
  const paid = await payments.sandbox!.pay(order.id);
  const verified = await postJson(app.url, '/api/verify-payment', {
    ...paid,
    plan,
    userDetails: details,
    checkoutSecret: order.checkoutSecret,
  });
  const { token } = (await verified.json()) as { token: string };
  await payments.service.settled();
  const paidAt = await now();
  const [row] = await testDb.db.update(orders).set({ paidAt }).where(eq(orders.gatewayOrderId, order.id)).returning();
  const uid = row!.customerUid!;
  await testDb.db.transaction((tx) => recomputeEntitlement(tx, uid, details.email, paidAt));
  return { uid, email: details.email, paidThrough: periodEnd(paidAt), idToken: await idTokenFor(token) };
}

async function overview(idToken: string): Promise<BillingOverview> {
  const response = await fetch(`${app.url}/api/billing`, { headers: auth(idToken) });
  expect(response.status).toBe(200);
  return (await response.json()) as BillingOverview;
}

async function startMonthly(idToken: string) {
  const response = await postJson(app.url, '/api/billing/monthly', {}, auth(idToken));
  return { status: response.status, body: (await response.json()) as MonthlyStart & { error?: { code: string; message: string } } };
}

/** The checkout's authorisation (the sandbox's Pay now), then the page's confirmation. */
async function authorise(idToken: string, subscriptionId: string) {
  const signed = await (await postJson(app.url, `/api/sandbox/checkout/${subscriptionId}/pay`, {})).json();
  return postJson(app.url, '/api/billing/monthly/confirm', signed, auth(idToken));
}

const subscriptionRow = async (id: string) =>
  (await testDb.db.select().from(subscriptions).where(eq(subscriptions.gatewaySubscriptionId, id)))[0];
const profile = async (uid: string) => (await testDb.db.select().from(userProfiles).where(eq(userProfiles.uid, uid)))[0];
const invoicesOf = (id: string) => testDb.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.gatewaySubscriptionId, id));

describe('starting the monthly payment of a plan paid once', () => {
  it('authorises the card today, charges the monthly fee alone when the paid month ends, and the plan never lapses', async () => {
    const client = await legacyClient();
    const before = await overview(client.idToken);
    expect(before).toMatchObject({ subscription: null, oneTime: { plan: 'launchpad', paidThrough: client.paidThrough.toISOString() } });

    const started = await startMonthly(client.idToken);
    expect(started.status).toBe(201);
    expect(started.body).toEqual({
      subscriptionId: expect.stringMatching(/^sub_/),
      plan: 'launchpad',
      monthlyPaise: 250_000,
      startsAt: client.paidThrough.toISOString(),
    });
    // Asked again before the card is authorised (the checkout was closed): the same subscription, not a second one.
    expect((await startMonthly(client.idToken)).body.subscriptionId).toBe(started.body.subscriptionId);

    const confirmed = await authorise(client.idToken, started.body.subscriptionId);
    expect(confirmed.status).toBe(200);
    expect(await subscriptionRow(started.body.subscriptionId)).toMatchObject({
      status: 'authenticated',
      paidCount: 0,
      setupPaise: 0,
      customerUid: client.uid,
    });
    // Staff hear of it once: a new subscription, from a one-time payment.
    await drain(mailWorker(testDb.db, config));
    const notices = await testDb.db
      .select()
      .from(mailMessages)
      .where(like(mailMessages.subject, `New subscription: LaunchPad, ${client.email}%`));
    expect(notices.map((mail) => mail.subject)).toEqual([`New subscription: LaunchPad, ${client.email} (from a one-time payment)`]);
    const set = await overview(client.idToken);
    expect(set.oneTime).toBeNull();
    expect(set.subscription).toMatchObject({
      status: 'authenticated',
      state: 'active',
      monthlyPaise: 250_000,
      paidThrough: client.paidThrough.toISOString(),
      nextChargeAt: client.paidThrough.toISOString(),
      cancelPreview: { kind: 'at_period_end', endsAt: client.paidThrough.toISOString() },
    });
    expect(set.invoices).toEqual([]);
    expect((await startMonthly(client.idToken)).body.error?.code).toBe('already_monthly');
    const early = await postJson(
      app.url,
      '/api/billing/requests',
      { subscriptionId: started.body.subscriptionId, kind: 'pause' },
      auth(client.idToken),
    );
    expect(early.status).toBe(409);

    await advance(client.paidThrough.getTime() - (await now()).getTime() + 60_000);
    const charged = await subscriptionRow(started.body.subscriptionId);
    expect(charged).toMatchObject({ status: 'active', paidCount: 1, paidThrough: periodEnd(client.paidThrough) });
    expect(await invoicesOf(started.body.subscriptionId)).toEqual([
      expect.objectContaining({ amountPaise: 250_000, status: 'paid', periodStart: client.paidThrough }),
    ]);
    expect(await profile(client.uid)).toMatchObject({
      purchasedPlan: 'launchpad',
      billingState: 'active',
      planPaidThrough: periodEnd(client.paidThrough),
    });
    // The account exists: the first monthly charge makes no checkout order and signs nobody in.
    expect(await testDb.db.select().from(orders).where(eq(orders.subscriptionId, started.body.subscriptionId))).toEqual([]);
  });

  it('the webhook alone records the authorisation when the browser closed before confirming', async () => {
    const client = await legacyClient('growth-engine');
    const started = await startMonthly(client.idToken);
    expect(started.body.monthlyPaise).toBe(450_000);
    await postJson(app.url, `/api/sandbox/checkout/${started.body.subscriptionId}/pay`, {});
    await payments.service.settled();
    expect(await subscriptionRow(started.body.subscriptionId)).toMatchObject({ status: 'authenticated' });
    expect((await overview(client.idToken)).subscription).toMatchObject({ status: 'authenticated', plan: 'growth-engine' });
  });

  it('cancelled 15 or more days before the start: nothing is ever charged, and the month paid once still runs out', async () => {
    const client = await legacyClient();
    const { body } = await startMonthly(client.idToken);
    await authorise(client.idToken, body.subscriptionId);
    const cancelled = await postJson(app.url, '/api/billing/cancel', { subscriptionId: body.subscriptionId }, auth(client.idToken));
    expect(await cancelled.json()).toEqual({ kind: 'at_period_end', endsAt: client.paidThrough.toISOString() });
    expect(await subscriptionRow(body.subscriptionId)).toMatchObject({ status: 'cancelled', paidCount: 0 });
    expect(await profile(client.uid)).toMatchObject({ purchasedPlan: 'launchpad' });

    await advance(client.paidThrough.getTime() - (await now()).getTime() + 60_000);
    await payments.service.reconcile();
    expect(await invoicesOf(body.subscriptionId)).toEqual([]);
    expect(await profile(client.uid)).toMatchObject({ purchasedPlan: null, billingState: 'none' });
  });

  it('cancelled inside the 15 days before the start: the first month is charged as promised, then it ends', async () => {
    const client = await legacyClient();
    await advance(client.paidThrough.getTime() - (await now()).getTime() - 10 * DAY);
    const { body } = await startMonthly(client.idToken);
    await authorise(client.idToken, body.subscriptionId);
    const cancelled = await postJson(app.url, '/api/billing/cancel', { subscriptionId: body.subscriptionId }, auth(client.idToken));
    const endsAt = periodEnd(client.paidThrough);
    expect(await cancelled.json()).toEqual({
      kind: 'after_next_charge',
      nextChargeAt: client.paidThrough.toISOString(),
      endsAt: endsAt.toISOString(),
    });

    await advance(10 * DAY + 60_000);
    expect(await invoicesOf(body.subscriptionId)).toHaveLength(1);
    expect(await profile(client.uid)).toMatchObject({ purchasedPlan: 'launchpad', billingState: 'ending', planPaidThrough: endsAt });
    await advance(endsAt.getTime() - (await now()).getTime() + 60_000);
    await payments.service.reconcile();
    expect(await subscriptionRow(body.subscriptionId)).toMatchObject({ status: 'cancelled', paidCount: 1 });
    expect(await invoicesOf(body.subscriptionId)).toHaveLength(1);
    expect(await profile(client.uid)).toMatchObject({ purchasedPlan: null });
  });

  it('refuses a client with nothing to continue, a forged or foreign authorisation, and a hostile body, each with a 4xx', async () => {
    const stranger = await signedUpIdToken(`nothing-${Date.now()}@example.com`, 'a-long-password-1');
    expect((await startMonthly(stranger)).body.error?.code).toBe('nothing_to_continue');
    expect((await postJson(app.url, '/api/billing/monthly', {})).status).toBe(401);

    const details = buyer();
    const bought = (await (
      await postJson(app.url, '/api/create-order', { plan: 'launchpad', currency: 'INR', userDetails: details })
    ).json()) as SubscribeAnswer;
    const paid = await (await postJson(app.url, `/api/sandbox/checkout/${bought.id}/pay`, {})).json();
    const { token } = await (
      await postJson(app.url, '/api/verify-payment', {
        ...paid,
        plan: 'launchpad',
        userDetails: details,
        checkoutSecret: bought.checkoutSecret,
      })
    ).json();
    await payments.service.settled();
    expect((await startMonthly(await idTokenFor(token))).body.error?.code).toBe('already_monthly');

    const client = await legacyClient();
    const { body } = await startMonthly(client.idToken);
    const forged = {
      razorpay_payment_id: 'pay_Forged123456',
      razorpay_subscription_id: body.subscriptionId,
      razorpay_signature: 'a'.repeat(64),
    };
    const refused = await postJson(app.url, '/api/billing/monthly/confirm', forged, auth(client.idToken));
    expect(refused.status).toBe(400);
    // Signed rightly, but the card was never authorised: the gateway's word decides.
    const signature = subscriptionPaymentSignature('pay_Unpaid123456', body.subscriptionId, payments.gateway.keySecret);
    const unpaid = await postJson(
      app.url,
      '/api/billing/monthly/confirm',
      { ...forged, razorpay_payment_id: 'pay_Unpaid123456', razorpay_signature: signature },
      auth(client.idToken),
    );
    expect(unpaid.status).toBe(409);
    expect((await unpaid.json()).error.code).toBe('not_authorised');
    const foreign = await postJson(app.url, '/api/billing/monthly/confirm', { ...forged, razorpay_signature: signature }, auth(stranger));
    expect(foreign.status).toBe(404);

    const huge = await postJson(
      app.url,
      '/api/billing/monthly/confirm',
      { ...forged, razorpay_payment_id: `pay_${'a'.repeat(5_000)}` },
      auth(client.idToken),
    );
    expect(huge.status).toBe(413);
    for (const value of ['', 'sub_\u0000abcdef', `sub_${'a'.repeat(60)}`, 42, null, ['sub_Abcdef123456'], { $gt: '' }]) {
      for (const field of ['razorpay_payment_id', 'razorpay_subscription_id', 'razorpay_signature']) {
        const response = await postJson(app.url, '/api/billing/monthly/confirm', { ...forged, [field]: value }, auth(client.idToken));
        expect(response.status, `${field}: ${JSON.stringify(value).slice(0, 40)}`).toBe(400);
        expect((await response.json()).error.details.fieldErrors).toHaveProperty(field);
      }
    }
    expect(await subscriptionRow(body.subscriptionId)).toMatchObject({ status: 'created' });
  });
});
