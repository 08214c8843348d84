import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { periodEnd } from '../../src/domain/billing';

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

/**
 * A LaunchPad plan bought with one payment before monthly billing, as such a client's records stand after migration
 * 0014: the paid order, its payment, and the profile holding the plan to the end of the month paid for.
 */
export async function paidOnceBefore(
  query: (sql: string, params: unknown[]) => Promise<unknown>,
  { uid, email, paidAt, mode }: { uid: string; email: string; paidAt: Date; mode: 'sandbox' | 'live' },
) {
  const orderId = `order_Legacy${randomUUID().slice(0, 8)}`;
  const paymentId = `pay_Legacy${randomUUID().slice(0, 8)}`;
  await query(
    `insert into orders (gateway_order_id, receipt, plan, amount_paise, currency, status, mode, customer_email, customer_uid, paid_payment_id, paid_at, fulfilled_at, fulfilled_by)
     values ($1, $2, 'launchpad', 1250000, 'INR', 'paid', $7, $3, $4, $5, $6, $6, 'verification')`,
    [orderId, `rcpt_${orderId}`, email, uid, paymentId, paidAt, mode],
  );
  await query(
    `insert into payments (gateway_payment_id, gateway_order_id, status, amount_paise, currency) values ($1, $2, 'captured', 1250000, 'INR')`,
    [paymentId, orderId],
  );
  await query(
    `insert into user_profiles (uid, email, purchased_plan, purchased_at, plan_paid_through, billing_state) values ($1, $2, 'launchpad', $3, $4, 'ending')
     on conflict (uid) do update set purchased_plan = 'launchpad', purchased_at = $3, plan_paid_through = $4, billing_state = 'ending'`,
    [uid, email, paidAt, periodEnd(paidAt)],
  );
}
