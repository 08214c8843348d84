import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../server/db/client';
import { describeOnPostgres } from './postgres';
import { openTestDatabase, type TestDatabase } from './support';

/**
 * DATABASE_POOL_SIZE bounds the connections one server holds (docs/deployment.md: N servers hold up to N times it), so
 * queries beyond it wait for a free connection rather than opening more.
 */
describeOnPostgres('the PostgreSQL pool size', () => {
  let testDb: TestDatabase;
  let database: OpenDatabase;

  beforeAll(async () => {
    testDb = await openTestDatabase();
    database = await openDatabase({ databaseUrl: testDb.url, dataDir: ':memory:', databasePoolSize: 3 });
  });

  afterAll(async () => {
    await database?.close();
    await testDb?.close();
  });

  it('never holds more connections than DATABASE_POOL_SIZE, and every query waiting for one still runs', async () => {
    const pool = database.client as pg.Pool;
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, pool.totalCount)), 5);
    try {
      const results = await Promise.all(
        Array.from({ length: 9 }, (_, i) => pool.query<{ n: number }>('select pg_sleep(0.05), $1::int as n', [i])),
      );
      expect(results.map((r) => r.rows[0]!.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    } finally {
      clearInterval(watch);
    }
    expect(most).toBe(3);
    expect(pool.totalCount).toBeLessThanOrEqual(3);
  });
});
