import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  initializeAuth,
  onAuthStateChanged,
  reauthenticateWithCredential,
  sendPasswordResetEmail,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import type { AuthAccount, PasswordOutcome } from '../../machines/auth.machine';
import { firebaseWebConfig, type FirebaseWebConfig } from './auth/config';
import { toAuthError } from './auth/messages';

/**
 * The one adapter over the Firebase 12 modular SDK: nothing else in the site imports `firebase/*`. It is loaded
 * on demand (src/lib/auth/runtime.ts), never in the first bundle of `/`. Every failure is rethrown as an Error whose
 * message is a plain sentence (src/lib/auth/messages.ts).
 */
export interface FirebaseAuthAdapter {
  /** Calls back with the signed-in account or null, now and on every sign-in and sign-out (also in other tabs). */
  watch(listener: (account: AuthAccount | null) => void, onError: (error: Error) => void): () => void;
  signIn(email: string, password: string): Promise<AuthAccount | null>;
  /** Creates the account, then sets its display name (docs/product.md §7.6). */
  createAccount(name: string, email: string, password: string): Promise<AuthAccount | null>;
  signInWithToken(token: string): Promise<AuthAccount | null>;
  signOut(): Promise<void>;
  /** The current user's ID token for the server (`Authorization: Bearer`). */
  idToken(): Promise<string>;
  /**
   * Gives an account without a password one (D13). Firebase asks for a recent sign-in to change credentials; a client
   * who paid long ago has no password to re-enter, so then the set-password link goes to their email instead.
   */
  setPassword(password: string): Promise<PasswordOutcome>;
  /**
   * Emails a link to set a new password. An address with no account resolves the same as one with an account (a real
   * project with email-enumeration protection does so itself; the emulator says EMAIL_NOT_FOUND), so the site
   * never reveals who has an account (docs/decisions/096).
   */
  sendPasswordReset(email: string): Promise<void>;
}

export function accountOf(user: User): AuthAccount {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    hasPassword: user.providerData.some((provider) => provider.providerId === 'password'),
  };
}

function appFor(config: FirebaseWebConfig): FirebaseApp {
  if (getApps().length > 0) return getApp();
  return initializeApp({
    apiKey: config.apiKey,
    authDomain: config.authDomain,
    projectId: config.projectId,
    ...(config.appId ? { appId: config.appId } : {}),
  });
}

let shared: FirebaseAuthAdapter | undefined;

/** The page's one adapter (Firebase allows one Auth per app). */
export function firebaseAuth(config: FirebaseWebConfig = firebaseWebConfig()): FirebaseAuthAdapter {
  shared ??= createAdapter(config);
  return shared;
}

function createAdapter(config: FirebaseWebConfig): FirebaseAuthAdapter {
  // Local-storage persistence only: the header can then tell "nobody signed in" without loading Firebase
  // (src/lib/auth/config.ts), and the session survives reloads and is shared between tabs.
  const auth: Auth = initializeAuth(appFor(config), { persistence: browserLocalPersistence });
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });

  const rethrow = (error: unknown): never => {
    throw toAuthError(error);
  };

  return {
    watch(listener, onError) {
      return onAuthStateChanged(
        auth,
        (user) => listener(user ? accountOf(user) : null),
        (error) => onError(toAuthError(error)),
      );
    },
    async signIn(email, password) {
      const credential = await signInWithEmailAndPassword(auth, email, password).catch(rethrow);
      return credential.user ? accountOf(credential.user) : null;
    },
    async createAccount(name, email, password) {
      const credential = await createUserWithEmailAndPassword(auth, email, password).catch(rethrow);
      if (!credential.user) return null;
      await updateProfile(credential.user, { displayName: name }).catch(rethrow);
      return accountOf(credential.user);
    },
    async signInWithToken(token) {
      const credential = await signInWithCustomToken(auth, token).catch(rethrow);
      return credential.user ? accountOf(credential.user) : null;
    },
    async signOut() {
      await signOut(auth).catch(rethrow);
    },
    async idToken() {
      const user = auth.currentUser;
      if (!user) throw new Error('You are signed out. Please sign in again.');
      return user.getIdToken().catch(rethrow);
    },
    async setPassword(password) {
      const user = auth.currentUser;
      if (!user) throw new Error('You are signed out. Please sign in again.');
      try {
        await updatePassword(user, password);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== 'auth/requires-recent-login' || !user.email) rethrow(error);
        await sendPasswordResetEmail(auth, user.email!).catch(rethrow);
        return 'emailed';
      }
      // A new password revokes every token from before it, this session's too: its next token would carry the old
      // sign-in time, and the server's revocation check would end the session on the next load. Signing in again with
      // the new password gives this session a fresh sign-in time (docs/decisions/055).
      // The password is set either way: a failed sign-in here (a dropped connection) leaves it to the session-ended path.
      if (user.email) await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password)).catch(() => undefined);
      return 'set';
    },
    async sendPasswordReset(email) {
      try {
        await sendPasswordResetEmail(auth, email);
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') rethrow(error);
      }
    },
  };
}
