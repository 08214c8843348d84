import { afterEach, describe, expect, it } from 'vitest';
import { firstName, safeRedirect, signInDestination, type SignedInUser } from '../../src/domain/account';
import { parseProfileUpdate } from '../../src/domain/profileUpdate';
import { authErrorMessage, toAuthError } from '../../src/lib/auth/messages';
import { extrasKey, readExtras, writeExtras } from '../../src/lib/auth/extras';
import { firebaseWebConfig } from '../../src/lib/auth/config';
import { hasStoredSession, sessionStorageKey } from '../../src/lib/auth/session';
import { AuthStore, createLiveAuthStore, type AuthActorLike } from '../../src/lib/auth/store';
import { placeholderAuthSnapshot, type AuthView } from '../../src/lib/auth/authSnapshot';
import { asha, authSnapshotAt, signedInSnapshot } from '../authSnapshots';
import type { AuthEvent } from '../../machines/auth.machine';

afterEach(() => window.localStorage.clear());

const user = (overrides: Partial<SignedInUser> = {}): SignedInUser => ({ ...asha, ...overrides });

describe('where a signed-in user goes (docs/product.md §4, D4, D16)', () => {
  it('with a purchased plan and the quiz done: the dashboard', () => {
    expect(signInDestination(user({ purchasedPlan: 'launchpad', quizCompleted: true }))).toEqual({ to: '/dashboard' });
  });

  it('with a purchased plan and the quiz not done: the quiz', () => {
    expect(signInDestination(user({ purchasedPlan: 'launchpad' }))).toEqual({ to: '/get-started' });
  });

  it('without a plan: pricing', () => {
    expect(signInDestination(user())).toEqual({ to: '/pricing' });
  });

  it('back to the page that asked for sign-in', () => {
    expect(signInDestination(user(), { redirect: '/dashboard' })).toEqual({ to: '/dashboard' });
    expect(signInDestination(user({ purchasedPlan: 'launchpad' }), { redirect: '/report?lang=hi' })).toEqual({ to: '/report?lang=hi' });
  });

  it('after creating an account for a plan: on to pay for it, with the profile details', () => {
    expect(
      signInDestination(user({ businessName: null, role: null, industry: null }), {
        checkoutPlan: 'growth-engine',
        redirect: '/dashboard',
      }),
    ).toEqual({
      to: '/payment',
      state: {
        plan: 'growth-engine',
        userDetails: expect.objectContaining({
          fullName: 'Asha Rao',
          email: 'asha@raostores.in',
          phone: '',
          businessName: "Asha Rao's Business",
          role: 'Owner',
          industry: 'Other',
          acceptTerms: true,
        }),
      },
    });
  });

  it('not to checkout for a plan already bought, nor for one not sold online', () => {
    expect(signInDestination(user({ purchasedPlan: 'launchpad', quizCompleted: true }), { checkoutPlan: 'launchpad' }).to).toBe(
      '/dashboard',
    );
    expect(signInDestination(user(), { checkoutPlan: 'scale-up' }).to).toBe('/pricing');
  });

  it.each([
    ['https://evil.example/phish', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['dashboard', null],
    ['/signin', null],
    ['/signin?redirect=/signin', null],
    ['/dash\nboard', null],
    ['', null],
    ['/dashboard', '/dashboard'],
    ['/signing-up-guide', '/signing-up-guide'],
  ])('accepts only paths inside the site as a redirect: %j', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it('greets by first name', () => {
    expect(firstName('Asha Rao')).toBe('Asha');
    expect(firstName('  Meera  ')).toBe('Meera');
    expect(firstName(null)).toBe('there');
    expect(firstName('   ', '')).toBe('');
  });
});

describe('profile updates (PATCH /api/me)', () => {
  it('accepts the fields a client may change, trimmed', () => {
    expect(
      parseProfileUpdate({ displayName: ' Asha Rao ', businessName: 'Rao Stores', quizCompleted: true, chosenPlan: 'launchpad' }),
    ).toEqual({
      ok: true,
      value: { displayName: 'Asha Rao', businessName: 'Rao Stores', quizCompleted: true, chosenPlan: 'launchpad' },
    });
  });

  it('refuses the entitlement and anything unknown, naming each', () => {
    expect(parseProfileUpdate({ purchasedPlan: 'scale-up', purchasedAt: 'now' })).toEqual({
      ok: false,
      fieldErrors: { purchasedPlan: 'purchasedPlan cannot be changed here.', purchasedAt: 'purchasedAt cannot be changed here.' },
    });
  });

  it('refuses a body that is not an object', () => {
    expect(parseProfileUpdate([1, 2])).toMatchObject({ ok: false });
    expect(parseProfileUpdate(null)).toMatchObject({ ok: false });
  });
});

describe('identity provider errors as sentences', () => {
  const codes = [
    'invalid-credential',
    'wrong-password',
    'user-not-found',
    'email-already-in-use',
    'weak-password',
    'invalid-email',
    'too-many-requests',
    'network-request-failed',
    'user-disabled',
    'requires-recent-login',
    'popup-closed-by-user',
    'expired-action-code',
  ];

  it.each(codes)('auth/%s reads as a sentence, never as the raw Firebase text', (code) => {
    const error = Object.assign(new Error(`Firebase: Error (auth/${code}).`), { code: `auth/${code}` });
    const message = authErrorMessage(error);
    expect(message).not.toMatch(/Firebase|auth\//);
    expect(message).toMatch(/^[A-Z].*[.!?]$/);
  });

  it('says the same for a wrong password and an unknown email (no account enumeration)', () => {
    const say = (code: string) => authErrorMessage({ code: `auth/${code}` });
    expect(say('wrong-password')).toBe(say('invalid-credential'));
    expect(say('user-not-found')).toBe(say('invalid-credential'));
  });

  it('keeps the human part of an unknown Firebase error, else the generic sentence', () => {
    expect(authErrorMessage(new Error('Firebase: Something odd happened (auth/brand-new-code).'))).toBe('Something odd happened.');
    expect(authErrorMessage(new Error('Firebase: Error (auth/brand-new-code).'))).toBe('An unexpected error occurred.');
    expect(authErrorMessage({})).toBe('An unexpected error occurred.');
    expect(toAuthError({ code: 'auth/weak-password' })).toMatchObject({
      message: 'Choose a stronger password of at least 6 characters.',
      code: 'auth/weak-password',
    });
  });
});

describe('the local cache growth.user.{uid} (D14)', () => {
  it('round-trips the three extras', () => {
    writeExtras('u1', { displayName: 'Asha', purchasedPlan: 'launchpad', quizCompleted: true });
    expect(window.localStorage.getItem('growth.user.u1')).toBe('{"displayName":"Asha","purchasedPlan":"launchpad","quizCompleted":true}');
    expect(readExtras('u1')).toEqual({ displayName: 'Asha', purchasedPlan: 'launchpad', quizCompleted: true });
  });

  it('reads hand-edited or broken values as harmlessly as it can', () => {
    window.localStorage.setItem(extrasKey('u2'), '{"purchasedPlan":"platinum","quizCompleted":"yes","displayName":7}');
    expect(readExtras('u2')).toEqual({ displayName: null, purchasedPlan: null, quizCompleted: false });
    window.localStorage.setItem(extrasKey('u3'), 'not json');
    expect(readExtras('u3')).toBeNull();
    expect(readExtras('nobody')).toBeNull();
  });
});

describe('the browser Firebase settings', () => {
  it('default to the Auth Emulator of `npm start`', () => {
    expect(firebaseWebConfig({})).toEqual({
      apiKey: 'demo-api-key',
      authDomain: 'demo-growth.firebaseapp.com',
      projectId: 'demo-growth',
      appId: undefined,
      emulatorUrl: 'http://127.0.0.1:9099',
    });
  });

  it('use a real project when VITE_FIREBASE_* name one', () => {
    expect(
      firebaseWebConfig({
        VITE_FIREBASE_API_KEY: 'AIzaReal',
        VITE_FIREBASE_AUTH_DOMAIN: 'growthpath.firebaseapp.com',
        VITE_FIREBASE_PROJECT_ID: 'growthpath-prod',
        VITE_FIREBASE_APP_ID: '1:2:web:3',
      }),
    ).toEqual({
      apiKey: 'AIzaReal',
      authDomain: 'growthpath.firebaseapp.com',
      projectId: 'growthpath-prod',
      appId: '1:2:web:3',
      emulatorUrl: undefined,
    });
  });

  it('know a session is stored only by Firebase’s own key', () => {
    expect(hasStoredSession()).toBe(false);
    window.localStorage.setItem('growth.user.u1', '{}');
    expect(hasStoredSession()).toBe(false);
    window.localStorage.setItem(sessionStorageKey(), '{"uid":"u1"}');
    expect(hasStoredSession()).toBe(true);
  });
});

describe('the app-wide auth store', () => {
  function fakeActor(initial: AuthView) {
    const sent: AuthEvent[] = [];
    let state = initial;
    const listeners = new Set<(state: AuthView) => void>();
    const actor: AuthActorLike = {
      getSnapshot: () => state,
      subscribe: (listener) => (listeners.add(listener), { unsubscribe: () => void listeners.delete(listener) }),
      send: (event) => void sent.push(event),
    };
    return { actor, sent, set: (next: AuthView) => ((state = next), listeners.forEach((listener) => listener(next))) };
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('starts signed out, without loading anything, when no session is stored', () => {
    const store = createLiveAuthStore();
    expect(store.getSnapshot().matches('signedOut')).toBe(true);
    expect(store.getStatus()).toBe('idle');
  });

  it('starts loading when a session is stored', () => {
    window.localStorage.setItem(sessionStorageKey(), '{}');
    expect(createLiveAuthStore().getSnapshot().hasTag('checking')).toBe(true);
  });

  it('holds events until the machine is there, then follows it', async () => {
    const fake = fakeActor(authSnapshotAt('signedOut'));
    let release!: () => void;
    const store = new AuthStore(() => new Promise((resolve) => (release = () => resolve(fake.actor))), placeholderAuthSnapshot('loading'));
    store.send({ type: 'auth.signIn', email: 'a@b.in', password: 'x' });
    expect(store.getStatus()).toBe('loading');
    expect(fake.sent).toEqual([]);
    release();
    await settled();
    expect(store.getStatus()).toBe('ready');
    expect(store.getSnapshot()).toBe(fake.actor.getSnapshot());
    expect(fake.sent).toEqual([{ type: 'auth.signIn', email: 'a@b.in', password: 'x' }]);
    const seen: string[] = [];
    store.subscribe(() => seen.push(String(store.getSnapshot().context.user?.uid)));
    fake.set(signedInSnapshot());
    expect(seen).toEqual(['u-asha']);
  });

  it('says so when sign-in cannot be loaded, and tries again next time', async () => {
    const fake = fakeActor(authSnapshotAt('signedOut'));
    let attempts = 0;
    const store = new AuthStore(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return fake.actor;
    }, placeholderAuthSnapshot('loading'));
    store.send({ type: 'auth.signIn', email: 'a@b.in', password: 'x' });
    await settled();
    expect(store.getStatus()).toBe('failed');
    expect(store.getSnapshot().matches('signedOut')).toBe(true);
    expect(store.getSnapshot().context.error).toEqual({ message: 'We could not load sign-in. Check your connection and try again.' });
    store.load();
    await settled();
    expect(attempts).toBe(2);
    expect(store.getSnapshot()).toBe(fake.actor.getSnapshot());
    // The event sent before the failed download is not replayed later: the person sends it again.
    expect(fake.sent).toEqual([]);
  });
});
