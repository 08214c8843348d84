import { billingPriceOf } from '../../src/domain/billing';
import { paymentMessages } from '../../src/domain/payment';
import type { Database } from '../db/client';
import type { SubscriptionRow } from '../db/schema';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import { GatewayError, gatewayAppError } from '../payments/gateway';
import type { GatewaySubscription, SubscriptionGateway } from './gateway';
import type { GatewaySync } from './gatewaySync';
import type { Reports } from './reports';
import { findSubscription } from './repository';
import { gatewayPlanFor } from './setupPlans';

/**
 * What an account manager (staff.ts) or the reconciler's scheduled pause does to a subscription at the gateway: pause,
 * resume, change plan, cancel now; and a refresh of the gateway's word (monthlyStart.ts's confirmation). Each answer
 * is stored as the newest report.
 */

export function createGatewayActions({
  db,
  gateway,
  logger,
  applyReport,
  reconcileOne,
}: {
  db: Database;
  gateway: SubscriptionGateway;
  logger: Logger;
  applyReport: Reports['applyReport'];
  reconcileOne: GatewaySync['reconcileOne'];
}) {
  /** An account manager's action at the gateway, its answer stored as the newest report. */
  async function act(subscriptionId: string, action: (id: string) => Promise<GatewaySubscription>): Promise<SubscriptionRow> {
    const row = await findSubscription(db, subscriptionId);
    if (!row) throw new AppError(404, 'subscription_not_found', 'There is no such subscription.');
    let state: GatewaySubscription;
    try {
      state = await action(subscriptionId);
    } catch (err) {
      if (err instanceof GatewayError && err.failure === 'refused') {
        throw new AppError(409, 'gateway_refused', `The payment provider refused: ${err.message}`);
      }
      throw gatewayAppError(err);
    }
    await applyReport(subscriptionId, state, await gateway.now(), undefined, { fresh: true });
    // A resume after the paid period charges at once: its invoice is recorded now, not when its event arrives.
    if (state.paidCount > row.paidCount) await reconcileOne((await findSubscription(db, subscriptionId))!, await gateway.now());
    return (await findSubscription(db, subscriptionId))!;
  }

  /** The gateway's word on one subscription, stored as the newest report; answers the row as it now stands. */
  async function refresh(subscriptionId: string): Promise<SubscriptionRow> {
    let state: GatewaySubscription;
    try {
      state = await gateway.fetchSubscription(subscriptionId);
    } catch (err) {
      throw gatewayAppError(err);
    }
    await applyReport(subscriptionId, state, await gateway.now(), undefined, { fresh: true });
    const row = await findSubscription(db, subscriptionId);
    if (!row) throw new AppError(404, 'subscription_not_found', 'There is no such subscription.');
    return row;
  }

  return {
    refresh,
    pause: (id: string) => act(id, (sub) => gateway.pauseSubscription(sub)),
    resume: (id: string) => act(id, (sub) => gateway.resumeSubscription(sub)),
    cancelNow: (id: string) => act(id, (sub) => gateway.cancelSubscription(sub, false)),
    async changePlan(id: string, plan: string) {
      const price = billingPriceOf(plan);
      if (!price) throw new AppError(400, 'plan_not_sold_online', paymentMessages.planCustom);
      const planId = await gatewayPlanFor({ db, gateway, logger }, price.plan, price.monthlyPaise);
      // The row's plan follows when the gateway reports the change, at the end of the cycle.
      return act(id, (sub) => gateway.changePlan(sub, planId));
    },
  };
}
