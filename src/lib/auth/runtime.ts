import { createActor, fromCallback, fromPromise, type AnyActorLogic } from 'xstate';
import {
  authMachine,
  authMessages,
  authStateOf,
  extrasOf,
  type AuthAccount,
  type AuthEvent,
  type AuthSnapshot,
  type AuthState,
  type AuthUser,
  type LocalExtras,
  type Session,
} from '../../../machines/auth.machine';
import type { AccountProfile, ProfileUpdate } from '../../domain/account';
import { firebaseAuth, type FirebaseAuthAdapter } from '../firebase';
import { getAccount, updateAccount } from './accountApi';
import { hasStoredSession } from './session';
import { readExtras, writeExtras } from './extras';

/**
 * The auth machine with its real effects, and the running actor the app-wide store talks to. This module (with
 * xstate and Firebase) is loaded on demand by src/lib/auth/store.ts; nothing here is in the first bundle of `/`.
 */

export interface AuthRuntime {
  getState(): AuthState;
  subscribe(listener: (state: AuthState) => void): () => void;
  send(event: AuthEvent): void;
  /** Signs in with a custom token minted by the server after payment; resolves with the user or rejects (§7.6). */
  signInWithCustomToken(token: string): Promise<AuthUser>;
  stop(): void;
}

export interface AuthEffects {
  adapter: FirebaseAuthAdapter;
  getAccount(token: string): Promise<AccountProfile>;
  updateAccount(token: string, changes: ProfileUpdate): Promise<AccountProfile>;
  readExtras(uid: string): LocalExtras | null;
  writeExtras(uid: string, extras: LocalExtras): void;
  hasStoredSession(): boolean;
}

function defaultEffects(): AuthEffects {
  return {
    adapter: firebaseAuth(),
    getAccount: (token) => getAccount(token),
    updateAccount: (token, changes) => updateAccount(token, changes),
    readExtras: (uid) => readExtras(uid),
    writeExtras: (uid, extras) => writeExtras(uid, extras),
    hasStoredSession: () => hasStoredSession(),
  };
}

export function liveAuthMachine(effects: AuthEffects = defaultEffects()) {
  const { adapter } = effects;
  const sessionOf = (account: AuthAccount | null): Session | null =>
    account ? { account, extras: effects.readExtras(account.uid) } : null;

  return authMachine.provide({
    actors: {
      watchSession: fromCallback<AuthEvent>(({ sendBack }) => {
        // No stored session: nobody is signed in in this browser, and the first check is already answered.
        if (!effects.hasStoredSession()) sendBack({ type: 'auth.changed', session: null });
        return adapter.watch(
          (account) => sendBack({ type: 'auth.changed', session: sessionOf(account) }),
          (error) => sendBack({ type: 'auth.unavailable', message: error.message }),
        );
      }),
      signIn: fromPromise(async ({ input }) => sessionOf(await adapter.signIn(input.email, input.password))),
      signUp: fromPromise(async ({ input }) => sessionOf(await adapter.createAccount(input.name, input.email, input.password))),
      signInWithToken: fromPromise(async ({ input }) => sessionOf(await adapter.signInWithToken(input.token))),
      signOut: fromPromise(() => adapter.signOut()),
      fetchProfile: fromPromise(async () => effects.getAccount(await adapter.idToken())),
      saveProfile: fromPromise(async ({ input }) => effects.updateAccount(await adapter.idToken(), input.changes)),
      setPassword: fromPromise(({ input }) => adapter.setPassword(input.password)),
    },
    actions: {
      persistExtras: (_, { user }) => effects.writeExtras(user.uid, extrasOf(user)),
    },
  });
}

export function startAuthRuntime(logic: AnyActorLogic = liveAuthMachine()): AuthRuntime {
  const actor = createActor(logic as typeof authMachine).start();
  let state = authStateOf(actor.getSnapshot() as AuthSnapshot);
  const listeners = new Set<(state: AuthState) => void>();
  actor.subscribe((snapshot) => {
    const next = authStateOf(snapshot);
    if (JSON.stringify(next) === JSON.stringify(state)) return;
    state = next;
    for (const listener of listeners) listener(state);
  });

  const until = (done: (state: AuthState) => boolean) =>
    new Promise<AuthState>((resolve) => {
      if (done(state)) return resolve(state);
      const stop = subscribe((next) => {
        if (!done(next)) return;
        stop();
        resolve(next);
      });
    });

  function subscribe(listener: (state: AuthState) => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }

  return {
    getState: () => state,
    subscribe,
    send: (event) => actor.send(event),
    async signInWithCustomToken(token) {
      await until((current) => current.status !== 'loading' && current.activity === null);
      actor.send({ type: 'auth.signInWithToken', token });
      const settled = await until((current) => current.activity !== 'customToken');
      if (settled.status !== 'signedIn' || !settled.user || settled.error) {
        throw new Error(settled.error ?? authMessages.customTokenFailed);
      }
      return settled.user;
    },
    stop: () => actor.stop(),
  };
}
