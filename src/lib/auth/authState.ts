import type { AuthFailure, AuthSnapshot, AuthUser } from '../../../machines/auth.machine';
import type { AccountProfile } from '../../domain/account';
import type { PlanKey } from '../../domain/plans';
import { authReasonMessages, passwordEmailedMessage, passwordResetRequestedMessage, passwordSetMessage } from '../../content/authMessages';

/**
 * What views read of the auth machine: a narrow, plain view of its snapshot, with the machine's reasons put into
 * words. Only src/lib/auth/runtime.ts (loaded on demand) computes it; the first bundle holds just the types.
 */

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';
export type AuthActivity = 'signIn' | 'signUp' | 'customToken' | 'signOut' | 'resetPassword' | null;
export type ProfileStatus = 'loading' | 'saving' | 'ready' | 'unavailable' | null;

export interface AuthState {
  status: AuthStatus;
  activity: AuthActivity;
  user: AuthUser | null;
  profile: AccountProfile | null;
  profileStatus: ProfileStatus;
  profileError: string | null;
  error: string | null;
  checkoutPlan: PlanKey | null;
  passwordSaving: boolean;
  passwordNotice: string | null;
  passwordError: string | null;
  /** The neutral answer to a password-reset request, the same whether or not the address has an account. */
  passwordResetNotice: string | null;
}

const activities: Record<string, AuthActivity> = {
  signingIn: 'signIn',
  signingUp: 'signUp',
  signingInWithToken: 'customToken',
  signingOut: 'signOut',
  sendingPasswordReset: 'resetPassword',
};

const profileStatuses = [
  ['syncing', 'loading'],
  ['saving', 'saving'],
  ['ready', 'ready'],
  ['unavailable', 'unavailable'],
] as const;

export function failureText(failure: AuthFailure | null): string | null {
  if (!failure) return null;
  return 'message' in failure ? failure.message : authReasonMessages[failure.reason];
}

export function authStateOf(snapshot: AuthSnapshot): AuthState {
  const { context } = snapshot;
  const status: AuthStatus = snapshot.matches('loading')
    ? 'loading'
    : snapshot.matches('signedIn') || snapshot.matches('signingOut') || (snapshot.matches('signingInWithToken') && context.user)
      ? 'signedIn'
      : 'signedOut';
  const top = typeof snapshot.value === 'string' ? snapshot.value : 'signedIn';
  const profile = profileStatuses.find(([state]) => snapshot.matches({ signedIn: { profile: state } }));
  const outcome = context.passwordOutcome;
  return {
    status,
    activity: activities[top] ?? null,
    user: context.user,
    profile: context.profile,
    profileStatus: profile ? profile[1] : null,
    profileError: failureText(context.profileError),
    error: failureText(context.error),
    checkoutPlan: context.checkoutPlan,
    passwordSaving: snapshot.hasTag('passwordSaving'),
    passwordNotice:
      outcome === 'set' ? passwordSetMessage : outcome === 'emailed' ? passwordEmailedMessage(context.user?.email ?? null) : null,
    passwordError: failureText(context.passwordError),
    passwordResetNotice: context.passwordResetRequested ? passwordResetRequestedMessage : null,
  };
}
