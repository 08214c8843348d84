import { eq, sql, type SQL } from 'drizzle-orm';
import type { ProfileUpdate } from '../../src/domain/account';
import { plans, type PlanKey } from '../../src/domain/plans';
import type { Database } from '../db/client';
import { userProfiles, type UserProfileRow } from '../db/schema';

export async function findProfile(db: Database, uid: string): Promise<UserProfileRow | undefined> {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.uid, uid)).limit(1);
  return row;
}

/** Creates the profile on first write, otherwise changes only the given fields (purchased_plan never: see below). */
export async function upsertProfile(db: Database, uid: string, email: string, changes: ProfileUpdate): Promise<UserProfileRow> {
  const fields = {
    ...(changes.displayName !== undefined && { displayName: changes.displayName }),
    ...(changes.businessName !== undefined && { businessName: changes.businessName }),
    ...(changes.role !== undefined && { role: changes.role }),
    ...(changes.industry !== undefined && { industry: changes.industry }),
    ...(changes.quizCompleted !== undefined && { quizCompleted: changes.quizCompleted }),
    ...(changes.chosenPlan !== undefined && { chosenPlan: changes.chosenPlan }),
  };
  const [row] = await db
    .insert(userProfiles)
    .values({ uid, email, ...fields })
    .onConflictDoUpdate({ target: userProfiles.uid, set: { email, ...fields, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('user profile upsert returned no row');
  return row;
}

/** A plan's place in the price list, in SQL (null for none): what "higher" means to recordPurchase. */
const rankOf = (column: SQL) =>
  sql`array_position(${sql.raw(`array[${plans.map((plan) => `'${plan.key}'`).join(', ')}]`)}::text[], ${column})`;

/**
 * The entitlement write: only a verified payment (or an operator) calls this (decision D4). A purchase raises or
 * renews the account's plan and never lowers it (downgrades go through the account manager, SPEC), whatever order
 * the payments are fulfilled in: a renewal's date only moves forward. In one statement, so that two orders of one
 * buyer fulfilled at once cannot interleave. The returned row says which plan the account holds.
 */
export async function recordPurchase(db: Database, uid: string, email: string, plan: PlanKey, at: Date): Promise<UserProfileRow> {
  const current = sql`${userProfiles.purchasedPlan}`;
  const incoming = sql`excluded.purchased_plan`;
  // A stored key the price list does not know (set by hand, a renamed plan) counts as no plan, as /api/me reads it.
  const raises = sql`(${current} is null or coalesce(${rankOf(current)}, 0) < ${rankOf(incoming)})`;
  const renews = sql`${rankOf(incoming)} = ${rankOf(current)}`;
  const [row] = await db
    .insert(userProfiles)
    .values({ uid, email, purchasedPlan: plan, purchasedAt: at })
    .onConflictDoUpdate({
      target: userProfiles.uid,
      set: {
        purchasedPlan: sql`case when ${raises} then ${incoming} else ${current} end`,
        purchasedAt: sql`case when ${raises} then excluded.purchased_at when ${renews} then greatest(${userProfiles.purchasedAt}, excluded.purchased_at) else ${userProfiles.purchasedAt} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('purchase upsert returned no row');
  return row;
}

/** The profile's row, locked until the caller's transaction ends; undefined when the account has no profile. */
export async function lockProfile(tx: Database, uid: string): Promise<UserProfileRow | undefined> {
  const [row] = await tx.select().from(userProfiles).where(eq(userProfiles.uid, uid)).for('update');
  return row;
}

/** Sets the entitlement outright (or removes it): only for a refund's withdrawal (service.ts, withdrawPlan). */
export async function setPurchase(tx: Database, uid: string, purchase: { plan: PlanKey; at: Date } | null): Promise<void> {
  await tx
    .update(userProfiles)
    .set({ purchasedPlan: purchase?.plan ?? null, purchasedAt: purchase?.at ?? null, updatedAt: sql`now()` })
    .where(eq(userProfiles.uid, uid));
}
