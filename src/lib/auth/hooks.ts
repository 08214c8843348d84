import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { PlanKey } from '../../domain/plans';
import type { ProfileUpdate } from '../../domain/account';
import { useAuthStore } from './AuthProvider';
import type { AuthState } from './authState';

/**
 * What pages do with the auth machine. Kept apart from AuthProvider.tsx so only the pages that act on auth (sign-in,
 * dashboard, quiz, report, payment) load it, never the first bundle of `/`.
 */

export { useAuthSelector, useAuthStore } from './AuthProvider';
export type { AuthState } from './authState';

/** Loads Firebase and the machine now: pages that need them (sign-in, dashboard) call this as they open. */
export function useAuthRuntime(): void {
  const store = useAuthStore();
  useEffect(() => store.load(), [store]);
}

export interface AuthActions {
  signIn(email: string, password: string): void;
  signUp(details: { name: string; email: string; password: string; plan: PlanKey | null }): void;
  /**
   * Signs in with the custom token the server minted after payment. The outcome is state, like every other
   * sign-in: `activity` is 'customToken' while it runs, then `status` and `error` say how it went.
   */
  signInWithToken(token: string): void;
  signOut(): void;
  /** Merges the changes into the user, caches them locally and saves them to the server profile (PATCH /api/me). */
  updateUser(changes: ProfileUpdate): void;
  refreshProfile(): void;
  setPassword(password: string): void;
  /** Asks for a link to set a new password; the answer is `passwordResetNotice`, the same whether or not the address has an account. */
  resetPassword(email: string): void;
  dismissError(): void;
}

export function useAuthActions(): AuthActions {
  const store = useAuthStore();
  return useMemo(
    () => ({
      signIn: (email, password) => store.send({ type: 'auth.signIn', email, password }),
      signUp: ({ name, email, password, plan }) => store.send({ type: 'auth.signUp', name, email, password, plan }),
      signInWithToken: (token) => store.send({ type: 'auth.signInWithToken', token }),
      signOut: () => store.send({ type: 'auth.signOut' }),
      updateUser: (changes) => store.send({ type: 'auth.update', changes }),
      refreshProfile: () => store.send({ type: 'auth.refresh' }),
      setPassword: (password) => store.send({ type: 'auth.setPassword', password }),
      resetPassword: (email) => store.send({ type: 'auth.resetPassword', email }),
      dismissError: () => store.send({ type: 'auth.dismissError' }),
    }),
    [store],
  );
}

/** The whole auth state and its actions (outside the provider this throws). */
export function useAuth(): AuthState & AuthActions {
  const store = useAuthStore();
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const actions = useAuthActions();
  return useMemo(() => ({ ...state, ...actions }), [state, actions]);
}
