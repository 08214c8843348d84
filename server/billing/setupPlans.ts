import { billingPriceOf } from '../../src/domain/billing';
import { plans, type PlanKey } from '../../src/domain/plans';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import type { SubscriptionGateway } from './gateway';
import { findBillingPlan, storeBillingPlan } from './repository';

/**
 * The gateway Plans monthly billing sells on. `npm run billing:setup-plans` (and the sandbox at start): one gateway
 * Plan per plan sold online, at its monthly fee. Idempotent: a stored plan is reused; one already at the gateway
 * (found by its notes, say after the database was restored) is stored instead of made again; a new fee makes a new
 * Plan, since Razorpay's Plans cannot change.
 */

/** Marks the gateway's Plans this product made, among others the account may hold. */
const OWNER_NOTE = 'growthpath-site';

export interface PlanSetup {
  plan: string;
  gatewayPlanId: string;
  monthlyPaise: number;
  outcome: 'stored' | 'found' | 'created';
}

export async function setupBillingPlans({
  db,
  gateway,
  logger,
}: {
  db: Database;
  gateway: SubscriptionGateway;
  logger: Logger;
}): Promise<PlanSetup[]> {
  const results: PlanSetup[] = [];
  let atGateway: Awaited<ReturnType<SubscriptionGateway['listPlans']>> | undefined;
  for (const price of plans.map((plan) => billingPriceOf(plan.key)).filter((price) => price !== null)) {
    const key = { plan: price.plan, mode: gateway.mode, monthlyPaise: price.monthlyPaise };
    const stored = await findBillingPlan(db, key);
    if (stored) {
      results.push({ plan: price.plan, gatewayPlanId: stored.gatewayPlanId, monthlyPaise: price.monthlyPaise, outcome: 'stored' });
      continue;
    }
    atGateway ??= await gateway.listPlans();
    const found = atGateway.find(
      (plan) => plan.notes.owner === OWNER_NOTE && plan.notes.plan === price.plan && plan.monthlyPaise === price.monthlyPaise,
    );
    const gatewayPlan =
      found ??
      (await gateway.createPlan({
        monthlyPaise: price.monthlyPaise,
        name: `${price.title} (monthly)`,
        notes: { owner: OWNER_NOTE, plan: price.plan },
      }));
    const kept = await storeBillingPlan(db, { ...key, gatewayPlanId: gatewayPlan.id });
    const outcome = found ? 'found' : 'created';
    logger.info('billing plan set up', { plan: price.plan, gatewayPlanId: kept.gatewayPlanId, outcome });
    results.push({ plan: price.plan, gatewayPlanId: kept.gatewayPlanId, monthlyPaise: price.monthlyPaise, outcome });
  }
  return results;
}

/** The gateway Plan a plan is sold on at `monthlyPaise`; a 503 when none was set up (the sandbox makes its own). */
export async function gatewayPlanFor(
  { db, gateway, logger }: { db: Database; gateway: SubscriptionGateway; logger: Logger },
  plan: PlanKey,
  monthlyPaise: number,
): Promise<string> {
  const stored = await findBillingPlan(db, { plan, mode: gateway.mode, monthlyPaise });
  if (stored) return stored.gatewayPlanId;
  // The sandbox's Plans cost nothing and reach nothing: made on first use. Razorpay's are made by a command.
  if (gateway.mode === 'sandbox') {
    const made = (await setupBillingPlans({ db, gateway, logger })).find(
      (setup) => setup.plan === plan && setup.monthlyPaise === monthlyPaise,
    );
    if (made) return made.gatewayPlanId;
  }
  logger.error('no gateway plan for a plan sold online: run `npm run billing:setup-plans`', { plan, mode: gateway.mode });
  throw new AppError(
    503,
    'billing_not_set_up',
    'Monthly plans cannot be bought online just now. Please contact us and we will set you up.',
  );
}
