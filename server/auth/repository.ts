import { eq, sql } from 'drizzle-orm';
import type { ProfileUpdate } from '../../src/domain/account';
import type { PlanKey } from '../../src/domain/plans';
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

/** The entitlement write: only a verified payment (or an operator) calls this (decision D4). */
export async function recordPurchase(db: Database, uid: string, email: string, plan: PlanKey, at: Date): Promise<UserProfileRow> {
  const [row] = await db
    .insert(userProfiles)
    .values({ uid, email, purchasedPlan: plan, purchasedAt: at })
    .onConflictDoUpdate({
      target: userProfiles.uid,
      set: { purchasedPlan: plan, purchasedAt: at, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('purchase upsert returned no row');
  return row;
}
