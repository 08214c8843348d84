import type { Auth } from 'firebase-admin/auth';
import type { PlanKey } from '../../src/domain/plans';

/**
 * The custom claim that carries the purchased plan in a client's ID token (docs/decisions/051-entitlement-from-the-server.md). Only the server sets it,
 * with the admin SDK, next to user_profiles.purchased_plan; a client can neither write nor forge it.
 */
export const PLAN_CLAIM = 'plan';

/** The token's plan claim as it is, a plan key or not; undefined when the token has none. */
export function rawPlanClaim(claims: Record<string, unknown>): unknown {
  return claims[PLAN_CLAIM];
}

/**
 * The plan claim is a cache of user_profiles.purchased_plan (the record of entitlement, decision 084): this brings
 * it back in line with the database, setting it to the stored plan or removing it, and keeps every other claim.
 */
export interface PlanClaimStore {
  reconcile(uid: string, plan: PlanKey | null): Promise<void>;
}

export function firebasePlanClaims(auth: Pick<Auth, 'getUser' | 'setCustomUserClaims'>): PlanClaimStore {
  return {
    async reconcile(uid, plan) {
      const { customClaims = {} } = await auth.getUser(uid);
      // Another request (or the payment) may have fixed it already: a write only when it still differs.
      if ((customClaims[PLAN_CLAIM] ?? null) === plan) return;
      const { [PLAN_CLAIM]: _stale, ...others } = customClaims;
      await auth.setCustomUserClaims(uid, plan ? { ...others, [PLAN_CLAIM]: plan } : others);
    },
  };
}

/**
 * Brings the claim in line with the stored plan, then reads the plan again and writes again until the two agree (at
 * most `maxWrites` times): two syncs of one account may interleave (a refund's withdrawal and a purchase's grant),
 * and the one that writes last may carry the plan the other has just replaced. Whichever writes last then reads the
 * newer plan and writes it. Should they still disagree, the account's next /api/me corrects the claim.
 */
export async function syncPlanClaim(
  claims: PlanClaimStore,
  uid: string,
  storedPlan: () => Promise<PlanKey | null>,
  { known, maxWrites = 3 }: { known?: PlanKey | null; maxWrites?: number } = {},
): Promise<void> {
  let plan = known === undefined ? await storedPlan() : known;
  for (let writes = 1; ; writes += 1) {
    await claims.reconcile(uid, plan);
    const stored = await storedPlan();
    if (stored === plan || writes >= maxWrites) return;
    plan = stored;
  }
}
