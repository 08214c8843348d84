import { sql } from 'drizzle-orm';
import type { Options } from 'express-rate-limit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createServices, type ServiceDeps } from '../../server/services';
import { openDatabase, type Database, type OpenDatabase } from '../../server/db/client';
import { rateLimitHits } from '../../server/db/schema';
import { DatabaseRateLimitStore, defaultSyncEveryMs } from '../../server/http/rateLimitStore';
import { defaultRateLimits } from '../../server/http/rateLimits';
import { isErrorShape, listen, openTestDatabase, testConfig, validContact, type RunningApp, type TestDatabase } from './support';

/**
 * Rate limits live in the database (docs/decisions/125-rate-limits-in-the-database.md), hits sent in batches while a
 * process's view of a count is fresh (docs/decisions/140-rate-limit-hits-batched.md): the store's semantics, and two
 * apps on one database spending one budget. On PostgreSQL (scripts/with-postgres.sh) each app has its own pool, as two
 * processes would; on PGlite both share the one embedded database.
 */

/** The app with its real rate limits (no overrides unless given), as a server process builds it. */
function appOn(deps: Omit<ServiceDeps, 'config'>) {
  const config = testConfig();
  return createApp({ config, services: createServices({ config, ...deps }) });
}

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await openTestDatabase();
});

afterAll(async () => {
  await testDb.close();
});

beforeEach(async () => {
  await testDb.db.execute(sql`delete from rate_limit_hits`);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function storeFor(db: Database, windowMs: number, prefix = 'test:', cleanupEvery?: number, syncEveryMs?: number): DatabaseRateLimitStore {
  const store = new DatabaseRateLimitStore(db, { prefix, cleanupEvery, syncEveryMs });
  store.init({ windowMs } as Options);
  return store;
}

describe('the database store', () => {
  it('counts hits in one window that ends windowMs after the first hit', async () => {
    const store = storeFor(testDb.db, 60_000);
    const before = Date.now();
    const first = await store.increment('203.0.113.7');
    const second = await store.increment('203.0.113.7');
    expect(first.totalHits).toBe(1);
    expect(second.totalHits).toBe(2);
    expect(second.resetTime?.getTime()).toBe(first.resetTime?.getTime());
    expect(first.resetTime!.getTime() - before).toBeGreaterThan(59_000);
    expect(first.resetTime!.getTime() - before).toBeLessThanOrEqual(61_000);
    expect(await store.get('203.0.113.7')).toEqual(second);
    expect(await store.get('198.51.100.2')).toBeUndefined();
    await store.flush();
    const rows = await testDb.db.select().from(rateLimitHits);
    expect(rows.map(({ key, hits }) => ({ key, hits }))).toEqual([{ key: 'test:203.0.113.7', hits: 2 }]);
  });

  it('starts a new window once the old one has ended', async () => {
    const store = storeFor(testDb.db, 200);
    await store.increment('client');
    const old = await store.increment('client');
    expect(old.totalHits).toBe(2);
    await sleep(300);
    expect(await store.get('client')).toBeUndefined();
    const fresh = await store.increment('client');
    expect(fresh.totalHits).toBe(1);
    expect(fresh.resetTime!.getTime()).toBeGreaterThan(old.resetTime!.getTime());
  });

  it('decrements and resets one key, and keeps limiters apart by prefix', async () => {
    const contact = storeFor(testDb.db, 60_000, 'contact:');
    const chat = storeFor(testDb.db, 60_000, 'chat:');
    for (let i = 0; i < 3; i += 1) await contact.increment('client');
    await chat.increment('client');
    await contact.decrement('client');
    expect((await contact.get('client'))?.totalHits).toBe(2);
    expect((await chat.get('client'))?.totalHits).toBe(1);
    await contact.resetKey('client');
    expect(await contact.get('client')).toBeUndefined();
    expect((await chat.get('client'))?.totalHits).toBe(1);
    expect((await contact.increment('client')).totalHits).toBe(1);
  });

  it('counts every one of many simultaneous hits from two stores (two processes) exactly once', async () => {
    let second: OpenDatabase | undefined;
    if (testDb.url) second = await openDatabase({ databaseUrl: testDb.url, dataDir: ':memory:' });
    try {
      const a = storeFor(testDb.db, 60_000, 'contact:', undefined, 50);
      const b = storeFor(second?.db ?? testDb.db, 60_000, 'contact:', undefined, 50);
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).increment('client')));
      // Each store answers from what it has seen: never more than every hit, never fewer than its own hits so far.
      for (const parity of [0, 1]) {
        const own = results.filter((_, i) => i % 2 === parity).map((result) => result.totalHits);
        own.forEach((hits, n) => expect(hits).toBeGreaterThanOrEqual(n + 1));
        own.forEach((hits) => expect(hits).toBeLessThanOrEqual(40));
      }
      await Promise.all([a.flush(), b.flush()]);
      const rows = await testDb.db.select().from(rateLimitHits);
      expect(rows.map(({ key, hits }) => ({ key, hits }))).toEqual([{ key: 'contact:client', hits: 40 }]);
      // Once a view is older than the interval, the next hit reads the shared total: every hit of both.
      await sleep(60);
      expect((await a.increment('client')).totalHits).toBe(41);
      expect((await b.increment('client')).totalHits).toBe(42);
    } finally {
      await second?.close();
    }
  });

  it('counts exactly across two stores when hits come slower than the sync interval', async () => {
    const syncEveryMs = 30;
    const a = storeFor(testDb.db, 60_000, 'contact:', undefined, syncEveryMs);
    const b = storeFor(testDb.db, 60_000, 'contact:', undefined, syncEveryMs);
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push((await (i % 2 ? a : b).increment('client')).totalHits);
      await sleep(syncEveryMs + 10);
    }
    expect(answers).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('within one interval misses only the hits still unsent by the other store, and loses none', async () => {
    const a = storeFor(testDb.db, 60_000, 'contact:', undefined, 60_000);
    const b = storeFor(testDb.db, 60_000, 'contact:', undefined, 60_000);
    expect((await a.increment('client')).totalHits).toBe(1);
    expect((await b.increment('client')).totalHits).toBe(2);
    // Both views stay fresh: each store adds its own hits to the total it last read.
    for (let i = 0; i < 3; i += 1) await a.increment('client');
    for (let i = 0; i < 3; i += 1) await b.increment('client');
    expect((await a.get('client'))?.totalHits).toBe(1 + 3);
    expect((await b.get('client'))?.totalHits).toBe(2 + 3);
    await a.flush();
    await b.flush();
    expect((await b.get('client'))?.totalHits).toBe(8);
    const rows = await testDb.db.select().from(rateLimitHits);
    expect(rows.map(({ hits }) => hits)).toEqual([8]);
  });

  it('drops a batch meant for a window that was reset meanwhile instead of adding it to the new one', async () => {
    const a = storeFor(testDb.db, 60_000, 'contact:', undefined, 60_000);
    await a.increment('client');
    await a.increment('client');
    await a.increment('client');
    // Another process resets the client (or a test empties the table): a's two unsent hits belong to no window now.
    await testDb.db.execute(sql`delete from rate_limit_hits`);
    const b = storeFor(testDb.db, 60_000, 'contact:', undefined, 60_000);
    expect((await b.increment('client')).totalHits).toBe(1);
    await a.flush();
    expect((await testDb.db.select().from(rateLimitHits)).map(({ hits }) => hits)).toEqual([1]);
    // a reads the database again on its next hit.
    expect((await a.increment('client')).totalHits).toBe(2);
  });

  it('tells two windows apart by their id, even when they end in the same millisecond', async () => {
    const a = storeFor(testDb.db, 60_000, 'contact:', undefined, 60_000);
    await a.increment('client');
    await a.increment('client');
    // Another process resets the client and a new window opens, ending exactly when a's did (a fast database can
    // do that within a millisecond): a's unsent hit belongs to the old window, not to this one.
    const [old] = await testDb.db.select().from(rateLimitHits);
    await testDb.db.execute(sql`delete from rate_limit_hits`);
    await testDb.db.insert(rateLimitHits).values({ key: old!.key, hits: 1, resetAt: old!.resetAt });
    await a.flush();
    expect((await testDb.db.select().from(rateLimitHits)).map(({ hits }) => hits)).toEqual([1]);
    expect((await a.increment('client')).totalHits).toBe(2);
  });

  it('sweeps expired rows every Nth hit, and keeps live ones', async () => {
    const short = storeFor(testDb.db, 50, 'short:');
    for (const key of ['a', 'b', 'c']) await short.increment(key);
    await sleep(100);
    const sweeping = storeFor(testDb.db, 60_000, 'long:', 3);
    await sweeping.increment('x');
    await sweeping.increment('y');
    expect(await testDb.db.select().from(rateLimitHits)).toHaveLength(5);
    await sweeping.increment('z');
    await expect
      .poll(async () => (await testDb.db.select().from(rateLimitHits)).map((row) => row.key).sort())
      .toEqual(['long:x', 'long:y', 'long:z']);
    expect(await sweeping.deleteExpired()).toBe(0);
  });

  it('counts in its own memory while the database fails, and in the database again once it answers', async () => {
    let down = true;
    const flaky = new Proxy(testDb.db, {
      get: (target, property) =>
        property === 'execute' && down
          ? () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))
          : Reflect.get(target, property),
    }) as Database;
    const store = storeFor(flaky, 60_000);
    expect((await store.increment('client')).totalHits).toBe(1);
    expect((await store.increment('client')).totalHits).toBe(2);
    expect((await store.get('client'))?.totalHits).toBe(2);
    expect(await testDb.db.select().from(rateLimitHits)).toHaveLength(0);
    down = false;
    // The hits counted during the outage reach the database with the next one: the budget is not handed out again.
    expect((await store.increment('client')).totalHits).toBe(3);
    const rows = await testDb.db.select().from(rateLimitHits);
    expect(rows.map(({ key, hits }) => ({ key, hits }))).toEqual([{ key: 'test:client', hits: 3 }]);
  });
});

const postContact = (base: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(validContact),
  });

/** Longer than a process trusts its view of a shared count: each request below reads every earlier one's hit. */
const pause = defaultSyncEveryMs + 20;

/** One contact message, then the pause, so a test of the shared budget is exact (see decision 140 for faster clients). */
async function postContactSpaced(base: string, headers: Record<string, string> = {}) {
  const response = await postContact(base, headers);
  await sleep(pause);
  return response;
}

async function expectRateLimited(response: Response) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(defaultRateLimits.contact.windowMs / 1000);
  const body: unknown = await response.json();
  expect(isErrorShape(body)).toBe(true);
  expect(body).toMatchObject({ error: { code: 'rate_limited' } });
}

describe('two servers on one database', () => {
  let second: OpenDatabase | undefined;
  let servers: RunningApp[] = [];

  beforeAll(async () => {
    // On PostgreSQL the second server has its own pool, as a second process would; PGlite has only the one instance.
    if (testDb.url) second = await openDatabase({ databaseUrl: testDb.url, dataDir: ':memory:' });
    // The real classes' limits: no overrides.
    servers = await Promise.all([testDb.db, second?.db ?? testDb.db].map((db) => listen(appOn({ db }))));
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await second?.close();
  });

  it('spend one contact budget: requests alternating between them meet 429 at the limit summed, not twice it', async () => {
    const { limit } = defaultRateLimits.contact;
    for (let i = 0; i < limit; i += 1) expect((await postContactSpaced(servers[i % 2]!.url)).status).toBe(201);
    await expectRateLimited(await postContactSpaced(servers[limit % 2]!.url));
    await expectRateLimited(await postContactSpaced(servers[(limit + 1) % 2]!.url));
  });

  it('a spoofed X-Forwarded-For neither splits nor resets the count when no proxy is trusted', async () => {
    const { limit } = defaultRateLimits.contact;
    const spoofed = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i + 1}` });
    for (let i = 0; i < limit; i += 1) expect((await postContactSpaced(servers[i % 2]!.url, spoofed(i))).status).toBe(201);
    await expectRateLimited(await postContactSpaced(servers[0]!.url, spoofed(100)));
    await expectRateLimited(await postContactSpaced(servers[1]!.url, spoofed(101)));
    await sleep(pause);
    const rows = await testDb.db.select().from(rateLimitHits);
    expect(rows.filter((row) => row.key.startsWith('contact:')).map(({ hits }) => hits)).toEqual([limit + 2]);
  });
});

describe('with the database down', () => {
  it('limits in each process instead of answering 5xx for the limiter', async () => {
    const fail = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    const unreachable = { transaction: fail, execute: fail } as unknown as Database;
    const server = await listen(appOn({ db: unreachable, rateLimits: { contact: { windowMs: 60_000, limit: 2 } } }));
    try {
      // The route needs the database: its own 503 with Retry-After, twice; then the limiter's 429, not a 5xx.
      for (let i = 0; i < 2; i += 1) {
        const response = await postContact(server.url);
        expect(response.status).toBe(503);
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      await expectRateLimited(await postContact(server.url));
    } finally {
      await server.close();
    }
  });
});
