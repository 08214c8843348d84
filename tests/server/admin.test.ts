import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Auth } from 'firebase-admin/auth';
import {
  adminTabs,
  inboxLimits,
  inboxPageSchema,
  inboxSummarySchema,
  noteChanged,
  type InboxRows,
  type AdminTab,
  type InboxTab,
} from '../../src/domain/admin';
import { authEmulatorDefaults } from '../../server/auth/emulatorDefaults';
import { firebaseAdminAuth } from '../../server/auth/firebaseAdmin';
import { createContactForwardHandler, contactForwardKind } from '../../server/contact/forwarder';
import { staffAudit } from '../../server/db/schema';
import { silentLogger } from '../../server/logger';
import { createOutboxWorker, outboxMaxAttempts, type OutboxWorker } from '../../server/outbox/worker';
import { createPayments, type Payments } from '../../server/payments/setup';
import { quizProspect } from '../fixtures/quizProspect';
import { emulatorUser, parseCsv } from './admin-support';
import { newConversationId, readChat } from './chat-support';
import { emulatorHost } from './authEmulator';
import { buyer, postJson } from './payments-support';
import { isErrorShape, openTestDatabase, startApp, testConfig, validContact, type RunningApp, type TestDatabase } from './support';

/**
 * The staff inbox's server (issue 12): /api/admin/* refuses anyone without the staff claim, shows what the real
 * funnels stored, pages by keyset without repeating or skipping a row, searches, exports what it lists as CSV with
 * formulas neutralised, and audits every change in the transaction that makes it.
 */

/** Where contact messages are forwarded: answers success or a 502, as a test decides. */
const forwardTarget = { ok: false, received: 0 };
const target = createServer((req, res) => {
  forwardTarget.received += 1;
  req.resume();
  req.on('end', () => {
    res.writeHead(forwardTarget.ok ? 200 : 502, { 'content-type': 'application/json' });
    res.end(JSON.stringify(forwardTarget.ok ? { result: 'success' } : { result: 'error' }));
  });
});
await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/forward`;

const config = testConfig({
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  FIREBASE_PROJECT_ID: authEmulatorDefaults.projectId,
  SANDBOX_WEBHOOK_DELAY_MS: '0',
  CHAT_LOCAL_PIECE_DELAY_MS: '0',
  CONTACT_FORWARD_URL: targetUrl,
});

let testDb: TestDatabase;
let app: RunningApp;
let payments: Payments;
let worker: OutboxWorker;
let admin: Auth;
let staff: { uid: string; email: string; token: string };
let outsider: { uid: string; email: string; token: string };
let wakes = 0;

beforeAll(async () => {
  testDb = await openTestDatabase();
  payments = createPayments({ config, db: testDb.db, logger: silentLogger, webhookRetryAfterMs: 0 });
  // Backoff of zero: each runOnce is the next attempt.
  worker = createOutboxWorker({
    db: testDb.db,
    logger: silentLogger,
    handlers: { [contactForwardKind]: createContactForwardHandler({ url: targetUrl, db: testDb.db }) },
    baseDelayMs: 0,
    maxDelayMs: 0,
  });
  app = await startApp({ db: testDb.db, config, payments, forwarder: { wake: () => (wakes += 1) } });
  admin = firebaseAdminAuth(config.firebase);
  staff = await emulatorUser(admin, emulatorHost, { staff: true });
  outsider = await emulatorUser(admin, emulatorHost, { staff: false });
});

afterAll(async () => {
  await payments?.sandbox?.settled();
  await payments?.service.settled();
  await app?.close();
  await testDb?.close();
  await new Promise((resolve) => target.close(resolve));
});

async function emptyTables() {
  await testDb.db.execute(
    sql`truncate contact_messages, outbox, quiz_submissions, chat_leads, payments, orders, user_profiles, staff_audit, subscription_requests, subscription_invoices, subscriptions restart identity`,
  );
}

const call = (path: string, token?: string, init: RequestInit = {}) =>
  fetch(`${app.url}/api/admin${path}`, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
  });

async function page<T extends AdminTab>(tab: T, params: Record<string, string> = {}) {
  const response = await call(`/${tab}?${new URLSearchParams(params)}`, staff.token);
  expect(response.status).toBe(200);
  return inboxPageSchema(tab).parse(await response.json()) as { items: InboxRows[T][]; nextCursor: string | null };
}

/** Every row of a tab, page after page, calling `between` after each page. */
async function allPages<T extends InboxTab>(tab: T, params: Record<string, string>, between?: () => Promise<void>) {
  const rows: InboxRows[T][] = [];
  let cursor: string | null = null;
  do {
    const next: { items: InboxRows[T][]; nextCursor: string | null } = await page(tab, { ...params, ...(cursor ? { cursor } : {}) });
    rows.push(...next.items);
    cursor = next.nextCursor;
    await between?.();
  } while (cursor);
  return rows;
}

const idOf = (row: InboxRows[AdminTab]) => ('uid' in row ? row.uid : row.id);

const patchLead = (tab: string, id: string, body: unknown, token = staff.token) =>
  call(`/leads/${tab}/${id}`, token, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function auditRows() {
  return testDb.db.select().from(staffAudit).orderBy(staffAudit.id);
}

/** `count` contact messages straight into the table, `name i`, one second apart, oldest first (or all at `at`). */
async function seedContacts(count: number, { at, name = 'Seeded' }: { at?: string; name?: string } = {}) {
  await testDb.db.execute(sql`
    insert into contact_messages (name, email, message, created_at)
    select ${name} || ' ' || n, 'seed' || n || '@example.in', 'Hello', coalesce(${at ?? null}::timestamptz, now() - interval '1 day' + n * interval '1 second')
    from generate_series(1, ${count}) n`);
}

// ---- who may ask --------------------------------------------------------------------------------------------------

const routes: Array<[string, string, RequestInit?]> = [
  ['GET', '/summary'],
  ...adminTabs.map((tab): [string, string] => ['GET', `/${tab}`]),
  ...adminTabs.map((tab): [string, string] => ['GET', `/${tab}/export.csv`]),
  [
    'PATCH',
    '/leads/contact/00000000-0000-4000-8000-000000000000',
    { headers: { 'content-type': 'application/json' }, body: '{"status":"won"}' },
  ],
  ['POST', '/contact/00000000-0000-4000-8000-000000000000/retry-forward'],
  ['POST', '/subscriptions/sub_Abcdef12345678/actions', { headers: { 'content-type': 'application/json' }, body: '{"kind":"cancel_now"}' }],
  ['GET', '/mail/1'],
  ['GET', '/no-such-tab'],
];

describe('who may use /api/admin', () => {
  it.each(routes)('%s %s without a token is a 401 with WWW-Authenticate', async (method, path, init) => {
    const response = await call(path, undefined, { method, ...init });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="growthpath"/);
    const body: unknown = await response.json();
    expect(isErrorShape(body) && body.error.code).toBe('unauthenticated');
  });

  it('a token that is not a token is a 401', async () => {
    const response = await call('/summary', 'not-a-real-token');
    expect(response.status).toBe(401);
  });

  it.each(routes)('%s %s with a signed-in non-staff token is a 403 not_staff', async (method, path, init) => {
    const response = await call(path, outsider.token, { method, ...init });
    expect(response.status).toBe(403);
    const body: unknown = await response.json();
    expect(isErrorShape(body) && body.error).toMatchObject({ code: 'not_staff', message: expect.stringMatching(/staff access/) });
  });

  it('a non-staff PATCH is refused before its body is read (a broken body still gets the 403)', async () => {
    const response = await call('/leads/contact/00000000-0000-4000-8000-000000000000', outsider.token, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(response.status).toBe(403);
  });

  it('staff get 200 on every read route', async () => {
    for (const [, path] of routes.filter(([method, path]) => method === 'GET' && !['/no-such-tab', '/mail/1'].includes(path))) {
      const response = await call(path, staff.token);
      expect(response.status, path).toBe(200);
    }
    expect((await call('/no-such-tab', staff.token)).status).toBe(404);
  });
});

// ---- what the funnels stored --------------------------------------------------------------------------------------

describe('staff see what the real funnels stored', () => {
  beforeAll(emptyTables);

  it('a contact message, a quiz submission, a chat lead, a paid order and its customer, and the summary', async () => {
    expect((await postJson(app.url, '/api/contact', { ...validContact, name: 'Funnel Contact' })).status).toBe(201);
    const quiz = await postJson(app.url, '/api/quiz-submissions', { language: 'hi', answers: quizProspect({ fullName: 'Funnel Quiz' }) });
    expect(quiz.status).toBe(201);
    const conversationId = newConversationId();
    const chat = await readChat(app.url, { conversationId, message: 'My email is funnel.chat@example.in', history: [] });
    expect(chat.events.at(-1)?.type).toBe('done');

    const details = buyer({ fullName: 'Funnel Buyer', businessName: 'Funnel Traders' });
    const created = await postJson(app.url, '/api/create-order', { plan: 'launchpad', currency: 'INR', userDetails: details });
    expect(created.status).toBe(201);
    const order = (await created.json()) as { id: string };
    const paid = await postJson(app.url, `/api/sandbox/checkout/${order.id}/pay`, {});
    expect(paid.status).toBe(200);
    const checkout = (await paid.json()) as Record<string, string>;
    const verified = await postJson(app.url, '/api/verify-payment', { ...checkout, userDetails: details, plan: 'launchpad' });
    expect(verified.status).toBe(200);
    await payments.sandbox?.settled();
    await payments.service.settled();

    const [contact] = (await page('contact')).items;
    expect(contact).toMatchObject({
      name: 'Funnel Contact',
      email: validContact.email,
      status: 'new',
      staffNote: '',
      statusChangedAt: null,
      forwarding: { state: 'queued', attempts: 0, maxAttempts: outboxMaxAttempts, lastError: null, deliveredAt: null },
    });
    const [submission] = (await page('quiz')).items;
    expect(submission).toMatchObject({
      name: 'Funnel Quiz',
      businessName: 'Rao Stores',
      language: 'hi',
      recommendedPlan: 'launchpad',
      status: 'new',
    });
    expect(submission!.answers).toMatchObject({ fullName: 'Funnel Quiz' });
    expect(submission!.report).toMatchObject({ plan: 'launchpad' });
    const [lead] = (await page('chat')).items;
    expect(lead).toMatchObject({ email: 'funnel.chat@example.in', conversationId, status: 'new' });
    expect(lead!.transcript.map((turn) => turn.role)).toEqual(['user', 'model']);
    const [orderRow] = (await page('orders')).items;
    expect(orderRow).toMatchObject({
      plan: 'launchpad',
      status: 'paid',
      mode: 'sandbox',
      // A monthly plan's first charge is paid through the order Razorpay made for it (decision 180).
      gatewayOrderId: expect.stringMatching(/^order_/),
      gatewayPaymentId: checkout.razorpay_payment_id,
      customerEmail: details.email,
      customerName: 'Funnel Buyer',
      businessName: 'Funnel Traders',
      fulfilledBy: expect.stringMatching(/^(verification|webhook)$/),
      refundNeeded: false,
    });
    const customers = (await page('customers', { q: details.email })).items;
    expect(customers).toEqual([expect.objectContaining({ email: details.email, plan: 'launchpad', businessName: 'Funnel Traders' })]);

    const subscriptions = (await page('subscriptions')).items;
    expect(subscriptions).toEqual([
      expect.objectContaining({
        plan: 'launchpad',
        status: 'active',
        state: 'active',
        customerEmail: details.email,
        businessName: 'Funnel Traders',
        openRequests: 0,
      }),
    ]);

    const summary = inboxSummarySchema.parse(await (await call('/summary', staff.token)).json());
    expect(summary).toEqual({
      newLeads: { contact: 1, quiz: 1, chat: 1 },
      failedForwards: 0,
      refundsNeeded: 0,
      unfulfilledOrders: 0,
      openDisputes: 0,
      subscriptions: { mrrPaise: 250_000, active: 1, paused: 0, dunning: 0, cancelledThisMonth: 0, requestsWaiting: 0 },
    });
  });
});

// ---- paging -------------------------------------------------------------------------------------------------------

describe('keyset paging', () => {
  beforeEach(emptyTables);

  it('newest first, and stable while rows arrive between pages: none repeated, none skipped', async () => {
    await seedContacts(60);
    const expected = (await allPages('contact', { limit: '100' })).map((row) => row.name);
    expect(expected[0]).toBe('Seeded 60');
    expect(expected).toHaveLength(60);
    let added = 0;
    const paged = await allPages('contact', { limit: '7' }, async () => {
      added += 1;
      await seedContacts(3, { at: new Date().toISOString(), name: `Arrived ${added}` });
    });
    expect(paged.map((row) => row.name)).toEqual(expected);
  });

  it('rows with the same created_at, or a few microseconds apart, each come exactly once', async () => {
    await seedContacts(23, { at: '2025-05-01T10:00:00.123456Z', name: 'Same' });
    await testDb.db.execute(sql`
      insert into contact_messages (name, email, message, created_at)
      select 'Micro ' || n, 'micro' || n || '@example.in', 'Hello', '2025-05-01T10:00:00.123000Z'::timestamptz + n * interval '1 microsecond'
      from generate_series(1, 9) n`);
    const all = await allPages('contact', { limit: '4' });
    expect(all).toHaveLength(32);
    expect(new Set(all.map((row) => row.id)).size).toBe(32);
    expect(all.slice(0, 23).every((row) => row.name.startsWith('Same'))).toBe(true);
    // Newest first, the id breaking the tie, descending.
    const sameIds = all.slice(0, 23).map((row) => row.id);
    expect(sameIds).toEqual([...sameIds].sort().reverse());
    expect(all.slice(23).map((row) => row.name)).toEqual(Array.from({ length: 9 }, (_, i) => `Micro ${9 - i}`));
  });

  it('the last page says so, and an empty tab is one empty page', async () => {
    expect(await page('quiz')).toEqual({ items: [], nextCursor: null });
    await seedContacts(25);
    expect((await page('contact')).nextCursor).toBeNull();
    await seedContacts(1);
    const first = await page('contact');
    expect(first.items).toHaveLength(inboxLimits.pageSize);
    expect(first.nextCursor).not.toBeNull();
  });

  it('customers page by (created_at, uid) too', async () => {
    await testDb.db.execute(sql`
      insert into user_profiles (uid, email, created_at)
      select 'uid-' || n, 'customer' || n || '@example.in', '2025-05-01T10:00:00.5Z'
      from generate_series(1, 11) n`);
    const all = await allPages('customers', { limit: '3' });
    expect(all.map(idOf)).toEqual(
      Array.from({ length: 11 }, (_, i) => `uid-${i + 1}`)
        .sort()
        .reverse(),
    );
  });
});

// ---- search -------------------------------------------------------------------------------------------------------

describe('search', () => {
  beforeAll(async () => {
    await emptyTables();
    await testDb.db.execute(sql`
      insert into contact_messages (name, email, message) values
        ('Asha Verma', 'asha@example.in', 'a'), ('Ravi Kumar', 'ravi@shop.in', 'b'), ('100% Pure', 'pure@example.in', 'c'),
        ('under_score', 'u@example.in', 'd'), ('back\\slash', 'b@example.in', 'e')`);
    await testDb.db.execute(sql`
      insert into contact_messages (name, email, phone, message) values
        ('Caller Phone', 'caller@example.in', '+91 98765 43210', 'We want more walk-ins at our Jaipur sweet shop.')`);
    await testDb.db.execute(sql`
      insert into quiz_submissions (language, full_name, email, business_name, answers, recommended_plan, report) values
        ('en', 'Meera', 'meera@example.in', 'Meera Sweets', '{}', 'launchpad', '{}'),
        ('en', 'Kiran', 'kiran@example.in', 'Kiran Hardware', '{"phone":"090000-11111"}', 'launchpad', '{}')`);
    await testDb.db.execute(sql`
      insert into orders (gateway_order_id, receipt, plan, amount_paise, currency, mode, customer_email, customer_details, paid_payment_id, status) values
        ('order_AAA111', 'r1', 'launchpad', 100, 'INR', 'sandbox', 'one@example.in', '{"fullName":"Order One","businessName":"Alpha Traders","phone":"+91 7000012345"}', 'pay_XYZ9', 'paid'),
        ('order_BBB222', 'r2', 'launchpad', 100, 'INR', 'sandbox', 'two@example.in', '{"fullName":"Order Two"}', null, 'created')`);
    await testDb.db.execute(sql`
      insert into user_profiles (uid, email, display_name, business_name) values
        ('c1', 'first@example.in', 'First Person', 'Gamma Works'), ('c2', 'second@example.in', 'Second Person', null)`);
  });

  const names = async (tab: InboxTab, q: string) =>
    (await page(tab, { q })).items.map((row) => ('name' in row ? row.name : 'gatewayOrderId' in row ? row.gatewayOrderId : row.email));

  it('finds by name, email or business, whatever the case', async () => {
    expect(await names('contact', 'ASHA')).toEqual(['Asha Verma']);
    expect(await names('contact', 'shop.IN')).toEqual(['Ravi Kumar']);
    expect(await names('quiz', 'sweets')).toEqual(['Meera']);
    expect(await names('customers', 'gamma')).toEqual(['first@example.in']);
    expect(await names('customers', 'second person')).toEqual(['second@example.in']);
  });

  it('finds orders by buyer, business and gateway ids', async () => {
    expect(await names('orders', 'alpha')).toEqual(['order_AAA111']);
    expect(await names('orders', 'order two')).toEqual(['order_BBB222']);
    expect(await names('orders', 'bbb222')).toEqual(['order_BBB222']);
    expect(await names('orders', 'pay_xyz9')).toEqual(['order_AAA111']);
  });

  it('finds leads and orders by a phone number typed any way, and contact messages by their words', async () => {
    expect(await names('contact', '9876543210')).toEqual(['Caller Phone']);
    expect(await names('contact', '98765 43210')).toEqual(['Caller Phone']);
    expect(await names('contact', '+91-98765-43210')).toEqual(['Caller Phone']);
    expect(await names('quiz', '09000011111')).toEqual(['Kiran']);
    expect(await names('orders', '70000 12345')).toEqual(['order_AAA111']);
    expect(await names('contact', 'jaipur')).toEqual(['Caller Phone']);
    // Fewer than four digits is not a phone search: '91' would match most numbers in India.
    expect(await names('contact', '91')).toEqual([]);
  });

  it('reads %, _ and \\ as themselves, not as patterns', async () => {
    expect(await names('contact', '%')).toEqual(['100% Pure']);
    expect(await names('contact', '_')).toEqual(['under_score']);
    expect(await names('contact', '\\')).toEqual(['back\\slash']);
    expect(await names('contact', 'nobody')).toEqual([]);
  });
});

// ---- CSV ----------------------------------------------------------------------------------------------------------

describe('CSV export', () => {
  beforeAll(async () => {
    await emptyTables();
    await seedContacts(40);
    await testDb.db.execute(sql`
      insert into contact_messages (name, email, phone, message) values
        ('=HYPERLINK("http://evil.example","x")', 'formula@example.in', '+91 98765 43210', '-2+3'),
        ('@SUM(A1)', 'at@example.in', null, 'Line one
line two, with "quotes"')`);
  });

  it('holds exactly the rows the tab lists, with a header, as an attachment named after the tab and the day', async () => {
    const listed = await allPages('contact', { limit: '9', q: 'example.in' });
    const response = await call('/contact/export.csv?q=example.in', staff.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="growthpath-contact-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(response.headers.get('x-export-truncated')).toBeNull();
    // UTF-8 with a byte-order mark, so Excel reads Hindi names right (text() drops the mark, as CSV readers do).
    expect([...new Uint8Array(await response.clone().arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(await response.text());
    expect(header![0]).toBe('Received');
    expect(rows).toHaveLength(listed.length);
    const column = (name: string) => header!.indexOf(name);
    expect(rows.map((row) => row[column('Id')])).toEqual(listed.map((row) => row.id));
    expect(rows.map((row) => row[column('Email')])).toEqual(listed.map((row) => row.email));
    expect(rows.map((row) => row[column('Received')])).toEqual(listed.map((row) => row.createdAt));
    // A message with line breaks, commas and quotes is still one cell.
    expect(rows.map((row) => row[column('Message')])).toContain('Line one\nline two, with "quotes"');
  });

  it('neutralises cells a spreadsheet would run as formulas (=, +, -, @)', async () => {
    const text = await (await call('/contact/export.csv?q=formula', staff.token)).text();
    const [header, row] = parseCsv(text);
    expect(row![header!.indexOf('Name')]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(row![header!.indexOf('Phone')]).toBe(`'+91 98765 43210`);
    expect(row![header!.indexOf('Message')]).toBe(`'-2+3`);
    const [, atRow] = parseCsv(await (await call('/contact/export.csv?q=at%40example', staff.token)).text());
    expect(atRow![1]).toBe(`'@SUM(A1)`);
  });

  // Hardening round 2, finding 6: Excel set to a semicolon list separator split an unquoted cell at ';' and ran the rest.
  it('quotes every cell holding a separator and neutralises a formula after any separator, not only at the start', async () => {
    await testDb.db.execute(sql`
      insert into contact_messages (name, email, phone, message) values
        (${"Asha;=cmd|' /C calc'!A0"}, 'semicolon@example.in', null, ${'Hello,	+SUM(1)\n-2; @A1 and more'})`);
    const text = await (await call('/contact/export.csv?q=semicolon', staff.token)).text();
    const line = text.split('\r\n')[1]!;
    // Read with any of the three separators Excel may be set to, no piece starts a formula.
    for (const separator of [',', ';', '\t']) {
      for (const piece of line.split(separator))
        expect(piece.replace(/^[\s"]+/, ''), `split at ${JSON.stringify(separator)}`).not.toMatch(/^[=+\-@]/);
    }
    const [header, row] = parseCsv(text);
    expect(row![header!.indexOf('Name')]).toBe("Asha;'=cmd|' /C calc'!A0");
    expect(line).toContain(`"Asha;'=cmd|' /C calc'!A0"`);
    expect(row![header!.indexOf('Message')]).toBe("Hello,\t'+SUM(1)\n'-2; '@A1 and more");
  });

  it('writes who exported what to the audit', async () => {
    await testDb.db.execute(sql`truncate staff_audit`);
    await (await call('/contact/export.csv?q=seed', staff.token)).text();
    expect(await auditRows()).toEqual([
      expect.objectContaining({
        staffUid: staff.uid,
        staffEmail: staff.email,
        action: 'export',
        target: 'contact',
        details: { q: 'seed', rows: 40, truncated: false },
      }),
    ]);
  });

  it('every tab exports, even empty', async () => {
    for (const tab of adminTabs) {
      const response = await call(`/${tab}/export.csv?q=nothing-matches-this`, staff.token);
      expect(response.status, tab).toBe(200);
      expect(parseCsv(await response.text()), tab).toHaveLength(1);
    }
  });

  it(`stops at ${inboxLimits.exportRows} rows and says so`, async () => {
    await testDb.db.execute(sql`
      insert into user_profiles (uid, email, created_at)
      select 'bulk-' || n, 'bulk' || n || '@example.in', now() - n * interval '1 millisecond'
      from generate_series(1, ${inboxLimits.exportRows + 1}) n`);
    const response = await call('/customers/export.csv', staff.token);
    expect(response.headers.get('x-export-truncated')).toBe('true');
    const rows = parseCsv(await response.text());
    expect(rows).toHaveLength(inboxLimits.exportRows + 1);
    expect(rows[1]![rows[0]!.indexOf('Uid')]).toBe('bulk-1');
    expect(rows.at(-1)![rows[0]!.indexOf('Uid')]).toBe(`bulk-${inboxLimits.exportRows}`);
  }, 120_000);
});

// ---- lead updates -------------------------------------------------------------------------------------------------

describe('PATCH /api/admin/leads/:tab/:id', () => {
  beforeEach(emptyTables);

  async function oneLeadOfEach() {
    await seedContacts(1);
    await testDb.db.execute(sql`
      insert into quiz_submissions (language, full_name, email, answers, recommended_plan, report)
      values ('en', 'Meera', 'meera@example.in', '{}', 'launchpad', '{}')`);
    await testDb.db.execute(sql`insert into chat_leads (conversation_id, email) values ('conversation-1', 'chat@example.in')`);
    return {
      contact: (await page('contact')).items[0]!.id,
      quiz: (await page('quiz')).items[0]!.id,
      chat: (await page('chat')).items[0]!.id,
    };
  }

  it('changes the status and the note of each kind of lead, and audits who did what when', async () => {
    const ids = await oneLeadOfEach();
    for (const tab of ['contact', 'quiz', 'chat'] as const) {
      const before = Date.now();
      const response = await patchLead(tab, ids[tab], { status: 'contacted', staffNote: '  Called, will visit Monday.  ' });
      expect(response.status).toBe(200);
      const row = inboxPageSchema(tab).shape.items.def.element.parse(await response.json());
      expect(row).toMatchObject({ id: ids[tab], status: 'contacted', staffNote: 'Called, will visit Monday.' });
      expect(Date.parse(row.statusChangedAt!)).toBeGreaterThanOrEqual(before - 1_000);
      expect((await page(tab)).items[0]).toEqual(row);
    }
    const audit = await auditRows();
    expect(audit.map((entry) => [entry.action, entry.target, entry.staffUid, entry.staffEmail, entry.details])).toEqual(
      (['contact', 'quiz', 'chat'] as const).map((tab) => [
        'lead.update',
        `${tab}/${ids[tab]}`,
        staff.uid,
        staff.email,
        { status: { from: 'new', to: 'contacted' }, noteChanged: true },
      ]),
    );
    expect(audit.every((entry) => Math.abs(entry.at.getTime() - Date.now()) < 60_000)).toBe(true);

    // A note alone keeps the status.
    const noteOnly = await (await patchLead('contact', ids.contact, { staffNote: 'Sent the proposal.' })).json();
    expect(noteOnly).toMatchObject({ status: 'contacted', staffNote: 'Sent the proposal.' });
    const summary = await (await call('/summary', staff.token)).json();
    expect(summary.newLeads).toEqual({ contact: 0, quiz: 0, chat: 0 });
  });

  it('refuses a note written over one another member of staff changed meanwhile, with the lead as it now is', async () => {
    const ids = await oneLeadOfEach();
    // Both open the lead while its note is empty; Priya saves first.
    const priya = await patchLead('quiz', ids.quiz, { staffNote: 'Priya: called, wants a callback on Friday.', staffNoteBefore: '' });
    expect(priya.status).toBe(200);
    const late = await patchLead('quiz', ids.quiz, { staffNote: 'Sent the proposal.', staffNoteBefore: '' });
    expect(late.status).toBe(409);
    const { error } = (await late.json()) as { error: { code: string; message: string; details: { current: unknown } } };
    expect(error).toMatchObject({ code: noteChanged.code, message: noteChanged.message });
    const current = inboxPageSchema('quiz').shape.items.def.element.parse(error.details.current);
    expect(current).toMatchObject({ id: ids.quiz, staffNote: 'Priya: called, wants a callback on Friday.' });
    expect((await page('quiz')).items[0]).toEqual(current); // nothing overwritten, nothing audited for the refusal
    expect((await auditRows()).length).toBe(1);
    // Written over the note as it now is, it saves; so does the same note saved again (a retried request).
    const merged = { staffNote: 'Priya: callback Friday. Sent the proposal.', staffNoteBefore: current.staffNote };
    expect((await patchLead('quiz', ids.quiz, merged)).status).toBe(200);
    expect((await patchLead('quiz', ids.quiz, merged)).status).toBe(200);
    // A status alone, and a note without the note it replaced (older clients), are saved as before.
    expect((await patchLead('quiz', ids.quiz, { status: 'won' })).status).toBe(200);
    expect((await patchLead('quiz', ids.quiz, { staffNote: 'Won.' })).status).toBe(200);
    expect((await patchLead('quiz', ids.quiz, { staffNoteBefore: 'Won.' })).status).toBe(400);
  });

  it('changes nothing when its audit row cannot be written (one transaction)', async () => {
    const ids = await oneLeadOfEach();
    await testDb.db.execute(sql`alter table staff_audit add constraint audit_refuses check (action <> 'lead.update') not valid`);
    try {
      const response = await patchLead('quiz', ids.quiz, { status: 'won' });
      expect(response.status).toBe(500);
    } finally {
      await testDb.db.execute(sql`alter table staff_audit drop constraint audit_refuses`);
    }
    expect((await page('quiz')).items[0]).toMatchObject({ status: 'new', statusChangedAt: null });
    expect(await auditRows()).toEqual([]);
  });

  it('refuses a NUL in the note, an unknown status, an empty change and unknown fields with a 400', async () => {
    const ids = await oneLeadOfEach();
    for (const body of [
      { staffNote: 'bad\u0000note' },
      { status: 'archived' },
      {},
      { status: 'won', extra: 1 },
      { staffNote: 'x'.repeat(2001) },
      { staffNote: 'Called.', staffNoteBefore: 5 },
      { staffNote: 'Called.', staffNoteBefore: 'x'.repeat(2001) },
      { staffNote: 'Called.', staffNoteBefore: null },
      { status: 'won', staffNoteBefore: '' },
    ]) {
      const response = await patchLead('contact', ids.contact, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    }
    expect(await auditRows()).toEqual([]);
  });

  it('answers 404 for an unknown or malformed id, and for a tab that has no leads', async () => {
    const ids = await oneLeadOfEach();
    expect((await patchLead('contact', '00000000-0000-4000-8000-000000000000', { status: 'won' })).status).toBe(404);
    expect((await patchLead('contact', 'not-a-uuid', { status: 'won' })).status).toBe(404);
    expect((await patchLead('contact', ids.quiz, { status: 'won' })).status).toBe(404);
    expect((await patchLead('orders', ids.contact, { status: 'won' })).status).toBe(404);
    expect((await patchLead('customers', ids.contact, { status: 'won' })).status).toBe(404);
  });
});

// ---- forwarding and its retry -------------------------------------------------------------------------------------

describe('a contact message whose forwarding failed', () => {
  beforeEach(async () => {
    await emptyTables();
    forwardTarget.ok = false;
  });

  const forwarding = async () => (await page('contact')).items[0]!.forwarding;
  const retry = (id: string, token = staff.token) => call(`/contact/${id}/retry-forward`, token, { method: 'POST' });

  it('shows retrying, then failed after the last attempt; a retry takes it again now and it is delivered', async () => {
    expect((await postJson(app.url, '/api/contact', validContact)).status).toBe(201);
    const id = (await page('contact')).items[0]!.id;
    expect((await retry(id)).status).toBe(409); // queued: nothing to retry yet

    await worker.runOnce();
    expect(await forwarding()).toMatchObject({ state: 'retrying', attempts: 1, lastError: expect.stringMatching(/502/) });
    for (let attempt = 2; attempt <= outboxMaxAttempts; attempt += 1) await worker.runOnce();
    expect(await forwarding()).toMatchObject({ state: 'failed', attempts: outboxMaxAttempts, maxAttempts: outboxMaxAttempts });
    expect((await worker.runOnce()).failed).toBe(0); // the worker has given up on it
    expect((await (await call('/summary', staff.token)).json()).failedForwards).toBe(1);

    const wakesBefore = wakes;
    const response = await retry(id);
    expect(response.status).toBe(200);
    expect((await response.json()).forwarding).toMatchObject({ state: 'retrying', attempts: 0, lastError: expect.stringMatching(/502/) });
    expect(wakes).toBe(wakesBefore + 1);
    expect(await auditRows()).toEqual([
      expect.objectContaining({
        action: 'contact.retry_forward',
        target: `contact/${id}`,
        staffUid: staff.uid,
        details: { attempts: outboxMaxAttempts, lastError: expect.stringMatching(/502/) },
      }),
    ]);

    forwardTarget.ok = true;
    expect(await worker.runOnce()).toEqual({ delivered: 1, failed: 0 });
    expect(await forwarding()).toMatchObject({ state: 'delivered', attempts: 1, lastError: null, deliveredAt: expect.any(String) });
    const refused = await retry(id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toMatch(/already delivered/);
  });

  it('says forwarding is off for a message stored without it, and 404 for no message', async () => {
    await seedContacts(1);
    const [row] = (await page('contact')).items;
    expect(row!.forwarding).toEqual({ state: 'off', attempts: 0, maxAttempts: outboxMaxAttempts, lastError: null, deliveredAt: null });
    const response = await retry(row!.id);
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toMatch(/Forwarding is off/);
    expect((await retry('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await retry('nope')).status).toBe(404);
    expect(await testDb.db.select().from(staffAudit).where(eq(staffAudit.action, 'contact.retry_forward'))).toEqual([]);
  });
});

// ---- hostile queries ----------------------------------------------------------------------------------------------

describe('the lists never answer 500 to a hostile query', () => {
  beforeAll(async () => {
    await emptyTables();
    await seedContacts(3);
  });

  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
  const queries = [
    'q=%25',
    'q=_',
    'q=%5C',
    'q=%27%3B%20drop%20table%20orders%3B--',
    'q=%00',
    'q=a%00b',
    'q=%E2%80%AE',
    'q=%FF%FE',
    'q=a&q=b',
    'q[x]=1',
    `q=${'x'.repeat(101)}`,
    'limit=0',
    'limit=-1',
    'limit=101',
    'limit=1e9',
    'limit=abc',
    'limit=2.5',
    'cursor=',
    'cursor=%20',
    'cursor=!!!',
    `cursor=${'A'.repeat(201)}`,
    `cursor=${b64('nonsense')}`,
    `cursor=${b64('2025-02-31T10:00:00.000000Z 00000000-0000-4000-8000-000000000000')}`,
    `cursor=${b64('0000-01-01T00:00:00.000000Z 00000000-0000-4000-8000-000000000000')}`,
    `cursor=${b64('2025-01-01T25:00:00.000000Z 00000000-0000-4000-8000-000000000000')}`,
    `cursor=${b64('2025-01-01T10:00:00.000000Z not-a-uuid')}`,
    `cursor=${b64('2025-01-01T10:00:00.000000Z uid\u0000nul')}`,
    `cursor=${b64('2025-01-01T10:00:00.000000Z ')}`,
    `cursor=${b64('2025-01-01T10:00:00.000000Z 00000000-0000-4000-8000-000000000000')}`,
    `cursor=${b64('2025-01-01T10:00:00.000000Z some-uid')}`,
  ];

  it.each(adminTabs)('%s', async (tab) => {
    for (const query of queries) {
      for (const path of [`/${tab}?${query}`, `/${tab}/export.csv?${query}`]) {
        const response = await call(path, staff.token);
        expect([200, 400], `${path} -> ${response.status}`).toContain(response.status);
        if (response.status === 400) {
          const body: unknown = await response.json();
          expect(isErrorShape(body) && body.error.code, path).toBe('validation_failed');
        } else await response.arrayBuffer();
      }
    }
  });
});
