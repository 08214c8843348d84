import type { AccountProfile } from '../../src/domain/account';
import { parseProfileUpdate } from '../../src/domain/profileUpdate';
import { stillHeld } from '../../src/domain/billing';
import { findPlan, plans, type PlanKey } from '../../src/domain/plans';
import type { Database } from '../db/client';
import type { UserProfileRow } from '../db/schema';
import { AppError } from '../http/errors';
import { silentLogger, type Logger } from '../logger';
import { rawPlanClaim, syncPlanClaim, type PlanClaimStore } from './claims';
import { findProfile, lockProfile, recordPurchase, setPurchase, upsertProfile } from './repository';
import type { VerifiedUser } from './requireUser';

export interface AccountService {
  /** GET /api/me: the profile and the plan, both from the database; a token claim that disagrees is corrected. */
  profile(user: VerifiedUser): Promise<AccountProfile>;
  /** PATCH /api/me: name, business name, role, industry, quizCompleted, the plan chosen at sign-up. */
  update(user: VerifiedUser, input: unknown): Promise<AccountProfile>;
}

function toProfile(user: VerifiedUser, row: UserProfileRow | undefined): AccountProfile {
  const storedPlan = heldPlanOf(row);
  const chosen = findPlan(row?.chosenPlan)?.key ?? null;
  return {
    uid: user.uid,
    email: row?.email || user.email || '',
    displayName: row?.displayName ?? user.name,
    businessName: row?.businessName ?? null,
    role: row?.role ?? null,
    industry: row?.industry ?? null,
    quizCompleted: row?.quizCompleted ?? false,
    chosenPlan: chosen,
    // Written by the server only. The database is the record: a plan claim it does not back grants nothing.
    purchasedPlan: storedPlan,
    purchasedAt: row?.purchasedAt ? row.purchasedAt.toISOString() : null,
  };
}

/**
 * The plan a profile row holds now: none when the price list does not know it, or when its paid period has run out
 * before the reconciler's sweep rewrote the row (src/domain/billing.ts stillHeld).
 */
function heldPlanOf(row: UserProfileRow | undefined, now = new Date()): PlanKey | null {
  const plan = findPlan(row?.purchasedPlan)?.key ?? null;
  if (!plan || !row) return null;
  return stillHeld({ state: row.billingState, paidThrough: row.planPaidThrough }, now) ? plan : null;
}

/** The account's plan as the database holds it now. */
export async function storedPlan(db: Database, uid: string): Promise<PlanKey | null> {
  return heldPlanOf(await findProfile(db, uid));
}

export interface AccountServiceDeps {
  db: Database;
  claims: PlanClaimStore;
  logger?: Logger;
}

export function createAccountService({ db, claims, logger = silentLogger }: AccountServiceDeps): AccountService {
  /**
   * A token whose plan claim disagrees with the database (a refund, a restored database, a claim set by hand) gets
   * the claim corrected, so the browser's next token agrees. The answer does not depend on it: a failure here is
   * logged and tried again on the next request that carries the stale claim.
   */
  async function healClaim(user: VerifiedUser, profile: AccountProfile): Promise<AccountProfile> {
    if ((rawPlanClaim(user.claims) ?? null) === profile.purchasedPlan) return profile;
    try {
      await syncPlanClaim(claims, user.uid, () => storedPlan(db, user.uid), { known: profile.purchasedPlan });
    } catch (error) {
      logger.warn('plan claim not reconciled', { uid: user.uid, err: error });
    }
    return profile;
  }

  return {
    async profile(user) {
      return healClaim(user, toProfile(user, await findProfile(db, user.uid)));
    },
    async update(user, input) {
      const parsed = parseProfileUpdate(input);
      if (!parsed.ok) {
        throw new AppError(400, 'validation_failed', 'Some details could not be saved.', { fieldErrors: parsed.fieldErrors });
      }
      const row = await upsertProfile(db, user.uid, user.email ?? '', parsed.value);
      return healClaim(user, toProfile(user, row));
    },
  };
}

/**
 * Grants a plan after a verified payment (for the payment component): the database row, the record of entitlement,
 * inside the fulfilment's transaction. It answers the plan the account holds after it (a higher one it had stays).
 * The custom claim follows once the transaction has committed (`firebasePlanClaims`): no call to Firebase is made
 * while a transaction holds a connection (on PGlite, the only one).
 */
export async function grantPlan(
  { db }: { db: Database },
  { uid, email, plan, at = new Date() }: { uid: string; email: string; plan: PlanKey; at?: Date },
): Promise<{ plan: PlanKey; purchasedAt: Date }> {
  const row = await recordPurchase(db, uid, email, plan, at);
  return { plan: (row.purchasedPlan as PlanKey | null) ?? plan, purchasedAt: row.purchasedAt ?? at };
}

/**
 * A refund took back the payment behind a plan (for the payment component, inside its transaction): the account
 * keeps the highest plan its other kept purchases pay for, dated by the latest of them, or none. Only when the
 * account holds the refunded order's plan: a higher plan bought since, or one set by hand, did not come from that
 * payment and stays. `keptPurchases` is read after the profile is locked, so a grant running at the same time is
 * either in it or waits for this.
 */
export async function withdrawPlan<P extends { plan: string; paidAt: Date }>(
  { db }: { db: Database },
  { uid, plan, keptPurchases }: { uid: string; plan: string; keptPurchases: () => Promise<readonly P[]> },
): Promise<{ plan: PlanKey | null; changed: boolean; keptFrom: P | null }> {
  const row = await lockProfile(db, uid);
  const held = findPlan(row?.purchasedPlan)?.key ?? null;
  if (!row || held === null || held !== findPlan(plan)?.key) return { plan: held, changed: false, keptFrom: null };
  const rank = (key: PlanKey) => plans.findIndex((candidate) => candidate.key === key);
  let kept: { plan: PlanKey; purchase: P } | null = null;
  for (const purchase of await keptPurchases()) {
    const key = findPlan(purchase.plan)?.key;
    if (!key) continue;
    const higher = !kept || rank(key) > rank(kept.plan);
    const later = kept !== null && key === kept.plan && purchase.paidAt > kept.purchase.paidAt;
    if (higher || later) kept = { plan: key, purchase };
  }
  await setPurchase(db, uid, kept && { plan: kept.plan, at: kept.purchase.paidAt });
  return { plan: kept?.plan ?? null, changed: true, keptFrom: kept?.purchase ?? null };
}
