import type { AuthEvent } from '../../../machines/auth.machine';
import { authLoadFailedMessage } from '../../content/authLoadFailed';
import { LazyActor, type ActorLike } from '../lazyActor';
import type { AuthState } from './authState';
import { hasStoredSession } from './session';

/**
 * The app-wide auth store: the auth machine as a LazyActor (src/lib/lazyActor.ts, docs/decisions/070). It is in the
 * first bundle, so it holds no xstate and no Firebase: until the machine is loaded (src/lib/auth/runtime.ts) it
 * answers from one synchronous fact: with no Firebase session stored in this browser, nobody is signed in. When a
 * session is stored, the state is `loading` and the machine loads right after the first render (docs/decisions/050).
 */

export type AuthActor = ActorLike<AuthState, AuthEvent>;

export function staticAuthState(status: AuthState['status'], error: string | null = null): AuthState {
  return {
    status,
    activity: null,
    user: null,
    profile: null,
    profileStatus: null,
    profileError: null,
    error,
    checkoutPlan: null,
    passwordSaving: false,
    passwordNotice: null,
    passwordError: null,
    passwordResetNotice: null,
  };
}

export class AuthStore extends LazyActor<AuthState, AuthEvent> {
  /**
   * @param load fetches the machine and starts it; null for a store that only shows `state` until an actor is
   *   attached (tests).
   */
  constructor(load: (() => Promise<AuthActor>) | null, state: AuthState) {
    super({ placeholder: state, load: load ?? undefined, whenLoadFails: staticAuthState('signedOut', authLoadFailedMessage) });
  }

  /** The same as getSnapshot: the name the features have always read. */
  getState = (): AuthState => this.getSnapshot();

  /**
   * The signed-in account's Firebase ID token, for the API calls a feature makes in its name: features reach the
   * account through this store, never by importing Firebase. Loads the auth runtime when it is not loaded yet.
   */
  idToken = (): Promise<string> => import('./runtime').then((runtime) => runtime.signedInIdToken());
}

/** The store the site runs on: Firebase and the machine load on demand. */
export function createLiveAuthStore(): AuthStore {
  return new AuthStore(
    () => import('./runtime').then((module) => module.startAuthActor()),
    staticAuthState(hasStoredSession() ? 'loading' : 'signedOut'),
  );
}

/** A store over an actor that is already running (tests, and any host that starts the machine itself). */
export function storeWithActor(actor: AuthActor): AuthStore {
  const store = new AuthStore(null, actor.getSnapshot());
  store.attach(actor);
  return store;
}
