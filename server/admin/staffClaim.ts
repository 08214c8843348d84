import type { Auth } from 'firebase-admin/auth';
import { STAFF_CLAIM } from '../../src/domain/admin';

/**
 * Grants or revokes staff access: the `admin: true` custom claim, set with the admin SDK next to the other custom
 * claims (the plan claim, server/auth/claims.ts), which are kept as they are. Never creates an account. A revoke also
 * ends the account's sessions: the claim travels in ID tokens that live an hour, and every API request checks for a
 * revoked session (server/auth/requireUser.ts), so the leads close at once rather than when the token expires.
 */

export type StaffChange = { outcome: 'no_account' } | { outcome: 'granted' | 'already_staff' | 'revoked' | 'was_not_staff'; uid: string };

type ClaimsAdmin = Pick<Auth, 'getUserByEmail' | 'setCustomUserClaims' | 'revokeRefreshTokens'>;

export async function changeStaffClaim(auth: ClaimsAdmin, email: string, { revoke }: { revoke: boolean }): Promise<StaffChange> {
  let user;
  try {
    user = await auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return { outcome: 'no_account' };
    throw error;
  }
  const { [STAFF_CLAIM]: current, ...others } = user.customClaims ?? {};
  const isStaff = current === true;
  if (revoke) {
    if (!isStaff && current === undefined) return { outcome: 'was_not_staff', uid: user.uid };
    await auth.setCustomUserClaims(user.uid, others);
    if (isStaff) await auth.revokeRefreshTokens(user.uid);
    return { outcome: isStaff ? 'revoked' : 'was_not_staff', uid: user.uid };
  }
  if (isStaff) return { outcome: 'already_staff', uid: user.uid };
  await auth.setCustomUserClaims(user.uid, { ...others, [STAFF_CLAIM]: true });
  return { outcome: 'granted', uid: user.uid };
}
