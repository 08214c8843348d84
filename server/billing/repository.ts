import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { CHARGE_GRACE_DAYS, type Entitlement } from '../../src/domain/billing';
import type { Database } from '../db/client';
import {
  billingPlans,
  orders,
  payments,
  subscriptionInvoices,
  subscriptionRequests,
  subscriptions,
  userProfiles,
  type SubscriptionInvoiceRow,
  type SubscriptionRequestRow,
  type SubscriptionRow,
} from '../db/schema';
import type { GatewayInvoice, GatewaySubscription } from './gateway';

/** Every query of monthly billing. Functions taking `tx` must run inside the caller's transaction. */

// ---- the gateway's plans ---------------------------------------------------------------------------------------

export async function findBillingPlan(db: Database, key: { plan: string; mode: string; monthlyPaise: number }) {
  const [row] = await db
    .select()
    .from(billingPlans)
    .where(and(eq(billingPlans.plan, key.plan), eq(billingPlans.mode, key.mode), eq(billingPlans.monthlyPaise, key.monthlyPaise)));
  return row;
}

export async function findBillingPlanById(db: Database, gatewayPlanId: string) {
  const [row] = await db.select().from(billingPlans).where(eq(billingPlans.gatewayPlanId, gatewayPlanId));
  return row;
}

/** Stores a gateway plan for its key; when another process stored one first, that one is kept and answered. */
export async function storeBillingPlan(db: Database, row: { plan: string; mode: string; monthlyPaise: number; gatewayPlanId: string }) {
  await db.insert(billingPlans).values(row).onConflictDoNothing();
  const stored = await findBillingPlan(db, row);
  if (!stored) throw new Error(`billing plan for ${row.plan} was neither stored nor found`);
  return stored;
}

// ---- subscriptions ---------------------------------------------------------------------------------------------

export type NewSubscriptionRow = typeof subscriptions.$inferInsert;

export async function insertSubscription(db: Database, row: NewSubscriptionRow): Promise<SubscriptionRow> {
  const [inserted] = await db.insert(subscriptions).values(row).returning();
  if (!inserted) throw new Error('subscription insert returned no row');
  return inserted;
}

/** A subscription started from the dashboard; undefined when the account has one running already (one at a time). */
export async function insertStartedSubscription(db: Database, row: NewSubscriptionRow): Promise<SubscriptionRow | undefined> {
  const [inserted] = await db.insert(subscriptions).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findSubscription(db: Database, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.gatewaySubscriptionId, id));
  return row;
}

/** The subscription, locked until the transaction ends: every change to one subscription queues here. */
export async function lockSubscription(tx: Database, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.gatewaySubscriptionId, id)).for('update');
  return row;
}

/** `lockSubscription`, or 'busy' when another transaction holds it (a background pass moves on). */
export async function lockSubscriptionIfFree(tx: Database, id: string): Promise<SubscriptionRow | 'busy' | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.gatewaySubscriptionId, id))
    .for('update', { skipLocked: true });
  if (row) return row;
  return (await findSubscription(tx, id)) ? 'busy' : undefined;
}

/** The gateway's view of the subscription as of `at`, stored over ours. */
export async function storeGatewayState(tx: Database, id: string, state: GatewaySubscription, at: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({
      status: state.status,
      gatewayPlanId: state.planId,
      currentStart: state.currentStart,
      currentEnd: state.currentEnd,
      chargeAt: state.chargeAt,
      paidCount: state.paidCount,
      remainingCount: state.remainingCount,
      endedAt: state.endedAt,
      gatewayAt: at,
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.gatewaySubscriptionId, id));
}

export async function updateSubscription(
  tx: Database,
  id: string,
  changes: Partial<
    Pick<
      SubscriptionRow,
      'plan' | 'monthlyPaise' | 'paidThrough' | 'cancelAt' | 'cancelAfterCharge' | 'customerUid' | 'customerEmail' | 'customerDetails'
    >
  >,
): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(subscriptions.gatewaySubscriptionId, id));
}

export async function subscriptionsOfAccount(db: Database, uid: string): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(eq(subscriptions.customerUid, uid)).orderBy(asc(subscriptions.createdAt));
}

/**
 * Subscriptions that are not final and are due a look at the gateway: a charge or our own cancel date has passed, or
 * it was not checked for `staleAfter`. Marked checked at `at` in the same statement, skipping rows another server
 * holds, so each is asked about by one server per pass (docs/decisions/126-one-job-one-server.md).
 */
export async function claimSubscriptionsToReconcile(
  db: Database,
  {
    at,
    checkedBefore,
    createdAfter,
    createdBefore,
    limit,
  }: { at: Date; checkedBefore: Date; createdAfter: Date; createdBefore: Date; limit: number },
): Promise<SubscriptionRow[]> {
  const due = db
    .select({ id: subscriptions.gatewaySubscriptionId })
    .from(subscriptions)
    .where(
      and(
        sql`${subscriptions.status} not in ('cancelled', 'completed', 'expired')`,
        // One not yet paid for is left to its buyer's browser at first, and given up on after a while: they walked away.
        or(
          sql`${subscriptions.status} <> 'created'`,
          and(gt(subscriptions.createdAt, createdAfter), lt(subscriptions.createdAt, createdBefore)),
        ),
        or(
          isNull(subscriptions.checkedAt),
          lt(subscriptions.checkedAt, checkedBefore),
          and(lte(subscriptions.chargeAt, at), lt(subscriptions.checkedAt, subscriptions.chargeAt)),
        ),
      ),
    )
    // The longest unchecked first: with more due than one pass takes, every subscription still gets its turn.
    .orderBy(sql`${subscriptions.checkedAt} asc nulls first`, asc(subscriptions.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(subscriptions).set({ checkedAt: at }).where(inArray(subscriptions.gatewaySubscriptionId, due)).returning();
}

/**
 * Checkouts left (docs/decisions/189): subscriptions create-order made that are still `created` and uncharged
 * `leftAfterMs` after they were made (by the row's wall-clock `created_at`), not asked about since their time ran out
 * nor for `recheckAfterMs`. Marked checked at `at` as they are claimed, skipping rows another server holds, as
 * claimSubscriptionsToReconcile does.
 */
export async function claimLeftCheckouts(
  db: Database,
  { at, leftAfterMs, recheckAfterMs, limit }: { at: Date; leftAfterMs: number; recheckAfterMs: number; limit: number },
): Promise<SubscriptionRow[]> {
  const leftAfter = sql`make_interval(secs => ${leftAfterMs / 1000})`;
  const left = db
    .select({ id: subscriptions.gatewaySubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'created'),
        eq(subscriptions.paidCount, 0),
        // A monthly start from the dashboard is the client's own (one per account), not a checkout.
        isNull(subscriptions.startsAt),
        lt(subscriptions.createdAt, new Date(Date.now() - leftAfterMs)),
        or(
          isNull(subscriptions.checkedAt),
          sql`${subscriptions.checkedAt} < ${subscriptions.createdAt} + ${leftAfter}`,
          lt(subscriptions.checkedAt, new Date(at.getTime() - recheckAfterMs)),
        ),
      ),
    )
    .orderBy(asc(subscriptions.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(subscriptions).set({ checkedAt: at }).where(inArray(subscriptions.gatewaySubscriptionId, left)).returning();
}

// ---- invoices --------------------------------------------------------------------------------------------------

/** Whether the invoice is stored as paid already: a report repeating a charge tells nobody again. */
export async function isInvoicePaid(tx: Database, gatewayInvoiceId: string): Promise<boolean> {
  const [row] = await tx
    .select({ status: subscriptionInvoices.status })
    .from(subscriptionInvoices)
    .where(eq(subscriptionInvoices.gatewayInvoiceId, gatewayInvoiceId));
  return row?.status === 'paid';
}

/** Stores an invoice as the gateway reports it; a paid invoice is never made unpaid by an older report. */
export async function recordInvoice(tx: Database, invoice: GatewayInvoice): Promise<void> {
  const row = {
    gatewayInvoiceId: invoice.id,
    gatewaySubscriptionId: invoice.subscriptionId,
    gatewayOrderId: invoice.orderId,
    gatewayPaymentId: invoice.paymentId,
    amountPaise: invoice.amountPaise,
    status: invoice.status,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    paidAt: invoice.paidAt,
  };
  const stored = sql.raw(`"subscription_invoices"."status"`);
  await tx
    .insert(subscriptionInvoices)
    .values(row)
    .onConflictDoUpdate({
      target: subscriptionInvoices.gatewayInvoiceId,
      set: {
        status: sql`case when ${stored} = 'paid' then ${stored} else excluded.status end`,
        gatewayPaymentId: sql`coalesce(excluded.gateway_payment_id, ${subscriptionInvoices.gatewayPaymentId})`,
        paidAt: sql`coalesce(${subscriptionInvoices.paidAt}, excluded.paid_at)`,
        periodStart: sql`coalesce(${subscriptionInvoices.periodStart}, excluded.period_start)`,
        periodEnd: sql`coalesce(${subscriptionInvoices.periodEnd}, excluded.period_end)`,
        updatedAt: sql`now()`,
      },
    });
}

export async function invoicesOf(db: Database, subscriptionId: string): Promise<SubscriptionInvoiceRow[]> {
  return db
    .select()
    .from(subscriptionInvoices)
    .where(eq(subscriptionInvoices.gatewaySubscriptionId, subscriptionId))
    .orderBy(asc(subscriptionInvoices.periodStart));
}

/** The end of the last period paid for: the latest paid invoice's; null before the first charge. */
export async function paidThroughOf(tx: Database, subscriptionId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ end: sql<Date | null>`max(${subscriptionInvoices.periodEnd})`.mapWith((value) => (value ? new Date(value) : null)) })
    .from(subscriptionInvoices)
    .where(and(eq(subscriptionInvoices.gatewaySubscriptionId, subscriptionId), eq(subscriptionInvoices.status, 'paid')));
  return row?.end ?? null;
}

// ---- the account's entitlement ---------------------------------------------------------------------------------

/** Plans paid for once, before monthly billing: fulfilled orders of no subscription whose payment was kept. */
export async function oneTimePurchases(tx: Database, uid: string): Promise<{ plan: string; paidAt: Date }[]> {
  const rows = await tx
    .select({ plan: orders.plan, paidAt: orders.paidAt })
    .from(orders)
    .innerJoin(payments, eq(payments.gatewayPaymentId, orders.paidPaymentId))
    .where(
      and(
        eq(orders.customerUid, uid),
        isNull(orders.subscriptionId),
        isNotNull(orders.fulfilledAt),
        lt(payments.amountRefundedPaise, payments.amountPaise),
      ),
    );
  return rows.flatMap((row) => (row.paidAt ? [{ plan: row.plan, paidAt: row.paidAt }] : []));
}

/** Writes what the account holds, as recomputed from its subscriptions; `purchased_at` moves only with the plan. */
export async function setEntitlement(tx: Database, uid: string, email: string, entitlement: Entitlement, at: Date): Promise<void> {
  const values = { purchasedPlan: entitlement.plan, planPaidThrough: entitlement.paidThrough, billingState: entitlement.state };
  await tx
    .insert(userProfiles)
    .values({ uid, email, ...values, purchasedAt: entitlement.plan ? at : null })
    .onConflictDoUpdate({
      target: userProfiles.uid,
      set: {
        ...values,
        purchasedAt: sql`case when ${userProfiles.purchasedPlan} is not distinct from excluded.purchased_plan then ${userProfiles.purchasedAt} else excluded.purchased_at end`,
        updatedAt: sql`now()`,
      },
    });
}

/** Accounts whose stored plan's paid period (and grace) has run out by `before`: the sweep recomputes them. */
export async function accountsPastPaidPeriod(db: Database, before: Date, limit: number): Promise<string[]> {
  // An account whose charge may still be on its way (the grace days) is not due yet: it would take a turn every pass.
  const graceEnd = new Date(before.getTime() - CHARGE_GRACE_DAYS * 24 * 60 * 60_000);
  const rows = await db
    .select({ uid: userProfiles.uid })
    .from(userProfiles)
    .where(
      and(
        isNotNull(userProfiles.purchasedPlan),
        lt(userProfiles.planPaidThrough, before),
        or(
          sql`${userProfiles.billingState} not in ('active', 'payment_failed')`,
          isNull(userProfiles.billingState),
          lt(userProfiles.planPaidThrough, graceEnd),
        ),
      ),
    )
    .orderBy(asc(userProfiles.planPaidThrough))
    .limit(limit);
  return rows.map((row) => row.uid);
}

/** The order the gateway made for a subscription's first invoice, written for decision 090's fulfilment if missing. */
export async function ensureFirstChargeOrder(
  tx: Database,
  order: { gatewayOrderId: string; subscription: SubscriptionRow; amountPaise: number; receipt: string },
): Promise<void> {
  const { subscription } = order;
  await tx
    .insert(orders)
    .values({
      gatewayOrderId: order.gatewayOrderId,
      receipt: order.receipt,
      plan: subscription.plan,
      amountPaise: order.amountPaise,
      currency: 'INR',
      mode: subscription.mode,
      customerEmail: subscription.customerEmail,
      customerDetails: subscription.customerDetails,
      checkoutSecretHash: subscription.checkoutSecretHash,
      subscriptionId: subscription.gatewaySubscriptionId,
    })
    .onConflictDoNothing();
}

// ---- the client's requests to their account manager ------------------------------------------------------------

export async function requestsOf(db: Database, subscriptionId: string): Promise<SubscriptionRequestRow[]> {
  return db
    .select()
    .from(subscriptionRequests)
    .where(eq(subscriptionRequests.gatewaySubscriptionId, subscriptionId))
    .orderBy(asc(subscriptionRequests.createdAt));
}

/** A new open request, or the one of that kind already waiting (its plan updated): asking twice makes one request. */
export async function openRequest(
  db: Database,
  request: { gatewaySubscriptionId: string; uid: string; kind: string; plan: string | null },
): Promise<SubscriptionRequestRow> {
  const [row] = await db
    .insert(subscriptionRequests)
    .values(request)
    .onConflictDoUpdate({
      target: [subscriptionRequests.gatewaySubscriptionId, subscriptionRequests.kind],
      targetWhere: sql`${subscriptionRequests.status} = 'open'`,
      set: { plan: request.plan },
    })
    .returning();
  if (!row) throw new Error('billing request upsert returned no row');
  return row;
}
