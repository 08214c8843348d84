import type { Auth } from 'firebase-admin/auth';
import type { AccountProfile } from '../../src/domain/account';
import { parseProfileUpdate } from '../../src/domain/profileUpdate';
import { findPlan, type PlanKey } from '../../src/domain/plans';
import type { Database } from '../db/client';
import type { UserProfileRow } from '../db/schema';
import { AppError } from '../http/errors';
import { PLAN_CLAIM, planFromClaims } from './claims';
import { findProfile, recordPurchase, upsertProfile } from './repository';
import type { VerifiedUser } from './requireUser';

export interface AccountService {
  /** GET /api/me: the profile, and the plan from the database or, failing that, the token's custom claim. */
  profile(user: VerifiedUser): Promise<AccountProfile>;
  /** PATCH /api/me: name, business name, role, industry, quizCompleted, the plan chosen at sign-up. */
  update(user: VerifiedUser, input: unknown): Promise<AccountProfile>;
}

function toProfile(user: VerifiedUser, row: UserProfileRow | undefined): AccountProfile {
  const storedPlan = findPlan(row?.purchasedPlan)?.key ?? null;
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
    // Both are written by the server only; the database is the record, the claim covers a profile not yet stored.
    purchasedPlan: storedPlan ?? planFromClaims(user.claims),
    purchasedAt: row?.purchasedAt ? row.purchasedAt.toISOString() : null,
  };
}

export function createAccountService({ db }: { db: Database }): AccountService {
  return {
    async profile(user) {
      return toProfile(user, await findProfile(db, user.uid));
    },
    async update(user, input) {
      const parsed = parseProfileUpdate(input);
      if (!parsed.ok) {
        throw new AppError(400, 'validation_failed', 'Some details could not be saved.', { fieldErrors: parsed.fieldErrors });
      }
      const row = await upsertProfile(db, user.uid, user.email ?? '', parsed.value);
      return toProfile(user, row);
    },
  };
}

/**
 * Grants a plan after a verified payment (for the payment component): the database row and the custom claim, both
 * server-side. The claim reaches the browser with the client's next ID token (a fresh sign-in, or a forced refresh).
 */
export async function grantPlan(
  { db, auth }: { db: Database; auth: Pick<Auth, 'getUser' | 'setCustomUserClaims'> },
  { uid, email, plan, at = new Date() }: { uid: string; email: string; plan: PlanKey; at?: Date },
): Promise<void> {
  await recordPurchase(db, uid, email, plan, at);
  const { customClaims } = await auth.getUser(uid);
  await auth.setCustomUserClaims(uid, { ...customClaims, [PLAN_CLAIM]: plan });
}
