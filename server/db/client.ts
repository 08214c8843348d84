import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config';
import type { Logger } from '../logger';
import * as schema from './schema';

/** The query API both drivers share; code above this file never knows which one it got. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type OpenDatabase =
  | { kind: 'embedded'; db: PgliteDatabase<typeof schema>; client: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: NodePgDatabase<typeof schema>; client: pg.Pool; close: () => Promise<void> };

type DatabaseConfig = Pick<Config, 'databaseUrl' | 'dataDir'>;

/**
 * PostgreSQL through node-postgres when DATABASE_URL is set; otherwise PGlite (Postgres in WASM) under
 * `${DATA_DIR}/pglite`, or in memory when DATA_DIR is ':memory:' (tests).
 */
export async function openDatabase(config: DatabaseConfig, logger?: Logger): Promise<OpenDatabase> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle client losing its connection emits on the pool; unhandled, that would crash the process.
    pool.on('error', (err) => logger?.error('postgres pool error', { err }));
    const db = drizzlePg({ client: pool, schema });
    return { kind: 'postgres', db, client: pool, close: () => pool.end() };
  }

  let client: PGlite;
  if (config.dataDir === ':memory:') {
    client = new PGlite();
  } else {
    const dataDir = path.resolve(config.dataDir, 'pglite');
    await mkdir(path.dirname(dataDir), { recursive: true });
    client = new PGlite(dataDir);
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return { kind: 'embedded', db, client, close: () => client.close() };
}
