import { CHECKOUT_LEFT_AFTER_MS } from '../../src/domain/billing';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { GatewayError } from '../payments/gateway';
import type { GatewaySubscription, SubscriptionGateway } from './gateway';
import type { GatewaySync } from './gatewaySync';
import type { Reports } from './reports';
import { claimLeftCheckouts } from './repository';

/**
 * Checkouts left (docs/decisions/189-checkouts-left.md): create-order makes a subscription at the gateway before the
 * buyer pays, because Checkout opens on its id. One still unpaid an hour later was left, by a buyer or a bot, and is
 * cancelled at the gateway, so nothing stays open in the merchant's account. The gateway is asked first: what it paid
 * meanwhile is fulfilled as any reconciled subscription, and an eMandate that is registering is left to the bank.
 */

/** Checkouts closed per pass: two gateway calls each, in a pass that runs every minute by default. */
const BATCH = 100;

/** Unpaid and untouched by the buyer at the gateway: Razorpay makes the customer only when the buyer authorises. */
const isLeft = (state: GatewaySubscription) => state.status === 'created' && state.paidCount === 0 && state.customerId === null;

export function createLeftCheckouts({
  db,
  gateway,
  logger,
  applyReport,
  reconcileOne,
  leftAfterMs = CHECKOUT_LEFT_AFTER_MS,
}: {
  db: Database;
  gateway: SubscriptionGateway;
  logger: Logger;
  applyReport: Reports['applyReport'];
  reconcileOne: GatewaySync['reconcileOne'];
  leftAfterMs?: number;
}) {
  /**
   * Cancels at the gateway the subscriptions of checkouts left; answers how many it closed. One the gateway would not
   * close is asked about again `recheckAfterMs` later.
   */
  return async function closeLeftCheckouts(at: Date, recheckAfterMs: number): Promise<number> {
    const rows = await claimLeftCheckouts(db, { at, leftAfterMs, recheckAfterMs, limit: BATCH });
    let closed = 0;
    for (const row of rows) {
      const subscriptionId = row.gatewaySubscriptionId;
      try {
        if (!isLeft(await gateway.fetchSubscription(subscriptionId))) {
          await reconcileOne(row, at);
          continue;
        }
        // Cancelled now: there is no cycle to wait for, and a payment in flight is not captured (Razorpay's FAQ).
        const state = await gateway.cancelSubscription(subscriptionId, false);
        await applyReport(subscriptionId, state, await gateway.now(), undefined, { fresh: true });
        closed += 1;
        logger.info('checkout left: its subscription cancelled at the gateway', { subscriptionId, plan: row.plan });
        // Paid between the fetch and the cancel: the charge is still fulfilled when reported, but nothing renews it.
        if (state.paidCount > 0) logger.error('a checkout was paid as it was cancelled as left', { subscriptionId, plan: row.plan });
      } catch (err) {
        // A refusal is the gateway's last word (it expired the subscription itself): stored. Anything else is tried
        // again on a later pass.
        if (err instanceof GatewayError && err.failure === 'refused') await reconcileOne(row, at).catch(() => undefined);
        logger.warn('checkout left not cancelled at the gateway', {
          subscriptionId,
          error: err instanceof Error ? err.message : String(err),
        });
      }
    }
    return closed;
  };
}
