import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { StaffSubscriptionRow, SubscriptionSummary } from '../../src/domain/admin';
import { subscriptionEntitlement, subscriptionStatuses } from '../../src/domain/billing';
import { findPlan } from '../../src/domain/plans';
import type { Database } from '../db/client';
import { subscriptionInvoices, subscriptionRequests, subscriptions } from '../db/schema';
import type { Cursor } from './cursor';
import { cursorTime, iso, recordOf, searchOf, textOf, type Keyed, type Lister, type SearchColumns } from './listing';

/**
 * The Subscriptions tab's reads (docs/decisions/181-staff-subscriptions.md): subscriptions charged at least once,
 * failed charges first, then those with a client's request waiting, then by the next charge, soonest first. The keyset
 * is (rank, next charge, id); a row without a next charge sorts after every date.
 */

const s = subscriptions;

/** A checkout never paid for is no subscription staff look after: it is the buyer walking away. */
export const chargedOnce = sql`${s.paidCount} > 0`;

export const subscriptionSearch: SearchColumns = {
  text: [
    s.customerEmail,
    sql`(${s.customerDetails} ->> 'fullName')`,
    sql`(${s.customerDetails} ->> 'businessName')`,
    s.gatewaySubscriptionId,
  ],
  phones: [sql`(${s.customerDetails} ->> 'phone')`],
};

/**
 * When the gateway charges next: the next charge or retry of a running subscription, the one last charge of a client
 * who cancelled inside the notice; none once it ends at its period's end or a pause is scheduled before it.
 */
const nextCharge = sql<Date | null>`(case when ${s.status} in ('active', 'pending') and ${s.pauseAt} is null
  and not (${s.cancelAt} is not null and ${s.cancelAfterCharge} is null)
  then coalesce(${s.cancelAfterCharge}, ${s.chargeAt}, ${s.paidThrough}) end)`;
// Nested, as the orders' subqueries are: drizzle would write a single-table select's own columns without their table.
const openRequestCount = sql`(select count(*)::int from ${subscriptionRequests} where ${subscriptionRequests.gatewaySubscriptionId} = ${s.gatewaySubscriptionId} and ${subscriptionRequests.status} = 'open')`;
const openRequests = sql<number>`${openRequestCount}`;
const rank = sql<number>`(case when ${s.status} in ('pending', 'halted') then 0 when ${openRequestCount} > 0 then 1 else 2 end)`;
/** After every real date, and a time the cursor's check accepts. */
const noChargeKey = '9999-12-31T00:00:00.000000Z';
const chargeKey = sql`coalesce(${nextCharge}, ${noChargeKey}::timestamptz)`;

function keysetAfter(before: Cursor | undefined): SQL | undefined {
  if (!before) return undefined;
  return sql`(${rank}, ${chargeKey}, ${s.gatewaySubscriptionId}) > (${before.rank ?? 0}, ${before.at}::timestamptz, ${before.id})`;
}

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

export const listSubscriptions: Lister<'subscriptions'> = async (db, { q, before, id, limit, now = new Date() }) => {
  const rows = await db
    .select({ subscription: s, nextCharge, openRequests, rank, cursorAt: cursorTime(chargeKey) })
    .from(s)
    .where(
      and(
        chargedOnce,
        searchOf(q, subscriptionSearch),
        keysetAfter(before),
        id === undefined ? undefined : eq(s.gatewaySubscriptionId, id),
      ),
    )
    .orderBy(rank, chargeKey, asc(s.gatewaySubscriptionId))
    .limit(limit);
  const ids = rows.map((row) => row.subscription.gatewaySubscriptionId);
  const [requests, invoices] = ids.length === 0 ? [[], []] : await Promise.all([requestsOf(db, ids), invoicesOf(db, ids)]);
  return rows.map(({ subscription: row, nextCharge: next, openRequests: open, rank: rowRank, cursorAt }): Keyed<StaffSubscriptionRow> => {
    const details = recordOf(row.customerDetails);
    const plan = findPlan(row.plan)?.key;
    const status = subscriptionStatuses.find((known) => known === row.status) ?? 'created';
    const standing = plan ? subscriptionEntitlement({ plan, status, paidThrough: row.paidThrough, cancelAt: row.cancelAt }, now) : null;
    const id = row.gatewaySubscriptionId;
    return {
      cursor: { rank: Number(rowRank), at: cursorAt, id },
      row: {
        id,
        createdAt: row.createdAt.toISOString(),
        mode: row.mode === 'live' ? 'live' : 'sandbox',
        plan: row.plan,
        monthlyPaise: row.monthlyPaise,
        status,
        state: standing?.state ?? 'none',
        paidCount: row.paidCount,
        customerUid: row.customerUid,
        customerEmail: row.customerEmail,
        customerName: textOf(details.fullName),
        businessName: textOf(details.businessName),
        paidThrough: iso(row.paidThrough),
        nextChargeAt: iso(dateOf(next)),
        endsAt: iso(row.cancelAt),
        pauseAt: iso(row.pauseAt),
        scheduledPlan: row.scheduledPlan && row.scheduledPlan !== row.plan ? row.scheduledPlan : null,
        openRequests: Number(open),
        requests: requests.filter((request) => request.subscriptionId === id).map(({ subscriptionId: _, ...request }) => request),
        invoices: invoices.filter((invoice) => invoice.subscriptionId === id).map(({ subscriptionId: _, ...invoice }) => invoice),
      },
    };
  });
};

async function requestsOf(db: Database, ids: string[]) {
  const rows = await db
    .select()
    .from(subscriptionRequests)
    .where(inArray(subscriptionRequests.gatewaySubscriptionId, ids))
    .orderBy(asc(subscriptionRequests.createdAt));
  return rows.map((request) => ({
    subscriptionId: request.gatewaySubscriptionId,
    id: request.id,
    kind: request.kind as StaffSubscriptionRow['requests'][number]['kind'],
    plan: request.plan,
    status: request.status as StaffSubscriptionRow['requests'][number]['status'],
    createdAt: request.createdAt.toISOString(),
    resolvedAt: iso(request.resolvedAt),
  }));
}

async function invoicesOf(db: Database, ids: string[]) {
  const rows = await db
    .select()
    .from(subscriptionInvoices)
    .where(inArray(subscriptionInvoices.gatewaySubscriptionId, ids))
    .orderBy(asc(subscriptionInvoices.periodStart), asc(subscriptionInvoices.createdAt));
  return rows.map((invoice) => ({
    subscriptionId: invoice.gatewaySubscriptionId,
    id: invoice.gatewayInvoiceId,
    amountPaise: invoice.amountPaise,
    status: invoice.status,
    periodStart: iso(invoice.periodStart),
    periodEnd: iso(invoice.periodEnd),
    paidAt: iso(invoice.paidAt),
  }));
}

// ---- the summary --------------------------------------------------------------------------------------------------

/** India Standard Time is UTC+5:30 all year round. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The calendar month in India that `now` falls in: from its first 00:00 IST to the next month's. */
export function indiaMonthOf(now: Date): { start: Date; end: Date } {
  const india = new Date(now.getTime() + IST_OFFSET_MS);
  const [year, month] = [india.getUTCFullYear(), india.getUTCMonth()];
  return { start: new Date(Date.UTC(year, month, 1) - IST_OFFSET_MS), end: new Date(Date.UTC(year, month + 1, 1) - IST_OFFSET_MS) };
}

/**
 * The Subscriptions tab's figures at `now`. MRR counts what will renew: active or pending (the gateway is retrying),
 * charged at least once, neither ending (a cancel at a period's end or after the next charge) nor pausing.
 */
export async function subscriptionSummary(db: Database, now: Date): Promise<SubscriptionSummary> {
  const month = indiaMonthOf(now);
  const renewing = sql`${s.status} in ('active', 'pending') and ${s.cancelAt} is null and ${s.pauseAt} is null`;
  const [row] = await db
    .select({
      mrrPaise: sql<string>`coalesce(sum(${s.monthlyPaise}) filter (where ${renewing}), 0)::bigint`,
      active: sql<number>`(count(*) filter (where ${s.status} = 'active'))::int`,
      paused: sql<number>`(count(*) filter (where ${s.status} = 'paused'))::int`,
      dunning: sql<number>`(count(*) filter (where ${s.status} in ('pending', 'halted')))::int`,
      cancelledThisMonth: sql<number>`(count(*) filter (where ${s.status} = 'cancelled' and coalesce(${s.endedAt}, ${s.updatedAt}) >= ${month.start.toISOString()}::timestamptz and coalesce(${s.endedAt}, ${s.updatedAt}) < ${month.end.toISOString()}::timestamptz))::int`,
      requestsWaiting: sql<number>`(select count(*)::int from ${subscriptionRequests} where ${subscriptionRequests.status} = 'open')`,
    })
    .from(s)
    .where(chargedOnce);
  return {
    mrrPaise: Number(row?.mrrPaise ?? 0),
    active: Number(row?.active ?? 0),
    paused: Number(row?.paused ?? 0),
    dunning: Number(row?.dunning ?? 0),
    cancelledThisMonth: Number(row?.cancelledThisMonth ?? 0),
    requestsWaiting: Number(row?.requestsWaiting ?? 0),
  };
}
