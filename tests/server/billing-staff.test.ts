import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { firebaseAdminAuth } from '../../server/auth/firebaseAdmin';
import { openRequest } from '../../server/billing/repository';
import { PAUSE_LEAD_MS } from '../../server/billing/scheduledPause';
import { setupBillingPlans } from '../../server/billing/setupPlans';
import { staffAudit, subscriptionInvoices, subscriptionRequests, subscriptions, userProfiles } from '../../server/db/schema';
import { silentLogger } from '../../server/logger';
import { createPayments, type Payments } from '../../server/payments/setup';
import {
  inboxPageSchema,
  inboxSummarySchema,
  subscriptionActionAnswerSchema,
  type StaffSubscriptionRow,
  type SubscriptionAction,
} from '../../src/domain/admin';
import { emulatorUser, parseCsv } from './admin-support';
import { buyer, emulatorHost, memoryAuthAdmin, projectId, subscribeInSandbox } from './payments-support';
import { openTestDatabase, startApp, testConfig, type RunningApp, type TestDatabase } from './support';

/**
 * The staff inbox's Subscriptions tab (issue 35, docs/decisions/181-staff-subscriptions.md) on the sandbox gateway:
 * the list in its order, search and export, the summary's figures, and each account manager's action as the gateway
 * carries it out, including a pause from the next cycle that the reconciler makes before the charge. Every action is
 * audited and marks done the client's request it answers.
 */

const config = testConfig({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, FIREBASE_PROJECT_ID: projectId, SANDBOX_WEBHOOK_DELAY_MS: '0' });
const DAY = 24 * 60 * 60_000;

let testDb: TestDatabase;
let app: RunningApp;
let payments: Payments;
let staff: { uid: string; email: string; token: string };
let outsider: { uid: string; email: string; token: string };
const clients = memoryAuthAdmin();

beforeAll(async () => {
  testDb = await openTestDatabase();
  payments = createPayments({ config, db: testDb.db, logger: silentLogger, auth: clients.admin, webhookRetryAfterMs: 0 });
  await setupBillingPlans({ db: testDb.db, gateway: payments.subscriptions, logger: silentLogger });
  app = await startApp({ db: testDb.db, config, payments });
  const admin = firebaseAdminAuth(config.firebase);
  staff = await emulatorUser(admin, emulatorHost, { staff: true });
  outsider = await emulatorUser(admin, emulatorHost, { staff: false });
});

afterAll(async () => {
  await payments?.service.settled();
  await app?.close();
  await testDb?.close();
});

// ---- helpers ------------------------------------------------------------------------------------------------------

const settled = () => payments.service.settled();
const now = () => payments.subscriptions.now();
async function advance(ms: number) {
  const result = await payments.sandboxBilling!.advance(ms);
  await settled();
  return result;
}
/** Moves the sandbox's clock to `at` (never back). */
async function advanceTo(at: Date) {
  const ms = at.getTime() - (await now()).getTime();
  if (ms > 0) await advance(ms);
}

/** A client who subscribed and paid through the sandbox checkout, as the browser does. */
async function subscribed(plan: 'launchpad' | 'growth-engine', businessName: string) {
  const details = buyer({ businessName });
  const { id, verified } = await subscribeInSandbox(app.url, plan, details);
  expect(verified.status).toBe(200);
  await settled();
  const [row] = await testDb.db.select().from(subscriptions).where(eq(subscriptions.gatewaySubscriptionId, id));
  return { id, uid: row!.customerUid!, email: details.email as string };
}

/** The client's request to their account manager, as POST /api/billing/requests stores it. */
const ask = (client: { id: string; uid: string }, kind: 'pause' | 'resume' | 'change_plan', plan: string | null = null) =>
  openRequest(testDb.db, { gatewaySubscriptionId: client.id, uid: client.uid, kind, plan });

const call = (path: string, token: string | undefined, init: RequestInit = {}) =>
  fetch(`${app.url}/api/admin${path}`, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
  });

async function list(q: string): Promise<StaffSubscriptionRow[]> {
  const response = await call(`/subscriptions?${new URLSearchParams({ q })}`, staff.token);
  expect(response.status).toBe(200);
  return inboxPageSchema('subscriptions').parse(await response.json()).items;
}
async function rowOf(id: string): Promise<StaffSubscriptionRow> {
  const [row] = await list(id);
  expect(row?.id).toBe(id);
  return row!;
}

const actOn = (id: string, body: unknown, token = staff.token) =>
  call(`/subscriptions/${id}/actions`, token, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
async function act(id: string, action: SubscriptionAction) {
  const response = await actOn(id, action);
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  await settled();
  return subscriptionActionAnswerSchema.parse(body);
}
async function refused(id: string, action: unknown, status: number) {
  const response = await actOn(id, action);
  expect(response.status).toBe(status);
  return ((await response.json()) as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;
}

const audits = (id: string) =>
  testDb.db
    .select()
    .from(staffAudit)
    .where(eq(staffAudit.target, `subscriptions/${id}`));
const requestsOf = (id: string) => testDb.db.select().from(subscriptionRequests).where(eq(subscriptionRequests.gatewaySubscriptionId, id));
const paidInvoices = async (id: string) =>
  (
    await testDb.db
      .select()
      .from(subscriptionInvoices)
      .where(and(eq(subscriptionInvoices.gatewaySubscriptionId, id), eq(subscriptionInvoices.status, 'paid')))
  ).length;
async function profile(uid: string) {
  const [row] = await testDb.db.select().from(userProfiles).where(eq(userProfiles.uid, uid));
  return row!;
}
/** The sandbox's own record of the subscription made to say `status`, as if Razorpay's state had moved on unseen. */
const gatewaySays = (id: string, status: string) =>
  testDb.db.execute(
    sql`update sandbox_entities set entity = jsonb_set(entity, '{status}', ${JSON.stringify(status)}::jsonb) where id = ${id}`,
  );

/** Every table the tab reads, emptied, and the sandbox's subscriptions gone (its plans and clock stay). */
async function emptyBilling() {
  await testDb.db.execute(
    sql`truncate subscription_requests, subscription_invoices, subscriptions, orders, payments, user_profiles, staff_audit restart identity cascade`,
  );
  await testDb.db.execute(sql`delete from sandbox_entities where kind not in ('plan', 'clock')`);
}

const tag = () => `T${Math.random().toString(36).slice(2, 10)}`;

// ---- who may ------------------------------------------------------------------------------------------------------

describe('who may see and change subscriptions', () => {
  it('no token is a 401, a client is a 403, and nothing is changed or audited', async () => {
    const client = await subscribed('launchpad', `Rao Stores ${tag()}`);
    expect((await call('/subscriptions', undefined)).status).toBe(401);
    expect((await call('/subscriptions', outsider.token)).status).toBe(403);
    expect((await call('/subscriptions/export.csv', outsider.token)).status).toBe(403);
    expect((await actOn(client.id, { kind: 'cancel_now' }, outsider.token)).status).toBe(403);
    expect((await actOn(client.id, { kind: 'cancel_now' }, '')).status).toBe(401);
    expect((await rowOf(client.id)).status).toBe('active');
    expect(await audits(client.id)).toEqual([]);
  });
});

// ---- the list -----------------------------------------------------------------------------------------------------

describe('the list', () => {
  it('shows failed charges first, then requests waiting, then by next charge; finds by email, business and id', async () => {
    const group = tag();
    const failing = await subscribed('launchpad', `Failing ${group}`);
    const asking = await subscribed('growth-engine', `Asking ${group}`);
    const quiet = await subscribed('launchpad', `Quiet ${group}`);
    await payments.sandboxBilling!.failNextCharges(failing.id, 10);
    // Past the renewal and two of the failing one's retries: a period bought now ends two days after the renewed one's.
    await advanceTo(new Date((await rowOf(quiet.id)).paidThrough!));
    await advance(2 * DAY + 60 * 60_000);
    const later = await subscribed('launchpad', `Later ${group}`);
    await ask(asking, 'pause');

    const rows = await list(group);
    expect(rows.map((row) => row.id)).toEqual([failing.id, asking.id, quiet.id, later.id]);
    const [failed, waiting, renewed, fresh] = rows as [
      StaffSubscriptionRow,
      StaffSubscriptionRow,
      StaffSubscriptionRow,
      StaffSubscriptionRow,
    ];
    expect(failed).toMatchObject({ status: 'pending', state: 'payment_failed', openRequests: 0, businessName: `Failing ${group}` });
    expect(failed.invoices.map((invoice) => invoice.status)).toEqual(['paid']);
    expect(new Date(failed.nextChargeAt!).getTime()).toBeGreaterThan((await now()).getTime());
    expect(waiting).toMatchObject({
      plan: 'growth-engine',
      monthlyPaise: 450_000,
      status: 'active',
      state: 'active',
      openRequests: 1,
      paidCount: 2,
    });
    expect(waiting.requests).toEqual([expect.objectContaining({ kind: 'pause', status: 'open', resolvedAt: null })]);
    expect(renewed.nextChargeAt).toBe(renewed.paidThrough);
    expect(new Date(renewed.nextChargeAt!).getTime()).toBeLessThan(new Date(fresh.nextChargeAt!).getTime());
    expect(fresh).toMatchObject({ customerEmail: later.email, paidCount: 1, pauseAt: null, endsAt: null, scheduledPlan: null });

    expect((await list(later.email)).map((row) => row.id)).toEqual([later.id]);
    expect((await list(`later ${group.toLowerCase()}`)).map((row) => row.id)).toEqual([later.id]);
    expect((await list(quiet.id)).map((row) => row.id)).toEqual([quiet.id]);
  });

  it('pages by its own keyset: every row once, in order, across pages', async () => {
    const group = tag();
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await subscribed('launchpad', `Paged ${group}`));
    await ask(made[2]!, 'resume');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await call(
        `/subscriptions?${new URLSearchParams({ q: group, limit: '1', ...(cursor ? { cursor } : {}) })}`,
        staff.token,
      );
      const page = inboxPageSchema('subscriptions').parse(await response.json());
      seen.push(...page.items.map((row) => row.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(3);
    expect(seen[0]).toBe(made[2]!.id);
    expect(new Set(seen)).toEqual(new Set(made.map((client) => client.id)));
    const badCursor = await call(
      `/subscriptions?cursor=${Buffer.from('2025-01-01T10:00:00.000000Z sub_abcdefgh').toString('base64url')}`,
      staff.token,
    );
    expect(badCursor.status).toBe(400);
  });

  it('exports what it lists as CSV, and audits the export', async () => {
    const group = tag();
    const client = await subscribed('growth-engine', `Export ${group}`);
    const response = await call(`/subscriptions/export.csv?q=${group}`, staff.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/growthpath-subscriptions-\d{4}-\d{2}-\d{2}\.csv/);
    const [header, row, ...rest] = parseCsv((await response.text()).replace(/^\uFEFF/, ''));
    expect(rest).toEqual([]);
    expect(header).toEqual(
      expect.arrayContaining([
        'Subscription id',
        'Customer email',
        'Business',
        'Plan',
        'Monthly',
        'Status',
        'Next charge',
        'Open requests',
      ]),
    );
    const cell = (name: string) => row![header!.indexOf(name)];
    expect([cell('Subscription id'), cell('Customer email'), cell('Plan'), cell('Monthly'), cell('Status')]).toEqual([
      client.id,
      client.email,
      'growth-engine',
      '4500.00',
      'active',
    ]);
    const [audit] = await testDb.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'export'), eq(staffAudit.target, 'subscriptions')));
    expect(audit).toMatchObject({ staffUid: staff.uid, details: { q: group, rows: 1, truncated: false } });
  });
});

// ---- actions ------------------------------------------------------------------------------------------------------

describe('an account manager pauses from the next cycle', () => {
  it('is stored at once, made at the gateway by the reconciler before the charge, and no charge is taken', async () => {
    const client = await subscribed('launchpad', `Pause ${tag()}`);
    const request = await ask(client, 'pause');
    const { row } = await act(client.id, { kind: 'pause' });
    expect(row).toMatchObject({ status: 'active', state: 'active', pauseAt: row.paidThrough, nextChargeAt: null, openRequests: 0 });
    expect(row.requests).toEqual([expect.objectContaining({ id: request.id, status: 'done' })]);
    const [resolved] = await requestsOf(client.id);
    expect(resolved).toMatchObject({ status: 'done', resolvedBy: staff.uid });
    expect(await audits(client.id)).toEqual([
      expect.objectContaining({
        action: 'subscription.pause',
        staffUid: staff.uid,
        staffEmail: staff.email,
        details: { pauseAt: row.paidThrough, requestDone: request.id },
      }),
    ]);
    // Not asked again while it is pausing; a cancel at period end would fight it.
    expect((await refused(client.id, { kind: 'pause' }, 409)).code).toBe('action_not_allowed');

    const paidThrough = new Date(row.paidThrough!);
    await advanceTo(new Date(paidThrough.getTime() - 2 * PAUSE_LEAD_MS));
    await payments.billing.reconcile();
    expect((await rowOf(client.id)).status).toBe('active');
    await advanceTo(new Date(paidThrough.getTime() - PAUSE_LEAD_MS / 2));
    await payments.billing.reconcile();
    await settled();
    expect(await rowOf(client.id)).toMatchObject({ status: 'paused', state: 'paused', pauseAt: null, nextChargeAt: null });
    expect((await profile(client.uid)).purchasedPlan).toBe('launchpad');

    await advance(PAUSE_LEAD_MS);
    expect(await paidInvoices(client.id)).toBe(1);
    await payments.billing.reconcile();
    expect(await profile(client.uid)).toMatchObject({ purchasedPlan: null, billingState: 'paused' });

    // Resumed after the period: the gateway starts a new cycle and charges it now; the plan is back.
    const resumeRequest = await ask(client, 'resume');
    const resumed = await act(client.id, { kind: 'resume' });
    expect(resumed.row).toMatchObject({ status: 'active', state: 'active', paidCount: 2 });
    expect(resumed.row.requests.find((r) => r.id === resumeRequest.id)).toMatchObject({ status: 'done' });
    expect(await paidInvoices(client.id)).toBe(2);
    expect((await profile(client.uid)).purchasedPlan).toBe('launchpad');
    expect((await audits(client.id)).map((audit) => audit.action)).toEqual(['subscription.pause', 'subscription.resume']);
    expect((await audits(client.id))[1]!.details).toMatchObject({
      status: { from: 'paused', to: 'active' },
      requestDone: resumeRequest.id,
    });
  });

  it('a pause due within a day of being asked for is made at once', async () => {
    const client = await subscribed('launchpad', `Soon ${tag()}`);
    await advanceTo(new Date(new Date((await rowOf(client.id)).paidThrough!).getTime() - PAUSE_LEAD_MS / 4));
    const { row } = await act(client.id, { kind: 'pause' });
    expect(row).toMatchObject({ status: 'paused', pauseAt: null });
  });

  it('resume before the date drops the scheduled pause and nothing is asked of the gateway', async () => {
    const client = await subscribed('launchpad', `Unpause ${tag()}`);
    const paused = await act(client.id, { kind: 'pause' });
    expect(paused.row.pauseAt).not.toBeNull();
    const { row } = await act(client.id, { kind: 'resume' });
    expect(row).toMatchObject({ status: 'active', pauseAt: null, nextChargeAt: paused.row.paidThrough });
    expect((await audits(client.id))[1]).toMatchObject({
      action: 'subscription.resume',
      details: { droppedPauseAt: paused.row.paidThrough },
    });
  });
});

describe('an account manager changes the plan at cycle end', () => {
  it('schedules it at the gateway, answers the matching request, and the plan and price follow at the renewal', async () => {
    const client = await subscribed('launchpad', `Upgrade ${tag()}`);
    const wrongPlan = await ask(client, 'pause');
    const request = await ask(client, 'change_plan', 'growth-engine');
    const { row } = await act(client.id, { kind: 'change_plan', plan: 'growth-engine' });
    expect(row).toMatchObject({ plan: 'launchpad', scheduledPlan: 'growth-engine', monthlyPaise: 250_000, openRequests: 1 });
    expect(row.requests.map((r) => [r.id, r.status])).toEqual([
      [wrongPlan.id, 'open'],
      [request.id, 'done'],
    ]);
    expect((await audits(client.id))[0]).toMatchObject({
      action: 'subscription.change_plan',
      details: { plan: { from: 'launchpad', to: 'growth-engine' }, requestDone: request.id },
    });
    expect((await refused(client.id, { kind: 'change_plan', plan: 'growth-engine' }, 409)).code).toBe('same_plan');

    await advanceTo(new Date(row.paidThrough!));
    await advance(60 * 60_000);
    expect(await rowOf(client.id)).toMatchObject({ plan: 'growth-engine', scheduledPlan: null, monthlyPaise: 450_000, paidCount: 2 });
    const [, renewal] = (await rowOf(client.id)).invoices;
    expect(renewal).toMatchObject({ amountPaise: 450_000, status: 'paid' });
  });

  it("shows the gateway's refusal in its own words, and changes nothing", async () => {
    const client = await subscribed('launchpad', `Refused ${tag()}`);
    await gatewaySays(client.id, 'pending');
    const error = await refused(client.id, { kind: 'change_plan', plan: 'growth-engine' }, 409);
    expect(error).toMatchObject({
      code: 'gateway_refused',
      message: 'The payment provider refused: Subscription cannot be updated in pending status',
    });
    expect(await rowOf(client.id)).toMatchObject({ plan: 'launchpad', scheduledPlan: null });
    expect(await audits(client.id)).toEqual([]);
  });
});

describe('an account manager cancels', () => {
  it('at period end: no more charges, the plan is kept to the end of the period paid for, then it ends', async () => {
    const client = await subscribed('growth-engine', `Ending ${tag()}`);
    const { row } = await act(client.id, { kind: 'cancel_at_period_end' });
    expect(row).toMatchObject({ status: 'active', state: 'ending', endsAt: row.paidThrough, nextChargeAt: null });
    expect(await profile(client.uid)).toMatchObject({ purchasedPlan: 'growth-engine', billingState: 'ending' });
    expect((await audits(client.id))[0]).toMatchObject({
      action: 'subscription.cancel_at_period_end',
      details: { endsAt: row.paidThrough },
    });
    expect((await refused(client.id, { kind: 'cancel_at_period_end' }, 409)).code).toBe('action_not_allowed');
    expect((await refused(client.id, { kind: 'pause' }, 409)).code).toBe('action_not_allowed');

    await advanceTo(new Date(row.paidThrough!));
    await advance(60 * 60_000);
    expect(await paidInvoices(client.id)).toBe(1);
    await payments.billing.reconcile();
    expect(await rowOf(client.id)).toMatchObject({ status: 'cancelled', state: 'none', paidCount: 1 });
    expect((await profile(client.uid)).purchasedPlan).toBeNull();
  });

  it("at period end, refused by the gateway: Razorpay's words, nothing stored", async () => {
    const client = await subscribed('launchpad', `Gone ${tag()}`);
    await gatewaySays(client.id, 'cancelled');
    const error = await refused(client.id, { kind: 'cancel_at_period_end' }, 409);
    expect(error).toMatchObject({
      code: 'gateway_refused',
      message: 'The payment provider refused: Subscription is not cancellable in cancelled status',
    });
    expect((await rowOf(client.id)).endsAt).toBeNull();
  });

  it('now: cancelled at the gateway at once, the paid period still held; then nothing more can be done to it', async () => {
    const client = await subscribed('launchpad', `Now ${tag()}`);
    await act(client.id, { kind: 'pause' });
    const { row, summary } = await act(client.id, { kind: 'cancel_now' });
    expect(row).toMatchObject({ status: 'cancelled', state: 'ending', pauseAt: null, nextChargeAt: null });
    expect(summary.subscriptions!.cancelledThisMonth).toBeGreaterThanOrEqual(1);
    expect((await audits(client.id)).map((audit) => [audit.action, audit.details])).toEqual([
      ['subscription.pause', expect.anything()],
      ['subscription.cancel_now', { status: { from: 'active', to: 'cancelled' }, paidThrough: row.paidThrough }],
    ]);
    for (const kind of ['pause', 'resume', 'cancel_at_period_end', 'cancel_now'] as const) {
      expect((await refused(client.id, { kind }, 409)).code).toBe('action_not_allowed');
    }
  });
});

describe('an account manager declines a request', () => {
  it('closes it as declined by them, audited; a second decline finds nothing waiting', async () => {
    const client = await subscribed('launchpad', `Decline ${tag()}`);
    const request = await ask(client, 'change_plan', 'growth-engine');
    const { row } = await act(client.id, { kind: 'decline_request', requestId: request.id });
    expect(row.requests).toEqual([expect.objectContaining({ id: request.id, status: 'declined' })]);
    expect(row.openRequests).toBe(0);
    expect((await requestsOf(client.id))[0]).toMatchObject({ status: 'declined', resolvedBy: staff.uid });
    expect((await audits(client.id))[0]).toMatchObject({
      action: 'subscription.decline_request',
      details: { requestId: request.id, kind: 'change_plan', plan: 'growth-engine' },
    });
    expect((await refused(client.id, { kind: 'decline_request', requestId: request.id }, 404)).code).toBe('request_not_found');
  });
});

describe('bad requests', () => {
  it('are 400s naming what is wrong; an unknown subscription is a 404', async () => {
    const client = await subscribed('launchpad', `Bad ${tag()}`);
    const cases: unknown[] = [
      {},
      { kind: 'refund' },
      { kind: 'change_plan' },
      { kind: 'change_plan', plan: 'scale-up' },
      { kind: 'change_plan', plan: 'gold' },
      { kind: 'pause', when: 'now' },
      { kind: 'decline_request', requestId: 'not-a-uuid' },
      [],
    ];
    for (const body of cases) {
      const error = await refused(client.id, body, 400);
      expect(error.code, JSON.stringify(body)).toBe('validation_failed');
    }
    const notJson = await call(`/subscriptions/${client.id}/actions`, staff.token, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'pause',
    });
    expect(notJson.status).toBe(415);
    expect((await actOn(client.id, 'pause')).status).toBe(400);
    expect((await refused('sub_Nothing1234567', { kind: 'cancel_now' }, 404)).code).toBe('not_found');
    expect((await refused(client.id, { kind: 'decline_request', requestId: '00000000-0000-4000-8000-000000000000' }, 404)).code).toBe(
      'request_not_found',
    );
    expect((await refused(client.id, { kind: 'resume' }, 409)).code).toBe('action_not_allowed');
    expect((await call(`/subscriptions/${client.id}/actions`, staff.token)).status).toBe(405);
    expect(await audits(client.id)).toEqual([]);
  });
});

// ---- the summary --------------------------------------------------------------------------------------------------

describe('the summary', () => {
  it('MRR counts what renews; active, paused, in dunning, cancelled this month in India, requests waiting', async () => {
    await emptyBilling();
    const dunning = await subscribed('launchpad', 'Dunning');
    const paused = await subscribed('growth-engine', 'Paused');
    await payments.sandboxBilling!.failNextCharges(dunning.id, 1);
    await act(paused.id, { kind: 'pause' });
    const paidThrough = new Date((await rowOf(dunning.id)).paidThrough!);
    await advanceTo(new Date(paidThrough.getTime() - PAUSE_LEAD_MS / 2));
    await payments.billing.reconcile();
    await advanceTo(new Date(paidThrough.getTime() + 60 * 60_000));
    const renewing = await subscribed('launchpad', 'Renewing');
    const ending = await subscribed('growth-engine', 'Ending');
    const pausing = await subscribed('growth-engine', 'Pausing');
    const cancelled = await subscribed('growth-engine', 'Cancelled');
    await act(ending.id, { kind: 'cancel_at_period_end' });
    await act(pausing.id, { kind: 'pause' });
    await act(cancelled.id, { kind: 'cancel_now' });
    await ask(renewing, 'change_plan', 'growth-engine');
    await ask(dunning, 'resume');
    expect([(await rowOf(dunning.id)).status, (await rowOf(paused.id)).status]).toEqual(['pending', 'paused']);

    const response = await call('/summary', staff.token);
    const { subscriptions: figures } = inboxSummarySchema.parse(await response.json());
    // Renewing: the active one and the one whose charge is being retried; not the ending, pausing or paused ones.
    expect(figures).toEqual({ mrrPaise: 250_000 + 250_000, active: 3, paused: 1, dunning: 1, cancelledThisMonth: 1, requestsWaiting: 2 });
  });

  it("counts a cancellation in the month it ended in India's time", async () => {
    const { indiaMonthOf } = await import('../../server/admin/subscriptionRows');
    // 31 March 2026, 19:00 UTC is already 1 April in India.
    expect(indiaMonthOf(new Date('2026-03-31T19:00:00Z'))).toEqual({
      start: new Date('2026-03-31T18:30:00Z'),
      end: new Date('2026-04-30T18:30:00Z'),
    });
    expect(indiaMonthOf(new Date('2026-03-31T18:00:00Z')).start).toEqual(new Date('2026-02-28T18:30:00Z'));
  });
});
