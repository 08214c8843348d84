import { cancellationOutcome, type CancellationOutcome } from '../../src/domain/billing';
import type { Database } from '../db/client';
import type { SubscriptionRow } from '../db/schema';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import { recordMailEvent } from '../mail/events';
import { gatewayAppError } from '../payments/gateway';
import { paidUntil, recomputeEntitlement } from './entitlement';
import type { SubscriptionGateway } from './gateway';
import type { GatewaySync } from './gatewaySync';
import type { Reports } from './reports';
import { findSubscription, lockSubscription, updateSubscription } from './repository';

/**
 * The client cancels (POST /api/billing/cancel, through account.ts): at the end of the paid period when that is at
 * least CANCEL_NOTICE_DAYS away, otherwise after the next charge (src/domain/billing.ts cancellationOutcome). Asking
 * again answers the same outcome.
 */

const notFound = () => new AppError(404, 'subscription_not_found', 'There is no such subscription on your account.');

/** A cancellation already recorded, as the client was told it. */
function recordedOutcome(row: SubscriptionRow): CancellationOutcome {
  return row.cancelAfterCharge
    ? { kind: 'after_next_charge', nextChargeAt: row.cancelAfterCharge, endsAt: row.cancelAt! }
    : { kind: 'at_period_end', endsAt: row.cancelAt! };
}

export function createCancel({
  db,
  gateway,
  logger,
  reports: { applyReport, keepCancelPromise, syncClaim },
  reconcileOne,
}: {
  db: Database;
  gateway: SubscriptionGateway;
  logger: Logger;
  reports: Reports;
  reconcileOne: GatewaySync['reconcileOne'];
}) {
  return async function cancel(uid: string, subscriptionId: string): Promise<CancellationOutcome> {
    // The account's own subscription, or 404: a client never reaches another's.
    const before = await findSubscription(db, subscriptionId);
    if (!before || before.customerUid !== uid) throw notFound();
    if (before.cancelAt) return recordedOutcome(before);
    // Decided on the gateway's word, not our last report of it: a renewal or a resume may not have reached us yet.
    try {
      await reconcileOne(before, await gateway.now());
    } catch (err) {
      throw gatewayAppError(err);
    }
    const at = await gateway.now();
    // Decided and recorded under the row's lock: a charge's report is applied wholly before or after it.
    const decided = await db.transaction(async (tx) => {
      const row = await lockSubscription(tx, subscriptionId);
      if (!row || row.customerUid !== uid) throw notFound();
      if (row.cancelAt) return { outcome: recordedOutcome(row), recorded: false, charged: true };
      const paidThrough = paidUntil(row);
      if (!['authenticated', 'active', 'pending'].includes(row.status) || !paidThrough) {
        throw new AppError(409, 'not_cancellable', 'This subscription is not running, so there is nothing to cancel.');
      }
      const outcome = cancellationOutcome(at, paidThrough);
      await updateSubscription(tx, subscriptionId, {
        cancelAt: outcome.endsAt,
        cancelAfterCharge: outcome.kind === 'after_next_charge' ? outcome.nextChargeAt : null,
      });
      await recomputeEntitlement(tx, uid, row.customerEmail ?? '', at);
      return { outcome, recorded: true, charged: row.status !== 'authenticated' };
    });
    if (decided.recorded && decided.outcome.kind === 'at_period_end') {
      try {
        // Nothing charged yet (a start from the dashboard): it ends at once, and the month paid once runs out alone.
        const state = await gateway.cancelSubscription(subscriptionId, decided.charged);
        await applyReport(subscriptionId, state, await gateway.now(), undefined, { fresh: true });
      } catch (err) {
        // Not cancelled at the gateway: nor here, so the client may try again and is never told a false end date.
        await db.transaction(async (tx) => {
          await updateSubscription(tx, subscriptionId, { cancelAt: null, cancelAfterCharge: null });
          await recomputeEntitlement(tx, uid, before.customerEmail ?? '', at);
        });
        throw gatewayAppError(err);
      }
    }
    // Told only once the gateway agreed: a cancel it refused is undone above, and nobody hears of it.
    if (decided.recorded)
      await db.transaction((tx) =>
        recordMailEvent(tx, {
          type: 'subscription.cancelled',
          subscriptionId,
          by: 'client',
          endsAt: decided.outcome.endsAt.toISOString(),
          nextChargeAt: decided.outcome.kind === 'after_next_charge' ? decided.outcome.nextChargeAt.toISOString() : null,
        }),
      );
    // The charge promised may have come in while this was decided: then no more is charged from now.
    await keepCancelPromise(subscriptionId);
    logger.info('subscription cancel requested', {
      subscriptionId,
      kind: decided.outcome.kind,
      endsAt: decided.outcome.endsAt.toISOString(),
    });
    await syncClaim(uid);
    return decided.outcome;
  };
}
