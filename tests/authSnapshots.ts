import { authMachine, type AuthContext, type AuthEvent, type AuthUser } from '../machines/auth.machine';
import type { AccountProfile } from '../src/domain/account';
import { placeholderAuthSnapshot, type AuthView } from '../src/lib/auth/authSnapshot';
import { AuthStore, storeWithActor } from '../src/lib/auth/store';

/** Auth snapshots and stores for view tests: real machine snapshots, resolved at a state with a given context. */

export const asha: AuthUser = {
  uid: 'u-asha',
  email: 'asha@raostores.in',
  displayName: 'Asha Rao',
  businessName: 'Rao Stores',
  role: 'Owner',
  industry: 'Retail',
  purchasedPlan: null,
  quizCompleted: false,
  hasPassword: true,
};

export const ashaProfile = (overrides: Partial<AccountProfile> = {}): AccountProfile => ({
  uid: 'u-asha',
  email: 'asha@raostores.in',
  displayName: 'Asha Rao',
  businessName: 'Rao Stores',
  role: 'Owner',
  industry: 'Retail',
  quizCompleted: true,
  chosenPlan: null,
  purchasedPlan: null,
  purchasedAt: null,
  ...overrides,
});

type AuthStateValue = Parameters<typeof authMachine.resolveState>[0]['value'];

/** The machine's own snapshot at `value`, its context the signed-out one with `context` laid over it. */
export function authSnapshotAt(value: AuthStateValue, context: Partial<AuthContext> = {}): AuthView {
  return authMachine.resolveState({ value, context: { ...placeholderAuthSnapshot('signedOut').context, ...context } });
}

/** Signed in as Asha with her profile loaded, unless told otherwise. */
export function signedInSnapshot(context: Partial<AuthContext> = {}, profile: 'ready' | 'syncing' | 'saving' | 'unavailable' = 'ready') {
  return authSnapshotAt({ signedIn: { profile, password: 'idle' } }, { user: asha, profile: ashaProfile(), ...context });
}

/** A store that shows `snapshot` and records what views send. */
export function recordingStore(snapshot: AuthView) {
  const sent: AuthEvent[] = [];
  const store = storeWithActor({
    getSnapshot: () => snapshot,
    subscribe: () => ({ unsubscribe: () => undefined }),
    send: (event) => void sent.push(event),
  });
  return { store, sent };
}

/** A store that only shows one of the states known without the machine, or signed in as Asha. */
export function authStoreAt(state: 'loading' | 'signedOut' | 'signedIn'): AuthStore {
  return new AuthStore(null, state === 'signedIn' ? signedInSnapshot() : placeholderAuthSnapshot(state));
}
