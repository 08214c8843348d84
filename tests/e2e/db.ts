import pg from 'pg';

/**
 * Reads what the server stored. `npm run test:e2e` runs the server against a throwaway PostgreSQL
 * (scripts/with-postgres.sh) and passes its address as TEST_DATABASE_URL.
 */
export async function queryDatabase<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the end-to-end tests with `npm run test:e2e`');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
