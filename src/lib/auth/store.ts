import type { AuthEvent, AuthState } from '../../../machines/auth.machine';
import type { AuthRuntime } from './runtime';
import { hasStoredSession } from './session';

/**
 * The app-wide auth store: what the header, pages and hooks read. It is in the first bundle, so it holds no xstate
 * and no Firebase: until the runtime (machine + Firebase, src/lib/auth/runtime.ts) is loaded it answers from one
 * synchronous fact: with no Firebase session stored in this browser, nobody is signed in. When a session is stored,
 * the state is `loading` and the runtime loads right after the first render (DESIGN.md D6). Events sent before the
 * runtime is there wait for it.
 */

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
  };
}

export class AuthStore {
  runtime: AuthRuntime | undefined;
  private loading: Promise<AuthRuntime> | undefined;
  private queue: AuthEvent[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly load: (() => Promise<AuthRuntime>) | null,
    private state: AuthState,
  ) {}

  getState = (): AuthState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  set = (state: AuthState): void => {
    if (state === this.state) return;
    this.state = state;
    for (const listener of this.listeners) listener();
  };

  /** Loads and starts the runtime once; a failed load (offline) may be retried by the next call. */
  ensureLoaded = (): Promise<AuthRuntime> => {
    if (this.runtime) return Promise.resolve(this.runtime);
    if (!this.load) return Promise.reject(new Error('This auth store has no runtime.'));
    this.loading ??= this.load().then(
      (runtime) => {
        adopt(this, runtime);
        for (const event of this.queue.splice(0)) runtime.send(event);
        return runtime;
      },
      (error: unknown) => {
        this.loading = undefined;
        this.queue = [];
        this.set(staticAuthState('signedOut', 'We could not load sign-in. Check your connection and try again.'));
        throw error;
      },
    );
    return this.loading;
  };

  send = (event: AuthEvent): void => {
    if (this.runtime) return this.runtime.send(event);
    this.queue.push(event);
    this.ensureLoaded().catch(() => undefined);
  };
}

function adopt(store: AuthStore, runtime: AuthRuntime) {
  store.runtime = runtime;
  runtime.subscribe(store.set);
  store.set(runtime.getState());
}

/** The store the site runs on: Firebase and the machine load on demand. */
export function createLiveAuthStore(): AuthStore {
  return new AuthStore(
    () => import('./runtime').then((module) => module.startAuthRuntime()),
    staticAuthState(hasStoredSession() ? 'loading' : 'signedOut'),
  );
}

/** A store over a runtime that is already running (tests, and any host that starts the machine itself). */
export function storeWithRuntime(runtime: AuthRuntime): AuthStore {
  const store = new AuthStore(() => Promise.resolve(runtime), runtime.getState());
  adopt(store, runtime);
  return store;
}
