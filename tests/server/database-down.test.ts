import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailable } from '../../server/db/errors';
import { openDatabase, type Database, type OpenDatabase } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { createLogger } from '../../server/logger';
import { type QuizAnswers } from '../../src/domain/quiz';
import { describeOnPostgres, testPostgresUrl } from './postgres';
import { isErrorShape, openTestDatabase, startApp, validContact, type RunningApp, type TestDatabase } from './support';
import { quizProspect } from '../fixtures/quizProspect';

/**
 * The database going away is an outage, not a bug: 503 with Retry-After in the usual envelope, health says the
 * database is down, and the server recovers by itself when it returns (docs/decisions/081-database-unavailable.md).
 */

const postJson = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const answers: QuizAnswers = quizProspect({
  locationType: 'Online-only',
  monthlyRevenue: '₹1L – ₹5L',
});

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  const body: unknown = await response.json();
  expect(isErrorShape(body)).toBe(true);
  expect(body).toMatchObject({ error: { code: 'database_unavailable', message: expect.stringMatching(/try again/) } });
}

/** Errors exactly as the drivers raise them when the server is gone, wrapped the way Drizzle wraps them. */
function connectionFailure(kind: 'refused' | 'terminated' | 'shutdown' | 'pglite-closed'): Error {
  const cause =
    kind === 'refused'
      ? Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', errno: -111 })
      : kind === 'terminated'
        ? new Error('Connection terminated unexpectedly')
        : kind === 'shutdown'
          ? Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' })
          : new Error('PGlite is closed');
  return Object.assign(new Error(`Failed query: insert into "contact_messages" ...\nparams: ${validContact.email}`), {
    query: 'insert into "contact_messages" ("name") values ($1)',
    params: [validContact.name],
    cause,
  });
}

/** A database whose every call fails the way a lost connection does. */
function unreachableDatabase(kind: Parameters<typeof connectionFailure>[0]): Database {
  const fail = () => Promise.reject(connectionFailure(kind));
  return { transaction: fail, execute: fail, insert: () => ({ values: () => ({ returning: fail }) }) } as unknown as Database;
}

describe('connection errors', () => {
  it.each(['refused', 'terminated', 'shutdown', 'pglite-closed'] as const)('%s is recognised as "unavailable"', (kind) => {
    expect(isDatabaseUnavailable(connectionFailure(kind))).toBe(true);
  });

  it('a query the database refuses is not an outage', () => {
    const undefinedTable = Object.assign(new Error('relation "x" does not exist'), { code: '42P01', severity: 'ERROR' });
    expect(isDatabaseUnavailable(Object.assign(new Error('Failed query'), { cause: undefinedTable }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('database exploded'))).toBe(false);
  });

  it.each(['refused', 'terminated'] as const)('answer 503 with Retry-After on every route that stores (%s)', async (kind) => {
    const lines: string[] = [];
    const app = await startApp({ db: unreachableDatabase(kind), logger: createLogger({ write: (line) => lines.push(line) }) });
    try {
      await expectUnavailable(await postJson(`${app.url}/api/contact`, validContact));
      const health = await fetch(`${app.url}/api/health`);
      expect(health.status).toBe(503);
      expect(Number(health.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await health.json()).toMatchObject({ status: 'unavailable', checks: { database: 'down' } });
      expect(lines.join('\n')).not.toContain(validContact.email);
      expect(lines.some((line) => line.includes('"database unavailable"'))).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('a quiz submission meets the same 503 when its insert cannot reach the database', async () => {
    const app = await startApp({ db: unreachableDatabase('refused') });
    try {
      await expectUnavailable(await postJson(`${app.url}/api/quiz-submissions`, { language: 'en', answers }));
      // An invalid quiz is still the client's 400: the database is asked only for a valid one.
      expect((await postJson(`${app.url}/api/quiz-submissions`, { language: 'en', answers: {} })).status).toBe(400);
    } finally {
      await app.close();
    }
  });
});

/**
 * Against a real PostgreSQL (scripts/with-postgres.sh): the app talks to it through a TCP relay the test can cut
 * and restore, which is what a restart or a network partition looks like from the server.
 */
describeOnPostgres('with PostgreSQL going away and coming back', () => {
  let testDb: TestDatabase;
  let relay: Server;
  let relayPort: number;
  const sockets = new Set<Socket>();
  let database: OpenDatabase;
  let app: RunningApp;

  function startRelay(target: URL, port = 0): Promise<Server> {
    const server = createServer((client) => {
      const upstream = connect(Number(target.port), target.hostname);
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
  }

  async function cut() {
    await new Promise<void>((resolve) => {
      relay.close(() => resolve());
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    });
  }

  beforeAll(async () => {
    testDb = await openTestDatabase();
    relay = await startRelay(new URL(testPostgresUrl!));
    relayPort = (relay.address() as AddressInfo).port;
    const url = new URL(testDb.url!);
    url.host = `127.0.0.1:${relayPort}`;
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: ':memory:' }, createLogger({ level: 'silent' }));
    await runMigrations(database);
    app = await startApp({ db: database.db });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    relay?.close();
    for (const socket of sockets) socket.destroy();
    await testDb?.close();
  });

  it('stores while up, answers 503 while down, and stores again once it is back, without a restart', async () => {
    expect((await postJson(`${app.url}/api/contact`, validContact)).status).toBe(201);
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200);

    // Several idle connections, so that after the cut requests meet connections that died unnoticed.
    await Promise.all(Array.from({ length: 4 }, () => postJson(`${app.url}/api/contact`, validContact)));
    await cut();
    for (let i = 0; i < 4; i += 1) await expectUnavailable(await postJson(`${app.url}/api/contact`, validContact));
    const down = await fetch(`${app.url}/api/health`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: 'unavailable', checks: { database: 'down' } });

    relay = await startRelay(new URL(testPostgresUrl!), relayPort);
    const up = await fetch(`${app.url}/api/health`);
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ status: 'ok', checks: { database: 'up' } });
    expect((await postJson(`${app.url}/api/contact`, validContact)).status).toBe(201);

    // No connection that died while checked out is still held: the pool gets all its slots back.
    const pool = database.kind === 'postgres' ? database.client : undefined;
    await expect.poll(() => pool && pool.totalCount - pool.idleCount, { timeout: 20_000 }).toBe(0);
  });
});

/**
 * The embedded database's thread crashing (docs/decisions/165-embedded-database-on-its-own-thread.md): the server
 * answers 503 as for any outage, starts the thread again on its directory, and is back by itself.
 */
describe("with the embedded database's thread crashing", () => {
  let dataDir: string;
  let database: OpenDatabase;
  let app: RunningApp;
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'growth-crash-'));
    const logger = createLogger({ write: (line) => lines.push(line) });
    database = await openDatabase({ databaseUrl: undefined, dataDir }, logger);
    await runMigrations(database);
    app = await startApp({ db: database.db, logger });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while it is down and stores again once it is back, without a restart of the server', { timeout: 60_000 }, async () => {
    expect((await postJson(`${app.url}/api/contact`, validContact)).status).toBe(201);
    if (database.kind !== 'embedded') throw new Error('expected the embedded database');
    // Ended as a crash ends it: not through close().
    await database.client['worker'].terminate();
    await expectUnavailable(await postJson(`${app.url}/api/contact`, validContact));

    await vi.waitFor(
      async () => expect(await (await fetch(`${app.url}/api/health`)).json()).toMatchObject({ status: 'ok', checks: { database: 'up' } }),
      { timeout: 20_000, interval: 100 },
    );
    expect((await postJson(`${app.url}/api/contact`, validContact)).status).toBe(201);
    const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from contact_messages`);
    expect(rows[0]!.n).toBe(2);
    const log = lines.join('\n');
    expect(log).toContain("the embedded database's thread stopped: starting it again");
    expect(log).toContain('the embedded database is back');
  });
});
