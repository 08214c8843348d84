import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initializeApp as initializeAdminApp, deleteApp, type App } from 'firebase-admin/app';
import { getAuth as adminAuth } from 'firebase-admin/auth';
import { firebaseAuth } from '../../src/lib/firebase';
import { firebaseWebConfig } from '../../src/lib/auth/config';
import { hasStoredSession } from '../../src/lib/auth/session';
import { extrasKey, readExtras, writeExtras } from '../../src/lib/auth/extras';
import { liveAuthMachine, startAuthActor } from '../../src/lib/auth/runtime';
import type { AuthActorLike } from '../../src/lib/auth/store';
import type { AuthView } from '../../src/lib/auth/authSnapshot';
import { failureText, passwordNotice } from '../../src/lib/auth/authWords';
import type { AccountProfile, ProfileUpdate } from '../../src/domain/account';

/**
 * The browser side against the real Firebase Auth Emulator (the Firebase SDK runs in jsdom): the adapter, the error
 * sentences, and the live machine signing in with a custom token minted by firebase-admin, the way the payment flow
 * will. (Firebase's Node build keeps sessions in memory here; the local-storage session key the header relies on is
 * checked in Chromium, tests/e2e/auth.spec.ts.) Fails when no emulator answers at FIREBASE_AUTH_EMULATOR_HOST
 * (default 127.0.0.1:9099): `npm run test:unit` starts one.
 */

const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const emulatorUp = await fetch(`http://${emulatorHost}/`, { signal: AbortSignal.timeout(1_500) })
  .then((response) => response.ok)
  .catch(() => false);
// A missing emulator is a broken set-up, never a reason to skip.
if (!emulatorUp)
  throw new Error(`No Firebase Auth Emulator answers at ${emulatorHost}: run the tests with \`npm run test:unit\`, which starts one.`);

const config = firebaseWebConfig({ VITE_FIREBASE_AUTH_EMULATOR_HOST: emulatorHost });
const email = () => `meera.${randomUUID()}@example.in`;

describe('Firebase adapter and live auth runtime (Auth Emulator)', () => {
  const adapter = firebaseAuth(config);
  let adminApp: App;

  beforeAll(() => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    adminApp = initializeAdminApp({ projectId: config.projectId }, `auth-firebase-test-${randomUUID()}`);
  });

  afterAll(async () => {
    await adapter.signOut();
    await deleteApp(adminApp);
  });

  it('turns the identity provider’s codes into plain sentences', async () => {
    const address = email();
    await adapter.createAccount('Meera Shah', address, 'secret-123');
    await adapter.signOut();

    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => 'no error',
        (error: Error) => error.message,
      );
    // A wrong password and an unknown address read the same (and do on a real project with enumeration protection).
    const wrong = await failure(adapter.signIn(address, 'not-the-password'));
    expect(wrong).toBe('The email or password is incorrect. Please try again.');
    expect(await failure(adapter.signIn(email(), 'whatever-123'))).toBe(wrong);
    expect(await failure(adapter.createAccount('Meera', address, 'secret-123'))).toBe(
      'An account with this email already exists. Sign in instead, or use another email.',
    );
    expect(await failure(adapter.createAccount('Meera', email(), '123'))).toBe('Choose a stronger password of at least 6 characters.');
    expect(await failure(adapter.createAccount('Meera', 'not-an-email', 'secret-123'))).toBe('Please enter a valid email address.');
  });

  it('answers a password-reset request alike for an account and an unknown address, and the link resets', async () => {
    const admin = adminAuth(adminApp);
    // A buyer fulfilled while their browser was closed: an account with no password (docs/decisions/096).
    const buyer = await admin.createUser({ email: email(), displayName: 'Ravi Kumar' });
    await expect(adapter.sendPasswordReset(buyer.email!)).resolves.toBeUndefined();
    await expect(adapter.sendPasswordReset(email())).resolves.toBeUndefined();

    const listing = (await (await fetch(`http://${emulatorHost}/emulator/v1/projects/${config.projectId}/oobCodes`)).json()) as {
      oobCodes: { email: string; requestType: string; oobCode: string }[];
    };
    const code = listing.oobCodes.findLast((entry) => entry.email === buyer.email && entry.requestType === 'PASSWORD_RESET');
    expect(code).toBeDefined();
    const reset = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=any`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode: code!.oobCode, newPassword: 'later-secret-1' }),
    });
    expect(reset.ok).toBe(true);
    expect((await adapter.signIn(buyer.email!, 'later-secret-1'))?.uid).toBe(buyer.uid);
    await adapter.signOut();
  });

  it('signs in with a custom token minted by firebase-admin, sets quizCompleted, and sees the claims', async () => {
    const admin = adminAuth(adminApp);
    const buyer = await admin.createUser({ email: email(), displayName: 'Ravi Kumar' });
    await admin.setCustomUserClaims(buyer.uid, { plan: 'growth-engine' });
    const token = await admin.createCustomToken(buyer.uid);

    const saved: ProfileUpdate[] = [];
    const profile = (changes: ProfileUpdate): AccountProfile => ({
      uid: buyer.uid,
      email: buyer.email!,
      displayName: 'Ravi Kumar',
      businessName: null,
      role: null,
      industry: null,
      quizCompleted: !!changes.quizCompleted,
      chosenPlan: null,
      purchasedPlan: 'growth-engine',
      purchasedAt: '2026-03-01T00:00:00.000Z',
    });
    const runtime = startAuthActor(
      liveAuthMachine({
        adapter,
        getAccount: async () => profile({}),
        updateAccount: async (idToken, changes) => {
          // The server would verify this token; here it must at least be the buyer's, with the plan claim.
          const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
          expect(claims).toMatchObject({ sub: buyer.uid, plan: 'growth-engine' });
          saved.push(changes);
          return profile(changes);
        },
        readExtras: (uid) => readExtras(uid),
        writeExtras: (uid, extras) => writeExtras(uid, extras),
        hasStoredSession: () => hasStoredSession(),
      }),
    );
    // Nobody is signed in in this browser: the first check is answered at once, without waiting for Firebase.
    expect(runtime.getSnapshot().matches('signedOut')).toBe(true);

    // The payment page sends the token as an event; how it went is the machine's state.
    runtime.send({ type: 'auth.signInWithToken', token });
    expect(runtime.getSnapshot().matches('signingInWithToken')).toBe(true);
    await until(runtime, (state) => !state.matches('signingInWithToken'));
    expect(runtime.getSnapshot().matches('signedIn')).toBe(true);
    expect(runtime.getSnapshot().context.error).toBeNull();
    expect(runtime.getSnapshot().context.user).toMatchObject({
      uid: buyer.uid,
      displayName: 'Ravi Kumar',
      quizCompleted: true,
      hasPassword: false,
    });
    await until(runtime, (state) => state.matches({ signedIn: { profile: 'ready' } }));
    expect(saved).toEqual([{ quizCompleted: true }]);
    expect(runtime.getSnapshot().context.profile).toMatchObject({ purchasedPlan: 'growth-engine', quizCompleted: true });
    expect(JSON.parse(window.localStorage.getItem(extrasKey(buyer.uid))!)).toEqual({
      displayName: 'Ravi Kumar',
      purchasedPlan: 'growth-engine',
      quizCompleted: true,
    });

    // Right after payment the buyer can give the account a password (D13). Both clocks count whole seconds: a
    // password set in the same second as the sign-in would hide a revoked session, so a real buyer's pause is kept.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    runtime.send({ type: 'auth.setPassword', password: 'new-secret-1' });
    await until(runtime, (state) => !state.hasTag('passwordSaving'));
    expect(passwordNotice(runtime.getSnapshot().context)).toMatch(/Your password is set/);
    expect(runtime.getSnapshot().context.user?.hasPassword).toBe(true);
    // A password change revokes every token issued before it; the session that made the change keeps working with
    // the server, which verifies tokens with the revocation check (server/auth/requireUser.ts).
    const afterChange = await adapter.idToken();
    await expect(adminAuth(adminApp).verifyIdToken(afterChange, true)).resolves.toMatchObject({ uid: buyer.uid });
    await adapter.signOut();
    expect((await adapter.signIn(buyer.email!, 'new-secret-1'))?.uid).toBe(buyer.uid);

    runtime.send({ type: 'auth.signOut' });
    await until(runtime, (state) => state.matches('signedOut'));
    runtime.stop();
  });

  it('rejects an invalid custom token with the brief’s sentence', async () => {
    const runtime = startAuthActor(
      liveAuthMachine({
        adapter,
        getAccount: async () => {
          throw new Error('not called');
        },
        updateAccount: async () => {
          throw new Error('not called');
        },
        readExtras: () => null,
        writeExtras: () => undefined,
        hasStoredSession: () => false,
      }),
    );
    runtime.send({ type: 'auth.signInWithToken', token: 'not-a-token' });
    await until(runtime, (state) => !state.matches('signingInWithToken'));
    expect(runtime.getSnapshot().matches('signedOut')).toBe(true);
    expect(runtime.getSnapshot().context.user).toBeNull();
    expect(failureText(runtime.getSnapshot().context.error)).toBe('Sign in with custom token failed.');
    runtime.stop();
  });
});

function until(runtime: AuthActorLike, done: (state: AuthView) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (done(runtime.getSnapshot())) return resolve();
    const subscription = runtime.subscribe((state) => {
      if (done(state)) {
        subscription.unsubscribe();
        resolve();
      }
    });
  });
}
