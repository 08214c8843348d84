import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client';
import { PGliteThread } from './pgliteThread';

const dialect = new PgDialect();

/**
 * A driver's error, carrying its statement as Drizzle's own wrapper does: the log's summary names the operation and
 * table from it (server/db/errors.ts). The SQL's placeholders only, never the values.
 */
class FailedStatement extends Error {
  constructor(
    readonly query: string,
    cause: unknown,
  ) {
    super(`Failed query: ${query}`, { cause });
    this.name = 'FailedStatement';
  }
}

/**
 * Runs one statement that answers no rows on the driver itself, and answers how many rows it wrote: for the hottest
 * write there is, the order batch (docs/decisions/160-order-batch-on-the-driver.md). On PGlite, Drizzle's `execute`
 * hands PGlite type parsers that it merges into a copy of its own on every query, and wraps the call: together about
 * a fifth of a 24-order batch's time in an interleaved microbenchmark. A transaction's handle, which has no driver of
 * its own, goes through Drizzle.
 */
export async function runWriteStatement(db: Database, statement: SQL): Promise<number | undefined> {
  const client = (db as Database & { $client?: unknown }).$client;
  if (client instanceof PGliteThread || client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    try {
      if (client instanceof PGliteThread) return (await client.query(text, params)).affectedRows;
      return (await client.query(text, params)).rowCount ?? undefined;
    } catch (error) {
      throw new FailedStatement(text, error);
    }
  }
  // Both drivers answer `execute` with a count: `rowCount` (node-postgres) or `affectedRows` (PGlite).
  const result = (await db.execute(statement)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return result.rowCount ?? result.affectedRows;
}
