import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { createPayments, type Payments } from '../../server/payments/setup';
import { openTestDatabase, startApp, testConfig, type RunningApp, type TestDatabase } from './support';
import { buyer, createOneTimeOrder, emulatorHost, postJson, projectId } from './payments-support';

/**
 * Hardening round 2, finding 2: the verify answer was a reusable sign-in credential. Anyone holding a buyer's
 * `order_id`, `payment_id` and signature (a shared computer, a proxy's log, a screenshot) could replay
 * POST /api/verify-payment, with no Authorization and any email, and get a fresh custom token for the buyer's account
 * for 24 hours, as often as asked. Now the token goes only to the browser that created the order: create-order hands
 * it a secret, kept with its pending payment and sent with the verification. That same browser, having lost the
 * answer (a closed tab, a dropped connection), can still finish.
 */

let testDb: TestDatabase;
let app: RunningApp;
let payments: Payments;

beforeAll(async () => {
  testDb = await openTestDatabase();
  const config = testConfig({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, FIREBASE_PROJECT_ID: projectId, SANDBOX_WEBHOOK_DELAY_MS: '0' });
  payments = createPayments({ config, db: testDb.db, logger: createLogger({ level: 'silent' }), webhookRetryAfterMs: 0 });
  app = await startApp({ db: testDb.db, config, payments });
});

afterAll(async () => {
  await payments?.sandbox?.settled();
  await payments?.service.settled();
  await app?.close();
  await testDb?.close();
});

type Order = { id: string; checkoutSecret: string };
const uidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).uid as string;

async function paidOrder(plan = 'launchpad', userDetails?: unknown) {
  const response = await createOneTimeOrder(payments, { plan, currency: 'INR', ...(userDetails ? { userDetails } : {}) });
  expect(response.status).toBe(201);
  const order = (await response.json()) as Order;
  const checkout = (await (await postJson(app.url, `/api/sandbox/checkout/${order.id}/pay`, {})).json()) as Record<string, string>;
  return { order, checkout };
}

const verify = (body: unknown) => postJson(app.url, '/api/verify-payment', body);

describe('who gets the sign-in token', () => {
  it('create-order hands the browser a secret of its own, stored only as a hash', async () => {
    const { order } = await paidOrder();
    const { order: other } = await paidOrder();
    expect(order.checkoutSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(other.checkoutSecret).not.toBe(order.checkoutSecret);
    const [row] = await testDb.db.select().from(orders).where(eq(orders.gatewayOrderId, order.id));
    expect(JSON.stringify(row)).not.toContain(order.checkoutSecret);
  });

  it('a replay without the secret, with no Authorization and any email, is told the payment went through and signs no one in', async () => {
    const details = buyer();
    const { order, checkout } = await paidOrder();
    const own = await verify({ ...checkout, checkoutSecret: order.checkoutSecret, userDetails: details, plan: 'launchpad' });
    expect(await own.json()).toEqual({ success: true, token: expect.any(String) });

    for (const replay of [
      { ...checkout, userDetails: details, plan: 'launchpad' },
      { ...checkout, userDetails: buyer(), plan: 'launchpad' },
      { ...checkout, checkoutSecret: 'A'.repeat(43), userDetails: details, plan: 'launchpad' },
      { ...checkout, checkoutSecret: order.checkoutSecret.slice(0, 42), userDetails: details, plan: 'launchpad' },
    ]) {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await verify(replay);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ success: true, token: null, msg: expect.stringContaining('sign in') });
      }
    }
  });

  it('the buyer’s own browser that lost the answer asks again and is signed in, to the same account', async () => {
    const details = buyer();
    const { order, checkout } = await paidOrder('growth-engine');
    const body = { ...checkout, checkoutSecret: order.checkoutSecret, userDetails: details, plan: 'growth-engine' };
    const first = (await (await verify(body)).json()) as { token: string }; // ... and the answer never arrives
    const again = (await (await verify(body)).json()) as { token: string };
    expect(again).toEqual({ success: true, token: expect.any(String) });
    expect(uidOf(again.token)).toBe(uidOf(first.token));
  });

  it('the tab closed before it verified: the webhook makes the account, and the same browser later signs in with its secret', async () => {
    const details = buyer();
    const { order, checkout } = await paidOrder('launchpad', details);
    await payments.sandbox!.settled();
    await payments.service.settled();
    expect((await testDb.db.select().from(orders).where(eq(orders.gatewayOrderId, order.id)))[0]).toMatchObject({
      fulfilledBy: 'webhook',
      accountCreated: true,
    });
    const withoutSecret = await verify({ ...checkout, userDetails: details, plan: 'launchpad' });
    expect((await withoutSecret.json()).token).toBeNull();
    const withSecret = await verify({ ...checkout, checkoutSecret: order.checkoutSecret, userDetails: details, plan: 'launchpad' });
    expect(await withSecret.json()).toEqual({ success: true, token: expect.any(String) });
  });

  it('refuses a secret that is not one (wrong type, too long, other characters) with a 400 naming it', async () => {
    const { checkout } = await paidOrder();
    for (const checkoutSecret of [42, 'x'.repeat(200), 'not a secret!', '']) {
      const response = await verify({ ...checkout, checkoutSecret, userDetails: buyer(), plan: 'launchpad' });
      expect(response.status, String(checkoutSecret)).toBe(400);
      expect((await response.json()).fieldErrors).toHaveProperty('checkoutSecret');
    }
  });
});
