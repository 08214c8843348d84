import type { AccountProfile, AuthUser, ProfileUpdate } from '../src/domain/account';
import type { PlanKey } from '../src/domain/plans';

/**
 * The auth machine's context and its failure types, apart from the machine so the first bundle (which has no xstate)
 * can show the signed-out context before the machine loads (src/lib/auth/authSnapshot.ts).
 */

/** The machine's own reasons for a failed step; src/content/authMessages.ts words them. */
export type AuthReason = 'unexpected' | 'signInNoUser' | 'signUpNoUser' | 'customTokenFailed' | 'planRequired' | 'resetNeedsEmail';

/** Why a step failed: one of the machine's reasons, or the plain sentence the failing effect threw (docs/decisions/053). */
export type AuthFailure = { reason: AuthReason } | { message: string };

export interface AuthContext {
  user: AuthUser | null;
  /** The last answer of /api/me; the dashboard shows a plan only from here (docs/decisions/051). */
  profile: AccountProfile | null;
  /** Why the last sign-in, sign-up, custom-token sign-in or sign-out failed. */
  error: AuthFailure | null;
  /** Why the profile could not be loaded or saved. */
  profileError: AuthFailure | null;
  /** Changes not yet confirmed by the server; merged when several arrive before it answers. */
  pendingUpdate: ProfileUpdate | null;
  /** The plan picked when creating the account: the user is sent on to pay for it (docs/decisions/052). */
  checkoutPlan: PlanKey | null;
  /** How this session's request to set a password was answered. */
  passwordOutcome: PasswordOutcome | null;
  passwordError: AuthFailure | null;
  /**
   * A password-reset link was asked for and the request was accepted. Whether an account exists for the address is
   * never known here: the answer reads the same either way (docs/decisions/096).
   */
  passwordResetRequested: boolean;
}

export type PasswordOutcome = 'set' | 'emailed';

/** The context when nobody is signed in. */
export const signedOutContext = {
  user: null,
  profile: null,
  profileError: null,
  pendingUpdate: null,
  checkoutPlan: null,
  passwordOutcome: null,
  passwordError: null,
  passwordResetRequested: false,
} satisfies Omit<AuthContext, 'error'>;
