import { and, asc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../src/domain/payment';
import type { Database } from '../db/client';
import { orders, payments, paymentWebhookEvents, type OrderRow, type PaymentRow, type PaymentWebhookEventRow } from '../db/schema';
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
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.gatewayOrderId, gatewayOrderId), eq(orders.status, 'paid'), isNull(orders.fulfilledAt)))
    .returning();
  if (!row) throw new Error(`order ${gatewayOrderId} was not paid-and-unfulfilled when its fulfilment finished`);
  return row;
}

/** A fulfilment that stopped half-way: the order stays paid, the reason is kept, the reconciler tries again. */
export async function recordFulfilmentError(
  db: Database,
  gatewayOrderId: string,
  error: string,
  account?: { uid: string; created: boolean },
): Promise<void> {
  await db
    .update(orders)
    .set({
      fulfilmentError: error.slice(0, 500),
      ...(account && { customerUid: account.uid }),
      ...(account?.created && { accountCreated: true }),
      updatedAt: sql`now()`,
    })
    .where(eq(orders.gatewayOrderId, gatewayOrderId));
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

/** Unpaid orders old enough that their browser should have come back, not asked about since `checkedBefore`. */
export async function findOrdersToReconcile(
  db: Database,
  { createdBefore, createdAfter, checkedBefore, limit }: { createdBefore: Date; createdAfter: Date; checkedBefore: Date; limit: number },
): Promise<OrderRow[]> {
  return db
    .select()
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
    .limit(limit);
}

export async function markOrderChecked(db: Database, gatewayOrderId: string, at: Date): Promise<void> {
  await db.update(orders).set({ checkedAt: at }).where(eq(orders.gatewayOrderId, gatewayOrderId));
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

export async function findPaymentsOfOrder(db: Database, gatewayOrderId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.gatewayOrderId, gatewayOrderId)).orderBy(asc(payments.createdAt));
}

export async function findPayment(db: Database, gatewayPaymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.gatewayPaymentId, gatewayPaymentId)).limit(1);
  return row;
}

// ---- webhook events --------------------------------------------------------------------------------------------

/** Stores a delivery; false when this event id was already received (a redelivery), which is then dropped. */
export async function insertWebhookEvent(
  db: Database,
  event: { eventId: string; type: string; payload: unknown },
): Promise<boolean> {
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

export async function markWebhookEventProcessed(db: Database, eventId: string, at: Date): Promise<void> {
  await db
    .update(paymentWebhookEvents)
    .set({ processedAt: at, lastError: null, attempts: sql`${paymentWebhookEvents.attempts} + 1` })
    .where(eq(paymentWebhookEvents.eventId, eventId));
}

export async function markWebhookEventFailed(db: Database, eventId: string, error: string): Promise<void> {
  await db
    .update(paymentWebhookEvents)
    .set({ lastError: error.slice(0, 500), attempts: sql`${paymentWebhookEvents.attempts} + 1` })
    .where(eq(paymentWebhookEvents.eventId, eventId));
}

export async function findPendingWebhookEvents(
  db: Database,
  { receivedBefore, maxAttempts, limit }: { receivedBefore: Date; maxAttempts: number; limit: number },
): Promise<PaymentWebhookEventRow[]> {
  return db
    .select()
    .from(paymentWebhookEvents)
    .where(
      and(
        isNull(paymentWebhookEvents.processedAt),
        lte(paymentWebhookEvents.receivedAt, receivedBefore),
        lt(paymentWebhookEvents.attempts, maxAttempts),
      ),
    )
    .orderBy(asc(paymentWebhookEvents.receivedAt))
    .limit(limit);
}
