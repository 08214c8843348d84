import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { lockDataDir } from './dataDirLock';
import { PGliteThread, type ThreadEvents } from './pgliteThread';
import * as schema from './schema';

/** The query API both drivers share; code above this file never knows which one it got. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type OpenDatabase =
  | { kind: 'embedded'; db: PgliteDatabase<typeof schema>; client: PGliteThread; close: () => Promise<void> }
  | { kind: 'postgres'; db: NodePgDatabase<typeof schema>; client: pg.Pool; close: () => Promise<void> };

type DatabaseConfig = Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolSize'>>;

/** Long enough for code that saw its query fail to release the client itself, as Drizzle does after a rollback. */
const deadClientGraceMs = 1_000;

/**
 * Drizzle's transaction() never releases its client when `begin` itself fails, which is just what happens on a
 * connection that died while idle. Such a client would hold a pool slot for good (ten of them and the pool never
 * recovers) and its next 'error' would have no listener, which crashes the process. So every client gets an error
 * listener, and one whose connection ended while checked out is handed back, marked broken, if nobody has done so
 * shortly after.
 */
function handBackDeadClients(pool: pg.Pool, logger?: Logger): void {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('remove', (client) => checkedOut.delete(client as pg.PoolClient));
  pool.on('connect', (client) => {
    client.on('error', (err) => logger?.debug('postgres connection error', { err }));
    client.on('end', () => {
      setTimeout(() => {
        if (!checkedOut.delete(client)) return;
        logger?.warn('handing a dead postgres connection back to the pool');
        client.release(new Error('connection ended while checked out'));
      }, deadClientGraceMs).unref();
    });
  });
}

/**
 * A crash of the embedded database's thread is logged, and so is its way back: queries and the health check answer
 * 503 meanwhile. One in memory (tests) stays down.
 */
const threadEvents = (logger?: Logger): ThreadEvents => ({
  onLost: (err, { restarting }) =>
    logger?.error(
      restarting
        ? "the embedded database's thread stopped: starting it again; every query answers 503 until it is back"
        : 'the embedded database (in memory) stopped: every query fails until the server is restarted',
      { err },
    ),
  onRestartFailed: (err, { retryInMs }) => logger?.error('the embedded database could not be started again', { err, retryInMs }),
  onBack: () => logger?.info('the embedded database is back'),
});

/** Drizzle's PGlite driver calls only what PGliteThread answers as PGlite does (query, exec, transaction). */
const embeddedDrizzle = (client: PGliteThread) => drizzlePglite({ client: client as unknown as PGlite, schema });

/**
 * PostgreSQL through node-postgres when DATABASE_URL is set; otherwise PGlite (Postgres in WASM) under
 * `${DATA_DIR}/pglite`, or in memory when DATA_DIR is ':memory:' (tests).
 */
export async function openDatabase(config: DatabaseConfig, logger?: Logger): Promise<OpenDatabase> {
  if (config.databaseUrl) {
    // A pool opens connections on demand, so it recovers by itself once the server answers again; the timeout keeps
    // a request from waiting forever on a server that does not answer at all (docs/decisions/081-database-unavailable.md).
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.databasePoolSize ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client losing its connection emits on the pool; unhandled, that would crash the process.
    pool.on('error', (err) => logger?.warn('postgres connection lost while idle', { err }));
    handBackDeadClients(pool, logger);
    const db = drizzlePg({ client: pool, schema });
    return { kind: 'postgres', db, client: pool, close: () => pool.end() };
  }

  if (config.dataDir === ':memory:') {
    const client = new PGliteThread(undefined, threadEvents(logger));
    await client.waitReady;
    return { kind: 'embedded', db: embeddedDrizzle(client), client, close: () => client.close() };
  }
  const dataDir = path.resolve(config.dataDir, 'pglite');
  await mkdir(path.dirname(dataDir), { recursive: true });
  // Before PGlite touches the directory: a second process on it would silently lose rows.
  const lock = await lockDataDir(dataDir);
  let client: PGliteThread;
  try {
    client = new PGliteThread(dataDir, threadEvents(logger));
    await client.waitReady;
  } catch (error) {
    await lock.release();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The embedded database in ${dataDir} could not be opened: ${reason}`, { cause: error });
  }
  const close = async () => {
    try {
      await client.close();
    } finally {
      await lock.release();
    }
  };
  return { kind: 'embedded', db: embeddedDrizzle(client), client, close };
}
