import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { subscriptions } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { createPayments, type Payments } from '../../server/payments/setup';
import type { BillingOverview } from '../../src/domain/billingAccount';
import type { SubscribeAnswer } from '../../src/domain/payment';
import { openTestDatabase, startApp, testConfig, type RunningApp, type TestDatabase } from './support';
import { idTokenFor } from './authEmulator';
import { buyer, emulatorHost, postJson, projectId } from './payments-support';

/**
 * The client's billing API (docs/decisions/180-monthly-billing.md): GET /api/billing, POST /api/billing/cancel and
 * POST /api/billing/requests, signed in through the Auth Emulator as the dashboard is. A client reaches only their
 * own subscription; a bad body is a 400 naming the field.
 */

const config = testConfig({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, FIREBASE_PROJECT_ID: projectId, SANDBOX_WEBHOOK_DELAY_MS: '0' });
const DAY = 24 * 60 * 60_000;

let testDb: TestDatabase;
let app: RunningApp;
let payments: Payments;
/** While set, the sandbox's billing events wait here: the gateway's webhook is on its way, not yet arrived. */
let heldEvents: Array<[Buffer, string, string]> | null = null;

beforeAll(async () => {
  testDb = await openTestDatabase();
  payments = createPayments({
    config,
    db: testDb.db,
    logger: createLogger({ level: 'silent' }),
    webhookRetryAfterMs: 0,
    deliverSandboxEvent: async (...event) => (heldEvents ? heldEvents.push(event) : payments.service.handleWebhook(...event)),
  });
  app = await startApp({ db: testDb.db, config, payments });
});

afterAll(async () => {
  await payments?.service.settled();
  await app?.close();
  await testDb?.close();
});

async function client(plan = 'launchpad') {
  const details = buyer({ businessName: 'Rao Stores' });
  const answer = (await (
    await postJson(app.url, '/api/create-order', { plan, currency: 'INR', userDetails: details })
  ).json()) as SubscribeAnswer;
  const paid = await (await postJson(app.url, `/api/sandbox/checkout/${answer.id}/pay`, {})).json();
  const verified = await postJson(app.url, '/api/verify-payment', {
    ...paid,
    plan,
    userDetails: details,
    checkoutSecret: answer.checkoutSecret,
  });
  const { token } = (await verified.json()) as { token: string };
  await payments.service.settled();
  return { id: answer.id, idToken: await idTokenFor(token) };
}

const auth = (idToken: string) => ({ authorization: `Bearer ${idToken}` });
async function overview(idToken: string): Promise<BillingOverview> {
  const response = await fetch(`${app.url}/api/billing`, { headers: auth(idToken) });
  expect(response.status).toBe(200);
  return (await response.json()) as BillingOverview;
}

describe('the client billing API', () => {
  it('shows the plan, the next charge, the paid period and the first invoice; cancelling now would end at the period end', async () => {
    const { id, idToken } = await client('growth-engine');
    const billing = await overview(idToken);
    const subscription = billing.subscription!;
    expect(subscription).toMatchObject({
      id,
      plan: 'growth-engine',
      status: 'active',
      state: 'active',
      monthlyPaise: 450_000,
      endsAt: null,
      requests: [],
    });
    expect(subscription.nextChargeAt).toBe(subscription.paidThrough);
    expect(subscription.cancelPreview).toEqual({ kind: 'at_period_end', endsAt: subscription.paidThrough });
    expect(billing.invoices).toEqual([
      expect.objectContaining({ plan: 'growth-engine', amountPaise: 2_150_000, status: 'paid', periodEnd: subscription.paidThrough }),
    ]);
    expect(billing).toMatchObject({ businessName: 'Rao Stores', oneTime: null });
  });

  it('asks for sign-in, and keeps each client to their own subscription', async () => {
    expect((await fetch(`${app.url}/api/billing`)).status).toBe(401);
    const asha = await client();
    const ravi = await client();
    const theirs = await postJson(app.url, '/api/billing/cancel', { subscriptionId: asha.id }, auth(ravi.idToken));
    expect(theirs.status).toBe(404);
    const request = await postJson(app.url, '/api/billing/requests', { subscriptionId: asha.id, kind: 'pause' }, auth(ravi.idToken));
    expect(request.status).toBe(404);
    expect((await overview(asha.idToken)).subscription).toMatchObject({ endsAt: null, requests: [] });
  });

  it('a bad body is a 400 naming the field', async () => {
    const { id, idToken } = await client();
    const cases: Array<[unknown, string]> = [
      [{}, 'subscriptionId'],
      [{ subscriptionId: 'order_123456789' }, 'subscriptionId'],
    ];
    for (const [body, field] of cases) {
      const response = await postJson(app.url, '/api/billing/cancel', body, auth(idToken));
      expect(response.status).toBe(400);
      expect((await response.json()).error.details.fieldErrors).toHaveProperty(field);
    }
    const noPlan = await postJson(app.url, '/api/billing/requests', { subscriptionId: id, kind: 'change_plan' }, auth(idToken));
    expect((await noPlan.json()).error.details.fieldErrors).toEqual({ plan: 'Choose the plan to change to.' });
    const samePlan = await postJson(
      app.url,
      '/api/billing/requests',
      { subscriptionId: id, kind: 'change_plan', plan: 'launchpad' },
      auth(idToken),
    );
    expect(samePlan.status).toBe(400);
    const unknown = await postJson(app.url, '/api/billing/requests', { subscriptionId: id, kind: 'refund' }, auth(idToken));
    expect((await unknown.json()).error.details.fieldErrors).toHaveProperty('kind');
  });

  it('hostile values in every field, a wrong body type or a huge body: a 4xx in the error shape, and nothing changes', async () => {
    const { id, idToken } = await client();
    const hostile: unknown[] = [
      '',
      'sub_\u0000abcdef',
      `sub_${'a'.repeat(5_000)}`,
      'sub_abc def12',
      42,
      null,
      true,
      ['sub_Abcdef123456'],
      { $gt: '' },
      'sub_\u202eabcdef',
    ];
    const bodies = [
      ...hostile.map((value) => ['/api/billing/cancel', { subscriptionId: value }] as const),
      ...hostile.map((value) => ['/api/billing/requests', { subscriptionId: id, kind: value }] as const),
      ...hostile.map((value) => ['/api/billing/requests', { subscriptionId: id, kind: 'change_plan', plan: value }] as const),
      ...hostile.map((value) => ['/api/billing/requests', { subscriptionId: value, kind: 'pause' }] as const),
    ];
    for (const [path, body] of bodies) {
      const response = await postJson(app.url, path, body, auth(idToken));
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect((await response.json()).error.code).toEqual(expect.any(String));
    }
    const notJson = await fetch(`${app.url}/api/billing/cancel`, {
      method: 'POST',
      headers: { ...auth(idToken), 'content-type': 'text/plain' },
      body: 'cancel',
    });
    expect([400, 415]).toContain(notJson.status);
    const huge = await postJson(
      app.url,
      '/api/billing/requests',
      { subscriptionId: id, kind: 'pause', padding: 'x'.repeat(10_000) },
      auth(idToken),
    );
    expect(huge.status).toBe(413);
    expect((await overview(idToken)).subscription).toMatchObject({ endsAt: null, requests: [] });
  });

  it('cancelling shows the end date and stops the next charge; asking twice gives the same answer', async () => {
    const { id, idToken } = await client();
    const before = (await overview(idToken)).subscription!;
    const cancelled = await postJson(app.url, '/api/billing/cancel', { subscriptionId: id }, auth(idToken));
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({ kind: 'at_period_end', endsAt: before.paidThrough });
    const again = await postJson(app.url, '/api/billing/cancel', { subscriptionId: id }, auth(idToken));
    expect(await again.json()).toEqual({ kind: 'at_period_end', endsAt: before.paidThrough });
    expect((await overview(idToken)).subscription).toMatchObject({
      endsAt: before.paidThrough,
      nextChargeAt: null,
      cancelPreview: null,
      state: 'ending',
    });
  });

  it('inside the last 15 days the preview says one more charge is taken, and the plan ends a period later', async () => {
    const { id, idToken } = await client();
    const paidThrough = new Date((await overview(idToken)).subscription!.paidThrough!);
    await payments.sandboxBilling!.advance(paidThrough.getTime() - (await payments.subscriptions.now()).getTime() - 5 * DAY);
    const { cancelPreview } = (await overview(idToken)).subscription!;
    expect(cancelPreview).toMatchObject({ kind: 'after_next_charge', nextChargeAt: paidThrough.toISOString() });
    const cancelled = await (await postJson(app.url, '/api/billing/cancel', { subscriptionId: id }, auth(idToken))).json();
    expect(cancelled).toEqual(cancelPreview);
    expect((await overview(idToken)).subscription).toMatchObject({
      nextChargeAt: paidThrough.toISOString(),
      endsAt: cancelPreview!.endsAt,
    });
  });

  it('/api/me reads a plan whose paid period ran out as none, before the sweep rewrites the row', async () => {
    const { id, idToken } = await client();
    const me = async () =>
      (await (await fetch(`${app.url}/api/me`, { headers: auth(idToken) })).json()) as { purchasedPlan: string | null };
    expect((await me()).purchasedPlan).toBe('launchpad');
    await postJson(app.url, '/api/billing/cancel', { subscriptionId: id }, auth(idToken));
    const [row] = await testDb.db
      .select({ uid: subscriptions.customerUid })
      .from(subscriptions)
      .where(eq(subscriptions.gatewaySubscriptionId, id));
    const uid = row!.uid!;
    // The period ended a minute ago and no sweep has run: the row still names the plan.
    await testDb.db.execute(sql`update user_profiles set plan_paid_through = now() - interval '1 minute' where uid = ${uid}`);
    expect((await me()).purchasedPlan).toBeNull();
    // An active plan's charge may still be on its way: it holds for the grace days after the billing date.
    await testDb.db.execute(sql`update user_profiles set billing_state = 'active' where uid = ${uid}`);
    expect((await me()).purchasedPlan).toBe('launchpad');
  });

  it('a pause or plan change goes to the account manager as one open request, however often it is asked', async () => {
    const { id, idToken } = await client();
    for (let i = 0; i < 2; i += 1) {
      const response = await postJson(app.url, '/api/billing/requests', { subscriptionId: id, kind: 'pause' }, auth(idToken));
      expect(response.status).toBe(201);
    }
    const change = await postJson(
      app.url,
      '/api/billing/requests',
      { subscriptionId: id, kind: 'change_plan', plan: 'growth-engine' },
      auth(idToken),
    );
    expect(await change.json()).toMatchObject({ kind: 'change_plan', plan: 'growth-engine', status: 'open' });
    const { requests } = (await overview(idToken)).subscription!;
    expect(requests.map(({ kind, plan, status }) => ({ kind, plan, status }))).toEqual([
      { kind: 'pause', plan: null, status: 'open' },
      { kind: 'change_plan', plan: 'growth-engine', status: 'open' },
    ]);
  });

  it('a failed charge paid with a new card reads as paid at once, before the gateway’s event arrives', async () => {
    const { id, idToken } = await client();
    const paidThrough = new Date((await overview(idToken)).subscription!.paidThrough!);
    await payments.sandboxBilling!.failNextCharges(id, 1);
    await payments.sandboxBilling!.advance(paidThrough.getTime() - (await payments.subscriptions.now()).getTime() + 60 * 60_000);
    await payments.service.settled();
    expect((await overview(idToken)).subscription).toMatchObject({ status: 'pending' });

    let billingAfterCard: BillingOverview['subscription'] = null;
    heldEvents = [];
    try {
      // What the dashboard's card change does: the gateway charges the new card, its webhook comes later.
      await payments.sandboxBilling!.retryCharge(id);
      expect(heldEvents.map(([body]) => JSON.parse(body.toString()).event)).toEqual(['subscription.charged', 'subscription.activated']);
      const billing = await overview(idToken);
      billingAfterCard = billing.subscription;
      expect(billing.subscription).toMatchObject({ status: 'active', state: 'active' });
      expect(billing.subscription!.paidThrough).toBe(billing.subscription!.nextChargeAt);
      expect(new Date(billing.subscription!.paidThrough!).getTime()).toBeGreaterThan(paidThrough.getTime());
      expect(billing.invoices.map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
    } finally {
      const late = heldEvents;
      heldEvents = null;
      for (const event of late) await payments.service.handleWebhook(...event);
    }
    // The late events change nothing.
    await payments.service.settled();
    const after = await overview(idToken);
    expect(after.subscription).toEqual(billingAfterCard);
    expect(after.invoices).toHaveLength(2);
  });
});
