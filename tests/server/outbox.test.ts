import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactForwardKind, createContactForwardHandler } from '../../server/contact/forwarder';
import { contactMessages, outbox } from '../../server/db/schema';
import { mailEventKind } from '../../server/mail/events';
import { enqueue } from '../../server/outbox/repository';
import { backoffDelay, createOutboxWorker, type OutboxWorkerOptions } from '../../server/outbox/worker';
import { silentLogger } from '../../server/logger';
import { FakeForwardTarget } from './fakeForwardTarget';
import { listen, openTestDatabase, startApp, testConfig, validContact, type TestDatabase } from './support';

let testDb: TestDatabase;
let target: FakeForwardTarget;
let clock: Date;
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  testDb = await openTestDatabase();
});

afterAll(async () => {
  await testDb?.close();
});

beforeEach(async () => {
  await testDb.reset();
  // Rows are stamped with the database's now(); starting the worker's clock a minute ahead makes them due.
  clock = new Date(Date.now() + 60_000);
  target = await new FakeForwardTarget().start();
});

afterEach(async () => {
  await target.close();
});

function worker(url: string, options: Partial<OutboxWorkerOptions> = {}) {
  return createOutboxWorker({
    db: testDb.db,
    logger: silentLogger,
    handlers: { [contactForwardKind]: createContactForwardHandler({ url, db: testDb.db, timeoutMs: 2_000 }) },
    now,
    random: () => 0.5,
    baseDelayMs: 1_000,
    maxDelayMs: 60_000,
    ...options,
  });
}

/** Submits through the real HTTP route, so the message and its outbox row come from the service's transaction. */
async function submitContact(forwardUrl: string, wake?: () => void) {
  const app = await startApp({
    db: testDb.db,
    config: testConfig({ CONTACT_FORWARD_URL: forwardUrl }),
    forwarder: wake ? { wake } : undefined,
  });
  try {
    const response = await fetch(`${app.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validContact),
    });
    expect(response.status).toBe(201);
  } finally {
    await app.close();
  }
  // The message's emails are composed from their own outbox row, tested in mail*.test.ts; here only the forward runs.
  await testDb.db.delete(outbox).where(eq(outbox.kind, mailEventKind));
}

async function outboxRows() {
  return testDb.db.select().from(outbox);
}

describe('contact forwarding through the outbox', () => {
  it('queues the message in the same transaction that stores it', async () => {
    await submitContact(target.url);
    const [message] = await testDb.db.select().from(contactMessages);
    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: contactForwardKind,
      payload: { contactMessageId: message?.id },
      attempts: 0,
      deliveredAt: null,
    });
  });

  it('retries with backoff until the target accepts, then marks the row delivered', async () => {
    target.answers.push({ status: 500, body: '<html>Internal error</html>' });
    target.answers.push({ status: 200, body: JSON.stringify({ result: 'error', message: 'quota' }) });
    await submitContact(target.url);
    const forward = worker(target.url);

    expect(await forward.runOnce()).toEqual({ delivered: 0, failed: 1 });
    let [row] = await outboxRows();
    expect(row).toMatchObject({ attempts: 1, deliveredAt: null });
    expect(row?.lastError).toContain('500');
    // 1 s base delay, no jitter at random 0.5.
    expect(row?.nextAttemptAt.getTime()).toBe(clock.getTime() + 1_000);

    // Not due yet: nothing is sent.
    expect(await forward.runOnce()).toEqual({ delivered: 0, failed: 0 });
    expect(target.received).toHaveLength(1);

    advance(1_000);
    expect(await forward.runOnce()).toEqual({ delivered: 0, failed: 1 });
    [row] = await outboxRows();
    expect(row?.lastError).toContain('quota');
    expect(row?.nextAttemptAt.getTime()).toBe(clock.getTime() + 2_000);

    advance(2_000);
    expect(await forward.runOnce()).toEqual({ delivered: 1, failed: 0 });
    [row] = await outboxRows();
    expect(row).toMatchObject({ attempts: 3, lastError: null, deliveredAt: clock });

    // Every attempt carried the four multipart fields of docs/product.md §7.4.
    expect(target.received).toHaveLength(3);
    for (const fields of target.received) expect(fields).toEqual(validContact);
    expect(await forward.runOnce()).toEqual({ delivered: 0, failed: 0 });
    expect(await testDb.db.select().from(contactMessages)).toHaveLength(1);
  });

  it('keeps the message and counts attempts while the target is down, up to the cap', async () => {
    const down = await listen((_req, res) => res.end());
    const deadUrl = `${down.url}/exec`;
    await down.close();
    await submitContact(deadUrl);
    const forward = worker(deadUrl, { maxAttempts: 3 });

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await forward.runOnce()).toEqual({ delivered: 0, failed: 1 });
      const [row] = await outboxRows();
      expect(row).toMatchObject({ attempts: attempt, deliveredAt: null });
      expect(row?.lastError).toBeTruthy();
      advance(60_000);
    }
    // The cap is reached: the row stays for a person to look at, and is not tried again.
    expect(await forward.runOnce()).toEqual({ delivered: 0, failed: 0 });
    const [message] = await testDb.db.select().from(contactMessages);
    expect(message).toMatchObject({ name: validContact.name, message: validContact.message });
  });

  it('is woken by a new message and delivers it without waiting for a poll', async () => {
    const forward = worker(target.url, { now: () => new Date(), pollIntervalMs: 60_000 });
    forward.start();
    try {
      await submitContact(target.url, () => forward.wake());
      await expect.poll(async () => (await outboxRows())[0]?.deliveredAt, { timeout: 5_000 }).toBeInstanceOf(Date);
      expect(target.received).toEqual([validContact]);
    } finally {
      await forward.stop();
    }
  });

  it('stop() waits for the delivery in progress', async () => {
    const [message] = await testDb.db.insert(contactMessages).values(validContact).returning();
    await enqueue(testDb.db, contactForwardKind, { contactMessageId: message!.id });
    target.delayMs = 300;
    const forward = worker(target.url);
    forward.start();
    await expect.poll(() => target.received.length, { timeout: 5_000 }).toBe(1);
    // The target has the request but has not answered yet; stop() must not return before the outcome is stored.
    await forward.stop();
    const [row] = await outboxRows();
    expect(row?.deliveredAt).toBeInstanceOf(Date);
  });

  it('skips a message erased after it was queued, and fails rows of an unknown kind', async () => {
    const [message] = await testDb.db.insert(contactMessages).values(validContact).returning();
    await enqueue(testDb.db, contactForwardKind, { contactMessageId: message!.id });
    await enqueue(testDb.db, 'something.else', {});
    await testDb.db.delete(contactMessages).where(eq(contactMessages.id, message!.id));
    expect(await worker(target.url).runOnce()).toEqual({ delivered: 1, failed: 1 });
    expect(target.received).toHaveLength(0);
    const unknown = (await outboxRows()).find((row) => row.kind === 'something.else');
    expect(unknown?.lastError).toContain('no handler');
  });
});

describe('backoffDelay', () => {
  it('doubles per attempt up to the cap, with at most 20% jitter', () => {
    const exact = (attempt: number) => backoffDelay(attempt, 30_000, 3_600_000, () => 0.5);
    expect([1, 2, 3, 4].map(exact)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(exact(20)).toBe(3_600_000);
    expect(backoffDelay(1, 30_000, 3_600_000, () => 0)).toBe(24_000);
    expect(backoffDelay(1, 30_000, 3_600_000, () => 0.999999)).toBeLessThanOrEqual(36_000);
  });
});
