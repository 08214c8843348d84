import type { AuthFailure, AuthSnapshot } from '../../../machines/auth.machine';
import { signedOutContext } from '../../../machines/authContext';

/**
 * What views read of the auth machine: its snapshot's `context`, `matches`, `hasTag` and `can`, as with every other
 * funnel. The first bundle has no xstate, so until the machine has loaded the store shows a placeholder with the same
 * four parts for the two states it can know without it: `loading` (a session is stored) and `signedOut`.
 */
export type AuthView = Pick<AuthSnapshot, 'value' | 'context' | 'matches' | 'hasTag' | 'can'>;

export function placeholderAuthSnapshot(state: 'loading' | 'signedOut', error: AuthFailure | null = null): AuthView {
  return {
    value: state,
    context: { ...signedOutContext, error },
    matches: (value) => value === state,
    hasTag: (tag) => state === 'loading' && tag === 'checking',
    can: () => false,
  };
}

/** The server's profile has answered, or could not be had: rules that read it can decide now. */
export const profileSettled = (snapshot: AuthView): boolean =>
  snapshot.matches({ signedIn: { profile: 'unavailable' } }) ||
  snapshot.hasTag('sessionEnded') ||
  (snapshot.context.profile !== null && !snapshot.hasTag('profileLoading'));

/** Someone is signed in (also while signing out, or while a payment's token signs them in again). */
export const isSignedIn = (snapshot: AuthView): boolean => snapshot.context.user !== null;
