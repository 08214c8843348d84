import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { SubscriptionGateway } from '../../server/billing/gateway';
import { createRazorpaySubscriptions } from '../../server/billing/razorpaySubscriptions';
import { createMonthlyStart } from '../../server/billing/monthlyStart';
import { setupBillingPlans } from '../../server/billing/setupPlans';
import type { Config } from '../../server/config';
import { billingPlans, orders, subscriptionInvoices, subscriptions, userProfiles } from '../../server/db/schema';
import { silentLogger } from '../../server/logger';
import { GatewayError } from '../../server/payments/gateway';
import { createPayments, type Payments } from '../../server/payments/setup';
import { hmacSha256Hex } from '../../server/payments/signature';
import { periodEnd } from '../../src/domain/billing';
import { paymentMessages } from '../../src/domain/payment';
import { startFakeRazorpay, type FakeCharge, type FakeRazorpay } from './fakeRazorpay';
import { openTestDatabase, startApp, type RunningApp, type TestDatabase } from './support';
import {
  buyer,
  createOneTimeOrder,
  liveConfig,
  memoryAuthAdmin,
  postJson,
  postWebhook,
  signedSubscriptionWebhook,
} from './payments-support';

/**
 * Monthly billing in live mode: the razorpay SDK against the fake's Subscriptions API. Each call of the subscription
 * gateway as sent and as answered, Razorpay's refusals and silences; billing:setup-plans; then the whole flow through
 * the HTTP server: subscribe, the first charge verified with its `payment|subscription` signature, renewals from
 * webhooks delivered twice and out of order, and a renewal whose webhook never came, repaired by the reconciler.
 */

const keys = { keyId: 'rzp_test_BillingKey1234', keySecret: 'billing_key_secret', webhookSecret: 'billing_webhook_secret' };
const gatewayTimeoutMs = 600;
const DAY_S = 24 * 60 * 60;

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

const gatewayAt = (url: string, keySecret = keys.keySecret) =>
  createRazorpaySubscriptions({ ...keys, keySecret, timeoutMs: gatewayTimeoutMs, apiBaseUrl: url });
const lastCall = () => fake.calls.at(-1)!;
const callsSince = (start: number) => fake.calls.slice(start).map(({ method, path, query }) => ({ method, path, query }));
const fromSeconds = (value: number | null) => (value === null ? null : new Date(value * 1000));
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A plan, and a subscription on it that Razorpay has charged once (an international card unless told). */
async function chargedSubscription(gateway: SubscriptionGateway, options: Parameters<FakeRazorpay['chargeSubscription']>[1] = {}) {
  const plan = await gateway.createPlan({ monthlyPaise: 250_000, name: 'Test plan (monthly)', notes: { owner: 'tests' } });
  const created = await gateway.createSubscription({
    planId: plan.id,
    totalCount: 120,
    upfrontPaise: 1_000_000,
    upfrontName: 'Setup',
    notes: {},
  });
  const first = fake.chargeSubscription(created.id, options);
  return { plan, id: created.id, first };
}

describe('the Razorpay subscription gateway against the fake', () => {
  it('creates a monthly Plan, and lists Plans 100 at a time keeping the monthly ones', async () => {
    const gateway = gatewayAt(fake.url);
    const plan = await gateway.createPlan({ monthlyPaise: 99_900, name: 'Starter (monthly)', notes: { owner: 'tests', plan: 'starter' } });
    expect(plan).toEqual({ id: expect.stringMatching(/^plan_/), monthlyPaise: 99_900, notes: { owner: 'tests', plan: 'starter' } });
    expect(lastCall()).toEqual({
      method: 'POST',
      path: '/v1/plans',
      query: {},
      body: {
        period: 'monthly',
        interval: 1,
        item: { name: 'Starter (monthly)', amount: 99_900, currency: 'INR' },
        notes: { owner: 'tests', plan: 'starter' },
      },
    });

    for (let i = 0; i < 100; i += 1) await gateway.createPlan({ monthlyPaise: 10_000 + i, name: `Filler ${i}`, notes: {} });
    const weekly = { ...fake.plans.get(plan.id)!, id: 'plan_WeeklyNotMonthly', period: 'weekly' };
    fake.plans.set(weekly.id, weekly);

    const start = fake.calls.length;
    const listed = await gateway.listPlans();
    const monthlyAtFake = [...fake.plans.values()].filter((atFake) => atFake.period === 'monthly').map((atFake) => atFake.id);
    expect(listed.map((found) => found.id).sort()).toEqual(monthlyAtFake.sort());
    expect(listed).toHaveLength(101);
    // Empty notes come back as Razorpay's `[]` and are read as none.
    expect(listed.find((found) => found.monthlyPaise === 10_000)!.notes).toEqual({});
    expect(callsSince(start)).toEqual([
      { method: 'GET', path: '/v1/plans', query: { count: '100', skip: '0' } },
      { method: 'GET', path: '/v1/plans', query: { count: '100', skip: '100' } },
    ]);
  });

  it('creates a subscription with the setup fee as an upfront add-on, and fetches it', async () => {
    const gateway = gatewayAt(fake.url);
    const plan = await gateway.createPlan({ monthlyPaise: 250_000, name: 'LaunchPad (monthly)', notes: {} });
    const created = await gateway.createSubscription({
      planId: plan.id,
      totalCount: 120,
      upfrontPaise: 1_000_000,
      upfrontName: 'LaunchPad setup fee',
      notes: { plan: 'launchpad', receipt: 'rcpt_test_1' },
    });
    expect(lastCall()).toEqual({
      method: 'POST',
      path: '/v1/subscriptions',
      query: {},
      body: {
        plan_id: plan.id,
        total_count: 120,
        quantity: 1,
        customer_notify: 0,
        addons: [{ item: { name: 'LaunchPad setup fee', amount: 1_000_000, currency: 'INR' } }],
        notes: { plan: 'launchpad', receipt: 'rcpt_test_1' },
      },
    });
    const expected = {
      id: expect.stringMatching(/^sub_/),
      planId: plan.id,
      status: 'created',
      currentStart: null,
      currentEnd: null,
      chargeAt: null,
      endedAt: null,
      paidCount: 0,
      remainingCount: 120,
      customerId: null,
      notes: { plan: 'launchpad', receipt: 'rcpt_test_1' },
    };
    expect(created).toEqual(expected);
    expect(fake.subscriptions.get(created.id)).toMatchObject({ customer_notify: false, quantity: 1, total_count: 120 });

    expect(await gateway.fetchSubscription(created.id)).toEqual(expected);
    expect(lastCall()).toEqual({ method: 'GET', path: `/v1/subscriptions/${created.id}`, query: {}, body: undefined });

    // No setup fee: no add-ons at all (an empty list is not what Razorpay documents).
    await gateway.createSubscription({ planId: plan.id, totalCount: 12, upfrontPaise: 0, upfrontName: 'unused', notes: {} });
    expect(lastCall().body).toEqual({ plan_id: plan.id, total_count: 12, quantity: 1, customer_notify: 0, notes: {} });
  });

  it('reads a charged subscription: its cycle, next charge and counts, in Dates', async () => {
    const gateway = gatewayAt(fake.url);
    const { id, first } = await chargedSubscription(gateway);
    const fetched = await gateway.fetchSubscription(id);
    expect(fetched).toMatchObject({ status: 'active', paidCount: 1, remainingCount: 119, endedAt: null });
    expect(fetched.currentStart).toEqual(fromSeconds(first.subscription.current_start));
    expect(fetched.currentEnd).toEqual(fromSeconds(first.subscription.current_end));
    expect(fetched.chargeAt).toEqual(fetched.currentEnd);
  });

  it('cancels at cycle end with cancel_at_cycle_end:1 (status unchanged), and at once with no body', async () => {
    const gateway = gatewayAt(fake.url);
    const later = await chargedSubscription(gateway);
    const atCycleEnd = await gateway.cancelSubscription(later.id, true);
    expect(lastCall()).toEqual({
      method: 'POST',
      path: `/v1/subscriptions/${later.id}/cancel`,
      query: {},
      body: { cancel_at_cycle_end: 1 },
    });
    expect(atCycleEnd).toMatchObject({ status: 'active', endedAt: null });
    expect(fake.hidden.get(later.id)!.cancelAtCycleEnd).toBe(true);
    // When the cycle ends Razorpay cancels instead of charging.
    const ended = fake.chargeSubscription(later.id);
    expect(ended).toMatchObject({
      payment: null,
      invoice: null,
      subscription: { status: 'cancelled', ended_at: later.first.subscription.current_end },
    });

    const now = await chargedSubscription(gateway);
    const before = nowSeconds();
    const cancelled = await gateway.cancelSubscription(now.id, false);
    expect(lastCall()).toEqual({ method: 'POST', path: `/v1/subscriptions/${now.id}/cancel`, query: {}, body: undefined });
    expect(cancelled).toMatchObject({ status: 'cancelled', chargeAt: null });
    expect(cancelled.endedAt!.getTime() / 1000).toBeGreaterThanOrEqual(before);

    const again = await gateway.cancelSubscription(now.id, false).catch((err: unknown) => err);
    expect(again).toBeInstanceOf(GatewayError);
    expect(again).toMatchObject({
      failure: 'refused',
      statusCode: 400,
      gatewayCode: 'BAD_REQUEST_ERROR',
      message: 'Razorpay answered 400: Subscription is not cancellable in cancelled status',
    });
  });

  it('pauses with pause_at:now and resumes with resume_at:now, the next charge back on the cycle end', async () => {
    const gateway = gatewayAt(fake.url);
    const { id } = await chargedSubscription(gateway);
    const paused = await gateway.pauseSubscription(id);
    expect(lastCall()).toEqual({ method: 'POST', path: `/v1/subscriptions/${id}/pause`, query: {}, body: { pause_at: 'now' } });
    expect(paused).toMatchObject({ status: 'paused', chargeAt: null });
    await expect(gateway.pauseSubscription(id)).rejects.toMatchObject({
      failure: 'refused',
      message: 'Razorpay answered 400: Subscription cannot be paused in paused status',
    });

    const resumed = await gateway.resumeSubscription(id);
    expect(lastCall()).toEqual({ method: 'POST', path: `/v1/subscriptions/${id}/resume`, query: {}, body: { resume_at: 'now' } });
    expect(resumed.status).toBe('active');
    expect(resumed.chargeAt).toEqual(resumed.currentEnd);
    expect(resumed.chargeAt).not.toBeNull();
  });

  it('schedules a plan change for the cycle end, applied at the renewal; a domestic card is refused', async () => {
    const gateway = gatewayAt(fake.url);
    const { id, plan } = await chargedSubscription(gateway);
    const bigger = await gateway.createPlan({ monthlyPaise: 450_000, name: 'Growth Engine (monthly)', notes: {} });
    const changed = await gateway.changePlan(id, bigger.id);
    expect(lastCall()).toEqual({
      method: 'PATCH',
      path: `/v1/subscriptions/${id}`,
      query: {},
      body: { plan_id: bigger.id, schedule_change_at: 'cycle_end' },
    });
    expect(changed.planId).toBe(plan.id);
    const atFake = fake.subscriptions.get(id)!;
    expect(atFake).toMatchObject({ has_scheduled_changes: true, change_scheduled_at: atFake.current_end });
    const renewal = fake.chargeSubscription(id);
    expect(renewal.subscription).toMatchObject({ plan_id: bigger.id, has_scheduled_changes: false, paid_count: 2 });
    expect(renewal.invoice!.amount).toBe(450_000);

    const domestic = await chargedSubscription(gateway, { paymentMode: 'domestic card' });
    await expect(gateway.changePlan(domestic.id, bigger.id)).rejects.toMatchObject({
      failure: 'refused',
      statusCode: 400,
      message: 'Razorpay answered 400: Only offers can be updated for subscriptions when payment mode is domestic card',
    });
    expect(fake.subscriptions.get(domestic.id)).toMatchObject({ plan_id: domestic.plan.id, has_scheduled_changes: false });
  });

  it("fetches a subscription's invoices 100 at a time, with their order, payment and period", async () => {
    const gateway = gatewayAt(fake.url);
    const { id, first } = await chargedSubscription(gateway);
    const renewals: FakeCharge[] = [];
    for (let i = 0; i < 100; i += 1) renewals.push(fake.chargeSubscription(id));

    const start = fake.calls.length;
    const invoices = await gateway.fetchInvoices(id);
    expect(callsSince(start)).toEqual([
      { method: 'GET', path: '/v1/invoices', query: { subscription_id: id, count: '100', skip: '0' } },
      { method: 'GET', path: '/v1/invoices', query: { subscription_id: id, count: '100', skip: '100' } },
    ]);
    expect(invoices).toHaveLength(101);
    const byStart = invoices.sort((a, b) => a.periodStart!.getTime() - b.periodStart!.getTime());
    expect(byStart[0]).toEqual({
      id: first.invoice!.id,
      subscriptionId: id,
      orderId: first.invoice!.order_id,
      paymentId: first.payment!.id,
      amountPaise: 1_250_000,
      status: 'paid',
      periodStart: fromSeconds(first.subscription.current_start),
      periodEnd: fromSeconds(first.subscription.current_end),
      paidAt: fromSeconds(first.invoice!.paid_at),
    });
    const last = renewals.at(-1)!;
    expect(byStart.at(-1)).toMatchObject({
      id: last.invoice!.id,
      amountPaise: 250_000,
      periodEnd: fromSeconds(last.subscription.current_end),
    });
  });

  it.each([
    ['an error answer', 'refused', 'error'],
    ['refusing our keys', 'refused', 'auth'],
    ['down', 'unreachable', 'down'],
    ['hanging', 'timeout', 'hang'],
  ] as const)('Razorpay %s becomes a GatewayError %s within a bounded time', async (_label, failure, kind) => {
    // The bound is the gateway timeout: a hanging Razorpay never answers, so only the timeout can end the call.
    const gateway = gatewayAt(fake.url, kind === 'auth' ? 'wrong_secret' : keys.keySecret);
    const { id } = await chargedSubscription(gatewayAt(fake.url));
    if (kind === 'error')
      fake.behave({ kind: 'error', status: 500, code: 'SERVER_ERROR', description: 'The server encountered an error.' });
    if (kind === 'down') fake.behave({ kind: 'down' });
    if (kind === 'hang') fake.behave({ kind: 'hang' });
    try {
      const error = await gateway.fetchSubscription(id).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(GatewayError);
      expect((error as GatewayError).failure).toBe(failure);
      if (kind === 'error')
        expect(error).toMatchObject({
          statusCode: 500,
          gatewayCode: 'SERVER_ERROR',
          message: 'Razorpay answered 500: The server encountered an error.',
        });
      if (kind === 'auth') expect(error).toMatchObject({ statusCode: 401, message: 'Razorpay answered 401: Authentication failed' });
    } finally {
      fake.behave({ kind: 'ok' });
    }
  });
});

describe('billing:setup-plans against the fake', () => {
  const ours = () => [...fake.plans.values()].filter((plan) => !Array.isArray(plan.notes) && plan.notes.owner === 'growthpath-site');
  const summary = (results: Awaited<ReturnType<typeof setupBillingPlans>>) =>
    results.map(({ plan, monthlyPaise, outcome }) => ({ plan, monthlyPaise, outcome }));
  const postsToPlans = (start: number) => fake.calls.slice(start).filter((call) => call.method === 'POST' && call.path === '/v1/plans');

  it('creates the two Plans once, reuses them, and finds them by their notes when the database lost them', async () => {
    const gateway = gatewayAt(fake.url);
    const setup = () => setupBillingPlans({ db: testDb.db, gateway, logger: silentLogger });

    const first = await setup();
    expect(summary(first)).toEqual([
      { plan: 'launchpad', monthlyPaise: 250_000, outcome: 'created' },
      { plan: 'growth-engine', monthlyPaise: 450_000, outcome: 'created' },
    ]);
    const made = ours();
    expect(made.map((plan) => [plan.notes, plan.item.amount, plan.period, plan.interval])).toEqual([
      [{ owner: 'growthpath-site', plan: 'launchpad' }, 250_000, 'monthly', 1],
      [{ owner: 'growthpath-site', plan: 'growth-engine' }, 450_000, 'monthly', 1],
    ]);
    expect(first.map((result) => result.gatewayPlanId)).toEqual(made.map((plan) => plan.id));

    let start = fake.calls.length;
    const second = await setup();
    expect(summary(second).map((result) => result.outcome)).toEqual(['stored', 'stored']);
    expect(second.map((result) => result.gatewayPlanId)).toEqual(made.map((plan) => plan.id));
    expect(fake.calls.length).toBe(start);

    await testDb.db.delete(billingPlans);
    start = fake.calls.length;
    const third = await setup();
    expect(summary(third).map((result) => result.outcome)).toEqual(['found', 'found']);
    expect(third.map((result) => result.gatewayPlanId)).toEqual(made.map((plan) => plan.id));
    expect(postsToPlans(start)).toHaveLength(0);
    expect(ours()).toHaveLength(2);
    const stored = await testDb.db.select().from(billingPlans).orderBy(asc(billingPlans.monthlyPaise));
    expect(stored.map((row) => [row.plan, row.mode, row.monthlyPaise, row.gatewayPlanId])).toEqual([
      ['launchpad', 'live', 250_000, made[0]!.id],
      ['growth-engine', 'live', 450_000, made[1]!.id],
    ]);
  });
});

describe('monthly billing live, through the HTTP server', () => {
  const auth = memoryAuthAdmin();
  let payments: Payments;
  let app: RunningApp;

  beforeAll(async () => {
    payments = createPayments({ config, db: testDb.db, logger: silentLogger, auth: auth.admin, webhookRetryAfterMs: 0 });
    await setupBillingPlans({ db: testDb.db, gateway: payments.subscriptions, logger: silentLogger });
    app = await startApp({ db: testDb.db, config, payments });
  });

  afterAll(async () => {
    await payments?.service.settled();
    await app?.close();
  });

  const subscriptionRow = async (id: string) =>
    (await testDb.db.select().from(subscriptions).where(eq(subscriptions.gatewaySubscriptionId, id)))[0]!;
  const invoiceRows = (id: string) =>
    testDb.db
      .select()
      .from(subscriptionInvoices)
      .where(eq(subscriptionInvoices.gatewaySubscriptionId, id))
      .orderBy(asc(subscriptionInvoices.periodStart));
  const orderRows = (id: string) => testDb.db.select().from(orders).where(eq(orders.subscriptionId, id));
  const profile = async (uid: string) => (await testDb.db.select().from(userProfiles).where(eq(userProfiles.uid, uid)))[0]!;

  /** Delivers a signed `subscription.*` event as Razorpay would; answers the webhook's status word. */
  async function deliver(event: string, charge: Pick<FakeCharge, 'subscription' | 'payment'>, eventId: string, createdAt?: number) {
    const hook = signedSubscriptionWebhook(event, charge.subscription, charge.payment, keys.webhookSecret, createdAt);
    const response = await postWebhook(app.url, hook.body, hook.signature, eventId);
    expect(response.status).toBe(200);
    return ((await response.json()) as { status: string }).status;
  }

  function verification(charge: FakeCharge, answer: { checkoutSecret: string }, details: ReturnType<typeof buyer>, signed: string) {
    return {
      razorpay_payment_id: charge.payment!.id,
      razorpay_subscription_id: charge.subscription.id,
      razorpay_signature: hmacSha256Hex(keys.keySecret, signed),
      plan: 'launchpad',
      userDetails: details,
      checkoutSecret: answer.checkoutSecret,
    };
  }

  function expectInvoiceRow(row: typeof subscriptionInvoices.$inferSelect | undefined, charge: FakeCharge) {
    expect(row).toMatchObject({
      gatewayInvoiceId: charge.invoice!.id,
      gatewayOrderId: charge.invoice!.order_id,
      gatewayPaymentId: charge.payment!.id,
      amountPaise: charge.invoice!.amount,
      status: 'paid',
      periodStart: fromSeconds(charge.subscription.current_start),
      periodEnd: fromSeconds(charge.subscription.current_end),
    });
  }

  it('subscribes at Razorpay with the setup fee upfront and the monthly Plan', async () => {
    const details = buyer();
    const answer = await payments.billing.subscribe({ plan: 'launchpad', currency: 'INR', userDetails: details });
    expect(answer).toMatchObject({
      id: expect.stringMatching(/^sub_/),
      kind: 'subscription',
      amount: 1_250_000,
      monthlyAmount: 250_000,
      keyId: keys.keyId,
      mode: 'live',
    });
    const [launchpad] = await testDb.db.select().from(billingPlans).where(eq(billingPlans.plan, 'launchpad'));
    const row = await subscriptionRow(answer.id);
    expect(row).toMatchObject({
      status: 'created',
      plan: 'launchpad',
      gatewayPlanId: launchpad!.gatewayPlanId,
      setupPaise: 1_000_000,
      monthlyPaise: 250_000,
    });

    const atFake = fake.subscriptions.get(answer.id)!;
    expect(atFake).toMatchObject({
      plan_id: launchpad!.gatewayPlanId,
      status: 'created',
      total_count: 120,
      quantity: 1,
      customer_notify: false,
    });
    expect(atFake.notes).toEqual({ plan: 'launchpad', receipt: row.receipt });
    expect(fake.plans.get(atFake.plan_id)!.item.amount).toBe(250_000);
    expect(fake.hidden.get(answer.id)!.addons).toEqual([{ item: { name: 'LaunchPad setup fee', amount: 1_000_000, currency: 'INR' } }]);
  });

  it('verifies the first charge by its payment|subscription signature, then records each renewal once, newest first', async () => {
    const details = buyer();
    const answer = await payments.billing.subscribe({ plan: 'launchpad', currency: 'INR', userDetails: details });
    const first = fake.chargeSubscription(answer.id, { email: details.email });
    expect(first.payment).toMatchObject({
      amount: 1_250_000,
      status: 'captured',
      order_id: first.invoice!.order_id,
      invoice_id: first.invoice!.id,
    });
    expect(first.invoice!.line_items.map((line) => [line.type, line.amount])).toEqual([
      ['plan', 250_000],
      ['addon', 1_000_000],
    ]);

    // The order's signature order (subscription first) is refused, and nothing is granted.
    const reversed = await postJson(
      app.url,
      '/api/verify-payment',
      verification(first, answer, details, `${answer.id}|${first.payment!.id}`),
    );
    expect(reversed.status).toBe(400);
    expect(await reversed.json()).toEqual({ success: false, msg: paymentMessages.verificationFailed });
    expect(await orderRows(answer.id)).toEqual([]);

    const verified = await postJson(
      app.url,
      '/api/verify-payment',
      verification(first, answer, details, `${first.payment!.id}|${answer.id}`),
    );
    expect(verified.status).toBe(200);
    const uid = (await subscriptionRow(answer.id)).customerUid!;
    expect(await verified.json()).toEqual({ success: true, token: `memory-token-${uid}` });
    const firstEnd = fromSeconds(first.subscription.current_end);
    expect(await subscriptionRow(answer.id)).toMatchObject({
      status: 'active',
      paidCount: 1,
      remainingCount: 119,
      paidThrough: firstEnd,
      customerEmail: details.email,
    });
    const [firstOrder] = await orderRows(answer.id);
    expect(firstOrder).toMatchObject({
      gatewayOrderId: first.invoice!.order_id,
      amountPaise: 1_250_000,
      status: 'paid',
      paidPaymentId: first.payment!.id,
      fulfilledBy: 'verification',
      customerUid: uid,
    });
    expect(await profile(uid)).toMatchObject({ purchasedPlan: 'launchpad', billingState: 'active', planPaidThrough: firstEnd });

    // Razorpay's own events for the first charge change nothing.
    expect(await deliver('subscription.activated', first, 'evt_first_activated')).toBe('accepted');
    expect(await deliver('subscription.charged', first, 'evt_first_charged')).toBe('accepted');
    await payments.service.settled();
    expect(await orderRows(answer.id)).toHaveLength(1);
    expect(auth.created).toBe(1);

    // A renewal declined a day ago, then taken on the retry. Razorpay delivers its events twice and out of order.
    const dayAgo = new Date(Date.now() - DAY_S * 1000);
    const declined = fake.chargeSubscription(answer.id, { fail: true, at: dayAgo });
    expect(declined.subscription).toMatchObject({ status: 'pending', paid_count: 1, auth_attempts: 1 });
    const renewed = fake.chargeSubscription(answer.id);
    expect(renewed.subscription).toMatchObject({ status: 'active', paid_count: 2, remaining_count: 118 });
    expect(renewed.payment).toMatchObject({ amount: 250_000, invoice_id: declined.invoice!.id, order_id: declined.invoice!.order_id });

    expect(await deliver('subscription.charged', renewed, 'evt_renewal_charged')).toBe('accepted');
    expect(await deliver('subscription.charged', renewed, 'evt_renewal_charged')).toBe('duplicate');
    expect(await deliver('subscription.activated', renewed, 'evt_renewal_activated')).toBe('accepted');
    expect(await deliver('subscription.pending', declined, 'evt_renewal_pending', Math.floor(dayAgo.getTime() / 1000))).toBe('accepted');
    await payments.service.settled();

    const invoices = await invoiceRows(answer.id);
    expect(invoices).toHaveLength(2);
    expectInvoiceRow(invoices[0], first);
    expectInvoiceRow(invoices[1], renewed);
    const renewedEnd = fromSeconds(renewed.subscription.current_end);
    expect(await subscriptionRow(answer.id)).toMatchObject({
      status: 'active',
      paidCount: 2,
      remainingCount: 118,
      currentEnd: renewedEnd,
      paidThrough: renewedEnd,
    });
    expect(await profile(uid)).toMatchObject({ purchasedPlan: 'launchpad', billingState: 'active', planPaidThrough: renewedEnd });
    // The renewal made no order of ours: only the first charge is fulfilled as one.
    expect(await orderRows(answer.id)).toHaveLength(1);
  });

  it('repairs a renewal whose webhook never came: the reconciler asks Razorpay for the subscription and its invoices', async () => {
    const details = buyer();
    const answer = await payments.billing.subscribe({ plan: 'launchpad', currency: 'INR', userDetails: details });
    const first = fake.chargeSubscription(answer.id, { email: details.email });
    // This buyer's browser never came back: the first charge arrives as Razorpay's webhook.
    expect(await deliver('subscription.charged', first, 'evt_missed_first')).toBe('accepted');
    await payments.service.settled();
    const uid = (await subscriptionRow(answer.id)).customerUid!;
    expect((await orderRows(answer.id))[0]).toMatchObject({ status: 'paid', fulfilledBy: 'webhook', customerUid: uid });

    const renewed = fake.chargeSubscription(answer.id);
    const start = fake.calls.length;
    await payments.service.reconcile();
    const asked = fake.calls.slice(start).map((call) => `${call.method} ${call.path}`);
    expect(asked).toEqual(
      expect.arrayContaining([`GET /v1/subscriptions/${answer.id}`, 'GET /v1/invoices', `GET /v1/payments/${renewed.payment!.id}`]),
    );

    const invoices = await invoiceRows(answer.id);
    expect(invoices).toHaveLength(2);
    expectInvoiceRow(invoices[0], first);
    expectInvoiceRow(invoices[1], renewed);
    const renewedEnd = fromSeconds(renewed.subscription.current_end);
    expect(await subscriptionRow(answer.id)).toMatchObject({ status: 'active', paidCount: 2, paidThrough: renewedEnd });
    expect(await profile(uid)).toMatchObject({ purchasedPlan: 'launchpad', billingState: 'active', planPaidThrough: renewedEnd });
  });

  it('fulfils a first charge whose browser and webhook never came, from the reconciler', async () => {
    const details = buyer();
    const answer = await payments.billing.subscribe({ plan: 'launchpad', currency: 'INR', userDetails: details });
    const first = fake.chargeSubscription(answer.id, { email: details.email });
    const accounts = auth.created;

    // Within the first minutes the buyer's browser is left to verify: the reconciler does not look yet.
    await payments.service.reconcile();
    expect(await subscriptionRow(answer.id)).toMatchObject({ status: 'created', paidCount: 0 });
    expect(await orderRows(answer.id)).toEqual([]);

    await testDb.db
      .update(subscriptions)
      .set({ createdAt: new Date(Date.now() - config.payments.reconcileAfterMs - 60_000) })
      .where(eq(subscriptions.gatewaySubscriptionId, answer.id));
    await payments.service.reconcile();
    const row = await subscriptionRow(answer.id);
    expect(row).toMatchObject({ status: 'active', paidCount: 1, paidThrough: fromSeconds(first.subscription.current_end) });
    expect(auth.created).toBe(accounts + 1);
    expect(await orderRows(answer.id)).toEqual([
      expect.objectContaining({
        gatewayOrderId: first.invoice!.order_id,
        status: 'paid',
        fulfilledBy: 'reconciliation',
        customerUid: row.customerUid,
      }),
    ]);
    const invoices = await invoiceRows(answer.id);
    expect(invoices).toHaveLength(1);
    expectInvoiceRow(invoices[0], first);
    expect(await profile(row.customerUid!)).toMatchObject({ purchasedPlan: 'launchpad', billingState: 'active' });
  });

  it('a cancel inside the notice lets one more charge through, then asks Razorpay to cancel at that cycle end', async () => {
    const details = buyer();
    const answer = await payments.billing.subscribe({ plan: 'launchpad', currency: 'INR', userDetails: details });
    // Paid 20 days ago: the next charge is about 10 days away, inside the 15 days' notice.
    const first = fake.chargeSubscription(answer.id, { email: details.email, at: new Date(Date.now() - 20 * DAY_S * 1000) });
    const verified = await postJson(
      app.url,
      '/api/verify-payment',
      verification(first, answer, details, `${first.payment!.id}|${answer.id}`),
    );
    expect(verified.status).toBe(200);
    const uid = (await subscriptionRow(answer.id)).customerUid!;
    const firstEnd = fromSeconds(first.subscription.current_end)!;

    const outcome = await payments.billing.cancel(uid, answer.id);
    expect(outcome).toMatchObject({ kind: 'after_next_charge', nextChargeAt: firstEnd });
    expect(fake.hidden.get(answer.id)!.cancelAtCycleEnd).toBe(false);

    const renewed = fake.chargeSubscription(answer.id);
    const renewedEnd = fromSeconds(renewed.subscription.current_end)!;
    expect(await deliver('subscription.charged', renewed, 'evt_notice_renewal')).toBe('accepted');
    await payments.service.settled();
    expect(lastCall()).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${answer.id}/cancel`, body: { cancel_at_cycle_end: 1 } });
    expect(fake.hidden.get(answer.id)!.cancelAtCycleEnd).toBe(true);
    expect(await subscriptionRow(answer.id)).toMatchObject({
      status: 'active',
      paidCount: 2,
      cancelAfterCharge: null,
      cancelAt: renewedEnd,
      paidThrough: renewedEnd,
    });
    expect(await profile(uid)).toMatchObject({ purchasedPlan: 'launchpad', billingState: 'ending', planPaidThrough: renewedEnd });
    expect(fake.chargeSubscription(answer.id)).toMatchObject({ payment: null, subscription: { status: 'cancelled' } });
  });

  it("a client's cancel is sent as cancel_at_cycle_end, and Razorpay ends the subscription at the cycle end", async () => {
    const details = buyer();
    const answer = await payments.billing.subscribe({ plan: 'launchpad', currency: 'INR', userDetails: details });
    const first = fake.chargeSubscription(answer.id, { email: details.email });
    const verified = await postJson(
      app.url,
      '/api/verify-payment',
      verification(first, answer, details, `${first.payment!.id}|${answer.id}`),
    );
    expect(verified.status).toBe(200);
    const uid = (await subscriptionRow(answer.id)).customerUid!;
    const firstEnd = fromSeconds(first.subscription.current_end)!;

    expect(await payments.billing.cancel(uid, answer.id)).toEqual({ kind: 'at_period_end', endsAt: firstEnd });
    expect(lastCall()).toMatchObject({ path: `/v1/subscriptions/${answer.id}/cancel`, body: { cancel_at_cycle_end: 1 } });
    expect(await subscriptionRow(answer.id)).toMatchObject({ status: 'active', cancelAt: firstEnd });
    expect(await profile(uid)).toMatchObject({ purchasedPlan: 'launchpad', billingState: 'ending' });

    const ended = fake.chargeSubscription(answer.id);
    expect(ended.payment).toBeNull();
    // Sent when the cycle ends, a month after the cancel was asked for.
    expect(await deliver('subscription.cancelled', ended, 'evt_cancelled_at_cycle_end', first.subscription.current_end!)).toBe('accepted');
    await payments.service.settled();
    expect(await subscriptionRow(answer.id)).toMatchObject({ status: 'cancelled', endedAt: firstEnd, paidThrough: firstEnd });
    expect(await invoiceRows(answer.id)).toHaveLength(1);
  });

  it('an event from the same second as our own action is not taken for an older one: Razorpay is asked which came last', async () => {
    const details = buyer();
    const answer = await payments.billing.subscribe({ plan: 'launchpad', currency: 'INR', userDetails: details });
    const first = fake.chargeSubscription(answer.id, { email: details.email });
    expect(
      (await postJson(app.url, '/api/verify-payment', verification(first, answer, details, `${first.payment!.id}|${answer.id}`))).status,
    ).toBe(200);
    const uid = (await subscriptionRow(answer.id)).customerUid!;
    await payments.billing.cancel(uid, answer.id);
    // The customer revokes the mandate in their UPI app within the same second: Razorpay cancels at once (#325).
    const atRazorpay = fake.subscriptions.get(answer.id)!;
    Object.assign(atRazorpay, { status: 'cancelled', ended_at: nowSeconds(), charge_at: null });
    await deliver('subscription.cancelled', { subscription: { ...atRazorpay }, payment: null }, 'evt_same_second_cancel', nowSeconds());
    await payments.service.settled();
    expect(await subscriptionRow(answer.id)).toMatchObject({ status: 'cancelled' });
  });

  it("an account manager's pause, resume and plan change reach Razorpay; a domestic card's plan change is refused in its words", async () => {
    const details = buyer();
    const answer = await payments.billing.subscribe({ plan: 'launchpad', currency: 'INR', userDetails: details });
    const first = fake.chargeSubscription(answer.id, { email: details.email, paymentMode: 'domestic card' });
    expect(await deliver('subscription.charged', first, 'evt_staff_first')).toBe('accepted');
    await payments.service.settled();

    expect(await payments.billing.pause(answer.id)).toMatchObject({ status: 'paused', chargeAt: null });
    expect(lastCall()).toMatchObject({ path: `/v1/subscriptions/${answer.id}/pause`, body: { pause_at: 'now' } });
    const resumed = await payments.billing.resume(answer.id);
    expect(resumed).toMatchObject({ status: 'active', chargeAt: fromSeconds(first.subscription.current_end) });
    expect(lastCall()).toMatchObject({ path: `/v1/subscriptions/${answer.id}/resume`, body: { resume_at: 'now' } });

    await expect(payments.billing.changePlan(answer.id, 'growth-engine')).rejects.toMatchObject({
      status: 409,
      code: 'gateway_refused',
      message:
        'The payment provider refused: Razorpay answered 400: Only offers can be updated for subscriptions when payment mode is domestic card',
    });
    const [growth] = await testDb.db.select().from(billingPlans).where(eq(billingPlans.plan, 'growth-engine'));
    expect(lastCall()).toMatchObject({ method: 'PATCH', body: { plan_id: growth!.gatewayPlanId, schedule_change_at: 'cycle_end' } });
    expect(await subscriptionRow(answer.id)).toMatchObject({ plan: 'launchpad', status: 'active' });

    const before = nowSeconds();
    expect(await payments.billing.cancelNow(answer.id)).toMatchObject({ status: 'cancelled' });
    expect(lastCall()).toMatchObject({ path: `/v1/subscriptions/${answer.id}/cancel`, body: undefined });
    expect(fake.subscriptions.get(answer.id)!.ended_at).toBeGreaterThanOrEqual(before);
  });

  it('starts the monthly payment of a plan paid once: start_at and no add-ons at Razorpay, a refunded authorisation, the first charge at the start and no order', async () => {
    const details = buyer();
    const order = (await (await createOneTimeOrder(payments, { plan: 'launchpad', currency: 'INR', userDetails: details })).json()) as {
      id: string;
      checkoutSecret: string;
    };
    const paid = fake.addPayment(order.id, { email: details.email });
    const bought = await postJson(app.url, '/api/verify-payment', {
      razorpay_order_id: order.id,
      razorpay_payment_id: paid.id,
      razorpay_signature: hmacSha256Hex(keys.keySecret, `${order.id}|${paid.id}`),
      plan: 'launchpad',
      userDetails: details,
      checkoutSecret: order.checkoutSecret,
    });
    expect(bought.status).toBe(200);
    const [orderRow] = await testDb.db.select().from(orders).where(eq(orders.gatewayOrderId, order.id));
    const user = { uid: orderRow!.customerUid!, email: details.email, name: null, claims: {} };
    const paidThrough = periodEnd(orderRow!.paidAt!);
    const monthly = createMonthlyStart({
      db: testDb.db,
      gateway: payments.subscriptions,
      billing: payments.billing,
      keySecret: keys.keySecret,
      logger: silentLogger,
    });

    const started = await monthly.start(user);
    expect(started).toMatchObject({ plan: 'launchpad', monthlyPaise: 250_000, startsAt: paidThrough.toISOString() });
    expect(lastCall()).toMatchObject({ method: 'POST', path: '/v1/subscriptions' });
    expect(lastCall().body).toEqual({
      plan_id: (await subscriptionRow(started.subscriptionId)).gatewayPlanId,
      total_count: 120,
      quantity: 1,
      customer_notify: 0,
      start_at: Math.floor(paidThrough.getTime() / 1000),
      notes: { plan: 'launchpad', receipt: (await subscriptionRow(started.subscriptionId)).receipt, continues: 'one-time payment' },
    });

    const authorised = fake.chargeSubscription(started.subscriptionId, { email: details.email });
    expect(authorised.subscription).toMatchObject({
      status: 'authenticated',
      paid_count: 0,
      charge_at: Math.floor(paidThrough.getTime() / 1000),
    });
    expect(authorised.payment).toMatchObject({ amount: 500, status: 'refunded', invoice_id: null });
    const answer = {
      razorpay_payment_id: authorised.payment!.id,
      razorpay_subscription_id: started.subscriptionId,
      razorpay_signature: hmacSha256Hex(keys.keySecret, `${authorised.payment!.id}|${started.subscriptionId}`),
    };
    expect(await monthly.confirm(user, answer)).toEqual(started);
    expect(await subscriptionRow(started.subscriptionId)).toMatchObject({ status: 'authenticated', chargeAt: paidThrough, paidCount: 0 });
    expect(await profile(user.uid)).toMatchObject({ purchasedPlan: 'launchpad', planPaidThrough: paidThrough });

    const first = fake.chargeSubscription(started.subscriptionId, { at: paidThrough });
    expect(first.invoice!.line_items.map((line) => [line.type, line.amount])).toEqual([['plan', 250_000]]);
    expect(await deliver('subscription.activated', first, 'evt_monthly_start_activated')).toBe('accepted');
    expect(await deliver('subscription.charged', first, 'evt_monthly_start_charged')).toBe('accepted');
    await payments.service.settled();
    expect(await subscriptionRow(started.subscriptionId)).toMatchObject({
      status: 'active',
      paidCount: 1,
      paidThrough: periodEnd(paidThrough),
    });
    expectInvoiceRow((await invoiceRows(started.subscriptionId))[0], first);
    expect(await orderRows(started.subscriptionId)).toEqual([]);
    expect(await profile(user.uid)).toMatchObject({
      purchasedPlan: 'launchpad',
      billingState: 'active',
      planPaidThrough: periodEnd(paidThrough),
    });
  });
});
