import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Auth } from 'firebase-admin/auth';
import { createApp } from '../../server/app';
import { firebaseAdminAuth } from '../../server/auth/firebaseAdmin';
import { recomputeEntitlement } from '../../server/billing/entitlement';
import { orders, subscriptions } from '../../server/db/schema';
import { isFromThisMachine, isLoopbackAddress } from '../../server/http/fromThisMachine';
import { silentLogger } from '../../server/logger';
import { createPayments, type Payments } from '../../server/payments/setup';
import { createServices } from '../../server/services';
import type { SubscribeAnswer } from '../../src/domain/payment';
import { emulatorUser } from './admin-support';
import { idTokenFor } from './authEmulator';
import { buyer, createOneTimeOrder, emulatorHost, postJson, projectId } from './payments-support';
import { listen, openTestDatabase, startApp, testConfig, type RunningApp, type TestDatabase } from './support';

/**
 * The sandbox's controls (hardening round 3, finding 7; decision 190): the billing clock and fail-next-charges are
 * developer tools, for this machine and staff only; retry-charge is also the subscription's own client's (the
 * dashboard's card change); the checkout's Pay now and Simulate failure are also the buyer's, who proves it with the
 * secret create-order gave their page (or, for a subscription started on the dashboard, their sign-in). "This
 * machine" is the connection's peer address, never a header: a second app here sees every request as coming from
 * 203.0.113.9, as a visitor to a demo box on 0.0.0.0 is seen.
 */

const config = testConfig({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, FIREBASE_PROJECT_ID: projectId, SANDBOX_WEBHOOK_DELAY_MS: '0' });
const visitorAddress = '203.0.113.9';

let testDb: TestDatabase;
let payments: Payments;
/** Requests from this machine, as `npm run billing:advance` and the tests make them. */
let local: RunningApp;
/** The same server, with every request's connection coming from another machine. */
let remote: RunningApp;
let admin: Auth;
let staff: { token: string };
let stranger: { token: string };

/** The app, listening on loopback, with each connection's peer address rewritten to `address`. */
async function startAppSeenFrom(address: string): Promise<RunningApp> {
  const generous = { windowMs: 60_000, limit: 1_000_000 };
  const services = createServices({
    config,
    db: testDb.db,
    payments,
    rateLimits: { api: generous, contact: generous, leads: generous, chat: generous, payments: generous },
  });
  const app = createApp({ config, services });
  return listen((req, res) => {
    Object.defineProperty(req.socket, 'remoteAddress', { value: address, configurable: true });
    app(req, res);
  });
}

beforeAll(async () => {
  testDb = await openTestDatabase();
  payments = createPayments({ config, db: testDb.db, logger: silentLogger, webhookRetryAfterMs: 0 });
  local = await startApp({ db: testDb.db, config, payments });
  remote = await startAppSeenFrom(visitorAddress);
  admin = firebaseAdminAuth(config.firebase);
  staff = await emulatorUser(admin, emulatorHost, { staff: true });
  stranger = await emulatorUser(admin, emulatorHost, { staff: false });
});

afterAll(async () => {
  await payments?.sandbox?.settled();
  await payments?.service.settled();
  await local?.close();
  await remote?.close();
  await testDb?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const settled = () => payments.service.settled();
const clockOffset = async () => (await payments.subscriptions.now()).getTime() - Date.now();

/** A monthly plan bought in the browser: create-order, Pay now with the page's secret, verification, sign-in. */
async function subscribedClient() {
  const details = buyer();
  const answer = (await (
    await postJson(local.url, '/api/create-order', { plan: 'launchpad', currency: 'INR', userDetails: details })
  ).json()) as SubscribeAnswer;
  const paid = await postJson(remote.url, `/api/sandbox/checkout/${answer.id}/pay`, {
    email: details.email,
    checkoutSecret: answer.checkoutSecret,
  });
  expect(paid.status).toBe(200);
  const verified = await postJson(remote.url, '/api/verify-payment', {
    ...(await paid.json()),
    plan: 'launchpad',
    userDetails: details,
    checkoutSecret: answer.checkoutSecret,
  });
  const { token } = (await verified.json()) as { token: string };
  await settled();
  return { id: answer.id, idToken: await idTokenFor(token) };
}

async function expectRefused(response: Response) {
  expect(response.status).toBe(403);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe('sandbox_forbidden');
}

describe('which requests come from this machine', () => {
  it('judges the peer address: all of 127/8 and ::1, also written as IPv4-mapped IPv6, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ['192.0.2.2', '::ffff:192.0.2.2', '10.0.0.1', '0.0.0.0', '::', 'localhost', '', undefined]) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
  });

  it('takes no header for it: a request relayed by a proxy, or claiming to be, came from elsewhere', () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers });
    expect(isFromThisMachine(from('127.0.0.1'))).toBe(true);
    expect(isFromThisMachine(from('::1', { host: 'localhost' }))).toBe(true);
    expect(isFromThisMachine(from(visitorAddress, { 'x-forwarded-for': '127.0.0.1', host: 'localhost' }))).toBe(false);
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      expect(isFromThisMachine(from('127.0.0.1', { [header]: '127.0.0.1' }))).toBe(false);
    }
  });
});

describe('the billing clock and fail-next-charges: this machine and staff only', () => {
  it('refuses another machine without a staff token and leaves the clock where it was', async () => {
    const before = await clockOffset();
    await expectRefused(await postJson(remote.url, '/api/sandbox/billing/advance', { months: 24 }));
    await expectRefused(await postJson(remote.url, '/api/sandbox/billing/advance', { months: 24 }, bearer(stranger.token)));
    await expectRefused(await postJson(remote.url, '/api/sandbox/billing/advance', { months: 24 }, { 'x-forwarded-for': '127.0.0.1' }));
    expect(Math.abs((await clockOffset()) - before)).toBeLessThan(60_000);
  });

  it('refuses a request relayed to this machine by a proxy', async () => {
    await expectRefused(await postJson(local.url, '/api/sandbox/billing/advance', { hours: 1 }, { 'x-forwarded-for': visitorAddress }));
  });

  it('answers this machine (npm run billing:advance, the tests) and staff anywhere', async () => {
    expect((await postJson(local.url, '/api/sandbox/billing/advance', { hours: 1 })).status).toBe(200);
    expect((await postJson(remote.url, '/api/sandbox/billing/advance', { hours: 1 }, bearer(staff.token))).status).toBe(200);
  });

  it("refuses another machine's fail-next-charges even from the subscription's own client", async () => {
    const client = await subscribedClient();
    const path = `/api/sandbox/billing/subscriptions/${client.id}/fail-next-charges`;
    await expectRefused(await postJson(remote.url, path, { charges: 3 }));
    await expectRefused(await postJson(remote.url, path, { charges: 3 }, bearer(client.idToken)));
    expect((await postJson(remote.url, path, { charges: 0 }, bearer(staff.token))).status).toBe(200);
    expect((await postJson(local.url, path, { charges: 0 })).status).toBe(200);
  });
});

describe("retry-charge: also the subscription's own client (the dashboard's card change)", () => {
  it('takes the unpaid charge again for its owner, never for another client or nobody', async () => {
    const client = await subscribedClient();
    await payments.sandboxBilling!.failNextCharges(client.id, 1);
    const [row] = await testDb.db.select().from(subscriptions).where(eq(subscriptions.gatewaySubscriptionId, client.id));
    await payments.sandboxBilling!.advance(row!.paidThrough!.getTime() - (await payments.subscriptions.now()).getTime() + 60_000);
    await settled();
    const path = `/api/sandbox/billing/subscriptions/${client.id}/retry-charge`;
    await expectRefused(await postJson(remote.url, path, {}));
    await expectRefused(await postJson(remote.url, path, {}, bearer(stranger.token)));
    expect((await postJson(remote.url, path, {}, bearer(client.idToken))).status).toBe(200);
    await settled();
    const [after] = await testDb.db.select().from(subscriptions).where(eq(subscriptions.gatewaySubscriptionId, client.id));
    expect(after).toMatchObject({ status: 'active', paidCount: 2 });
  });
});

describe("the checkout's Pay now and Simulate failure: also the buyer who made the order", () => {
  async function newSubscription() {
    return (await (await postJson(local.url, '/api/create-order', { plan: 'launchpad', currency: 'INR' })).json()) as SubscribeAnswer;
  }

  it('pays a subscription from another machine only with its own checkout secret', async () => {
    const mine = await newSubscription();
    const other = await newSubscription();
    const path = `/api/sandbox/checkout/${mine.id}/pay`;
    await expectRefused(await postJson(remote.url, path, {}));
    await expectRefused(await postJson(remote.url, path, { checkoutSecret: other.checkoutSecret }));
    await expectRefused(await postJson(remote.url, path, { checkoutSecret: mine.checkoutSecret.slice(1) }));
    await expectRefused(await postJson(remote.url, path, {}, bearer(stranger.token)));
    const paid = await postJson(remote.url, path, { checkoutSecret: mine.checkoutSecret });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ razorpay_subscription_id: mine.id, razorpay_signature: expect.any(String) });
  });

  it('fails a checkout from another machine only with its own checkout secret', async () => {
    const mine = await newSubscription();
    const path = `/api/sandbox/checkout/${mine.id}/fail`;
    await expectRefused(await postJson(remote.url, path, {}));
    await expectRefused(await postJson(remote.url, path, { checkoutSecret: (await newSubscription()).checkoutSecret }));
    const failed = await postJson(remote.url, path, { checkoutSecret: mine.checkoutSecret });
    expect(failed.status).toBe(200);
    expect(await failed.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } });
  });

  it('takes an order made before monthly billing by its secret too', async () => {
    const order = (await (await createOneTimeOrder(payments, { plan: 'launchpad', currency: 'INR' })).json()) as {
      id: string;
      checkoutSecret: string;
    };
    await expectRefused(await postJson(remote.url, `/api/sandbox/checkout/${order.id}/fail`, {}));
    await expectRefused(await postJson(remote.url, `/api/sandbox/checkout/${order.id}/pay`, {}));
    expect((await postJson(remote.url, `/api/sandbox/checkout/${order.id}/pay`, { checkoutSecret: order.checkoutSecret })).status).toBe(
      200,
    );
  });

  it("refuses an unknown id from another machine as it refuses someone else's, and says 404 here", async () => {
    await expectRefused(await postJson(remote.url, '/api/sandbox/checkout/sub_NoSuchSub000000/pay', { checkoutSecret: 'x'.repeat(43) }));
    expect((await postJson(local.url, '/api/sandbox/checkout/order_NoSuchOrder0000/pay', {})).status).toBe(404);
  });

  it('authorises a subscription started on the dashboard for its signed-in client only', async () => {
    // A client who paid once before monthly billing (decision 182).
    const details = buyer();
    const order = (await (await createOneTimeOrder(payments, { plan: 'launchpad', currency: 'INR', userDetails: details })).json()) as {
      id: string;
      checkoutSecret: string;
    };
    const paid = await payments.sandbox!.pay(order.id);
    const verified = await postJson(local.url, '/api/verify-payment', {
      ...paid,
      plan: 'launchpad',
      userDetails: details,
      checkoutSecret: order.checkoutSecret,
    });
    const idToken = await idTokenFor(((await verified.json()) as { token: string }).token);
    await settled();
    const paidAt = await payments.subscriptions.now();
    const [row] = await testDb.db.update(orders).set({ paidAt }).where(eq(orders.gatewayOrderId, order.id)).returning();
    await testDb.db.transaction((tx) => recomputeEntitlement(tx, row!.customerUid!, details.email, paidAt));
    const started = await postJson(remote.url, '/api/billing/monthly', {}, bearer(idToken));
    expect(started.status).toBe(201);
    const { subscriptionId } = (await started.json()) as { subscriptionId: string };

    const path = `/api/sandbox/checkout/${subscriptionId}/pay`;
    await expectRefused(await postJson(remote.url, path, { email: details.email }));
    await expectRefused(await postJson(remote.url, path, { email: details.email }, bearer(stranger.token)));
    const signed = await postJson(remote.url, path, { email: details.email }, bearer(idToken));
    expect(signed.status).toBe(200);
    const confirmed = await postJson(remote.url, '/api/billing/monthly/confirm', await signed.json(), bearer(idToken));
    expect(confirmed.status).toBe(200);
  });
});
