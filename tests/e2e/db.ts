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

export interface StoredPurchase {
  gateway_order_id: string;
  plan: string;
  status: string;
  amount_paise: number;
  fulfilled_by: string | null;
  account_created: boolean;
  /** Every payment row of the order, and how many of those were captured. */
  payments: number;
  captured: number;
}

/** The orders the server stored for a buyer, each with its payment rows counted (issue #11). */
export function purchasesOf(email: string): Promise<StoredPurchase[]> {
  return queryDatabase<StoredPurchase>(
    `select o.gateway_order_id, o.plan, o.status, o.amount_paise, o.fulfilled_by, o.account_created,
            (select count(*)::int from payments p where p.gateway_order_id = o.gateway_order_id) as payments,
            (select count(*)::int from payments p where p.gateway_order_id = o.gateway_order_id and p.status = 'captured') as captured
       from orders o
      where lower(o.customer_email) = lower($1)
      order by o.created_at`,
    [email],
  );
}
