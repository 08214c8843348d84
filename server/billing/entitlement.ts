import { entitlementOf, periodEnd, subscriptionStatuses, type Entitlement, type SubscriptionStanding } from '../../src/domain/billing';
import { findPlan, type PlanKey } from '../../src/domain/plans';
import { lockProfile } from '../auth/repository';
import type { Database } from '../db/client';
import type { SubscriptionRow } from '../db/schema';
import type { GrantSubscription } from '../payments/fulfilment';
import { oneTimePurchases, setEntitlement, subscriptionsOfAccount, updateSubscription } from './repository';

/**
 * What an account holds, recomputed from its subscriptions and its one-time payments from before billing
 * (src/domain/billing.ts entitlementOf) and written to its profile, inside the caller's transaction. The profile's
 * row is locked first, so two changes to one account's subscriptions recompute one after the other.
 */
export async function recomputeEntitlement(tx: Database, uid: string, email: string, now: Date): Promise<Entitlement> {
  const profile = await lockProfile(tx, uid);
  const subscriptions = await subscriptionsOfAccount(tx, uid);
  const oneTime = (await oneTimePurchases(tx, uid)).flatMap(({ plan, paidAt }) => {
    const key = findPlan(plan)?.key;
    return key ? [{ plan: key, paidAt }] : [];
  });
  const entitlement = entitlementOf(subscriptions.flatMap(standingOf), oneTime, now);
  await setEntitlement(tx, uid, profile?.email || email, entitlement, now);
  return entitlement;
}

/** A plan paid once before monthly billing and still within its month: the latest-ending one. */
export async function heldOneTimePlan(db: Database, uid: string, now: Date): Promise<{ plan: PlanKey; paidThrough: Date } | null> {
  let best: { plan: PlanKey; paidThrough: Date } | null = null;
  for (const purchase of await oneTimePurchases(db, uid)) {
    const plan = findPlan(purchase.plan)?.key;
    const paidThrough = periodEnd(purchase.paidAt);
    if (plan && paidThrough > now && (!best || paidThrough > best.paidThrough)) best = { plan, paidThrough };
  }
  return best;
}

export function standingOf(row: SubscriptionRow): SubscriptionStanding[] {
  const plan = findPlan(row.plan)?.key;
  const status = subscriptionStatuses.find((known) => known === row.status);
  if (!plan || !status) return [];
  return [{ plan, status, paidThrough: row.paidThrough, cancelAt: row.cancelAt }];
}

/**
 * The end of the period the client has paid for: the subscription's last paid one, or before the first charge of a
 * subscription started from the dashboard, the month paid once that it continues.
 */
export function paidUntil(row: SubscriptionRow): Date | null {
  return row.paidThrough ?? (row.status === 'authenticated' ? row.startsAt : null);
}

/** The fulfilment's step for a subscription's first charge (server/payments/fulfilment.ts GrantSubscription). */
export const grantSubscription: GrantSubscription = async (tx, order, { uid, email, at }) => {
  if (!order.subscriptionId) throw new Error(`order ${order.gatewayOrderId} has no subscription`);
  await updateSubscription(tx, order.subscriptionId, { customerUid: uid, customerEmail: email });
  await recomputeEntitlement(tx, uid, email, at);
};
