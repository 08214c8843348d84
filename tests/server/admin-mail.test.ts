import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inboxPageSchema, mailMessageSchema, type MailRow } from '../../src/domain/admin';
import { authEmulatorDefaults } from '../../server/auth/emulatorDefaults';
import { firebaseAdminAuth } from '../../server/auth/firebaseAdmin';
import { mailMessages } from '../../server/db/schema';
import { passwordLinkSlot } from '../../server/mail/compose/context';
import type { MailAttachment } from '../../server/mail/repository';
import { emulatorUser, parseCsv } from './admin-support';
import { emulatorHost } from './authEmulator';
import { drain, mailWorker } from './mailSupport';
import { postJson } from './payments-support';
import { isErrorShape, openTestDatabase, startApp, testConfig, validContact, type RunningApp, type TestDatabase } from './support';

/**
 * The staff inbox's Outgoing mail (decision 185): every email the site stored, newest first, paged and searched like the
 * other tabs, each readable in full (its rendered HTML and plain text); staff only, and bad input a 400 or 404.
 */

const config = testConfig({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, FIREBASE_PROJECT_ID: authEmulatorDefaults.projectId });

let testDb: TestDatabase;
let app: RunningApp;
let staff: { token: string };
let outsider: { token: string };

beforeAll(async () => {
  testDb = await openTestDatabase();
  app = await startApp({ db: testDb.db, config });
  const admin = firebaseAdminAuth(config.firebase);
  staff = await emulatorUser(admin, emulatorHost, { staff: true });
  outsider = await emulatorUser(admin, emulatorHost, { staff: false });
});

afterAll(async () => {
  await app?.close();
  await testDb?.close();
});

beforeEach(() => testDb.reset());

const call = (path: string, token?: string, init: RequestInit = {}) =>
  fetch(`${app.url}/api/admin${path}`, { ...init, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function mailPage(params: Record<string, string> = {}) {
  const response = await call(`/mail?${new URLSearchParams(params)}`, staff.token);
  expect(response.status).toBe(200);
  return inboxPageSchema('mail').parse(await response.json()) as { items: MailRow[]; nextCursor: string | null };
}

async function everyPage(params: Record<string, string>) {
  const rows: MailRow[] = [];
  let cursor: string | null = null;
  do {
    const next: { items: MailRow[]; nextCursor: string | null } = await mailPage({ ...params, ...(cursor ? { cursor } : {}) });
    rows.push(...next.items);
    cursor = next.nextCursor;
  } while (cursor);
  return rows;
}

interface Seed {
  to?: string;
  subject?: string;
  kind?: string;
  status?: string;
  lastError?: string | null;
  sentAt?: Date | null;
  createdAt?: Date;
  attachments?: MailAttachment[];
  html?: string;
  text?: string;
}

/** Emails straight into the table, as server/mail stores them. */
async function seed(...mails: Seed[]) {
  const rows = await testDb.db
    .insert(mailMessages)
    .values(
      mails.map((mail, index) => ({
        kind: mail.kind ?? 'staff.contact',
        dedupeKey: `seed:${index}:${Math.random()}`,
        toAddress: mail.to ?? `seed${index}@example.in`,
        subject: mail.subject ?? `Seeded ${index}`,
        html: mail.html ?? `<p>Seeded <strong>${index}</strong></p>`,
        text: mail.text ?? `Seeded ${index}`,
        status: mail.status ?? 'kept',
        lastError: mail.lastError ?? null,
        sentAt: mail.sentAt ?? null,
        attachments: mail.attachments ?? null,
        ...(mail.createdAt ? { createdAt: mail.createdAt } : {}),
      })),
    )
    .returning({ id: mailMessages.id });
  return rows.map((row) => String(row.id));
}

async function refusal(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body: unknown = await response.json();
  expect(isErrorShape(body) && body.error.code).toBe(code);
  return (body as { error: { message: string; details?: { fieldErrors?: Record<string, string> } } }).error;
}

describe('who may read outgoing mail', () => {
  it.each(['/mail', '/mail/1', '/mail/export.csv'])('GET %s: 401 without a token, 403 for a signed-in client', async (path) => {
    expect((await call(path)).status).toBe(401);
    const refused = await refusal(await call(path, outsider.token), 403, 'not_staff');
    expect(refused.message).toMatch(/staff access/);
  });
});

describe('the auto-reply a contact message brings', () => {
  it('is listed newest first without its body, and read in full with its HTML and plain text', async () => {
    const email = 'priya.nair@example.in';
    expect((await postJson(app.url, '/api/contact', { ...validContact, name: 'Priya Nair', email })).status).toBe(201);
    // The outbox worker composes the emails the message's event calls for.
    await drain(mailWorker(testDb.db, config));

    const { items, nextCursor } = await mailPage({ q: email });
    expect(nextCursor).toBeNull();
    expect(items).toHaveLength(1);
    const [reply] = items;
    // No SMTP_URL: kept, never sent.
    expect(reply).toMatchObject({ to: email, status: 'kept', lastError: null, sentAt: null, kind: expect.stringMatching(/\S/) });
    expect(reply!.subject).not.toBe('');
    expect(reply).not.toHaveProperty('html');
    expect(reply).not.toHaveProperty('text');

    const response = await call(`/mail/${reply!.id}`, staff.token);
    expect(response.status).toBe(200);
    const message = mailMessageSchema.parse(await response.json());
    expect(message).toMatchObject(reply!);
    expect(message.html).toMatch(/^<!DOCTYPE html/i);
    expect(message.html).toContain('Hello Priya,');
    expect(message.html).toContain('GrowthPath');
    expect(message.text).toContain('Hello Priya,');
    expect(message.text).not.toMatch(/<[a-z]/i);
    expect(message.attachments).toEqual([]);
  });

  it('names the files sent with an email and their sizes, without their bytes', async () => {
    const pdf = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');
    const [id] = await seed({
      attachments: [
        { filename: 'GrowthPath plan for Rao Stores.pdf', contentType: 'application/pdf', contentBase64: pdf(86_234) },
        { filename: 'one.txt', contentType: 'text/plain', contentBase64: pdf(1) },
        { filename: 'two.txt', contentType: 'text/plain', contentBase64: pdf(2) },
      ],
    });
    const response = await call(`/mail/${id}`, staff.token);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).not.toContain(pdf(3));
    expect(mailMessageSchema.parse(JSON.parse(body)).attachments).toEqual([
      { filename: 'GrowthPath plan for Rao Stores.pdf', contentType: 'application/pdf', bytes: 86_234 },
      { filename: 'one.txt', contentType: 'text/plain', bytes: 1 },
      { filename: 'two.txt', contentType: 'text/plain', bytes: 2 },
    ]);
  });
});

describe('the list', () => {
  it('pages newest first by (created_at, id) without repeating or skipping a row, ties included', async () => {
    const at = new Date('2025-03-03T10:00:00.123456Z');
    // Thirty at one instant, then thirty a second apart: the id breaks the ties.
    await seed(...Array.from({ length: 30 }, () => ({ createdAt: at })));
    await seed(...Array.from({ length: 30 }, (_, n) => ({ createdAt: new Date(at.getTime() + (n + 1) * 1000) })));
    const rows = await everyPage({ limit: '7' });
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((row) => row.id)).size).toBe(60);
    const keys = rows.map((row) => [Date.parse(row.createdAt), Number(row.id)] as const);
    for (let i = 1; i < keys.length; i += 1) {
      const [[beforeAt, beforeId], [afterAt, afterId]] = [keys[i - 1]!, keys[i]!];
      expect(beforeAt > afterAt || (beforeAt === afterAt && beforeId > afterId)).toBe(true);
    }
    expect((await mailPage()).items).toHaveLength(25);
  });

  it('a row added while paging does not shift the next page', async () => {
    await seed(...Array.from({ length: 4 }, (_, n) => ({ createdAt: new Date(Date.UTC(2025, 2, 1, 10, n)) })));
    const first = await mailPage({ limit: '2' });
    await seed({ subject: 'Arrived meanwhile' });
    const second = await mailPage({ limit: '2', cursor: first.nextCursor! });
    expect([...first.items, ...second.items].map((row) => row.subject)).toEqual(['Seeded 3', 'Seeded 2', 'Seeded 1', 'Seeded 0']);
    expect(second.nextCursor).toBeNull();
  });

  it('shows a welcome without its password link, which works for whoever holds it', async () => {
    const link = 'http://127.0.0.1:9099/emulator/action?mode=resetPassword&oobCode=SECRETCODE&apiKey=fake';
    const [id] = await seed({
      kind: 'client.welcome',
      html: `<p><a href="${link.replace(/&/g, '&amp;')}">Set your password</a></p>`,
      text: `Set your password: ${link}`,
    });
    const message = mailMessageSchema.parse(await (await call(`/mail/${id}`, staff.token)).json());
    expect(message.html).not.toContain('SECRETCODE');
    expect(message.text).not.toContain('SECRETCODE');
    expect(message.text).toBe('Set your password: [password link, hidden from staff]');
  });

  it("shows a welcome's password link slot in words: the link is made only as the email is sent", async () => {
    const [id] = await seed({
      kind: 'client.welcome',
      html: `<p><a href="${passwordLinkSlot}">Set your password</a></p>`,
      text: `Set your password: ${passwordLinkSlot}`,
    });
    const message = mailMessageSchema.parse(await (await call(`/mail/${id}`, staff.token)).json());
    expect(message.text).toBe('Set your password: [password link, made as the email is sent]');
    expect(message.html).not.toContain(passwordLinkSlot);
  });

  it('says how each email stands: kept, queued (retrying), sent, refused with the reason, failed after three days', async () => {
    const sentAt = new Date('2025-03-03T10:00:05Z');
    await seed(
      { status: 'kept', createdAt: new Date('2025-03-03T10:00:04Z') },
      { status: 'queued', lastError: 'connect ECONNREFUSED 127.0.0.1:2525', createdAt: new Date('2025-03-03T10:00:03Z') },
      { status: 'sent', sentAt, createdAt: new Date('2025-03-03T10:00:02Z') },
      { status: 'refused', lastError: '550 5.1.1 No such user', createdAt: new Date('2025-03-03T10:00:01Z') },
      { status: 'failed', lastError: 'connect ECONNREFUSED 127.0.0.1:2525', createdAt: new Date('2025-03-03T10:00:00Z') },
    );
    const { items } = await mailPage();
    expect(items.map(({ status, lastError, sentAt: sent }) => ({ status, lastError, sentAt: sent }))).toEqual([
      { status: 'kept', lastError: null, sentAt: null },
      { status: 'queued', lastError: 'connect ECONNREFUSED 127.0.0.1:2525', sentAt: null },
      { status: 'sent', lastError: null, sentAt: sentAt.toISOString() },
      { status: 'refused', lastError: '550 5.1.1 No such user', sentAt: null },
      { status: 'failed', lastError: 'connect ECONNREFUSED 127.0.0.1:2525', sentAt: null },
    ]);
  });

  it('searches the recipient, the subject and the kind, case-insensitively, with % and _ taken literally', async () => {
    await seed(
      { to: 'asha@raostores.in', subject: 'We have your message', kind: 'prospect.contactReceived' },
      { to: 'leads@growthpath.in', subject: 'New contact message: Asha Rao', kind: 'staff.contact' },
      { to: 'meera@kiranastore.in', subject: 'Your receipt: 100% paid', kind: 'client.receipt' },
    );
    const recipients = async (q: string) => (await mailPage({ q })).items.map((row) => row.to).sort();
    expect(await recipients('ASHA')).toEqual(['asha@raostores.in', 'leads@growthpath.in']);
    expect(await recipients('kiranastore')).toEqual(['meera@kiranastore.in']);
    expect(await recipients('staff.contact')).toEqual(['leads@growthpath.in']);
    expect(await recipients('100%')).toEqual(['meera@kiranastore.in']);
    expect(await recipients('%')).toEqual(['meera@kiranastore.in']);
    expect(await recipients('_')).toEqual([]);
    expect(await recipients('nobody')).toEqual([]);
  });

  it('exports what it lists as CSV', async () => {
    await seed({ to: 'asha@raostores.in', subject: '=HYPERLINK("x")', status: 'refused', lastError: '550 No such user' });
    const response = await call('/mail/export.csv', staff.token);
    expect(response.status).toBe(200);
    const [header, row, ...rest] = parseCsv((await response.text()).replace(/^\uFEFF/, ''));
    expect(header).toEqual(['Created', 'To', 'Subject', 'Kind', 'Status', 'Sent at', 'Last error', 'Id']);
    expect(row).toEqual([
      expect.any(String),
      'asha@raostores.in',
      `'=HYPERLINK("x")`,
      'staff.contact',
      'refused',
      '',
      '550 No such user',
      '1',
    ]);
    expect(rest).toEqual([]);
  });
});

describe('bad input is a 400 or a 404 that says so, never a 5xx', () => {
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

  it.each([
    b64('nonsense'),
    b64('2025-01-01T10:00:00.000000Z 00000000-0000-4000-8000-000000000000'),
    b64('2025-01-01T10:00:00.000000Z 0'),
    b64('2025-01-01T10:00:00.000000Z -1'),
    b64('2025-01-01T10:00:00.000000Z 1.5'),
    b64(`2025-01-01T10:00:00.000000Z ${'9'.repeat(19)}`),
    b64('2025-02-30T10:00:00.000000Z 12'),
    '!!!',
  ])('cursor %s', async (cursor) => {
    const error = await refusal(await call(`/mail?cursor=${cursor}`, staff.token), 400, 'validation_failed');
    expect(error.message).toMatch(/page link is not valid/);
    expect(error.details?.fieldErrors).toHaveProperty('cursor');
  });

  it('a cursor of its own kind pages', async () => {
    await seed({ createdAt: new Date('2025-01-01T09:00:00Z') });
    const { items } = await mailPage({ cursor: b64('2025-01-01T10:00:00.000000Z 12') });
    expect(items).toHaveLength(1);
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', ' 1', '01', '9'.repeat(19), '%00'])('email id %j', async (id) => {
    const error = await refusal(await call(`/mail/${encodeURIComponent(id)}`, staff.token), 400, 'validation_failed');
    expect(error.message).toBe('That email id is not valid.');
    expect(error.details?.fieldErrors).toEqual({ id: 'That email id is not valid.' });
  });

  it('an email that is not there is a 404', async () => {
    const [id] = await seed({});
    expect((await call(`/mail/${id}`, staff.token)).status).toBe(200);
    await testDb.db.execute(sql`delete from mail_messages`);
    const error = await refusal(await call(`/mail/${id}`, staff.token), 404, 'not_found');
    expect(error.message).toBe('There is no such email.');
    await refusal(await call(`/mail/${'9'.repeat(18)}`, staff.token), 404, 'not_found');
  });

  it('only GET is served', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect((await call('/mail/1', staff.token, { method })).status, method).toBe(405);
    }
  });

  it('a limit out of range is refused', async () => {
    await refusal(await call('/mail?limit=101', staff.token), 400, 'validation_failed');
  });
});
