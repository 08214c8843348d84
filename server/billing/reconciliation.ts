import { findPlan } from '../../src/domain/plans';
import { findProfile } from '../auth/repository';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { recomputeEntitlement } from './entitlement';
import type { SubscriptionGateway } from './gateway';
import type { GatewaySync } from './gatewaySync';
import type { Reports } from './reports';
import { accountsPastPaidPeriod, claimSubscriptionsToReconcile } from './repository';
import { pauseScheduledSubscriptions } from './scheduledPause';

/**
 * Monthly billing's part of the reconciler's pass (after the payment service's own): checkouts left cancelled at the
 * gateway, the pauses an account manager scheduled made when due, subscriptions not heard of for a while asked about,
 * and accounts whose paid period ran out recomputed.
 */

export interface BillingReconcileSummary {
  /** Checkouts left whose subscription was cancelled at the gateway (docs/decisions/189). */
  checkoutsClosed: number;
  subscriptionsChecked: number;
  accountsRecomputed: number;
}

const HOUR_MS = 60 * 60_000;
/** Subscriptions a buyer never paid for are asked about for a week, then left. */
const UNPAID_LOOKBACK_MS = 7 * 24 * HOUR_MS;

export function createBillingReconciliation({
  db,
  gateway,
  logger,
  reconcileOne,
  syncClaim,
  pause,
  closeLeftCheckouts,
  recheckAfterMs = HOUR_MS,
  firstChargeGraceMs = 5 * 60_000,
}: {
  db: Database;
  gateway: SubscriptionGateway;
  logger: Logger;
  reconcileOne: GatewaySync['reconcileOne'];
  syncClaim: Reports['syncClaim'];
  /** Pauses a subscription at the gateway now (a scheduled pause that is due). */
  pause(subscriptionId: string): Promise<unknown>;
  /** Cancels at the gateway the subscriptions of checkouts left (leftCheckouts.ts); answers how many. */
  closeLeftCheckouts(at: Date, recheckAfterMs: number): Promise<number>;
  /** A subscription not asked about at the gateway for this long is asked again. Default an hour. */
  recheckAfterMs?: number;
  /** How long the buyer's browser has to verify a first charge before the reconciler looks. Default 5 minutes. */
  firstChargeGraceMs?: number;
}) {
  return async function reconcile(): Promise<BillingReconcileSummary> {
    const at = await gateway.now();
    const summary: BillingReconcileSummary = { checkoutsClosed: 0, subscriptionsChecked: 0, accountsRecomputed: 0 };
    // First, so the passes after it never spend their turn on a checkout nobody will pay.
    summary.checkoutsClosed = await closeLeftCheckouts(at, recheckAfterMs);
    const due = await claimSubscriptionsToReconcile(db, {
      at,
      checkedBefore: new Date(at.getTime() - recheckAfterMs),
      createdAfter: new Date(at.getTime() - UNPAID_LOOKBACK_MS),
      // Wall time, as the row's created_at: the browser verifies in real seconds whatever the sandbox's clock says.
      createdBefore: new Date(Date.now() - firstChargeGraceMs),
      limit: 50,
    });
    await pauseScheduledSubscriptions({ db, now: at, logger, pause });
    for (const row of due) {
      try {
        await reconcileOne(row, at);
        summary.subscriptionsChecked += 1;
      } catch (err) {
        logger.warn('billing reconciliation could not ask the gateway', { subscriptionId: row.gatewaySubscriptionId, error: String(err) });
      }
    }
    // Time alone ends a paid period: accounts whose plan has run out are recomputed, and their claim follows.
    for (const uid of await accountsPastPaidPeriod(db, at, 100)) {
      const changed = await db.transaction(async (tx) => {
        // The row as stored, not as read now: a lapsed plan still stored is the change the claim must follow.
        const before = findPlan((await findProfile(tx, uid))?.purchasedPlan)?.key ?? null;
        const after = await recomputeEntitlement(tx, uid, '', at);
        return before !== after.plan;
      });
      summary.accountsRecomputed += 1;
      if (changed) await syncClaim(uid);
    }
    return summary;
  };
}
