import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailMessages, outbox } from '../../server/db/schema';
import { silentLogger } from '../../server/logger';
import { mailSendKind, queueMail } from '../../server/mail/queue';
import type { NewMail } from '../../server/mail/repository';
import { createMailSendHandler, mailRetryFor } from '../../server/mail/sender';
import { createOutboxWorker, outboxMaxAttempts } from '../../server/outbox/worker';
import { drain, mailWorker } from './mailSupport';
import { openTestDatabase, startApp, testConfig, validContact, type TestDatabase } from './support';
import { TestSmtpServer } from './smtpServer';

let testDb: TestDatabase;
let smtp: TestSmtpServer;
let clock: Date;
const now = () => clock;

beforeAll(async () => {
  testDb = await openTestDatabase();
});

afterAll(async () => {
  await testDb?.close();
});

beforeEach(async () => {
  await testDb.reset();
  // Rows are stamped with the database's now(); the worker's clock a minute ahead makes them due.
  clock = new Date(Date.now() + 60_000);
  smtp = await new TestSmtpServer().start();
});

afterEach(async () => {
  await smtp.stop();
});

const lead = (n: number) => ({
  kind: 'staff.lead',
  dedupeKey: `contact:${n}`,
  to: 'leads@growthpath.in',
  subject: `New contact message ${n}: Asha Rao`,
  html: `<p>Asha Rao wrote <strong>${n}</strong></p>`,
  text: `Asha Rao wrote ${n}`,
});

function worker(smtpUrl = smtp.url) {
  return createOutboxWorker({
    db: testDb.db,
    logger: silentLogger,
    handlers: {
      [mailSendKind]: createMailSendHandler({
        db: testDb.db,
        smtpUrl,
        from: 'GrowthPath <hello@growthpath.in>',
        passwordLink: async () => 'https://auth.example.in/reset',
        signInUrl: 'https://growthpath.in/signin',
        now,
      }),
    },
    now,
    random: () => 0.5,
    baseDelayMs: 1_000,
    maxDelayMs: 60_000,
  });
}

/** The id of a stored email; fails the test when it was not stored. */
async function queued(mail: NewMail, mode: 'smtp' | 'embedded'): Promise<number> {
  const result = await queueMail(testDb.db, mail, mode);
  if (result.outcome !== 'queued') throw new Error(`not stored: ${result.outcome}`);
  return result.id;
}

const statusOf = async (id: number) => (await testDb.db.select().from(mailMessages).where(eq(mailMessages.id, id)))[0]?.status;

describe('email through the outbox, over SMTP', () => {
  it('sends a stored email once, with its HTML and plain-text parts, and records it as sent', async () => {
    const id = await queued(lead(1), 'smtp');
    expect(await statusOf(id)).toBe('queued');
    const run = worker();
    expect(await run.runOnce()).toEqual({ delivered: 1, failed: 0 });
    expect(await run.runOnce()).toEqual({ delivered: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['leads@growthpath.in']);
    expect(mail!.from).toBe('hello@growthpath.in');
    expect(mail!.raw).toContain('Subject: New contact message 1: Asha Rao');
    expect(mail!.raw).toContain('Content-Type: text/plain');
    expect(mail!.raw).toContain('Content-Type: text/html');
    expect(await statusOf(id)).toBe('sent');
  });

  it('stores one email per event: the same dedupe key again stores and sends nothing more', async () => {
    const first = await queueMail(testDb.db, lead(2), 'smtp');
    const again = await queueMail(testDb.db, { ...lead(2), subject: 'a second try' }, 'smtp');
    expect(first.outcome).toBe('queued');
    expect(again).toEqual({ outcome: 'repeat' });
    expect(await testDb.db.select().from(outbox)).toHaveLength(1);
    await worker().runOnce();
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps every email while the mail server is down, and sends each exactly once when it is back', async () => {
    const port = smtp.port;
    await smtp.stop();
    for (let n = 0; n < 5; n += 1) await queueMail(testDb.db, lead(10 + n), 'smtp');
    const run = worker(`smtp://127.0.0.1:${port}`);
    expect(await run.runOnce()).toEqual({ delivered: 0, failed: 5 });

    await smtp.start(port);
    clock = new Date(clock.getTime() + 5_000);
    expect(await run.runOnce()).toEqual({ delivered: 5, failed: 0 });
    expect(smtp.received.map((mail) => /Subject: (.*)/.exec(mail.raw)?.[1]).sort()).toEqual(
      [10, 11, 12, 13, 14].map((n) => `New contact message ${n}: Asha Rao`),
    );
    const rows = await testDb.db.select().from(mailMessages);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
  });

  it("keeps trying hourly once the outbox's attempts run out, for three days from the event, then marks it failed", async () => {
    const port = smtp.port;
    await smtp.stop();
    const id = await queued(lead(6), 'smtp');
    const run = worker(`smtp://127.0.0.1:${port}`);
    const attempt = async () => {
      clock = new Date(clock.getTime() + 2 * 60 * 60_000);
      return run.runOnce();
    };
    for (let n = 1; n < outboxMaxAttempts; n += 1) expect(await attempt()).toEqual({ delivered: 0, failed: 1 });
    const [row] = await testDb.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    expect(row).toMatchObject({ status: 'queued', lastError: expect.stringMatching(/ECONNREFUSED/) });
    // The last attempt hands over to a fresh row an hour on.
    expect(await attempt()).toEqual({ delivered: 1, failed: 0 });
    const pending = (await testDb.db.select().from(outbox)).filter((job) => job.deliveredAt === null);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.nextAttemptAt.getTime()).toBe(clock.getTime() + mailRetryFor.afterLastAttemptMs);

    // Three days on, the row's attempts run out again, and the email is given up for staff to see.
    clock = new Date(row!.createdAt.getTime() + mailRetryFor.totalMs);
    for (let n = 1; n < outboxMaxAttempts; n += 1) expect(await attempt()).toEqual({ delivered: 0, failed: 1 });
    expect(await attempt()).toEqual({ delivered: 1, failed: 0 });
    expect(await statusOf(id)).toBe('failed');
    expect((await testDb.db.select().from(outbox)).filter((job) => job.deliveredAt === null)).toHaveLength(0);
    await smtp.start(port);
    expect(smtp.received).toHaveLength(0);
  });

  it('records an address the mail server refuses for good, and does not retry it', async () => {
    smtp.refuse.add('nobody@example.in');
    const id = await queued({ ...lead(3), to: 'nobody@example.in' }, 'smtp');
    const run = worker();
    expect(await run.runOnce()).toEqual({ delivered: 1, failed: 0 });
    const [row] = await testDb.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    expect(row).toMatchObject({ status: 'refused', sentAt: null });
    expect(row!.lastError).toMatch(/550/);
    clock = new Date(clock.getTime() + 3_600_000);
    expect(await run.runOnce()).toEqual({ delivered: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('refuses a line break in a subject (header injection), and makes no email for an address it cannot use', async () => {
    await expect(queueMail(testDb.db, { ...lead(4), subject: 'Hi\r\nBcc: everyone@example.in' }, 'smtp')).rejects.toThrow(/line break/);
    // One recipient, one valid address: a line break, a comma or a second address is no address (src/domain/email.ts).
    for (const to of [
      'a@example.in\nBcc: b@example.in',
      'a@example.in, b@example.in',
      'Asha <a@example.in>',
      'priya..sharma@example.com',
    ]) {
      expect(await queueMail(testDb.db, { ...lead(4), to }, 'smtp')).toEqual({ outcome: 'undeliverable' });
    }
    expect(await testDb.db.select().from(mailMessages)).toHaveLength(0);
    expect(await testDb.db.select().from(outbox)).toHaveLength(0);
  });
});

describe('embedded mail (no SMTP_URL)', () => {
  it('keeps the email, rendered, and queues nothing to send', async () => {
    const id = await queued(lead(5), 'embedded');
    const [row] = await testDb.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    expect(row).toMatchObject({ status: 'kept', toAddress: 'leads@growthpath.in', html: '<p>Asha Rao wrote <strong>5</strong></p>' });
    expect(await testDb.db.select().from(outbox)).toHaveLength(0);
  });

  it('says in /api/health whether mail is embedded or sent over SMTP', async () => {
    const embedded = await startApp({ db: testDb.db });
    const live = await startApp({ db: testDb.db, config: testConfig({ SMTP_URL: smtp.url }) });
    try {
      expect(await (await fetch(`${embedded.url}/api/health`)).json()).toMatchObject({ mail: 'embedded' });
      expect(await (await fetch(`${live.url}/api/health`)).json()).toMatchObject({ mail: 'smtp' });
    } finally {
      await embedded.close();
      await live.close();
    }
  });
});

describe('a contact message brings its emails', () => {
  async function send(app: { url: string }, body: Record<string, string>) {
    const response = await fetch(`${app.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
  }

  it('an auto-reply to the sender (one per address a day) and a notice to each staff address, escaped, text-only', async () => {
    const config = testConfig({ STAFF_NOTIFY_EMAILS: 'leads@growthpath.in, owner@growthpath.in' });
    const app = await startApp({ db: testDb.db, config });
    try {
      const hostile = { ...validContact, name: 'Asha <script>alert(1)</script>', message: 'Hello <img src=x onerror=alert(1)> there' };
      await send(app, hostile);
      await send(app, { ...validContact, message: 'A second message the same day.' });
      await send(app, { ...validContact, email: 'Asha+again@example.in', message: 'The same inbox, a plus-tag apart.' });
    } finally {
      await app.close();
    }
    // The message commits with its event; the worker composes the emails.
    expect(await testDb.db.select().from(mailMessages)).toHaveLength(0);
    expect(await drain(mailWorker(testDb.db, config, { now }))).toEqual({ delivered: 3, failed: 0 });
    const rows = await testDb.db.select().from(mailMessages);
    const replies = rows.filter((row) => row.kind === 'prospect.contactReceived');
    const staff = rows.filter((row) => row.kind === 'staff.notice');
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ toAddress: 'asha@example.in', status: 'kept' });
    expect(replies[0]!.text).toMatch(/within 24\s+hours/);
    expect(staff.map((row) => row.toAddress).sort()).toEqual([
      'leads@growthpath.in',
      'leads@growthpath.in',
      'leads@growthpath.in',
      'owner@growthpath.in',
      'owner@growthpath.in',
      'owner@growthpath.in',
    ]);
    const first = staff.find((row) => row.subject.includes('script'))!;
    expect(first.html).not.toContain('<script>');
    expect(first.html).not.toContain('<img');
    expect(first.html).toContain('&lt;script&gt;');
    expect(first.html).toContain('/admin?tab=contact&amp;q=asha%40example.in');
    for (const row of rows) {
      expect(row.html).not.toMatch(/<img|src="http/);
      expect(row.text.length).toBeGreaterThan(20);
    }
  });

  it('with SMTP, the sender and staff receive them', async () => {
    const config = testConfig({ STAFF_NOTIFY_EMAILS: 'leads@growthpath.in', SMTP_URL: smtp.url });
    const app = await startApp({ db: testDb.db, config });
    try {
      await send(app, validContact);
    } finally {
      await app.close();
    }
    expect(await drain(mailWorker(testDb.db, config, { now }))).toEqual({ delivered: 3, failed: 0 });
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(['asha@example.in', 'leads@growthpath.in']);
  });
});
