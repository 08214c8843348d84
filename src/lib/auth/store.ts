import type { AuthEvent } from '../../../machines/auth.machine';
import { authLoadFailedMessage } from '../../content/authLoadFailed';
import { LazyActor, type ActorLike } from '../lazyActor';
import { isSignedIn, placeholderAuthSnapshot, type AuthView } from './authSnapshot';
import { hasStoredSession } from './session';

/**
 * The app-wide auth actor, lazily loaded (src/lib/lazyActor.ts, docs/decisions/070): it is in the first bundle, so it
 * holds no xstate and no Firebase. Until the machine has loaded (src/lib/auth/runtime.ts) it answers from one
 * synchronous fact: with no Firebase session stored in this browser, nobody is signed in.
 *
 * It is also the one way other funnels reach the account: `idToken()` for calls made in the account's name, and
 * `signInWithToken()` for the payment's sign-in. None of them imports Firebase.
 */

export type AuthActorLike = ActorLike<AuthView, AuthEvent>;

export class AuthStore extends LazyActor<AuthView, AuthEvent> {
  /**
   * @param load fetches the machine and starts it; null for a store that only shows `snapshot` until an actor is
   *   attached (tests, the prerender).
   */
  constructor(load: (() => Promise<AuthActorLike>) | null, snapshot: AuthView, prerendered?: AuthView) {
    super({
      placeholder: snapshot,
      prerendered,
      load: load ?? undefined,
      whenLoadFails: placeholderAuthSnapshot('signedOut', { message: authLoadFailedMessage }),
    });
  }

  /** The signed-in account's Firebase ID token; loads the auth runtime when it is not loaded yet. */
  idToken = (): Promise<string> => import('./runtime').then((runtime) => runtime.signedInIdToken());

  /** The ID token when someone is signed in, else undefined (a guest, or a token that could not be had). */
  idTokenIfSignedIn = async (): Promise<string | undefined> => {
    if (!isSignedIn(this.getSnapshot())) return undefined;
    return this.idToken().catch(() => undefined);
  };

  /**
   * Signs in with a custom token the server minted, and settles when the machine has: resolves once signed in,
   * rejects with the machine's reason when it could not.
   */
  signInWithToken = (token: string): Promise<void> =>
    new Promise((resolve, reject) => {
      let started = false;
      const check = () => {
        const snapshot = this.getSnapshot();
        if (snapshot.matches('signingInWithToken')) started = true;
        else if (started) {
          stop();
          if (isSignedIn(snapshot) && !snapshot.context.error) resolve();
          else reject(snapshot.context.error ?? { reason: 'customTokenFailed' });
        }
      };
      const stop = this.subscribe(check);
      this.send({ type: 'auth.signInWithToken', token });
      check();
    });
}

let pageStore: AuthStore | undefined;

/**
 * The page's one live store. The shell a page is served before its code runs (root.tsx's HydrateFallback) and the
 * app that replaces it each mount a provider: with a store each, both would start a machine, and the first, never
 * stopped, would watch Firebase and ask /api/me alongside the one the page follows. The prerender gets a fresh one.
 */
export function liveAuthStore(): AuthStore {
  if (typeof window === 'undefined') return createLiveAuthStore();
  pageStore ??= createLiveAuthStore();
  return pageStore;
}

/** The store the site runs on: Firebase and the machine load on demand. */
export function createLiveAuthStore(): AuthStore {
  return new AuthStore(
    () => import('./runtime').then((module) => module.startAuthActor()),
    placeholderAuthSnapshot(hasStoredSession() ? 'loading' : 'signedOut'),
    // The build prerenders every page as a signed-out visitor sees it.
    placeholderAuthSnapshot('signedOut'),
  );
}

/** A store over an actor that is already running (tests, and any host that starts the machine itself). */
export function storeWithActor(actor: AuthActorLike): AuthStore {
  const store = new AuthStore(null, actor.getSnapshot());
  store.attach(actor);
  return store;
}
