import { assertEvent, assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AccountProfile, ProfileUpdate } from '../src/domain/account';
import type { PlanKey } from '../src/domain/plans';

/**
 * Who is signed in (SPEC.md §3 User, §4 Auth state, §5, §7.6, §8; DESIGN.md D4, D6, D13).
 *
 * loading until the first auth check, then signedOut or signedIn; the in-flight states of sign in, create account,
 * sign in with a custom token and sign out. signedIn runs two regions side by side: the server's profile (the only
 * source of the purchased plan) and setting a password. The machine names its effects; the app supplies them with
 * `.provide()`: `watchSession` (the identity provider's auth-state subscription), the sign-in calls, the profile
 * calls to /api/me, and `persistExtras` (the local cache `growth.user.{uid}`).
 */

/** The identity provider's user, reduced to what the site needs. */
export interface AuthAccount {
  uid: string;
  email: string | null;
  displayName: string | null;
  /** False for accounts created at payment, which have no password until the client sets one (D13). */
  hasPassword: boolean;
}

/** What the browser caches per user (D14): a cache for a fast first paint, never proof of anything (D4). */
export interface LocalExtras {
  displayName?: string | null;
  purchasedPlan?: PlanKey | null;
  quizCompleted?: boolean;
}

/** A session as the identity provider reports it, with the cached extras the app found for that uid. */
export interface Session {
  account: AuthAccount;
  extras: LocalExtras | null;
}

/** The user the site shows: the account merged with the local extras, then with the server's profile. */
export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  businessName: string | null;
  role: string | null;
  industry: string | null;
  purchasedPlan: PlanKey | null;
  quizCompleted: boolean;
  hasPassword: boolean;
}

export interface AuthContext {
  user: AuthUser | null;
  /** The last answer of /api/me; the dashboard shows a plan only from here (D4). */
  profile: AccountProfile | null;
  /** The sentence shown after a failed sign-in, sign-up, custom-token sign-in or sign-out. */
  error: string | null;
  /** Why the profile could not be loaded or saved. */
  profileError: string | null;
  /** Changes not yet confirmed by the server; merged when several arrive before it answers. */
  pendingUpdate: ProfileUpdate | null;
  /** The plan picked when creating the account: the user is sent on to pay for it (D4). */
  checkoutPlan: PlanKey | null;
  passwordNotice: string | null;
  passwordError: string | null;
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
  | { type: 'auth.dismissError' };

export type PasswordOutcome = 'set' | 'emailed';

export const authMessages = {
  unexpected: 'An unexpected error occurred.',
  signInNoUser: 'Sign in failed, user not found.',
  signUpNoUser: 'Sign up failed, user not created.',
  customTokenFailed: 'Sign in with custom token failed.',
  planRequired: 'Please select a plan from our pricing page to create an account.',
  passwordSet: 'Your password is set. Next time, sign in with your email and this password.',
  passwordEmailed: (email: string | null) =>
    `For your security, we have emailed a link to ${email ?? 'your address'} to set your password.`,
} as const;

/** The thrown message, else the generic sentence (SPEC.md §8). */
function messageOf(error: unknown): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return authMessages.unexpected;
}

function errorOf(event: unknown): unknown {
  return (event as { error?: unknown }).error;
}

function outputOf<T>(event: unknown): T {
  return (event as { output: T }).output;
}

export function mergeUser(account: AuthAccount, extras: LocalExtras | null, profile: AccountProfile | null = null): AuthUser {
  return {
    uid: account.uid,
    email: profile?.email || account.email,
    displayName: profile?.displayName || extras?.displayName || account.displayName || null,
    businessName: profile?.businessName ?? null,
    role: profile?.role ?? null,
    industry: profile?.industry ?? null,
    // Once the server has answered, its word replaces the cache entirely (D4).
    purchasedPlan: profile ? profile.purchasedPlan : (extras?.purchasedPlan ?? null),
    quizCompleted: profile ? profile.quizCompleted || !!extras?.quizCompleted : !!extras?.quizCompleted,
    hasPassword: account.hasPassword,
  };
}

function withProfile(user: AuthUser, profile: AccountProfile): AuthUser {
  return {
    ...user,
    email: profile.email || user.email,
    displayName: profile.displayName || user.displayName,
    businessName: profile.businessName,
    role: profile.role,
    industry: profile.industry,
    purchasedPlan: profile.purchasedPlan,
    quizCompleted: profile.quizCompleted,
  };
}

function withChanges(user: AuthUser, changes: ProfileUpdate): AuthUser {
  const { chosenPlan: _chosenPlan, ...fields } = changes;
  return { ...user, ...fields };
}

/** What the cache keeps for a user. */
export function extrasOf(user: AuthUser): Required<LocalExtras> {
  return { displayName: user.displayName, purchasedPlan: user.purchasedPlan, quizCompleted: user.quizCompleted };
}

const signedOutContext = {
  user: null,
  profile: null,
  profileError: null,
  pendingUpdate: null,
  checkoutPlan: null,
  passwordNotice: null,
  passwordError: null,
} satisfies Omit<AuthContext, 'error'>;

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
    profileKnown: ({ context }) => context.profile !== null,
    passwordWasSet: ({ event }) => outputOf<PasswordOutcome>(event) === 'set',
    // Only an account without a password, and only until this session's request has been answered (D13).
    canSetPassword: ({ context }) => !!context.user && !context.user.hasPassword && context.passwordNotice === null,
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
    // Sign-up stores the chosen plan as an intention and sets quizCompleted false (SPEC.md §3, D4).
    adoptSignedUp: assign(({ context, event }) => {
      const { account } = outputOf<Session>(event);
      const user = mergeUser(account, { displayName: account.displayName, purchasedPlan: null, quizCompleted: false });
      const pendingUpdate: ProfileUpdate = { quizCompleted: false };
      if (account.displayName) pendingUpdate.displayName = account.displayName;
      if (context.checkoutPlan) pendingUpdate.chosenPlan = context.checkoutPlan;
      return { ...signedOutContext, checkoutPlan: context.checkoutPlan, user, pendingUpdate, error: null };
    }),
    // Sign-in with a custom token comes from a verified payment: the quiz was part of it (SPEC.md §3, §7.6).
    adoptTokenSession: assign(({ event }) => {
      const session = outputOf<Session>(event);
      const user = mergeUser(session.account, { ...session.extras, quizCompleted: true });
      return { ...signedOutContext, user, pendingUpdate: { quizCompleted: true }, error: null };
    }),
    forgetUser: assign({ ...signedOutContext, error: null }),
    noteUnavailable: assign({
      ...signedOutContext,
      error: ({ event }) => {
        assertEvent(event, 'auth.unavailable');
        return event.message || authMessages.unexpected;
      },
    }),
    clearError: assign({ error: null }),
    rememberCheckoutPlan: assign({
      error: null,
      checkoutPlan: ({ event }) => {
        assertEvent(event, 'auth.signUp');
        return event.plan;
      },
    }),
    requirePlan: assign({ error: authMessages.planRequired }),
    showError: assign({ error: ({ event }) => messageOf(errorOf(event)) }),
    showSignUpError: assign({ error: ({ event }) => messageOf(errorOf(event)), checkoutPlan: null }),
    signInFoundNoUser: assign({ error: authMessages.signInNoUser }),
    signUpCreatedNoUser: assign({ error: authMessages.signUpNoUser, checkoutPlan: null }),
    customTokenFoundNoUser: assign({ error: authMessages.customTokenFailed }),
    // Whatever went wrong underneath, a failed custom-token sign-in reads as SPEC.md §8 says.
    customTokenFailed: assign({ error: authMessages.customTokenFailed }),
    applyProfile: assign(({ context, event }) => {
      const profile = outputOf<AccountProfile>(event);
      return {
        profile,
        profileError: null,
        pendingUpdate: null,
        user: context.user ? withProfile(context.user, profile) : null,
      };
    }),
    noteProfileError: assign({ profileError: ({ event }) => messageOf(errorOf(event)) }),
    clearProfileError: assign({ profileError: null }),
    applyUpdate: assign(({ context, event }) => {
      assertEvent(event, 'auth.update');
      return {
        user: context.user ? withChanges(context.user, event.changes) : null,
        pendingUpdate: { ...context.pendingUpdate, ...event.changes },
        profileError: null,
      };
    }),
    clearPasswordFeedback: assign({ passwordNotice: null, passwordError: null }),
    notePasswordSet: assign(({ context }) => ({
      passwordNotice: authMessages.passwordSet,
      passwordError: null,
      user: context.user ? { ...context.user, hasPassword: true } : null,
    })),
    notePasswordEmailed: assign(({ context }) => ({
      passwordNotice: authMessages.passwordEmailed(context.user?.email ?? null),
      passwordError: null,
    })),
    notePasswordError: assign({ passwordError: ({ event }) => messageOf(errorOf(event)) }),
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
      },
    },
    signedOut: {
      on: {
        'auth.signIn': { target: 'signingIn', actions: 'clearError' },
        'auth.signUp': [
          { guard: 'hasPlan', target: 'signingUp', actions: 'rememberCheckoutPlan' },
          { actions: 'requirePlan' },
        ],
        'auth.signInWithToken': { target: 'signingInWithToken', actions: 'clearError' },
        // Signed in in another tab.
        'auth.changed': { guard: 'hasSession', target: 'signedIn', actions: 'adoptSession' },
        'auth.dismissError': { actions: 'clearError' },
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
                onError: { target: 'unavailable', actions: 'noteProfileError' },
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
                  { guard: 'profileKnown', target: 'ready', actions: 'noteProfileError' },
                  { target: 'unavailable', actions: 'noteProfileError' },
                ],
              },
            },
            ready: {},
            unavailable: {
              on: { 'auth.refresh': { target: 'syncing', actions: 'clearProfileError' } },
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

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';
export type AuthActivity = 'signIn' | 'signUp' | 'customToken' | 'signOut' | null;
export type ProfileStatus = 'loading' | 'saving' | 'ready' | 'unavailable' | null;

/** The narrow, serialisable view of the machine that the app's hooks hand to views. */
export interface AuthState {
  status: AuthStatus;
  activity: AuthActivity;
  user: AuthUser | null;
  profile: AccountProfile | null;
  profileStatus: ProfileStatus;
  profileError: string | null;
  error: string | null;
  checkoutPlan: PlanKey | null;
  passwordSaving: boolean;
  passwordNotice: string | null;
  passwordError: string | null;
}

const activities: Record<string, AuthActivity> = {
  signingIn: 'signIn',
  signingUp: 'signUp',
  signingInWithToken: 'customToken',
  signingOut: 'signOut',
};

export function authStateOf(snapshot: AuthSnapshot): AuthState {
  const { context } = snapshot;
  const status: AuthStatus = snapshot.matches('loading')
    ? 'loading'
    : snapshot.matches('signedIn') || snapshot.matches('signingOut') || (snapshot.matches('signingInWithToken') && context.user)
      ? 'signedIn'
      : 'signedOut';
  const top = typeof snapshot.value === 'string' ? snapshot.value : 'signedIn';
  let profileStatus: ProfileStatus = null;
  if (snapshot.matches({ signedIn: { profile: 'syncing' } })) profileStatus = 'loading';
  else if (snapshot.matches({ signedIn: { profile: 'saving' } })) profileStatus = 'saving';
  else if (snapshot.matches({ signedIn: { profile: 'ready' } })) profileStatus = 'ready';
  else if (snapshot.matches({ signedIn: { profile: 'unavailable' } })) profileStatus = 'unavailable';
  return {
    status,
    activity: activities[top] ?? null,
    user: context.user,
    profile: context.profile,
    profileStatus,
    profileError: context.profileError,
    error: context.error,
    checkoutPlan: context.checkoutPlan,
    passwordSaving: snapshot.hasTag('passwordSaving'),
    passwordNotice: context.passwordNotice,
    passwordError: context.passwordError,
  };
}
