import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orders, paymentDisputes } from '../db/schema';
import { disputeStatuses } from '../../src/domain/dispute';
import type { GatewayDispute, GatewayPayment } from './gateway';

/**
 * Disputes (chargebacks) as the gateway's `payment.dispute.*` events report them (docs/decisions/173-disputes-in-the-inbox.md).
 * Nothing changes hands here: the row tells staff that a buyer's bank questions a payment and by when to answer it
 * in Razorpay's Dashboard. Each event carries the whole dispute, so the newest event is the dispute's state; an older
 * one delivered late (webhooks come in any order) changes nothing.
 */

/** How far along a dispute is, for two events of the same second: a later status wins. */
const ranks = disputeStatuses.map((name, rank) => `when '${name}' then ${Math.min(rank, 2)}`).join(' ');
const rankOf = (status: SQL) => sql`(case ${status} ${sql.raw(ranks)} else 0 end)`;

/** Stores the dispute as of `eventAt`, unless a newer event already did. 'unknown_order' for an order not ours. */
export async function recordDispute(
  db: Database,
  payment: GatewayPayment,
  dispute: GatewayDispute,
  eventAt: Date,
): Promise<'recorded' | 'unknown_order'> {
  const known = await db
    .select({ one: sql`1` })
    .from(orders)
    .where(eq(orders.gatewayOrderId, payment.orderId))
    .limit(1);
  if (known.length === 0) return 'unknown_order';
  const state = {
    amountPaise: dispute.amountPaise,
    currency: dispute.currency,
    status: dispute.status,
    phase: dispute.phase,
    reasonCode: dispute.reasonCode,
    reason: dispute.reason,
    respondBy: dispute.respondBy,
    eventAt,
  };
  const stored = sql.raw(`"payment_disputes"`);
  const incoming = sql.raw('excluded');
  await db
    .insert(paymentDisputes)
    .values({ gatewayDisputeId: dispute.id, gatewayPaymentId: payment.id, gatewayOrderId: payment.orderId, ...state })
    .onConflictDoUpdate({
      target: paymentDisputes.gatewayDisputeId,
      set: { ...state, updatedAt: sql`now()` },
      setWhere: sql`${incoming}.event_at > ${stored}.event_at or (${incoming}.event_at = ${stored}.event_at and ${rankOf(sql`${incoming}.status`)} > ${rankOf(sql`${stored}.status`)})`,
    });
  return 'recorded';
}
