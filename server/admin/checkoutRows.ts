import { and, desc, eq, sql } from 'drizzle-orm';
import type { CheckoutRow } from '../../src/domain/admin';
import { CHECKOUT_LEFT_AFTER_MS, subscriptionStatuses } from '../../src/domain/billing';
import { subscriptions } from '../db/schema';
import { cursorTime, iso, keysetOf, recordOf, searchOf, textOf, type Keyed, type Lister, type SearchColumns } from './listing';

/**
 * The Checkouts left tab's reads (docs/decisions/189-checkouts-left.md): the subscriptions create-order made for a
 * buyer who gave their details, never charged an hour on, newest first by (created_at, id). A buyer's later checkout
 * speaks for them: paid, they bought; left too, it is the one listed. So a buyer who tried three times shows once, and
 * one who came back and paid not at all.
 */

const s = subscriptions;
/** The row being listed, named in full: inside the subquery, a bare column would be the later checkout's. */
const listed = (column: string) => sql.raw(`"subscriptions"."${column}"`);

export const checkoutLeft = and(
  eq(s.paidCount, 0),
  // A monthly start from the dashboard is an existing client's, not a checkout.
  sql`${listed('starts_at')} is null`,
  sql`${listed('customer_email')} is not null`,
  sql`${listed('created_at')} < now() - make_interval(secs => ${CHECKOUT_LEFT_AFTER_MS / 1000})`,
  sql`not exists (select 1 from ${subscriptions} as later
    where later.customer_email = ${listed('customer_email')}
      and (later.created_at, later.gateway_subscription_id) > (${listed('created_at')}, ${listed('gateway_subscription_id')}))`,
);

export const checkoutSearch: SearchColumns = {
  text: [
    s.customerEmail,
    sql`(${s.customerDetails} ->> 'fullName')`,
    sql`(${s.customerDetails} ->> 'businessName')`,
    s.gatewaySubscriptionId,
  ],
  phones: [sql`(${s.customerDetails} ->> 'phone')`],
};

export const listCheckouts: Lister<'checkouts'> = async (db, { q, before, id, limit }) => {
  const rows = await db
    .select({ subscription: s, cursorAt: cursorTime(s.createdAt) })
    .from(s)
    .where(
      and(
        checkoutLeft,
        searchOf(q, checkoutSearch),
        keysetOf(s.createdAt, s.gatewaySubscriptionId, before, 'text'),
        id === undefined ? undefined : eq(s.gatewaySubscriptionId, id),
      ),
    )
    .orderBy(desc(s.createdAt), desc(s.gatewaySubscriptionId))
    .limit(limit);
  return rows.map(({ subscription: row, cursorAt }): Keyed<CheckoutRow> => {
    const details = recordOf(row.customerDetails);
    return {
      cursor: { at: cursorAt, id: row.gatewaySubscriptionId },
      row: {
        id: row.gatewaySubscriptionId,
        createdAt: row.createdAt.toISOString(),
        mode: row.mode === 'live' ? 'live' : 'sandbox',
        plan: row.plan,
        amountPaise: row.setupPaise + row.monthlyPaise,
        monthlyPaise: row.monthlyPaise,
        status: subscriptionStatuses.find((known) => known === row.status) ?? 'created',
        endedAt: iso(row.endedAt),
        name: textOf(details.fullName),
        email: row.customerEmail ?? '',
        phone: textOf(details.phone),
        businessName: textOf(details.businessName),
      },
    };
  });
};
