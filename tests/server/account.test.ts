import { generateKeyPairSync, createSign, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Auth } from 'firebase-admin/auth';
import { firebaseAdminAuth } from '../../server/auth/firebaseAdmin';
import { firebaseTokenVerifier } from '../../server/auth/requireUser';
import { firebasePlanClaims } from '../../server/auth/claims';
import { createAccountService, grantPlan } from '../../server/auth/service';
import { silentLogger } from '../../server/logger';
import { userProfiles } from '../../server/db/schema';
import type { AccountProfile } from '../../src/domain/account';
import { unsafeTextMessage } from '../../src/domain/text';
import { loadConfig } from '../../server/config';
import { emulatorHost, projectId } from './authEmulator';
import { isErrorShape, openTestDatabase, startApp, testConfig, type RunningApp, type TestDatabase } from './support';

/**
 * GET and PATCH /api/me against the Firebase Auth Emulator: real ID tokens, real verification by firebase-admin.
 * The emulator is the one at FIREBASE_AUTH_EMULATOR_HOST (default 127.0.0.1:9099); the file fails when nothing
 * answers there (./authEmulator.ts).
 */

const config = testConfig({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, FIREBASE_PROJECT_ID: projectId });

let testDb: TestDatabase;
let app: RunningApp;
let admin: Auth;

beforeAll(async () => {
  testDb = await openTestDatabase();
  app = await startApp({ db: testDb.db, config });
  admin = firebaseAdminAuth(config.firebase);
});

afterAll(async () => {
  await app?.close();
  await testDb?.close();
});

const me = (token?: string, init: RequestInit = {}) =>
  fetch(`${app.url}/api/me`, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
  });

const patch = (token: string, body: unknown, contentType = 'application/json') =>
  me(token, { method: 'PATCH', headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) });

async function expectRefused(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body: unknown = await response.json();
  expect(isErrorShape(body)).toBe(true);
  expect((body as { error: { code: string } }).error.code).toBe(code);
  if (status === 401) expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="growthpath"/);
  return body as { error: { code: string; message: string; details?: { fieldErrors?: Record<string, string> } } };
}

/** An unsigned JWT in the emulator's own format, with whatever claims a test needs. */
function unsignedToken(claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'none', typ: 'JWT' }) {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part(header)}.${part(claims)}.`;
}

function idTokenClaims(uid: string, overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now - 10,
    user_id: uid,
    sub: uid,
    iat: now - 10,
    exp: now + 3600,
    firebase: { identities: {}, sign_in_provider: 'custom' },
    ...overrides,
  };
}

describe('accounts configuration', () => {
  it('uses the emulator, in the demo-growth project unless told otherwise, when it is named', () => {
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).firebase).toEqual({
      mode: 'emulator',
      projectId: 'demo-growth',
      emulatorHost: '127.0.0.1:9099',
    });
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199', FIREBASE_PROJECT_ID: 'demo-other' }).firebase).toEqual({
      mode: 'emulator',
      projectId: 'demo-other',
      emulatorHost: '127.0.0.1:9199',
    });
  });

  it('uses the real project with a service account, taking its project id', () => {
    // Live auth takes the sandbox gateway only when told (hardening round 2); payments are not under test here.
    const onTheSandbox = { ALLOW_SANDBOX_PAYMENTS: 'true' };
    const serviceAccount = { project_id: 'growthpath-prod', client_email: 'x@y', private_key: 'k' };
    expect(loadConfig({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify(serviceAccount), ...onTheSandbox }).firebase).toEqual({
      mode: 'live',
      projectId: 'growthpath-prod',
      serviceAccount,
    });
    expect(
      loadConfig({ GOOGLE_APPLICATION_CREDENTIALS: '/run/secrets/sa.json', FIREBASE_PROJECT_ID: 'gp', ...onTheSandbox }).firebase,
    ).toEqual({
      mode: 'live',
      projectId: 'gp',
      serviceAccount: undefined,
    });
  });

  it('refuses a service account that is not JSON, naming the variable', () => {
    expect(() => loadConfig({ FIREBASE_SERVICE_ACCOUNT: '/path/to/sa.json' })).toThrow(
      /FIREBASE_SERVICE_ACCOUNT: must be the service account JSON itself/,
    );
  });

  it('never runs on the emulator by default: its tokens are unsigned', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/no Firebase service account/);
    expect(() => loadConfig({})).toThrow(/no Firebase service account/);
    // Asked for by name, it runs outside production (a demo on this machine); production refuses it (config.test.ts).
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).modes.auth).toBe('emulator');
    const production = {
      NODE_ENV: 'production',
      SITE_URL: 'https://growthpath.in',
      RAZORPAY_KEY_ID: 'rzp_live_1',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
    };
    expect(loadConfig({ ...production, GOOGLE_APPLICATION_CREDENTIALS: '/sa.json' }).modes.auth).toBe('live');
  });
});

describe('without a valid token (no emulator needed)', () => {
  it('refuses a request with no Authorization header: 401, and asks for a Bearer token', async () => {
    const body = await expectRefused(await me(), 401, 'unauthenticated');
    expect(body.error.message).toBe('Please sign in to continue.');
  });

  it.each([
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['an empty bearer', 'Bearer '],
    ['characters no JWT has', 'Bearer a.b.c<script>'],
    ['a token far too long', `Bearer ${'a'.repeat(9000)}`],
  ])('refuses %s: 401 invalid_token', async (_name, header) => {
    await expectRefused(await fetch(`${app.url}/api/me`, { headers: { authorization: header } }), 401, 'invalid_token');
  });

  it('refuses a token that is not a JWT at all', async () => {
    await expectRefused(await me('not.a.token'), 401, 'invalid_token');
  });

  it('refuses a PATCH without a token before reading its body', async () => {
    const response = await fetch(`${app.url}/api/me`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: 'Mallory' }),
    });
    await expectRefused(response, 401, 'unauthenticated');
    expect(await testDb.db.select().from(userProfiles)).toEqual([]);
  });

  it('answers other methods with 405 and the allowed ones', async () => {
    const response = await fetch(`${app.url}/api/me`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, PATCH');
  });

  it('never caches an answer', async () => {
    expect((await me()).headers.get('cache-control')).toBe('no-store');
  });
});

describe('the plan claim is a cache of the database (no emulator needed)', () => {
  const user = (claims: Record<string, unknown>) => ({ uid: `u-${randomUUID()}`, email: 'a@example.in', name: 'A', claims });

  it('answers from the database even when the claim cannot be corrected, and logs that it could not', async () => {
    const warnings: string[] = [];
    const service = createAccountService({
      db: testDb.db,
      claims: { reconcile: async () => Promise.reject(new Error('identity service down')) },
      logger: { ...silentLogger, warn: (message) => warnings.push(message) },
    });
    expect((await service.profile(user({ plan: 'scale-up' }))).purchasedPlan).toBeNull();
    expect(warnings).toEqual(['plan claim not reconciled']);
  });

  it('asks for a correction only when the token disagrees with the database', async () => {
    const asked: [string, string | null][] = [];
    const service = createAccountService({ db: testDb.db, claims: { reconcile: async (uid, plan) => void asked.push([uid, plan]) } });
    await service.profile(user({}));
    expect(asked).toEqual([]);
    const forged = user({ plan: 'growth-engine' });
    expect((await service.profile(forged)).purchasedPlan).toBeNull();
    expect(asked).toEqual([[forged.uid, null]]);
  });
});

describe('token verification failures map to plain answers', () => {
  const failingWith = (code: string | undefined) =>
    firebaseTokenVerifier({
      verifyIdToken: async () => {
        throw Object.assign(new Error('boom'), code ? { code } : {});
      },
    } as unknown as Auth);

  it.each([
    ['auth/id-token-expired', 401, 'token_expired'],
    ['auth/id-token-revoked', 401, 'token_revoked'],
    ['auth/user-not-found', 401, 'token_revoked'],
    ['auth/user-disabled', 403, 'account_disabled'],
    ['auth/argument-error', 401, 'invalid_token'],
    ['auth/invalid-id-token', 401, 'invalid_token'],
    ['app/network-error', 503, 'auth_unavailable'],
    ['auth/internal-error', 503, 'auth_unavailable'],
    [undefined, 503, 'auth_unavailable'],
  ])('%s -> %i %s', async (code, status, appCode) => {
    await expect(failingWith(code).verify('x')).rejects.toMatchObject({ status, code: appCode });
  });
});

describe('with the Auth Emulator', () => {
  const emulator = `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`;

  async function exchange(path: string, body: Record<string, unknown>): Promise<string> {
    const response = await fetch(`${emulator}/${path}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, returnSecureToken: true }),
    });
    const json = (await response.json()) as { idToken?: string; error?: unknown };
    if (!json.idToken) throw new Error(`emulator refused ${path}: ${JSON.stringify(json.error)}`);
    return json.idToken;
  }

  /** A fresh user (unique email, the emulator is shared) and an ID token the emulator issued for them. */
  async function newUser(name = 'Asha Rao') {
    const email = `asha.${randomUUID()}@example.in`;
    const user = await admin.createUser({ email, password: 'correct-horse', displayName: name });
    const token = await exchange('accounts:signInWithPassword', { email, password: 'correct-horse' });
    return { uid: user.uid, email, token };
  }

  const signInWithCustomToken = async (uid: string) =>
    exchange('accounts:signInWithCustomToken', { token: await admin.createCustomToken(uid) });

  it('answers a new user with their token identity and no plan', async () => {
    const { uid, email, token } = await newUser();
    const response = await me(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      uid,
      email,
      displayName: 'Asha Rao',
      businessName: null,
      role: null,
      industry: null,
      quizCompleted: false,
      chosenPlan: null,
      purchasedPlan: null,
      purchasedAt: null,
    } satisfies AccountProfile);
  });

  it('stores the profile fields a client may change, and answers them back', async () => {
    const { uid, token } = await newUser();
    const changes = {
      displayName: 'Asha Rao',
      businessName: 'Rao Stores',
      role: 'Owner',
      industry: 'Retail',
      quizCompleted: true,
      chosenPlan: 'growth-engine',
    };
    const response = await patch(token, changes);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ...changes, purchasedPlan: null });
    expect(await (await me(token)).json()).toMatchObject({ ...changes, purchasedPlan: null });

    // A later change touches only its own field.
    expect(await (await patch(token, { businessName: '  Rao Stores Pvt Ltd  ' })).json()).toMatchObject({
      businessName: 'Rao Stores Pvt Ltd',
      role: 'Owner',
    });
    const [row] = await testDb.db.select().from(userProfiles).where(eq(userProfiles.uid, uid));
    expect(row).toMatchObject({ businessName: 'Rao Stores Pvt Ltd', chosenPlan: 'growth-engine', purchasedPlan: null });
  });

  it('refuses any attempt to grant itself a plan, and stores nothing', async () => {
    const { uid, token } = await newUser();
    const body = await expectRefused(await patch(token, { displayName: 'Asha', purchasedPlan: 'scale-up' }), 400, 'validation_failed');
    expect(body.error.details?.fieldErrors).toEqual({ purchasedPlan: 'purchasedPlan cannot be changed here.' });
    expect(await testDb.db.select().from(userProfiles).where(eq(userProfiles.uid, uid))).toEqual([]);
    expect((await (await me(token)).json()).purchasedPlan).toBeNull();
  });

  it.each([
    [{ chosenPlan: 'scale-up' }, 'chosenPlan'],
    [{ chosenPlan: 'platinum' }, 'chosenPlan'],
    [{ quizCompleted: 'yes' }, 'quizCompleted'],
    [{ displayName: '' }, 'displayName'],
    [{ businessName: 'x'.repeat(161) }, 'businessName'],
    [{ uid: 'someone-else' }, 'uid'],
  ])('refuses %j naming %s', async (changes, field) => {
    const { token } = await newUser();
    const body = await expectRefused(await patch(token, changes), 400, 'validation_failed');
    expect(Object.keys(body.error.details?.fieldErrors ?? {})).toEqual([field]);
  });

  it('refuses a NUL or a bidi override in the business name with a 400 naming it, and stores nothing (was a 500)', async () => {
    const { uid, token } = await newUser();
    for (const businessName of ['Rao\u0000 Stores', 'Rao \u202eserotS']) {
      const body = await expectRefused(await patch(token, { businessName }), 400, 'validation_failed');
      expect(body.error.details?.fieldErrors).toEqual({ businessName: unsafeTextMessage });
    }
    expect(await testDb.db.select().from(userProfiles).where(eq(userProfiles.uid, uid))).toEqual([]);
  });

  it('refuses a body that is not JSON', async () => {
    const { token } = await newUser();
    await expectRefused(await patch(token, 'displayName=Asha', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type');
    await expectRefused(await patch(token, '{"displayName":', 'application/json'), 400, 'invalid_json');
  });

  it('gives no plan for a claim the database does not back (a refund, a restored database), and clears the claim', async () => {
    const { uid } = await newUser();
    await admin.setCustomUserClaims(uid, { plan: 'launchpad', beta: true });
    const token = await signInWithCustomToken(uid);
    expect(await (await me(token)).json()).toMatchObject({ uid, purchasedPlan: null, purchasedAt: null });
    // The claim is a cache of the database: cleared, other claims kept, so the browser's next token agrees.
    expect((await admin.getUser(uid)).customClaims).toEqual({ beta: true });
    expect((await admin.verifyIdToken(await signInWithCustomToken(uid))).plan).toBeUndefined();
  });

  it('ignores a claim that names no plan, and clears it', async () => {
    const { uid } = await newUser();
    await admin.setCustomUserClaims(uid, { plan: 'diamond' });
    expect((await (await me(await signInWithCustomToken(uid))).json()).purchasedPlan).toBeNull();
    expect((await admin.getUser(uid)).customClaims).toEqual({});
  });

  /** What a fulfilment does: the purchase in the database, then the token's claim from the stored row. */
  async function grantWithClaim(args: Parameters<typeof grantPlan>[1]) {
    const held = await grantPlan({ db: testDb.db }, args);
    await firebasePlanClaims(admin).reconcile(args.uid, held.plan);
  }

  it('leaves the claims alone when the token agrees with the database', async () => {
    const { uid, email } = await newUser();
    await grantWithClaim({ uid, email, plan: 'launchpad' });
    const token = await signInWithCustomToken(uid);
    const before = (await admin.getUser(uid)).tokensValidAfterTime;
    expect((await (await me(token)).json()).purchasedPlan).toBe('launchpad');
    expect((await admin.getUser(uid)).customClaims).toEqual({ plan: 'launchpad' });
    expect((await admin.getUser(uid)).tokensValidAfterTime).toBe(before);
  });

  it('grants a plan in the database and the claim; the database is the record', async () => {
    const { uid, email, token } = await newUser();
    const at = new Date('2026-02-01T09:30:00.000Z');
    await grantWithClaim({ uid, email, plan: 'growth-engine', at });
    expect((await admin.getUser(uid)).customClaims).toEqual({ plan: 'growth-engine' });
    // The old token has no claim yet: the database answers.
    expect(await (await me(token)).json()).toMatchObject({ purchasedPlan: 'growth-engine', purchasedAt: at.toISOString() });

    // A stale claim never overrides the stored purchase, and is refreshed from it.
    await admin.setCustomUserClaims(uid, { plan: 'launchpad' });
    expect((await (await me(await signInWithCustomToken(uid))).json()).purchasedPlan).toBe('growth-engine');
    expect((await admin.getUser(uid)).customClaims).toEqual({ plan: 'growth-engine' });
  });

  it('keeps a granted plan through later profile updates', async () => {
    const { uid, email, token } = await newUser();
    await grantWithClaim({ uid, email, plan: 'launchpad' });
    expect((await (await patch(token, { businessName: 'Rao Stores', quizCompleted: true })).json()).purchasedPlan).toBe('launchpad');
  });

  it('accepts a token from a custom-token sign-in (the payment flow) and sees its claims', async () => {
    const { uid } = await newUser();
    await admin.setCustomUserClaims(uid, { plan: 'growth-engine' });
    const decoded = await admin.verifyIdToken(await signInWithCustomToken(uid));
    expect(decoded.firebase.sign_in_provider).toBe('custom');
    expect(decoded.plan).toBe('growth-engine');
  });

  describe('refuses tokens it must not trust', () => {
    it('a token signed with someone else’s key (forged): 401', async () => {
      const { uid } = await newUser();
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'forged' })).toString('base64url');
      const payload = Buffer.from(JSON.stringify(idTokenClaims(uid))).toString('base64url');
      const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey).toString('base64url');
      await expectRefused(await me(`${header}.${payload}.${signature}`), 401, 'invalid_token');
    });

    it('a token issued for another Firebase project: 401', async () => {
      const { uid } = await newUser();
      const claims = idTokenClaims(uid, { aud: 'someone-elses-project', iss: 'https://securetoken.google.com/someone-elses-project' });
      await expectRefused(await me(unsignedToken(claims)), 401, 'invalid_token');
    });

    it('an expired token: 401 token_expired', async () => {
      const { uid } = await newUser();
      const hourAgo = Math.floor(Date.now() / 1000) - 7200;
      const claims = idTokenClaims(uid, { iat: hourAgo, auth_time: hourAgo, exp: hourAgo + 3600 });
      const body = await expectRefused(await me(unsignedToken(claims)), 401, 'token_expired');
      expect(body.error.message).toBe('Your session has expired. Please sign in again.');
    });

    it('a token issued before the user was signed out everywhere: 401 token_revoked', async () => {
      const { uid, token } = await newUser();
      expect((await me(token)).status).toBe(200);
      // Revocation has one-second resolution: the token must be older than the revocation.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await admin.revokeRefreshTokens(uid);
      await expectRefused(await me(token), 401, 'token_revoked');
    });

    it('a token of a disabled account: 403', async () => {
      const { uid, token } = await newUser();
      await admin.updateUser(uid, { disabled: true });
      await expectRefused(await me(token), 403, 'account_disabled');
    });

    it('a token of a deleted account: 401', async () => {
      const { uid, token } = await newUser();
      await admin.deleteUser(uid);
      await expectRefused(await me(token), 401, 'token_revoked');
    });
  });
});
