import type { Database } from '../db/client';
import type { OrderRow } from '../db/schema';
import type { Logger } from '../logger';
import type { Capture } from './capture';
import type { Fulfilment } from './fulfilment';
import type { PaymentGateway } from './gateway';
import {
  claimOrdersToReconcile,
  findPendingWebhookEvents,
  findUnfulfilledPaidOrders,
  lockOrderIfFree,
  releaseOrderCheck,
} from './repository';

/**
 * One reconciliation pass (reconciler.ts runs it on a timer), for everything a browser or a webhook left unfinished:
 * stored webhook events retried, paid orders whose account is still owed completed, and unpaid orders whose browser
 * never came back asked about at the gateway. Then monthly billing's own pass.
 */

export interface ReconcileSummary {
  eventsRetried: number;
  ordersCompleted: number;
  ordersChecked: number;
  ordersFulfilled: number;
}

export interface ReconciliationDeps {
  db: Database;
  gateway: PaymentGateway;
  logger: Logger;
  now: () => Date;
  fulfilment: Fulfilment;
  captureIfDue: Capture['captureIfDue'];
  processWebhookEvent(eventId: string, waitForHolder: boolean): Promise<void>;
  billing?: { reconcile(): Promise<unknown> };
  /** Unpaid orders older than this are asked about at the gateway. */
  reconcileAfterMs: number;
  /** A stored webhook event not processed after this long is retried. */
  webhookRetryAfterMs: number;
}

const orderLookbackMs = 7 * 24 * 60 * 60_000;
const maxWebhookAttempts = 20;

export function createReconciliation(deps: ReconciliationDeps) {
  const { db, gateway, logger, now, fulfilment, captureIfDue, reconcileAfterMs, webhookRetryAfterMs } = deps;

  /** Stored events not processed in time, retried without waiting for an order another request holds. */
  async function retryEvents(started: Date): Promise<number> {
    const events = await findPendingWebhookEvents(db, {
      receivedBefore: new Date(started.getTime() - webhookRetryAfterMs),
      now: started,
      maxAttempts: maxWebhookAttempts,
      limit: 100,
    });
    for (const event of events) await deps.processWebhookEvent(event.eventId, false);
    return events.length;
  }

  /** Paid orders whose account or plan is still owed. */
  async function completePaidOrders(started: Date): Promise<number> {
    let completed = 0;
    for (const order of await findUnfulfilledPaidOrders(db, new Date(started.getTime() - webhookRetryAfterMs), 50)) {
      const result = await fulfilment.completeIfFree(order.gatewayOrderId, 'reconciliation');
      if (result.outcome === 'fulfilled') completed += 1;
    }
    return completed;
  }

  /**
   * The gateway's payments of one unpaid order: captured where due, then fulfilled or recorded as failed. Null when
   * the gateway could not be asked; the order is asked about again next sweep.
   */
  async function checkOrder(order: OrderRow): Promise<{ fulfilled: number } | null> {
    let gatewayPayments;
    try {
      gatewayPayments = await gateway.fetchOrderPayments(order.gatewayOrderId);
    } catch (err) {
      logger.warn('reconciliation could not ask the gateway', {
        orderId: order.gatewayOrderId,
        error: err instanceof Error ? err.message : String(err),
      });
      await releaseOrderCheck(db, order.gatewayOrderId);
      return null;
    }
    let fulfilled = 0;
    // An order another request holds right now (its webhook, its buyer's verification) is left to it, and asked
    // about again next sweep, instead of holding up the sweep while it finishes.
    let busy = false;
    for (const reported of gatewayPayments) {
      if (reported.orderId !== order.gatewayOrderId) continue;
      // An authorized payment whose capture the gateway cannot take now is asked about again next sweep.
      const payment = await captureIfDue(order, reported).catch((err: unknown) => {
        logger.warn('reconciliation could not capture a payment', {
          orderId: order.gatewayOrderId,
          error: err instanceof Error ? err.message : String(err),
        });
        busy = true;
        return reported;
      });
      if (payment.status === 'failed') {
        busy ||= (await fulfilment.recordFailedPayment(payment, 'reconciliation', lockOrderIfFree)) === 'busy';
      } else if (payment.status === 'captured') {
        const result = await fulfilment.fulfilOrderIfFree({
          gatewayOrderId: order.gatewayOrderId,
          payment,
          by: 'reconciliation',
          buyerEmail: payment.email,
        });
        if (result.outcome === 'fulfilled') fulfilled += 1;
        busy ||= result.outcome === 'busy';
      }
    }
    if (busy) await releaseOrderCheck(db, order.gatewayOrderId);
    return { fulfilled };
  }

  return async function reconcile(): Promise<ReconcileSummary> {
    const started = now();
    const summary: ReconcileSummary = { eventsRetried: 0, ordersCompleted: 0, ordersChecked: 0, ordersFulfilled: 0 };
    summary.eventsRetried = await retryEvents(started);
    summary.ordersCompleted = await completePaidOrders(started);

    // Claimed (marked checked) before the gateway is asked, so two servers never ask about the same order.
    const stale = await claimOrdersToReconcile(db, {
      at: started,
      createdBefore: new Date(started.getTime() - reconcileAfterMs),
      createdAfter: new Date(started.getTime() - orderLookbackMs),
      checkedBefore: new Date(started.getTime() - reconcileAfterMs),
      limit: 50,
    });
    for (const order of stale) {
      const checked = await checkOrder(order);
      if (!checked) continue;
      summary.ordersChecked += 1;
      summary.ordersFulfilled += checked.fulfilled;
    }
    if (deps.billing) await deps.billing.reconcile();
    if (summary.eventsRetried + summary.ordersCompleted + summary.ordersFulfilled > 0) logger.info('reconciliation', { ...summary });
    return summary;
  };
}
