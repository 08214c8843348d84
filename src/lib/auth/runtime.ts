import { createActor, fromCallback, fromPromise } from 'xstate';
import { authMachine, type AuthEvent, type Session } from '../../../machines/auth.machine';
import { extrasOf, type AccountProfile, type AuthAccount, type LocalExtras, type ProfileUpdate } from '../../domain/account';
import { firebaseAuth, type FirebaseAuthAdapter } from '../firebase';
import { getAccount, updateAccount } from './accountApi';
import { hasStoredSession } from './session';
import { readExtras, writeExtras } from './extras';
import type { AuthActorLike } from './store';

/**
 * The auth machine with its real effects, started, as the app-wide store follows it. This module (with xstate and
 * Firebase) is loaded on demand by src/lib/auth/store.ts; nothing here is in the first bundle of `/`.
 */

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

/** The ID token of the account signed in now (AuthStore.idToken). */
export const signedInIdToken = (): Promise<string> => firebaseAuth().idToken();

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
      sendPasswordReset: fromPromise(({ input }) => adapter.sendPasswordReset(input.email)),
    },
    actions: {
      persistExtras: (_, { user }) => effects.writeExtras(user.uid, extrasOf(user)),
    },
  });
}

/** Starts the machine; the store follows its snapshots (src/lib/auth/store.ts). */
export function startAuthActor(logic: typeof authMachine = liveAuthMachine()): AuthActorLike & { stop(): void } {
  return createActor(logic).start();
}
