import { count, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../server/db/client';
import { mailMessages, outbox, staffNotices } from '../../server/db/schema';
import { silentLogger } from '../../server/logger';
import { createMailHandlers } from '../../server/mail/setup';
import { createOutboxWorker, type OutboxWorker } from '../../server/outbox/worker';
import { describeOnPostgres } from './postgres';
import { TestSmtpServer } from './smtpServer';
import { openTestDatabase, startApp, testConfig, validContact, type RunningApp, type TestDatabase } from './support';

/**
 * Two servers on one PostgreSQL, each with its outbox worker, take 200 contact messages; the mail server is down for
 * 30 s in the middle. Once it is back every email arrives, and each exactly once: the workers' claims keep them from
 * sending one twice, the dedupe keys from storing one twice.
 */

const EVENTS = 200;
const OUTAGE_MS = 30_000;
const STAFF = 'leads@growthpath.in';

let testDb: TestDatabase;
let second: OpenDatabase;
let smtp: TestSmtpServer;
const apps: RunningApp[] = [];
const workers: OutboxWorker[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const idOf = (raw: string) => /X-GrowthPath-Mail-Id: (\d+)/i.exec(raw)?.[1];

describeOnPostgres('email from two servers on one PostgreSQL, through a mail server outage', () => {
  beforeAll(async () => {
    testDb = await openTestDatabase();
    second = await openDatabase({ databaseUrl: testDb.url!, dataDir: ':memory:' });
    smtp = await new TestSmtpServer().start();
    // Every reply is to one domain: caps high enough that all 200 go (the caps have their own test, mail-abuse).
    const config = testConfig({
      SMTP_URL: smtp.url,
      STAFF_NOTIFY_EMAILS: STAFF,
      PROSPECT_REPLIES_PER_DAY: '1000',
      PROSPECT_REPLIES_PER_DOMAIN_PER_DAY: '1000',
    });
    for (const db of [testDb.db, second.db]) {
      apps.push(await startApp({ db, config }));
      const worker = createOutboxWorker({
        db,
        logger: silentLogger,
        handlers: createMailHandlers({ config, db, reportPdf: () => Promise.reject(new Error('no quiz here')) }),
        // Retries 2, 4, 8, 8 ... s apart: the outage ends before the 8 attempts do, as production's 30 s to 1 h do.
        pollIntervalMs: 200,
        baseDelayMs: 2_000,
        maxDelayMs: 8_000,
      });
      worker.start();
      workers.push(worker);
    }
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await Promise.all(apps.map((app) => app.close()));
    await smtp?.stop();
    await second?.close();
    await testDb?.close();
  });

  it('delivers every email exactly once after the mail server comes back', { timeout: 180_000 }, async () => {
    const send = (n: number) =>
      fetch(`${apps[n % 2]!.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...validContact, name: `Owner ${n}`, email: `owner${n}@example.in` }),
      }).then((response) => expect(response.status).toBe(201));

    for (let n = 0; n < EVENTS / 2; n += 1) await send(n);
    const port = smtp.port;
    await smtp.stop();
    const down = Date.now();
    for (let n = EVENTS / 2; n < EVENTS; n += 1) await send(n);
    await sleep(OUTAGE_MS - (Date.now() - down));
    await smtp.start(port);

    // Done when every outbox row is: each event composed, each digest made, each email sent.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const [left] = await testDb.db.select({ n: count() }).from(outbox).where(isNull(outbox.deliveredAt));
      const [notices] = await testDb.db.select({ n: count() }).from(staffNotices);
      if (left!.n === 0 && notices!.n === EVENTS) break;
      if (Date.now() > deadline) {
        const stuck = await testDb.db.select().from(outbox).where(isNull(outbox.deliveredAt));
        throw new Error(
          `the emails were not all sent within two minutes of the mail server coming back: ${notices!.n} notices, ` +
            JSON.stringify(
              stuck.slice(0, 5).map(({ kind, attempts, lastError, nextAttemptAt }) => ({ kind, attempts, lastError, nextAttemptAt })),
            ),
        );
      }
      await sleep(500);
    }

    const rows = await testDb.db.select().from(mailMessages);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    // Exactly once: each stored email arrived once, and nothing arrived that is not stored.
    const ids = smtp.received.map((mail) => idOf(mail.raw));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(rows.map((row) => String(row.id)).sort());

    // Every prospect got their reply, and staff heard of every message once: on its own or in one digest.
    const replies = smtp.received.filter((mail) => mail.to[0] !== STAFF).map((mail) => mail.to[0]);
    expect(replies.sort()).toEqual(Array.from({ length: EVENTS }, (_, n) => `owner${n}@example.in`).sort());
    const notices = await testDb.db.select().from(staffNotices);
    expect(notices).toHaveLength(EVENTS);
    expect(notices.filter((notice) => notice.held && notice.digestId === null)).toHaveLength(0);
    const staffMails = rows.filter((row) => row.toAddress === STAFF);
    const told = new Map<string, number>();
    for (const mail of staffMails) {
      const named = mail.kind === 'staff.digest' ? mail.text : mail.subject;
      for (const match of named.matchAll(/New contact message: “(Owner \d+)”/g)) told.set(match[1]!, (told.get(match[1]!) ?? 0) + 1);
    }
    expect(told.size).toBe(EVENTS);
    expect([...told.values()].every((times) => times === 1)).toBe(true);
    console.info(
      `two servers, ${EVENTS} contact messages, mail server down ${OUTAGE_MS / 1000} s: ${rows.length} emails stored, ${smtp.received.length} received, ` +
        `${staffMails.length} to staff (${staffMails.filter((mail) => mail.kind === 'staff.digest').length} digests)`,
    );
  });
});
