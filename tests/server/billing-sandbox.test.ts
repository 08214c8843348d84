import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { setupBillingPlans } from '../../server/billing/setupPlans';
import { orders, subscriptionInvoices, subscriptions, userProfiles } from '../../server/db/schema';
import { silentLogger } from '../../server/logger';
import { createPayments, type Payments } from '../../server/payments/setup';
import { periodEnd } from '../../src/domain/billing';
import { paymentMessages, type SubscribeAnswer } from '../../src/domain/payment';
import { openTestDatabase, startApp, testConfig, type RunningApp, type TestDatabase } from './support';
import { buyer, createOneTimeOrder, emulatorHost, memoryAuthAdmin, postJson, projectId } from './payments-support';

/**
 * Monthly billing on the sandbox gateway (docs/decisions/180-monthly-billing.md): subscribing, the first charge's
 * verification and sign-in, then months passing on the sandbox's clock with renewals, a failed charge and its
 * recovery, halting, cancelling outside and inside the notice, pausing and resuming. Every change arrives as the
 * signed `subscription.*` events the sandbox sends, through the webhook pipeline.
 */

const config = testConfig({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, FIREBASE_PROJECT_ID: projectId, SANDBOX_WEBHOOK_DELAY_MS: '0' });
const DAY = 24 * 60 * 60_000;

let testDb: TestDatabase;
let app: RunningApp;
let payments: Payments;
const auth = memoryAuthAdmin();

beforeAll(async () => {
  testDb = await openTestDatabase();
  payments = createPayments({ config, db: testDb.db, logger: silentLogger, auth: auth.admin, webhookRetryAfterMs: 0 });
  await setupBillingPlans({ db: testDb.db, gateway: payments.subscriptions, logger: silentLogger });
  app = await startApp({ db: testDb.db, config, payments });
});

afterAll(async () => {
  await payments?.service.settled();
  await app?.close();
  await testDb?.close();
});

const sandbox = () => payments.sandboxBilling!;
const settled = () => payments.service.settled();

async function advance(ms: number) {
  const result = await sandbox().advance(ms);
  await settled();
  return result;
}

async function subscriptionRow(id: string) {
  const [row] = await testDb.db.select().from(subscriptions).where(eq(subscriptions.gatewaySubscriptionId, id));
  return row!;
}
async function invoices(id: string) {
  return testDb.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.gatewaySubscriptionId, id));
}
async function profile(uid: string) {
  const [row] = await testDb.db.select().from(userProfiles).where(eq(userProfiles.uid, uid));
  return row!;
}

/** Subscribes, pays in the sandbox checkout and verifies as the browser does: the subscription and its account. */
async function subscribedClient(plan: 'launchpad' | 'growth-engine' = 'launchpad') {
  const details = buyer();
  const created = await postJson(app.url, '/api/create-order', { plan, currency: 'INR', userDetails: details });
  expect(created.status).toBe(201);
  const answer = (await created.json()) as SubscribeAnswer;
  const paid = await (await postJson(app.url, `/api/sandbox/checkout/${answer.id}/pay`, { email: details.email })).json();
  const response = await postJson(app.url, '/api/verify-payment', {
    ...paid,
    plan,
    userDetails: details,
    checkoutSecret: answer.checkoutSecret,
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { success: boolean; token: string | null };
  expect(body).toMatchObject({ success: true });
  expect(body.token).toEqual(expect.any(String));
  await settled();
  const row = await subscriptionRow(answer.id);
  return { id: answer.id, uid: row.customerUid!, answer, details };
}

describe('monthly billing on the sandbox', () => {
  it('sets up one gateway Plan per plan sold online, once', async () => {
    const again = await setupBillingPlans({ db: testDb.db, gateway: payments.subscriptions, logger: silentLogger });
    expect(again.map(({ plan, monthlyPaise, outcome }) => ({ plan, monthlyPaise, outcome }))).toEqual([
      { plan: 'launchpad', monthlyPaise: 250_000, outcome: 'stored' },
      { plan: 'growth-engine', monthlyPaise: 450_000, outcome: 'stored' },
    ]);
    expect(await payments.subscriptions.listPlans()).toHaveLength(2);
  });

  it('POST /api/create-order makes a subscription priced by the server; a plan not sold online or bad details get a 400', async () => {
    const created = await postJson(app.url, '/api/create-order', { plan: 'launchpad', currency: 'INR', amount: 100 });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({
      id: expect.stringMatching(/^sub_/),
      kind: 'subscription',
      amount: 1_250_000,
      monthlyAmount: 250_000,
      firstRenewalOn: expect.any(String),
      currency: 'INR',
      keyId: 'rzp_test_sandbox',
      mode: 'sandbox',
      description: 'Payment for LaunchPad Plan',
      checkoutSecret: expect.any(String),
    });
    const custom = await postJson(app.url, '/api/create-order', { plan: 'scale-up', currency: 'INR' });
    expect(custom.status).toBe(400);
    expect((await custom.json()).error).toMatchObject({ code: 'validation_failed', message: paymentMessages.planCustom });
    const invalid = await postJson(app.url, '/api/create-order', {
      plan: 'launchpad',
      currency: 'INR',
      userDetails: { email: 'not an email' },
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.code).toBe('validation_failed');
  });

  it('the sandbox checkout refuses to take a first charge twice, and its clock moves only forward', async () => {
    const client = await subscribedClient();
    const again = await postJson(app.url, `/api/sandbox/checkout/${client.id}/pay`, {});
    expect(again.status).toBe(409);
    expect((await postJson(app.url, '/api/sandbox/billing/advance', { days: -1 })).status).toBe(400);
    expect((await postJson(app.url, '/api/sandbox/billing/advance', {})).status).toBe(400);
    const moved = await postJson(app.url, '/api/sandbox/billing/advance', { hours: 1 });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ now: expect.any(String), charged: 0, failed: 0 });
  });

  it('charges setup and the first month today, signs the buyer in, and shows the next charge a month on', async () => {
    const now = await payments.subscriptions.now();
    const client = await subscribedClient('growth-engine');
    expect(client.answer).toMatchObject({
      kind: 'subscription',
      amount: 2_150_000,
      monthlyAmount: 450_000,
      currency: 'INR',
      mode: 'sandbox',
    });
    expect(new Date(client.answer.firstRenewalOn).getTime()).toBe(periodEnd(now).getTime());

    const row = await subscriptionRow(client.id);
    expect(row).toMatchObject({ status: 'active', paidCount: 1, plan: 'growth-engine' });
    const paid = await invoices(client.id);
    expect(paid.map((invoice) => [invoice.amountPaise, invoice.status])).toEqual([[2_150_000, 'paid']]);
    expect(row.paidThrough?.getTime()).toBe(paid[0]!.periodEnd?.getTime());
    // Decision 090's fulfilment made exactly one order, for the first invoice, and it is fulfilled.
    const firstOrders = await testDb.db.select().from(orders).where(eq(orders.subscriptionId, client.id));
    expect(firstOrders).toHaveLength(1);
    expect(firstOrders[0]).toMatchObject({ status: 'paid', amountPaise: 2_150_000, customerUid: client.uid });
    expect(await profile(client.uid)).toMatchObject({ purchasedPlan: 'growth-engine', billingState: 'active' });
    expect((await profile(client.uid)).planPaidThrough?.getTime()).toBe(row.paidThrough?.getTime());
  });

  it('renews every month: an invoice at the monthly fee, and the paid period moves on', async () => {
    const client = await subscribedClient();
    const before = (await subscriptionRow(client.id)).paidThrough!;
    const { charged } = await advance(before.getTime() - (await payments.subscriptions.now()).getTime() + 60_000);
    expect(charged).toBeGreaterThanOrEqual(1);
    const row = await subscriptionRow(client.id);
    expect(row.paidCount).toBe(2);
    expect(row.paidThrough?.getTime()).toBe(periodEnd(before).getTime());
    expect((await invoices(client.id)).map((invoice) => invoice.amountPaise).sort()).toEqual([1_250_000, 250_000].sort());
    expect(await profile(client.uid)).toMatchObject({ purchasedPlan: 'launchpad', billingState: 'active' });
  });

  it('keeps the plan with "payment failed" while a charge is retried, and recovers when a retry succeeds', async () => {
    const client = await subscribedClient();
    await sandbox().failNextCharges(client.id, 1);
    const due = (await subscriptionRow(client.id)).paidThrough!;
    await advance(due.getTime() - (await payments.subscriptions.now()).getTime() + 60_000);
    expect(await subscriptionRow(client.id)).toMatchObject({ status: 'pending', paidCount: 1 });
    expect(await profile(client.uid)).toMatchObject({ purchasedPlan: 'launchpad', billingState: 'payment_failed' });

    await advance(DAY);
    expect(await subscriptionRow(client.id)).toMatchObject({ status: 'active', paidCount: 2 });
    expect(await profile(client.uid)).toMatchObject({ purchasedPlan: 'launchpad', billingState: 'active' });
  });

  it('halts after three failed retries, and the plan ends with the paid period', async () => {
    const client = await subscribedClient();
    await sandbox().failNextCharges(client.id, 4);
    const due = (await subscriptionRow(client.id)).paidThrough!;
    await advance(due.getTime() - (await payments.subscriptions.now()).getTime() + 60_000);
    await advance(DAY);
    await advance(DAY);
    await advance(DAY);
    expect(await subscriptionRow(client.id)).toMatchObject({ status: 'halted', paidCount: 1 });
    await payments.service.reconcile();
    expect(await profile(client.uid)).toMatchObject({ purchasedPlan: null, billingState: 'none' });
  });

  it('cancels 20 days before billing at the end of the period: no more charges, the plan stays until then', async () => {
    const client = await subscribedClient();
    const paidThrough = (await subscriptionRow(client.id)).paidThrough!;
    await advance(paidThrough.getTime() - (await payments.subscriptions.now()).getTime() - 20 * DAY);
    const outcome = await payments.billing.cancel(client.uid, client.id);
    expect(outcome).toEqual({ kind: 'at_period_end', endsAt: paidThrough });
    expect(await profile(client.uid)).toMatchObject({ purchasedPlan: 'launchpad', billingState: 'ending' });

    await advance(20 * DAY + 60_000);
    await payments.service.reconcile();
    expect(await subscriptionRow(client.id)).toMatchObject({ status: 'cancelled', paidCount: 1 });
    expect(await invoices(client.id)).toHaveLength(1);
    expect(await profile(client.uid)).toMatchObject({ purchasedPlan: null, billingState: 'none' });
  });

  it('cancels 5 days before billing after the next charge: charged once more, then it ends', async () => {
    const client = await subscribedClient();
    const paidThrough = (await subscriptionRow(client.id)).paidThrough!;
    await advance(paidThrough.getTime() - (await payments.subscriptions.now()).getTime() - 5 * DAY);
    const outcome = await payments.billing.cancel(client.uid, client.id);
    expect(outcome).toEqual({ kind: 'after_next_charge', nextChargeAt: paidThrough, endsAt: periodEnd(paidThrough) });

    await advance(5 * DAY + 60_000);
    expect(await subscriptionRow(client.id)).toMatchObject({ paidCount: 2, cancelAfterCharge: null });
    expect(await profile(client.uid)).toMatchObject({ purchasedPlan: 'launchpad', billingState: 'ending' });

    await advance(periodEnd(paidThrough).getTime() - (await payments.subscriptions.now()).getTime() + 60_000);
    await payments.service.reconcile();
    expect(await subscriptionRow(client.id)).toMatchObject({ status: 'cancelled', paidCount: 2 });
    expect(await invoices(client.id)).toHaveLength(2);
    expect(await profile(client.uid)).toMatchObject({ purchasedPlan: null });
  });

  it('a plan paid once before monthly billing is kept to the end of the month paid for, then ends', async () => {
    const details = buyer();
    const order = (await (await createOneTimeOrder(payments, { plan: 'launchpad', currency: 'INR', userDetails: details })).json()) as {
      id: string;
      checkoutSecret: string;
    };
    const paid = await payments.sandbox!.pay(order.id);
    const verified = await postJson(app.url, '/api/verify-payment', {
      ...paid,
      plan: 'launchpad',
      userDetails: details,
      checkoutSecret: order.checkoutSecret,
    });
    expect(verified.status).toBe(200);
    await settled();
    const [row] = await testDb.db.select().from(orders).where(eq(orders.gatewayOrderId, order.id));
    const uid = row!.customerUid!;
    const paidAt = row!.paidAt!;
    expect(await profile(uid)).toMatchObject({ purchasedPlan: 'launchpad', planPaidThrough: null });

    // Migration 0014, as it runs on a database with such purchases.
    const migration = readFileSync(new URL('../../server/db/migrations/0014_legacy_one_time_plans.sql', import.meta.url), 'utf8');
    await testDb.db.execute(sql.raw(migration));
    const endsAt = periodEnd(paidAt);
    expect(await profile(uid)).toMatchObject({ purchasedPlan: 'launchpad', billingState: 'ending', planPaidThrough: endsAt });

    // The earlier tests moved the sandbox's clock on by months already: past the end, or up to it.
    const untilEnd = endsAt.getTime() - (await payments.subscriptions.now()).getTime();
    if (untilEnd >= 0) await advance(untilEnd + 60_000);
    await payments.service.reconcile();
    expect(await profile(uid)).toMatchObject({ purchasedPlan: null, billingState: 'none' });
  });

  it('pauses and resumes through the account manager', async () => {
    const client = await subscribedClient();
    await payments.billing.pause(client.id);
    await settled();
    expect(await subscriptionRow(client.id)).toMatchObject({ status: 'paused', chargeAt: null });
    expect(await profile(client.uid)).toMatchObject({ purchasedPlan: 'launchpad', billingState: 'paused' });
    await advance(DAY);
    await payments.billing.resume(client.id);
    await settled();
    expect(await subscriptionRow(client.id)).toMatchObject({ status: 'active' });
    expect(await profile(client.uid)).toMatchObject({ purchasedPlan: 'launchpad', billingState: 'active' });
  });
});
