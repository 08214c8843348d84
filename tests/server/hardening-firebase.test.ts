import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { firebaseAdminAuth } from '../../server/auth/firebaseAdmin';
import { firebaseTokenVerifier } from '../../server/auth/requireUser';
import type { FirebaseSettings } from '../../server/config';
import { orders } from '../../server/db/schema';
import { AppError } from '../../server/http/errors';
import { createLogger } from '../../server/logger';
import { createPayments } from '../../server/payments/setup';
import { openTestDatabase, startApp, testConfig, type TestDatabase } from './support';

/**
 * Firebase Auth hanging, failing or refusing connections (docs/decisions/141-firebase-call-deadline.md): a signed-in
 * request gets a clean 503 within a bounded time, and a payment whose fulfilment needs Firebase stays recorded as paid
 * for the reconciler. firebase-admin finds the emulator through FIREBASE_AUTH_EMULATOR_HOST only, so this file points
 * it at a local stand-in that misbehaves as each case asks.
 */

type Behaviour = 'hang' | 'error';
let behaviour: Behaviour = 'hang';
let stub: Server;
let host: string;
let refusedHost: string;
let testDb: TestDatabase;
const timeoutMs = 400;
/** Every call the stand-in received, and whether its caller is still waiting on it. */
const calls: Array<{ open: boolean }> = [];

beforeAll(async () => {
  stub = createServer((_req, res) => {
    const call = { open: true };
    calls.push(call);
    res.on('close', () => (call.open = false));
    if (behaviour === 'hang') return; // accepts, never answers
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 500, message: 'INTERNAL_ERROR' } }));
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(stub.address() as AddressInfo).port}`;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  refusedHost = `127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
  testDb = await openTestDatabase();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  stub.closeAllConnections();
  await new Promise((resolve) => stub.close(resolve));
  await testDb.close();
});

const projectId = 'demo-hardening';
const settingsFor = (emulatorHost: string): FirebaseSettings => ({ mode: 'emulator', projectId, emulatorHost });

/** An ID token as the Auth Emulator issues them: unsigned, for this project. */
function emulatorIdToken(project: string): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    iss: `https://securetoken.google.com/${project}`,
    aud: project,
    sub: 'hardening-user',
    user_id: 'hardening-user',
    auth_time: now,
    iat: now,
    exp: now + 3600,
    email: 'buyer@example.in',
    firebase: { identities: {}, sign_in_provider: 'password' },
  };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}

/**
 * What `work` ends with, and whether the deadline ended it while Firebase still held every call open: firebase-admin's
 * own limit (25 s a try, then retries) would have closed the hanging call first and made another.
 */
async function outcomeOf<T>(work: () => Promise<T>): Promise<{ outcome: T | unknown; beforeFirebaseGaveUp: boolean }> {
  const from = calls.length;
  const outcome = await work().catch((error: unknown) => error);
  const made = calls.slice(from);
  return { outcome, beforeFirebaseGaveUp: made.length > 0 && made.every((call) => call.open) };
}

describe.each([
  ['hanging', 'hang', () => host],
  ['answering 500', 'error', () => host],
  ['refusing connections', 'error', () => refusedHost],
] as const)('Firebase Auth %s', (_label, kind, hostOf) => {
  beforeAll(() => {
    behaviour = kind;
    vi.stubEnv('FIREBASE_AUTH_EMULATOR_HOST', hostOf());
  });

  it('a signed-in request gets a clean 503 within a bounded time', async () => {
    const settings = settingsFor(hostOf());
    const verifier = firebaseTokenVerifier(firebaseAdminAuth(settings, { timeoutMs }));
    const { outcome, beforeFirebaseGaveUp } = await outcomeOf(() => verifier.verify(emulatorIdToken(projectId)));
    expect(outcome).toBeInstanceOf(AppError);
    expect(outcome).toMatchObject({ status: 503, code: 'auth_unavailable', message: expect.stringMatching(/try again/i) });
    if (kind === 'hang') expect(beforeFirebaseGaveUp).toBe(true);
  });

  it('a paid order whose fulfilment needs Firebase answers 503 in bounded time and stays recorded as paid', async () => {
    const settings = settingsFor(hostOf());
    const payments = createPayments({
      config: testConfig(),
      db: testDb.db,
      logger: createLogger({ level: 'silent' }),
      auth: firebaseAdminAuth(settings, { timeoutMs }),
    });
    const app = await startApp({ db: testDb.db, payments });
    const post = (path: string, body: unknown) =>
      fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    try {
      const order = (await (await post('/api/create-order', { plan: 'launchpad', currency: 'INR' })).json()) as { id: string };
      const checkout = (await (await post(`/api/sandbox/checkout/${order.id}/pay`, {})).json()) as Record<string, string>;
      const { outcome, beforeFirebaseGaveUp } = await outcomeOf(() =>
        post('/api/verify-payment', {
          ...checkout,
          plan: 'launchpad',
          userDetails: { fullName: 'Asha Verma', email: 'asha.hardening@example.in', businessName: 'Asha Clinic' },
        }),
      );
      const response = outcome as Response;
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ success: false, msg: expect.stringContaining('Your payment was received') });
      if (kind === 'hang') expect(beforeFirebaseGaveUp).toBe(true);
      // A monthly plan's first charge is fulfilled as the order Razorpay made for it (decision 180).
      const [row] = await testDb.db.select().from(orders).where(eq(orders.subscriptionId, order.id));
      expect(row).toMatchObject({ status: 'paid', fulfilledAt: null });
      expect(row!.fulfilmentError).toBeTruthy();
    } finally {
      await payments.service.settled();
      await payments.sandbox?.settled();
      await app.close();
    }
  });
});

// Hardening round 2, finding 11: the database outage's 503 says when to try again; the auth outage's did not.
describe('Firebase Auth unreachable, through the whole app', () => {
  beforeAll(() => {
    behaviour = 'error';
    vi.stubEnv('FIREBASE_AUTH_EMULATOR_HOST', refusedHost);
  });

  it.each(['/api/me', '/api/admin/leads?tab=contact'])('GET %s answers 503 auth_unavailable with Retry-After', async (path) => {
    const config = testConfig({ FIREBASE_AUTH_EMULATOR_HOST: refusedHost, FIREBASE_PROJECT_ID: projectId });
    const app = await startApp({ db: testDb.db, config });
    try {
      const response = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${emulatorIdToken(projectId)}` } });
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('auth_unavailable');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
