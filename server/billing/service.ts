import type { PlanKey } from '../../src/domain/plans';
import type { PlanClaimStore } from '../auth/claims';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { Fulfilment } from '../payments/fulfilment';
import type { PaymentGateway } from '../payments/gateway';
import { createCancel } from './cancel';
import type { SubscriptionGateway } from './gateway';
import { createGatewayActions } from './gatewayActions';
import { createGatewaySync } from './gatewaySync';
import { createLeftCheckouts } from './leftCheckouts';
import { createBillingReconciliation } from './reconciliation';
import { createReports } from './reports';
import { gatewayPlanFor } from './setupPlans';
import { createSubscribe } from './subscribe';

/**
 * Monthly billing (docs/decisions/180-monthly-billing.md), composed of its parts: subscribing and the first charge's
 * verification (subscribe.ts), every `subscription.*` event and the gateway asked (gatewaySync.ts), the reconciler's
 * pass (reconciliation.ts) with the checkouts left closed (leftCheckouts.ts), the client's cancel (cancel.ts) and an account manager's actions (gatewayActions.ts); each
 * applies the gateway's word through reports.ts. Knows nothing of HTTP. The first charge is fulfilled as the order the
 * gateway made for it, by decision 090's fulfilment.
 */

export interface BillingServiceDeps {
  db: Database;
  gateway: SubscriptionGateway;
  /** The same gateway's payments: its key signs the checkout's answer, and it says whether a charge was taken. */
  payments: PaymentGateway;
  fulfilment: Fulfilment;
  claims: PlanClaimStore;
  logger: Logger;
  /** A subscription not asked about at the gateway for this long is asked again. Default an hour. */
  recheckAfterMs?: number;
  /** How long the buyer's browser has to verify a first charge before the reconciler looks. Default 5 minutes. */
  firstChargeGraceMs?: number;
}

export function createBillingService(deps: BillingServiceDeps) {
  const { db, gateway, payments, fulfilment, claims, logger } = deps;
  const reports = createReports({ db, gateway, claims, logger });
  const { applyReport } = reports;
  const { subscribe, firstCharge } = createSubscribe({ db, gateway, payments, logger, applyReport });
  const { applyEvent, reconcileOne } = createGatewaySync({ db, gateway, payments, fulfilment, logger, applyReport });
  const actions = createGatewayActions({ db, gateway, logger, applyReport, reconcileOne });
  const closeLeftCheckouts = createLeftCheckouts({ db, gateway, logger, applyReport, reconcileOne });
  return {
    subscribe,
    firstCharge,
    planFor: (plan: PlanKey, monthlyPaise: number) => gatewayPlanFor({ db, gateway, logger }, plan, monthlyPaise),
    refresh: actions.refresh,
    /** The gateway's word on one subscription, with any paid invoice not recorded yet (its webhook still coming). */
    reconcileOne,
    applyEvent,
    reconcile: createBillingReconciliation({
      db,
      gateway,
      logger,
      reconcileOne,
      syncClaim: reports.syncClaim,
      pause: actions.pause,
      closeLeftCheckouts,
      recheckAfterMs: deps.recheckAfterMs,
      firstChargeGraceMs: deps.firstChargeGraceMs,
    }),
    cancel: createCancel({ db, gateway, logger, reports, reconcileOne }),
    pause: actions.pause,
    resume: actions.resume,
    cancelNow: actions.cancelNow,
    changePlan: actions.changePlan,
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
