import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { Capture } from './capture';
import { recordDispute } from './disputes';
import type { Fulfilment } from './fulfilment';
import { disputeFromEntity, paymentFromEntity, refundFromEntity, type GatewayPayment } from './gateway';
import { findOrder, lockOrder, lockOrderIfFree } from './repository';

/**
 * What a stored webhook event changes: a paid order fulfilled (capturing an authorized payment first), a failed
 * payment or a refund recorded, a dispute stored. `subscription.*` events are monthly billing's (server/billing).
 */

/** `busy`: another holds the order and will finish it; `{ reason }`: paid, but its fulfilment is still owed. */
export type EventOutcome = 'done' | 'busy' | { reason: string };

/** `waitForHolder`: false for the reconciler's retries, which leave an order being fulfilled to its holder. */
export type ApplyEvent = (type: string, payload: unknown, waitForHolder: boolean) => Promise<EventOutcome>;

/** What monthly billing (server/billing/gatewaySync.ts) does with a `subscription.*` event. */
export interface SubscriptionEvents {
  applyEvent: ApplyEvent;
}

/** The events that change an order; others are stored and left alone. Disputes (payment.dispute.*) are handled too. */
const handledEvents = new Set(['payment.authorized', 'payment.captured', 'order.paid', 'payment.failed', 'refund.processed']);

export function createEventApplier({
  db,
  logger,
  now,
  fulfilment,
  captureIfDue,
  billing,
}: {
  db: Database;
  logger: Logger;
  now: () => Date;
  fulfilment: Fulfilment;
  captureIfDue: Capture['captureIfDue'];
  billing?: SubscriptionEvents;
}): ApplyEvent {
  return async function applyEvent(type, payload, waitForHolder) {
    const entities = (payload as { payload?: Record<string, { entity?: unknown } | undefined> }).payload;
    const payment = paymentFromEntity(entities?.payment?.entity);
    if (type.startsWith('subscription.')) return billing ? billing.applyEvent(type, payload, waitForHolder) : 'done';
    const isDispute = type.startsWith('payment.dispute.');
    if (!handledEvents.has(type) && !isDispute) return 'done';
    if (!payment) {
      logger.warn('webhook event without a payment entity', { type });
      return 'done';
    }
    // A subscription's renewal has no order of ours: its `subscription.*` event records it (server/billing).
    if (payment.invoiceId && !(await findOrder(db, payment.orderId))) return 'done';
    if (isDispute) return applyDispute(type, payload, payment, entities?.dispute?.entity);
    if (type === 'refund.processed') {
      const refund = refundFromEntity(entities?.refund?.entity, payment);
      if (!refund) {
        logger.warn('refund event without a usable refund entity', { paymentId: payment.id });
        return 'done';
      }
      const outcome = await fulfilment.recordRefund(payment, refund, waitForHolder ? lockOrder : lockOrderIfFree);
      if (outcome === 'unknown_order') logger.warn('refund for an order this server did not create', { orderId: payment.orderId });
      return outcome === 'busy' ? 'busy' : 'done';
    }
    if (type === 'payment.failed') {
      const order = await fulfilment.recordFailedPayment(payment, 'webhook', waitForHolder ? lockOrder : lockOrderIfFree);
      if (!order) logger.warn('payment.failed for an order this server did not create', { orderId: payment.orderId });
      return order === 'busy' ? 'busy' : 'done';
    }
    let paid: GatewayPayment = { ...payment, status: 'captured' };
    if (type === 'payment.authorized') {
      const order = await findOrder(db, payment.orderId);
      if (!order) {
        logger.warn('payment.authorized for an order this server did not create', { orderId: payment.orderId });
        return 'done';
      }
      // A gateway that cannot capture now leaves the event failed, and the reconciler retries it.
      paid = await captureIfDue(order, payment);
      if (paid.status !== 'captured') return 'done';
    }
    const request = {
      gatewayOrderId: payment.orderId,
      payment: { ...paid, email: payment.email },
      by: 'webhook',
      buyerEmail: payment.email,
    } as const;
    const result = waitForHolder ? await fulfilment.fulfilOrder(request) : await fulfilment.fulfilOrderIfFree(request);
    if (result.outcome === 'unknown_order') logger.warn('paid event for an order this server did not create', { orderId: payment.orderId });
    if (result.outcome === 'busy') return 'busy';
    return result.outcome === 'pending' ? { reason: result.reason } : 'done';
  };

  /** A `payment.dispute.*` event: the dispute stored as of the event's own time (decision 173). */
  async function applyDispute(type: string, payload: unknown, payment: GatewayPayment, entity: unknown): Promise<'done'> {
    const dispute = disputeFromEntity(entity, payment);
    if (!dispute) {
      logger.warn('dispute event without a usable dispute entity', { type, paymentId: payment.id });
      return 'done';
    }
    const createdAt = (payload as { created_at?: unknown }).created_at;
    const sent = typeof createdAt === 'number' ? new Date(createdAt * 1000) : null;
    const eventAt = sent && Number.isFinite(sent.getTime()) ? sent : now();
    const outcome = await recordDispute(db, payment, dispute, eventAt);
    if (outcome === 'unknown_order') logger.warn('dispute for an order this server did not create', { orderId: payment.orderId });
    else
      logger.warn('payment disputed', {
        orderId: payment.orderId,
        disputeId: dispute.id,
        status: dispute.status,
        respondBy: dispute.respondBy?.toISOString() ?? null,
      });
    return 'done';
  }
}
