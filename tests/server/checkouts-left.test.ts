import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { firebaseAdminAuth } from '../../server/auth/firebaseAdmin';
import { setupBillingPlans } from '../../server/billing/setupPlans';
import { outbox, sandboxEntities, subscriptions } from '../../server/db/schema';
import { silentLogger } from '../../server/logger';
import { mailEventKind } from '../../server/mail/events';
import { createPayments, type Payments } from '../../server/payments/setup';
import { inboxPageSchema, type CheckoutRow } from '../../src/domain/admin';
import { CHECKOUT_LEFT_AFTER_MS } from '../../src/domain/billing';
import type { SubscribeAnswer } from '../../src/domain/payment';
import { emulatorUser, parseCsv } from './admin-support';
import { startFakeRazorpay, type FakeRazorpay } from './fakeRazorpay';
import { buyer, emulatorHost, liveConfig, memoryAuthAdmin, postJson, projectId, subscribeInSandbox } from './payments-support';
import { openTestDatabase, startApp, testConfig, type RunningApp, type TestDatabase } from './support';

/**
 * Checkouts left (issue 47, finding 11; docs/decisions/189-checkouts-left.md): create-order makes a subscription at the
 * gateway before the buyer pays. One nobody paid for within its time is cancelled at the gateway by the reconciler, on
 * the sandbox and on Razorpay (the fake), so a bot's create-orders leave nothing open in the merchant's account; and
 * staff see the buyers who gave their details and left, newest first, in the inbox. Nobody is emailed.
 */

const MINUTE = 60_000;
const plan = 'launchpad' as const;

/**
 * Moves a subscription's story back in time, as if its buyer had started the checkout `ms` ago: its creation, and the
 * reconciler's last look at it by as much.
 */
async function age(testDb: TestDatabase, ids: string[], ms: number) {
  const startedAt = sql`(now() - make_interval(secs => ${ms / 1000}))`;
  await testDb.db
    .update(subscriptions)
    .set({ createdAt: startedAt, checkedAt: sql`${subscriptions.checkedAt} - (${subscriptions.createdAt} - ${startedAt})` })
    .where(inArray(subscriptions.gatewaySubscriptionId, ids));
}

async function createOrder(appUrl: string, details: Record<string, unknown> | undefined) {
  const response = await postJson(appUrl, '/api/create-order', { plan, currency: 'INR', ...(details && { userDetails: details }) });
  expect(response.status).toBe(201);
  return (await response.json()) as SubscribeAnswer;
}

const statusOf = async (testDb: TestDatabase, id: string) =>
  (await testDb.db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.gatewaySubscriptionId, id)))[0]
    ?.status;

const mailEvents = async (testDb: TestDatabase) =>
  (await testDb.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.kind, mailEventKind))).length;

describe('on the sandbox gateway', () => {
  const config = testConfig({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, FIREBASE_PROJECT_ID: projectId, SANDBOX_WEBHOOK_DELAY_MS: '0' });
  const clients = memoryAuthAdmin();
  let testDb: TestDatabase;
  let payments: Payments;
  let app: RunningApp;

  beforeAll(async () => {
    testDb = await openTestDatabase();
    payments = createPayments({ config, db: testDb.db, logger: silentLogger, auth: clients.admin, webhookRetryAfterMs: 0 });
    await setupBillingPlans({ db: testDb.db, gateway: payments.subscriptions, logger: silentLogger });
    app = await startApp({ db: testDb.db, config, payments });
  });

  afterAll(async () => {
    await payments?.service.settled();
    await app?.close();
    await testDb?.close();
  });

  /** The sandbox's own subscriptions still waiting for a first payment: what the merchant's account would show open. */
  async function openAtGateway(ids: string[]) {
    const rows = await testDb.db.select().from(sandboxEntities).where(inArray(sandboxEntities.id, ids));
    return rows.filter((row) => (row.entity as { status?: string }).status === 'created').length;
  }

  it("a bot's 100 create-orders leave no subscription open at the gateway once their checkout time has run out", async () => {
    const bot = buyer({ fullName: 'Bot', email: 'bot@example.in' });
    const ids: string[] = [];
    for (let i = 0; i < 100; i += 1) ids.push((await createOrder(app.url, i % 2 ? bot : undefined)).id);
    const mailBefore = await mailEvents(testDb);

    // Within its time a checkout is the buyer's: the reconciler leaves it open.
    await age(testDb, ids, CHECKOUT_LEFT_AFTER_MS - 5 * MINUTE);
    await payments.service.reconcile();
    expect(await openAtGateway(ids)).toBe(100);

    await age(testDb, ids, CHECKOUT_LEFT_AFTER_MS + MINUTE);
    await payments.service.reconcile();
    await payments.service.settled();
    expect(await openAtGateway(ids)).toBe(0);
    expect(new Set(await Promise.all(ids.map((id) => statusOf(testDb, id))))).toEqual(new Set(['cancelled']));
    // Nobody is told: not the buyer (no consent), and a cancellation that never held a plan is no client's news.
    expect(await mailEvents(testDb)).toBe(mailBefore);

    // A cancelled checkout cannot be paid any more; the buyer's Pay makes a fresh one.
    const pay = await postJson(app.url, `/api/sandbox/checkout/${ids[0]}/pay`, {});
    expect(pay.status).toBe(409);
  });

  it('a checkout paid within its time is left alone', async () => {
    const details = buyer();
    const { id, verified } = await subscribeInSandbox(app.url, plan, details);
    expect(verified.status).toBe(200);
    await payments.service.settled();
    await age(testDb, [id], CHECKOUT_LEFT_AFTER_MS + MINUTE);
    await payments.service.reconcile();
    expect(await statusOf(testDb, id)).toBe('active');
  });

  describe('staff see the checkouts left in the inbox', () => {
    let staff: { token: string };
    let outsider: { token: string };

    beforeAll(async () => {
      const admin = firebaseAdminAuth(config.firebase);
      staff = await emulatorUser(admin, emulatorHost, { staff: true });
      outsider = await emulatorUser(admin, emulatorHost, { staff: false });
    });

    const call = (path: string, token?: string) =>
      fetch(`${app.url}/api/admin${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    async function page(query = '') {
      const response = await call(`/checkouts${query}`, staff.token);
      expect(response.status).toBe(200);
      return inboxPageSchema('checkouts').parse(await response.json());
    }

    it('lists who left which plan when, newest first; not a checkout later paid, still open, or without a buyer', async () => {
      await testDb.db.execute(sql`truncate subscriptions cascade`);
      const asha = buyer({ fullName: 'Asha Rao', phone: '+91 98765 43210', businessName: 'Rao Stores' });
      const priya = buyer({ fullName: 'Priya Nair', phone: '+91 90000 11111', businessName: 'Nair Bakes' });
      const ravi = buyer({ fullName: 'Ravi Menon' });
      const meera = buyer({ fullName: 'Meera Iyer' });
      const kiran = buyer({ fullName: 'Kiran Shah' });

      const ashaLeft = await createOrder(app.url, asha);
      await age(testDb, [ashaLeft.id], 3 * 60 * MINUTE);
      // Priya tried twice: her latest checkout stands for her.
      const priyaFirst = await createOrder(app.url, priya);
      await age(testDb, [priyaFirst.id], 2.5 * 60 * MINUTE);
      const priyaLeft = await postJson(app.url, '/api/create-order', { plan: 'growth-engine', currency: 'INR', userDetails: priya });
      const priyaLatest = ((await priyaLeft.json()) as SubscribeAnswer).id;
      await age(testDb, [priyaLatest], 2 * 60 * MINUTE);
      // Ravi left one, then paid another: he bought.
      const raviLeft = await createOrder(app.url, ravi);
      await age(testDb, [raviLeft.id], 4 * 60 * MINUTE);
      const raviPaid = await subscribeInSandbox(app.url, plan, ravi);
      expect(raviPaid.verified.status).toBe(200);
      // Meera paid the checkout itself.
      const meeraPaid = await subscribeInSandbox(app.url, plan, meera);
      await age(testDb, [meeraPaid.id], 3 * 60 * MINUTE);
      // Kiran is still in the checkout; the bot gave nobody to call.
      await createOrder(app.url, kiran);
      const bot = await createOrder(app.url, undefined);
      await age(testDb, [bot.id], 3 * 60 * MINUTE);
      await payments.service.settled();

      const { items, nextCursor } = await page();
      expect(nextCursor).toBeNull();
      expect(items.map((row) => row.email)).toEqual([priya.email, asha.email]);
      expect(items[0]).toEqual({
        id: priyaLatest,
        createdAt: expect.any(String),
        mode: 'sandbox',
        plan: 'growth-engine',
        amountPaise: 2_150_000,
        monthlyPaise: 450_000,
        status: 'created',
        endedAt: null,
        name: 'Priya Nair',
        email: priya.email,
        phone: '+91 90000 11111',
        businessName: 'Nair Bakes',
      } satisfies CheckoutRow);
      const leftAgo = Date.now() - Date.parse(items[1]!.createdAt);
      expect(leftAgo).toBeGreaterThan(3 * 60 * MINUTE - MINUTE);
      expect(items[1]).toMatchObject({ id: ashaLeft.id, plan, name: 'Asha Rao', phone: '+91 98765 43210' });

      // Still listed once the reconciler has closed them at the gateway: staff call them all the same.
      await payments.service.reconcile();
      const after = await page();
      expect(after.items.map((row) => [row.email, row.status])).toEqual([
        [priya.email, 'cancelled'],
        [asha.email, 'cancelled'],
      ]);
      expect(after.items[0]!.endedAt).not.toBeNull();
    });

    it('searches by name, email, business or phone digits, and pages by cursor', async () => {
      expect((await page('?q=asha%20rao')).items.map((row) => row.name)).toEqual(['Asha Rao']);
      expect((await page('?q=NAIR%20BAKES')).items.map((row) => row.name)).toEqual(['Priya Nair']);
      expect((await page(`?q=${encodeURIComponent('98765 43210')}`)).items.map((row) => row.name)).toEqual(['Asha Rao']);
      expect((await page('?q=nobody-like-this')).items).toEqual([]);

      const first = await page('?limit=1');
      expect(first.items.map((row) => row.name)).toEqual(['Priya Nair']);
      const second = await page(`?limit=1&cursor=${first.nextCursor}`);
      expect(second.items.map((row) => row.name)).toEqual(['Asha Rao']);
      expect(second.nextCursor).toBeNull();
    });

    it('exports the list as CSV', async () => {
      const response = await call('/checkouts/export.csv', staff.token);
      expect(response.status).toBe(200);
      const [header, ...rows] = parseCsv(await response.text());
      expect(header).toEqual(['Started', 'Name', 'Email', 'Phone', 'Business', 'Plan', 'Due today', 'At the gateway', 'Subscription id']);
      expect(rows.map((row) => row[1])).toEqual(['Priya Nair', 'Asha Rao']);
      expect(rows[1]![3]).toBe("'+91 98765 43210");
    });

    it('is for staff only', async () => {
      expect((await call('/checkouts')).status).toBe(401);
      expect((await call('/checkouts', outsider.token)).status).toBe(403);
    });
  });
});

describe('on Razorpay (the fake)', () => {
  const keys = { keyId: 'rzp_test_LeftCheckouts1', keySecret: 'left_checkouts_secret', webhookSecret: 'left_checkouts_webhook' };
  const auth = memoryAuthAdmin();
  let fake: FakeRazorpay;
  let testDb: TestDatabase;
  let payments: Payments;
  let app: RunningApp;

  beforeAll(async () => {
    fake = await startFakeRazorpay(keys);
    testDb = await openTestDatabase();
    const config = liveConfig(fake, keys, 2_000);
    payments = createPayments({ config, db: testDb.db, logger: silentLogger, auth: auth.admin, webhookRetryAfterMs: 0 });
    await setupBillingPlans({ db: testDb.db, gateway: payments.subscriptions, logger: silentLogger });
    app = await startApp({ db: testDb.db, config, payments });
  });

  afterAll(async () => {
    await payments?.service.settled();
    await app?.close();
    await fake?.close();
    await testDb?.close();
  });

  const openAtGateway = (ids: string[]) => ids.filter((id) => fake.subscriptions.get(id)?.status === 'created').length;

  it("a bot's 100 create-orders leave no subscription open at Razorpay once their checkout time has run out", async () => {
    const bot = buyer({ fullName: 'Bot', email: 'bot@example.in' });
    const ids: string[] = [];
    for (let i = 0; i < 100; i += 1) ids.push((await createOrder(app.url, bot)).id);
    expect(openAtGateway(ids)).toBe(100);
    const mailBefore = await mailEvents(testDb);

    await age(testDb, ids, CHECKOUT_LEFT_AFTER_MS + MINUTE);
    const start = fake.calls.length;
    await payments.service.reconcile();
    expect(openAtGateway(ids)).toBe(0);
    expect(ids.map((id) => fake.subscriptions.get(id)!.status)).toEqual(ids.map(() => 'cancelled'));
    // Cancelled at once (no cycle to wait for), after the gateway said each was still unpaid.
    const cancels = fake.calls.slice(start).filter((call) => call.path.endsWith('/cancel'));
    expect(cancels).toHaveLength(100);
    expect(
      cancels.every((call) => call.body === undefined || (call.body as { cancel_at_cycle_end?: unknown }).cancel_at_cycle_end === 0),
    ).toBe(true);
    expect(new Set(await Promise.all(ids.map((id) => statusOf(testDb, id))))).toEqual(new Set(['cancelled']));
    expect(await mailEvents(testDb)).toBe(mailBefore);

    // The next pass asks nothing more of them.
    const next = fake.calls.length;
    await payments.service.reconcile();
    expect(fake.calls.slice(next).filter((call) => ids.some((id) => call.path.includes(id)))).toEqual([]);
  });

  it('one paid at Razorpay meanwhile (the browser never came back) is fulfilled, not cancelled', async () => {
    const details = buyer();
    const { id } = await createOrder(app.url, details);
    fake.chargeSubscription(id, { email: details.email });
    await age(testDb, [id], CHECKOUT_LEFT_AFTER_MS + MINUTE);
    await payments.service.reconcile();
    expect(fake.subscriptions.get(id)!.status).toBe('active');
    expect(await statusOf(testDb, id)).toBe('active');
  });

  it('one whose buyer registered an eMandate is left to the bank (it stays created until the bank confirms)', async () => {
    const details = buyer();
    const { id } = await createOrder(app.url, details);
    fake.registerMandate(id);
    await age(testDb, [id], CHECKOUT_LEFT_AFTER_MS + MINUTE);
    await payments.service.reconcile();
    expect(fake.subscriptions.get(id)!.status).toBe('created');
    expect(fake.calls.filter((call) => call.path === `/v1/subscriptions/${id}/cancel`)).toEqual([]);
  });

  it('one Razorpay refuses to cancel is tried again on a later pass', async () => {
    const { id } = await createOrder(app.url, buyer());
    await age(testDb, [id], CHECKOUT_LEFT_AFTER_MS + MINUTE);
    fake.behave({ kind: 'error', status: 500, code: 'SERVER_ERROR', description: 'We are facing some trouble completing your request' });
    await payments.service.reconcile();
    fake.behave({ kind: 'ok' });
    expect(fake.subscriptions.get(id)!.status).toBe('created');
    // Its next turn comes an hour after the failed one, as every subscription's does.
    await testDb.db
      .update(subscriptions)
      .set({ checkedAt: sql`${subscriptions.checkedAt} - interval '2 hours'` })
      .where(eq(subscriptions.gatewaySubscriptionId, id));
    await payments.service.reconcile();
    expect(fake.subscriptions.get(id)!.status).toBe('cancelled');
  });
});
