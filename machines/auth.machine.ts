import { assertEvent, assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  mergeUser,
  paidUser,
  signUpUser,
  userWithChanges,
  userWithProfile,
  type AccountProfile,
  type AuthAccount,
  type AuthUser,
  type LocalExtras,
  type ProfileUpdate,
} from '../src/domain/account';
import type { PlanKey } from '../src/domain/plans';
import { signedOutContext, type AuthContext, type AuthFailure, type PasswordOutcome } from './authContext';

/**
 * Who is signed in (docs/decisions/059; the plan comes from the server, 051; passwords for buyers, 055).
 *
 * loading until the first auth check, then signedOut or signedIn; the in-flight states of sign in, create account,
 * sign in with a custom token and sign out. signedIn runs two regions side by side: the server's profile (the only
 * source of the purchased plan; `sessionEnded` once the server refuses the session itself) and setting a password. The machine names its effects; the app supplies them with
 * `.provide()`: `watchSession` (the identity provider's auth-state subscription), the sign-in calls, the profile
 * calls to /api/me, and `persistExtras` (the local cache `growth.user.{uid}`). Signed out, a person can ask for a link
 * to set a new password (`sendPasswordReset`): a buyer fulfilled while their browser was closed has an account with
 * no password, and this is how they sign in later (docs/decisions/096).
 */

export type { AuthAccount, AuthUser, LocalExtras } from '../src/domain/account';
export type { AuthContext, AuthFailure, AuthReason, PasswordOutcome } from './authContext';

/** A session as the identity provider reports it, with the cached extras the app found for that uid. */
export interface Session {
  account: AuthAccount;
  extras: LocalExtras | null;
}

export type AuthEvent =
  | { type: 'auth.changed'; session: Session | null }
  | { type: 'auth.unavailable'; message: string }
  | { type: 'auth.signIn'; email: string; password: string }
  | { type: 'auth.signUp'; name: string; email: string; password: string; plan: PlanKey | null }
  | { type: 'auth.signInWithToken'; token: string }
  | { type: 'auth.signOut' }
  | { type: 'auth.update'; changes: ProfileUpdate }
  | { type: 'auth.refresh' }
  | { type: 'auth.setPassword'; password: string }
  | { type: 'auth.resetPassword'; email: string }
  | { type: 'auth.dismissError' };

/** The thrown sentence, else the machine's "unexpected". */
function failureOf(error: unknown): AuthFailure {
  if (error instanceof Error && error.message.trim()) return { message: error.message };
  if (typeof error === 'string' && error.trim()) return { message: error };
  return { reason: 'unexpected' };
}

function errorOf(event: unknown): unknown {
  return (event as { error?: unknown }).error;
}

/**
 * The server refused the session itself (its 401 `token_revoked`: signed out everywhere, a credential changed
 * elsewhere, the account gone), not just this request's token, which a new one from Firebase may fix (Try again).
 */
function refusedSession(error: unknown): boolean {
  const refusal = error as { status?: unknown; code?: unknown } | null;
  return refusal?.status === 401 && refusal.code === 'token_revoked';
}

function outputOf<T>(event: unknown): T {
  return (event as { output: T }).output;
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    // Silent by default (tests replay paths on the bare machine); the app provides the real subscription.
    watchSession: fromCallback<AuthEvent>(() => () => {}),
    signIn: fromPromise<Session | null, { email: string; password: string }>(async () => {
      throw new Error('signIn must be provided by the app');
    }),
    signUp: fromPromise<Session | null, { name: string; email: string; password: string }>(async () => {
      throw new Error('signUp must be provided by the app');
    }),
    signInWithToken: fromPromise<Session | null, { token: string }>(async () => {
      throw new Error('signInWithToken must be provided by the app');
    }),
    signOut: fromPromise<void>(async () => {
      throw new Error('signOut must be provided by the app');
    }),
    fetchProfile: fromPromise<AccountProfile, { uid: string }>(async () => {
      throw new Error('fetchProfile must be provided by the app');
    }),
    saveProfile: fromPromise<AccountProfile, { uid: string; changes: ProfileUpdate }>(async () => {
      throw new Error('saveProfile must be provided by the app');
    }),
    setPassword: fromPromise<PasswordOutcome, { password: string }>(async () => {
      throw new Error('setPassword must be provided by the app');
    }),
    sendPasswordReset: fromPromise<void, { email: string }>(async () => {
      throw new Error('sendPasswordReset must be provided by the app');
    }),
  },
  guards: {
    hasSession: ({ event }) => (event as { session?: Session | null }).session != null,
    noSession: ({ event }) => (event as { session?: Session | null }).session == null,
    anotherAccount: ({ context, event }) => {
      const session = (event as { session?: Session | null }).session;
      return !!session && session.account.uid !== context.user?.uid;
    },
    returnedSession: ({ event }) => outputOf<Session | null>(event) != null,
    hasPlan: ({ event }) => {
      assertEvent(event, 'auth.signUp');
      return event.plan !== null;
    },
    wasSignedIn: ({ context }) => context.user !== null,
    hasResetEmail: ({ event }) => {
      assertEvent(event, 'auth.resetPassword');
      return event.email.trim() !== '';
    },
    profileKnown: ({ context }) => context.profile !== null,
    sessionRefused: ({ event }) => refusedSession(errorOf(event)),
    passwordWasSet: ({ event }) => outputOf<PasswordOutcome>(event) === 'set',
    // Only an account without a password, and only until this session's request has been answered (docs/decisions/055).
    canSetPassword: ({ context }) => !!context.user && !context.user.hasPassword && context.passwordOutcome === null,
  },
  actions: {
    /** The app writes the extras to local storage; the machine only says when. */
    persistExtras: (_, _params: { user: AuthUser }) => {},
    adoptSession: assign(({ event }) => {
      const session = (event as { session: Session }).session;
      return { ...signedOutContext, user: mergeUser(session.account, session.extras), error: null };
    }),
    adoptSignedIn: assign(({ event }) => {
      const session = outputOf<Session>(event);
      return { ...signedOutContext, user: mergeUser(session.account, session.extras), error: null };
    }),
    adoptSignedUp: assign(({ context, event }) => {
      const { user, update } = signUpUser(outputOf<Session>(event).account, context.checkoutPlan);
      return { ...signedOutContext, checkoutPlan: context.checkoutPlan, user, pendingUpdate: update, error: null };
    }),
    adoptTokenSession: assign(({ event }) => {
      const session = outputOf<Session>(event);
      const { user, update } = paidUser(session.account, session.extras);
      return { ...signedOutContext, user, pendingUpdate: update, error: null };
    }),
    forgetUser: assign({ ...signedOutContext, error: null }),
    noteUnavailable: assign({
      ...signedOutContext,
      error: ({ event }) => {
        assertEvent(event, 'auth.unavailable');
        return event.message ? { message: event.message } : { reason: 'unexpected' as const };
      },
    }),
    clearError: assign({ error: null, passwordResetRequested: false }),
    rememberCheckoutPlan: assign({
      error: null,
      checkoutPlan: ({ event }) => {
        assertEvent(event, 'auth.signUp');
        return event.plan;
      },
    }),
    requirePlan: assign({ error: { reason: 'planRequired' } }),
    requireResetEmail: assign({ error: { reason: 'resetNeedsEmail' }, passwordResetRequested: false }),
    notePasswordResetRequested: assign({ passwordResetRequested: true }),
    showError: assign({ error: ({ event }) => failureOf(errorOf(event)) }),
    showSignUpError: assign({ error: ({ event }) => failureOf(errorOf(event)), checkoutPlan: null }),
    signInFoundNoUser: assign({ error: { reason: 'signInNoUser' } }),
    signUpCreatedNoUser: assign({ error: { reason: 'signUpNoUser' }, checkoutPlan: null }),
    customTokenFoundNoUser: assign({ error: { reason: 'customTokenFailed' } }),
    // Whatever went wrong underneath, a failed custom-token sign-in reads the same.
    customTokenFailed: assign({ error: { reason: 'customTokenFailed' } }),
    applyProfile: assign(({ context, event }) => {
      const profile = outputOf<AccountProfile>(event);
      return {
        profile,
        profileError: null,
        pendingUpdate: null,
        user: context.user ? userWithProfile(context.user, profile) : null,
      };
    }),
    noteProfileError: assign({ profileError: ({ event }) => failureOf(errorOf(event)) }),
    clearProfileError: assign({ profileError: null }),
    applyUpdate: assign(({ context, event }) => {
      assertEvent(event, 'auth.update');
      return {
        user: context.user ? userWithChanges(context.user, event.changes) : null,
        pendingUpdate: { ...context.pendingUpdate, ...event.changes },
        profileError: null,
      };
    }),
    clearPasswordFeedback: assign({ passwordOutcome: null, passwordError: null }),
    notePasswordSet: assign(({ context }) => ({
      passwordOutcome: 'set' as const,
      passwordError: null,
      user: context.user ? { ...context.user, hasPassword: true } : null,
    })),
    notePasswordEmailed: assign({ passwordOutcome: 'emailed' as const, passwordError: null }),
    notePasswordError: assign({ passwordError: ({ event }) => failureOf(errorOf(event)) }),
  },
}).createMachine({
  id: 'auth',
  context: { ...signedOutContext, error: null },
  // The subscription to auth-state changes lives as long as the machine: sign-outs elsewhere arrive in any state.
  invoke: { id: 'session', src: 'watchSession' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['checking'],
      on: {
        'auth.changed': [
          { guard: 'hasSession', target: 'signedIn', actions: 'adoptSession' },
          { target: 'signedOut', actions: 'forgetUser' },
        ],
        'auth.unavailable': { target: 'signedOut', actions: 'noteUnavailable' },
        // The payment page may hand over its token before the first check answers; the token decides who this is.
        'auth.signInWithToken': { target: 'signingInWithToken', actions: 'clearError' },
      },
    },
    signedOut: {
      on: {
        'auth.signIn': { target: 'signingIn', actions: 'clearError' },
        'auth.signUp': [{ guard: 'hasPlan', target: 'signingUp', actions: 'rememberCheckoutPlan' }, { actions: 'requirePlan' }],
        'auth.signInWithToken': { target: 'signingInWithToken', actions: 'clearError' },
        // Signed in in another tab.
        'auth.changed': { guard: 'hasSession', target: 'signedIn', actions: 'adoptSession' },
        'auth.dismissError': { actions: 'clearError' },
        'auth.resetPassword': [
          { guard: 'hasResetEmail', target: 'sendingPasswordReset', actions: 'clearError' },
          { actions: 'requireResetEmail' },
        ],
      },
    },
    sendingPasswordReset: {
      tags: ['busy'],
      invoke: {
        id: 'sendPasswordReset',
        src: 'sendPasswordReset',
        input: ({ event }) => {
          assertEvent(event, 'auth.resetPassword');
          return { email: event.email.trim() };
        },
        onDone: { target: 'signedOut', actions: 'notePasswordResetRequested' },
        onError: { target: 'signedOut', actions: 'showError' },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'auth.signIn');
          return { email: event.email, password: event.password };
        },
        onDone: [
          { guard: 'returnedSession', target: 'signedIn', actions: 'adoptSignedIn' },
          { target: 'signedOut', actions: 'signInFoundNoUser' },
        ],
        onError: { target: 'signedOut', actions: 'showError' },
      },
    },
    signingUp: {
      tags: ['busy'],
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ event }) => {
          assertEvent(event, 'auth.signUp');
          return { name: event.name, email: event.email, password: event.password };
        },
        onDone: [
          // The chosen plan and the name go to the server first, so the profile starts in `saving`.
          { guard: 'returnedSession', target: '#auth.signedIn.profile.saving', actions: 'adoptSignedUp' },
          { target: 'signedOut', actions: 'signUpCreatedNoUser' },
        ],
        onError: { target: 'signedOut', actions: 'showSignUpError' },
      },
    },
    signingInWithToken: {
      tags: ['busy'],
      invoke: {
        id: 'signInWithToken',
        src: 'signInWithToken',
        input: ({ event }) => {
          assertEvent(event, 'auth.signInWithToken');
          return { token: event.token };
        },
        onDone: [
          { guard: 'returnedSession', target: '#auth.signedIn.profile.saving', actions: 'adoptTokenSession' },
          { target: 'signedOut', actions: ['forgetUser', 'customTokenFoundNoUser'] },
        ],
        onError: [
          // A signed-in buyer whose token sign-in failed is still signed in as before.
          { guard: 'wasSignedIn', target: 'signedIn', actions: 'customTokenFailed' },
          { target: 'signedOut', actions: 'customTokenFailed' },
        ],
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: 'forgetUser' },
        onError: { target: 'signedIn', actions: 'showError' },
      },
    },
    signedIn: {
      type: 'parallel',
      entry: { type: 'persistExtras', params: ({ context }) => ({ user: context.user! }) },
      on: {
        'auth.signOut': { target: 'signingOut', actions: 'clearError' },
        'auth.signInWithToken': { target: 'signingInWithToken', actions: 'clearError' },
        'auth.changed': [
          // Signed out in another tab, or the account was removed.
          { guard: 'noSession', target: 'signedOut', actions: 'forgetUser' },
          { guard: 'anotherAccount', target: 'signedIn', reenter: true, actions: 'adoptSession' },
        ],
      },
      states: {
        profile: {
          initial: 'syncing',
          on: {
            // Re-entered so a save in flight restarts with every change merged (the PATCH is idempotent).
            'auth.update': {
              target: '.saving',
              reenter: true,
              actions: ['applyUpdate', { type: 'persistExtras', params: ({ context }) => ({ user: context.user! }) }],
            },
          },
          states: {
            syncing: {
              tags: ['profileLoading'],
              invoke: {
                id: 'fetchProfile',
                src: 'fetchProfile',
                input: ({ context }) => ({ uid: context.user!.uid }),
                onDone: {
                  target: 'ready',
                  actions: ['applyProfile', { type: 'persistExtras', params: ({ context }) => ({ user: context.user! }) }],
                },
                onError: [
                  { guard: 'sessionRefused', target: 'sessionEnded', actions: 'noteProfileError' },
                  { target: 'unavailable', actions: 'noteProfileError' },
                ],
              },
            },
            saving: {
              tags: ['profileSaving'],
              invoke: {
                id: 'saveProfile',
                src: 'saveProfile',
                input: ({ context }) => ({ uid: context.user!.uid, changes: context.pendingUpdate ?? {} }),
                onDone: {
                  target: 'ready',
                  actions: ['applyProfile', { type: 'persistExtras', params: ({ context }) => ({ user: context.user! }) }],
                },
                onError: [
                  { guard: 'sessionRefused', target: 'sessionEnded', actions: 'noteProfileError' },
                  { guard: 'profileKnown', target: 'ready', actions: 'noteProfileError' },
                  { target: 'unavailable', actions: 'noteProfileError' },
                ],
              },
            },
            ready: {},
            unavailable: {
              on: { 'auth.refresh': { target: 'syncing', actions: 'clearProfileError' } },
            },
            // The server no longer accepts this browser's session: asking again cannot help, signing in again does.
            sessionEnded: {
              tags: ['sessionEnded'],
            },
          },
        },
        password: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'auth.setPassword': { guard: 'canSetPassword', target: 'saving', actions: 'clearPasswordFeedback' } },
            },
            saving: {
              tags: ['passwordSaving'],
              invoke: {
                id: 'setPassword',
                src: 'setPassword',
                input: ({ event }) => {
                  assertEvent(event, 'auth.setPassword');
                  return { password: event.password };
                },
                onDone: [
                  { guard: 'passwordWasSet', target: 'idle', actions: 'notePasswordSet' },
                  { target: 'idle', actions: 'notePasswordEmailed' },
                ],
                onError: { target: 'idle', actions: 'notePasswordError' },
              },
            },
          },
        },
      },
    },
  },
});

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;
