import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../../server/app';
import { loadConfig, withEmbeddedAuth, type Config } from '../../server/config';
import { openDatabase, type Database, type OpenDatabase } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { createServices, type ServiceDeps } from '../../server/services';

/**
 * Shared by the server test files: one database per file (PGlite in memory, or a fresh database on the
 * PostgreSQL named by TEST_DATABASE_URL, see scripts/with-postgres.sh) and apps listening on port 0.
 */

/** Where no site is built: the app serves only the API unless a test gives DIST_DIR. */
const noSite = path.join(tmpdir(), 'growth-tests-serve-no-site');

/** The tests' environment: on the Auth Emulator, named as `npm test` names it, unless a case gives a service account. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig(withEmbeddedAuth({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: ':memory:', DIST_DIR: noSite, ...env }));
}

export interface TestDatabase {
  database: OpenDatabase;
  db: Database;
  /** The PostgreSQL database's URL (undefined on PGlite). */
  url: string | undefined;
  /** Empties every table between tests. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** On the PostgreSQL server named by `adminUrl` (TEST_DATABASE_URL by default), or an in-memory PGlite when null. */
export async function openTestDatabase(adminUrl: string | null = process.env.TEST_DATABASE_URL ?? null): Promise<TestDatabase> {
  let dropDatabase = async () => {};
  let database: OpenDatabase;
  let url: string | undefined;
  if (adminUrl) {
    // A database of its own per file: migrations run from scratch and nothing leaks between files.
    const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    // A PostgreSQL server that is named must be there: falling back to PGlite would pass for a PostgreSQL run.
    await adminQuery(adminUrl, `create database ${name}`).catch((cause: unknown) => {
      const where = URL.canParse(adminUrl) ? new URL(adminUrl).host : 'the address it names';
      throw new Error(
        `TEST_DATABASE_URL names a PostgreSQL server at ${where} that could not be used (${String(cause)}). ` +
          'Run the tests with `npm run test:server:pg` (scripts/with-postgres.sh starts one), or unset TEST_DATABASE_URL to run them on PGlite.',
        { cause },
      );
    });
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${name}`;
    url = databaseUrl.toString();
    database = await openDatabase({ databaseUrl: url, dataDir: ':memory:' });
    dropDatabase = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  } else {
    database = await openDatabase({ databaseUrl: undefined, dataDir: ':memory:' });
  }
  await runMigrations(database);
  return {
    database,
    db: database.db,
    url,
    reset: async () => {
      await database.db.execute(sql`truncate contact_messages, outbox, rate_limit_counters, mail_messages, staff_notices restart identity`);
    },
    close: async () => {
      await database.close();
      await dropDatabase();
    },
  };
}

export interface RunningApp {
  url: string;
  close(): Promise<void>;
}

export async function listen(handler: RequestListener): Promise<RunningApp> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/**
 * The app under test on a free port. Rate limits default to "never in the way" unless a test sets them; a test that
 * sets them starts from empty counters, as each app did when counters lived in its memory (they are in the
 * database now, shared by every app on it).
 */
export async function startApp(deps: Partial<ServiceDeps> & Pick<ServiceDeps, 'db'>): Promise<RunningApp> {
  if (deps.rateLimits) await deps.db.execute(sql`delete from rate_limit_counters`);
  const generous = { windowMs: 60_000, limit: 1_000_000 };
  const config = deps.config ?? testConfig();
  const services = createServices({
    config,
    ...deps,
    rateLimits: { api: generous, contact: generous, leads: generous, chat: generous, payments: generous, ...deps.rateLimits },
  });
  return listen(createApp({ config, services, logger: deps.logger }));
}

export interface ErrorShape {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

export function isErrorShape(body: unknown): body is ErrorShape {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, details } = error as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (details === undefined || (typeof details === 'object' && details !== null)) &&
    Object.keys(error).every((key) => ['code', 'message', 'details'].includes(key))
  );
}

export const validContact = {
  name: 'Asha Verma',
  email: 'asha@example.in',
  phone: '+91 98765 43210',
  message: 'We need a new website for our clinic.',
};
