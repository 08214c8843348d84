import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../src/domain/payment';
import type { Database } from '../db/client';
import {
  orders,
  paymentRefunds,
  payments,
  paymentWebhookEvents,
  type OrderRow,
  type PaymentRow,
  type PaymentWebhookEventRow,
} from '../db/schema';
import type { GatewayPayment } from './gateway';

/** Every query of the payment component. Functions taking `tx` must run inside the caller's transaction. */

export type FulfilledBy = 'verification' | 'webhook' | 'reconciliation';

// ---- orders ----------------------------------------------------------------------------------------------------

export interface NewOrder {
  gatewayOrderId: string;
  receipt: string;
  plan: string;
  amountPaise: number;
  currency: string;
  mode: 'sandbox' | 'live';
  customerEmail: string | null;
  customerDetails: Record<string, unknown> | null;
  /** What the order keeps of its browser's checkout secret (signature.ts). */
  checkoutSecretHash?: string | null;
}

export async function insertOrder(db: Database, order: NewOrder): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(order).returning();
  if (!row) throw new Error('order insert returned no row');
  return row;
}

export async function findOrder(db: Database, gatewayOrderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.gatewayOrderId, gatewayOrderId)).limit(1);
  return row;
}

/** The order, locked until the transaction ends: concurrent fulfilments of one order queue here. */
export async function lockOrder(tx: Database, gatewayOrderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.gatewayOrderId, gatewayOrderId)).for('update').limit(1);
  return row;
}

/**
 * The order, locked, or 'busy' when another transaction (another server's fulfilment) holds it: a background sweep
 * moves on instead of waiting to find the work done (docs/decisions/126-one-job-one-server.md).
 */
export async function lockOrderIfFree(tx: Database, gatewayOrderId: string): Promise<OrderRow | 'busy' | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(eq(orders.gatewayOrderId, gatewayOrderId))
    .for('update', { skipLocked: true })
    .limit(1);
  if (row) return row;
  return (await findOrder(tx, gatewayOrderId)) ? 'busy' : undefined;
}

export async function setOrderStatus(
  tx: Database,
  gatewayOrderId: string,
  status: OrderStatus,
  paid?: { paymentId: string; at: Date },
): Promise<void> {
  await tx
    .update(orders)
    .set({ status, ...(paid && { paidPaymentId: paid.paymentId, paidAt: paid.at }), updatedAt: sql`now()` })
    .where(eq(orders.gatewayOrderId, gatewayOrderId));
}

export async function setOrderCustomer(
  tx: Database,
  gatewayOrderId: string,
  customer: { email: string; details: Record<string, unknown> | null },
): Promise<void> {
  await tx
    .update(orders)
    .set({
      customerEmail: customer.email,
      ...(customer.details && { customerDetails: customer.details }),
      updatedAt: sql`now()`,
    })
    .where(eq(orders.gatewayOrderId, gatewayOrderId));
}

export async function markOrderFulfilled(
  tx: Database,
  gatewayOrderId: string,
  fulfilment: { uid: string; accountCreated: boolean; by: FulfilledBy; at: Date },
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({
      customerUid: fulfilment.uid,
      accountCreated: fulfilment.accountCreated,
      fulfilledAt: fulfilment.at,
      fulfilledBy: fulfilment.by,
      fulfilmentError: null,
      fulfillingUntil: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.gatewayOrderId, gatewayOrderId), eq(orders.status, 'paid'), isNull(orders.fulfilledAt)))
    .returning();
  if (!row) throw new Error(`order ${gatewayOrderId} was not paid-and-unfulfilled when its fulfilment finished`);
  return row;
}

/**
 * Takes the order for `seconds` while its fulfiller finds or creates the account (fulfilment.ts), unless another
 * holds it. On the database's clock, so servers whose clocks differ agree. Answers the lease (its end, which names
 * this holder: only it may release it), or null when the order is held.
 */
export async function leaseOrder(tx: Database, gatewayOrderId: string, seconds: number): Promise<Date | null> {
  const [row] = await tx
    .update(orders)
    // In whole milliseconds, as a JavaScript Date holds it: the holder names its lease by this value to release it.
    .set({ fulfillingUntil: sql`date_trunc('milliseconds', now() + make_interval(secs => ${seconds}))` })
    .where(and(eq(orders.gatewayOrderId, gatewayOrderId), or(isNull(orders.fulfillingUntil), lte(orders.fulfillingUntil, sql`now()`))))
    .returning({ until: orders.fulfillingUntil });
  return row?.until ?? null;
}

/**
 * An account this order's fulfilment just created, written to the order at once (outside the fulfilment's
 * transaction, as the account was): a completion racing it (the webhook's, a verification's) or a crash before the
 * grant must not lose that this order made it, which is what lets the buyer be signed in without a password.
 */
export async function attachCreatedAccount(db: Database, gatewayOrderId: string, account: { uid: string; email: string }): Promise<void> {
  await db
    .update(orders)
    .set({ customerUid: account.uid, accountCreated: true, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.gatewayOrderId, gatewayOrderId),
        eq(orders.customerEmail, account.email),
        or(isNull(orders.customerUid), eq(orders.customerUid, account.uid)),
      ),
    );
}

/**
 * A fulfilment that stopped half-way: the order stays paid, the reason is kept, the reconciler tries again. Written
 * only while the order is unfulfilled (a holder overtaken meanwhile must not mark a fulfilled order), its lease
 * released only if it is still this holder's, and the account found kept only for the email it was found for.
 */
export async function recordFulfilmentError(
  db: Database,
  gatewayOrderId: string,
  error: string,
  { account, lease }: { account?: { uid: string; created: boolean; email: string }; lease?: Date | null } = {},
): Promise<void> {
  const unfulfilled = and(eq(orders.gatewayOrderId, gatewayOrderId), isNull(orders.fulfilledAt));
  await db
    .update(orders)
    .set({ fulfilmentError: error.slice(0, 500), updatedAt: sql`now()` })
    .where(unfulfilled);
  if (lease) {
    await db
      .update(orders)
      .set({ fulfillingUntil: null })
      .where(and(unfulfilled, eq(orders.fulfillingUntil, lease)));
  }
  if (account) {
    await db
      .update(orders)
      .set({ customerUid: account.uid, ...(account.created && { accountCreated: true }) })
      .where(
        and(unfulfilled, eq(orders.customerEmail, account.email), or(isNull(orders.customerUid), eq(orders.customerUid, account.uid))),
      );
  }
}

/** Paid orders whose account or grant is still owed, paid before `paidBefore`. */
export async function findUnfulfilledPaidOrders(db: Database, paidBefore: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'paid'), isNull(orders.fulfilledAt), lte(orders.paidAt, paidBefore)))
    .orderBy(asc(orders.paidAt))
    .limit(limit);
}

/**
 * Claims unpaid orders old enough that their browser should have come back, not asked about since `checkedBefore`:
 * marks them checked at `at` in the same statement. Rows another server is claiming (or fulfilling) are skipped, and
 * once claimed an order no longer matches, so each is asked about at the gateway by one server per period
 * (docs/decisions/126-one-job-one-server.md).
 */
export async function claimOrdersToReconcile(
  db: Database,
  {
    at,
    createdBefore,
    createdAfter,
    checkedBefore,
    limit,
  }: { at: Date; createdBefore: Date; createdAfter: Date; checkedBefore: Date; limit: number },
): Promise<OrderRow[]> {
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        sql`${orders.status} <> 'paid'`,
        lte(orders.createdAt, createdBefore),
        gt(orders.createdAt, createdAfter),
        or(isNull(orders.checkedAt), lt(orders.checkedAt, checkedBefore)),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db.update(orders).set({ checkedAt: at }).where(inArray(orders.id, due)).returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The gateway could not be asked: the order is due again at the next pass, as if never checked. */
export async function releaseOrderCheck(db: Database, gatewayOrderId: string): Promise<void> {
  await db.update(orders).set({ checkedAt: null }).where(eq(orders.gatewayOrderId, gatewayOrderId));
}

// ---- payments --------------------------------------------------------------------------------------------------

/**
 * Records what the gateway said about a payment. A captured (or refunded) payment never goes back to failed, and a
 * refund flag, once set, stays.
 */
export async function recordPayment(tx: Database, payment: GatewayPayment, { refundNeeded = false } = {}): Promise<void> {
  await tx
    .insert(payments)
    .values({
      gatewayPaymentId: payment.id,
      gatewayOrderId: payment.orderId,
      status: payment.status,
      amountPaise: payment.amountPaise,
      currency: payment.currency,
      method: payment.method,
      errorCode: payment.errorCode,
      errorDescription: payment.errorDescription,
      refundNeeded,
    })
    .onConflictDoUpdate({
      target: payments.gatewayPaymentId,
      set: {
        status: sql`case when ${payments.status} in ('captured', 'refunded') then ${payments.status} else excluded.status end`,
        method: sql`coalesce(excluded.method, ${payments.method})`,
        errorCode: sql`coalesce(excluded.error_code, ${payments.errorCode})`,
        errorDescription: sql`coalesce(excluded.error_description, ${payments.errorDescription})`,
        refundNeeded: sql`${payments.refundNeeded} or excluded.refund_needed`,
        updatedAt: sql`now()`,
      },
    });
}

/** A captured payment that must go back (or be settled by the account manager): shown in the staff inbox. */
export async function flagPaymentForRefund(tx: Database, gatewayPaymentId: string): Promise<void> {
  await tx
    .update(payments)
    .set({ refundNeeded: true, updatedAt: sql`now()` })
    .where(eq(payments.gatewayPaymentId, gatewayPaymentId));
}

/**
 * A refund the gateway processed, by its own id: stored once (a repeat changes nothing), and the payment's
 * `amount_refunded_paise` becomes the sum of its processed refunds, so a refund still pending never counts.
 * Refunded in full, the payment's status becomes `refunded`. Undefined when the payment is not recorded.
 */
export async function recordProcessedRefund(
  tx: Database,
  refund: { gatewayRefundId: string; gatewayPaymentId: string; amountPaise: number },
): Promise<PaymentRow | undefined> {
  await tx
    .insert(paymentRefunds)
    .values({ ...refund, status: 'processed' })
    .onConflictDoUpdate({ target: paymentRefunds.gatewayRefundId, set: { status: 'processed', updatedAt: sql`now()` } });
  const total = sql`(select coalesce(sum(${paymentRefunds.amountPaise}), 0)::int from ${paymentRefunds} where ${paymentRefunds.gatewayPaymentId} = ${refund.gatewayPaymentId} and ${paymentRefunds.status} = 'processed')`;
  const [row] = await tx
    .update(payments)
    .set({
      amountRefundedPaise: sql`${total}`,
      status: sql`case when ${total} >= ${payments.amountPaise} then 'refunded' else ${payments.status} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.gatewayPaymentId, refund.gatewayPaymentId))
    .returning();
  return row;
}

/** Refunded in full: the money went back, so the payment pays for nothing. */
export const isFullyRefunded = (payment: Pick<PaymentRow, 'amountRefundedPaise' | 'amountPaise'>) =>
  payment.amountRefundedPaise >= payment.amountPaise;

/**
 * The purchases an account still holds: its fulfilled orders whose paying payment was not refunded in full, each with
 * its plan, when it was paid and that payment. A payment flagged for a lower plan (decision 170) still counts: it was
 * kept until it is refunded, and may be all the account has left.
 */
export async function keptPurchases(tx: Database, uid: string): Promise<{ plan: string; paidAt: Date; paymentId: string }[]> {
  const rows = await tx
    .select({ plan: orders.plan, paidAt: orders.paidAt, paymentId: payments.gatewayPaymentId })
    .from(orders)
    .innerJoin(payments, eq(payments.gatewayPaymentId, orders.paidPaymentId))
    .where(
      and(
        eq(orders.customerUid, uid),
        eq(orders.status, 'paid'),
        sql`${orders.fulfilledAt} is not null`,
        lt(payments.amountRefundedPaise, payments.amountPaise),
      ),
    );
  return rows.flatMap((row) => (row.paidAt ? [{ plan: row.plan, paidAt: row.paidAt, paymentId: row.paymentId }] : []));
}

/** The payment now behind the account's plan no longer has to go back: its "refund needed" is cleared. */
export async function clearRefundFlag(tx: Database, gatewayPaymentId: string): Promise<void> {
  await tx
    .update(payments)
    .set({ refundNeeded: false, updatedAt: sql`now()` })
    .where(eq(payments.gatewayPaymentId, gatewayPaymentId));
}

export async function findPaymentsOfOrder(db: Database, gatewayOrderId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.gatewayOrderId, gatewayOrderId)).orderBy(asc(payments.createdAt));
}

export async function findPayment(db: Database, gatewayPaymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.gatewayPaymentId, gatewayPaymentId)).limit(1);
  return row;
}

/** A stored payment in the gateway's shape; the address is not stored with it (the order holds the buyer's). */
export function gatewayPaymentOf(row: PaymentRow): GatewayPayment {
  return {
    id: row.gatewayPaymentId,
    orderId: row.gatewayOrderId,
    status: row.status,
    amountPaise: row.amountPaise,
    currency: row.currency,
    method: row.method,
    email: null,
    errorCode: row.errorCode,
    errorDescription: row.errorDescription,
  };
}

// ---- webhook events --------------------------------------------------------------------------------------------

/** Stores a delivery; false when this event id was already received (a redelivery), which is then dropped. */
export async function insertWebhookEvent(db: Database, event: { eventId: string; type: string; payload: unknown }): Promise<boolean> {
  const inserted = await db
    .insert(paymentWebhookEvents)
    .values({ eventId: event.eventId, type: event.type, payload: event.payload })
    .onConflictDoNothing({ target: paymentWebhookEvents.eventId })
    .returning({ eventId: paymentWebhookEvents.eventId });
  return inserted.length === 1;
}

export async function findWebhookEvent(db: Database, eventId: string): Promise<PaymentWebhookEventRow | undefined> {
  const [row] = await db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId)).limit(1);
  return row;
}

/**
 * Takes an unprocessed event for one attempt, in one statement: counts the attempt and leases the event until
 * `leaseUntil`. Undefined when it is processed already or another server holds an unexpired lease; a server that dies
 * mid-attempt only delays the event until its lease ends (docs/decisions/126-one-job-one-server.md).
 */
export async function claimWebhookEvent(
  db: Database,
  eventId: string,
  { now, leaseUntil }: { now: Date; leaseUntil: Date },
): Promise<PaymentWebhookEventRow | undefined> {
  const [row] = await db
    .update(paymentWebhookEvents)
    .set({ claimedUntil: leaseUntil, attempts: sql`${paymentWebhookEvents.attempts} + 1` })
    .where(
      and(
        eq(paymentWebhookEvents.eventId, eventId),
        isNull(paymentWebhookEvents.processedAt),
        or(isNull(paymentWebhookEvents.claimedUntil), lte(paymentWebhookEvents.claimedUntil, now)),
      ),
    )
    .returning();
  return row;
}

export async function markWebhookEventProcessed(db: Database, eventId: string, at: Date): Promise<void> {
  await db
    .update(paymentWebhookEvents)
    .set({ processedAt: at, lastError: null, claimedUntil: null })
    .where(eq(paymentWebhookEvents.eventId, eventId));
}

export async function markWebhookEventFailed(db: Database, eventId: string, error: string): Promise<void> {
  await db
    .update(paymentWebhookEvents)
    .set({ lastError: error.slice(0, 500), claimedUntil: null })
    .where(eq(paymentWebhookEvents.eventId, eventId));
}

/** Hands an event back untried: the attempt its claim counted is taken back, and any server may take it again. */
export async function releaseWebhookEvent(db: Database, eventId: string, lease: Date): Promise<void> {
  await db
    .update(paymentWebhookEvents)
    .set({ attempts: sql`greatest(${paymentWebhookEvents.attempts} - 1, 0)`, claimedUntil: null })
    // Only while this server's claim still holds: once it ran out, the event may be another server's attempt.
    .where(and(eq(paymentWebhookEvents.eventId, eventId), eq(paymentWebhookEvents.claimedUntil, lease)));
}

export async function findPendingWebhookEvents(
  db: Database,
  { receivedBefore, now, maxAttempts, limit }: { receivedBefore: Date; now: Date; maxAttempts: number; limit: number },
): Promise<PaymentWebhookEventRow[]> {
  return db
    .select()
    .from(paymentWebhookEvents)
    .where(
      and(
        isNull(paymentWebhookEvents.processedAt),
        lte(paymentWebhookEvents.receivedAt, receivedBefore),
        lt(paymentWebhookEvents.attempts, maxAttempts),
        or(isNull(paymentWebhookEvents.claimedUntil), lte(paymentWebhookEvents.claimedUntil, now)),
      ),
    )
    .orderBy(asc(paymentWebhookEvents.receivedAt))
    .limit(limit);
}
