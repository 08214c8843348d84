import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createServices, type ServiceDeps } from '../../server/services';
import { openDatabase, type Database, type OpenDatabase } from '../../server/db/client';
import { rateLimitCounters } from '../../server/db/schema';
import { databaseCounter, FlexibleStore } from '../../server/http/rateLimitStore';
import { defaultRateLimits } from '../../server/http/rateLimits';
import { isErrorShape, listen, openTestDatabase, testConfig, validContact, type RunningApp, type TestDatabase } from './support';

/**
 * Rate limits live in the database through rate-limiter-flexible
 * (docs/decisions/184-rate-limits-on-rate-limiter-flexible.md): the store express-rate-limit sees, and two apps on one
 * database spending one budget. On PostgreSQL (scripts/with-postgres.sh) each app has its own pool, as two processes
 * would; on PGlite both share the one embedded database.
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
  await testDb.db.execute(sql`delete from rate_limit_counters`);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function storeFor(db: Database, windowMs: number, prefix = 'test', limit = 5): FlexibleStore {
  return new FlexibleStore(databaseCounter(db, { prefix, windowMs, limit, sweeps: false }));
}

const counts = async () => (await testDb.db.select().from(rateLimitCounters)).map(({ key, points }) => ({ key, points }));

describe('the database store', () => {
  it('counts hits in one window that ends windowMs after the first hit', async () => {
    const store = storeFor(testDb.db, 60_000);
    const before = Date.now();
    const first = await store.increment('203.0.113.7');
    const second = await store.increment('203.0.113.7');
    expect(first.totalHits).toBe(1);
    expect(second.totalHits).toBe(2);
    // The window's end is stored once; each answer reads it back (to the millisecond, as Date.now() moves on).
    expect(Math.abs(second.resetTime!.getTime() - first.resetTime!.getTime())).toBeLessThanOrEqual(2);
    expect(first.resetTime!.getTime() - before).toBeGreaterThan(59_000);
    expect(first.resetTime!.getTime() - before).toBeLessThanOrEqual(61_000);
    expect((await store.get('203.0.113.7'))?.totalHits).toBe(2);
    expect(await store.get('198.51.100.2')).toBeUndefined();
    expect(await counts()).toEqual([{ key: 'test:203.0.113.7', points: 2 }]);
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
    const contact = storeFor(testDb.db, 60_000, 'contact');
    const chat = storeFor(testDb.db, 60_000, 'chat');
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

  it('refuses a client over its limit from memory until its window ends, without writing to the database', async () => {
    const store = storeFor(testDb.db, 60_000);
    for (let i = 1; i <= 5; i += 1) expect((await store.increment('client')).totalHits).toBe(i);
    expect((await store.increment('client')).totalHits).toBe(6);
    const refused = await store.increment('client');
    expect(refused.totalHits).toBeGreaterThan(5);
    expect(refused.resetTime!.getTime()).toBeGreaterThan(Date.now() + 59_000);
    expect(await counts()).toEqual([{ key: 'test:client', points: 6 }]);
    // A reset lifts the refusal in memory too.
    await store.resetKey('client');
    expect((await store.increment('client')).totalHits).toBe(1);
  });

  it('counts every one of many simultaneous hits from two stores (two processes) exactly once', async () => {
    let second: OpenDatabase | undefined;
    if (testDb.url) second = await openDatabase({ databaseUrl: testDb.url, dataDir: ':memory:' });
    try {
      const a = storeFor(testDb.db, 60_000, 'contact', 100);
      const b = storeFor(second?.db ?? testDb.db, 60_000, 'contact', 100);
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).increment('client')));
      // One atomic upsert per hit: every answer is a different count, and together they are 1 to 40.
      expect(results.map((result) => result.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect(await counts()).toEqual([{ key: 'contact:client', points: 40 }]);
      expect((await a.increment('client')).totalHits).toBe(41);
      expect((await b.increment('client')).totalHits).toBe(42);
    } finally {
      await second?.close();
    }
  });

  it('counts in its own memory while the database fails, and in the database again once it answers', async () => {
    let down = true;
    const refuse = () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    const flaky = new Proxy(testDb.db, {
      get: (target, property) =>
        down && ['insert', 'select', 'delete'].includes(String(property)) ? refuse : Reflect.get(target, property),
    }) as Database;
    const store = storeFor(flaky, 60_000);
    expect((await store.increment('client')).totalHits).toBe(1);
    expect((await store.increment('client')).totalHits).toBe(2);
    expect((await store.get('client'))?.totalHits).toBe(2);
    expect(await counts()).toEqual([]);
    down = false;
    // The database's count again; the hits counted during the outage stay in this process's memory only.
    expect((await store.increment('client')).totalHits).toBe(1);
    expect(await counts()).toEqual([{ key: 'test:client', points: 1 }]);
  });
});

const postContact = (base: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(validContact),
  });

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
  });

  // Fresh servers for each test: a server remembers the clients it refused until their window ends.
  beforeEach(async () => {
    // The real classes' limits: no overrides.
    servers = await Promise.all([testDb.db, second?.db ?? testDb.db].map((db) => listen(appOn({ db }))));
  });

  afterEach(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  afterAll(async () => {
    await second?.close();
  });

  it('spend one contact budget: requests alternating between them meet 429 at the limit summed, not twice it', async () => {
    const { limit } = defaultRateLimits.contact;
    for (let i = 0; i < limit; i += 1) expect((await postContact(servers[i % 2]!.url)).status).toBe(201);
    await expectRateLimited(await postContact(servers[limit % 2]!.url));
    await expectRateLimited(await postContact(servers[(limit + 1) % 2]!.url));
  });

  it('a spoofed X-Forwarded-For neither splits nor resets the count when no proxy is trusted', async () => {
    const { limit } = defaultRateLimits.contact;
    const spoofed = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i + 1}` });
    for (let i = 0; i < limit; i += 1) expect((await postContact(servers[i % 2]!.url, spoofed(i))).status).toBe(201);
    await expectRateLimited(await postContact(servers[0]!.url, spoofed(100)));
    await expectRateLimited(await postContact(servers[1]!.url, spoofed(101)));
    const rows = await counts();
    expect(rows.filter((row) => row.key.startsWith('contact:')).map(({ points }) => points)).toEqual([limit + 2]);
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
