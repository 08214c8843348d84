import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { authEmulatorDefaults } from '../../server/auth/emulatorDefaults';
import { firebaseAdminAuth } from '../../server/auth/firebaseAdmin';
import { emulatorHost } from './authEmulator';

/** `npm run grant-admin`, spawned as a person runs it, against the Auth Emulator. */

const root = fileURLToPath(new URL('../..', import.meta.url));
const admin = firebaseAdminAuth({ mode: 'emulator', projectId: authEmulatorDefaults.projectId, emulatorHost });

/** The environment without any Firebase setting, plus what a case adds. */
function envWith(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', ...extra };
  for (const key of [
    'FIREBASE_AUTH_EMULATOR_HOST',
    'FIREBASE_SERVICE_ACCOUNT',
    'GOOGLE_APPLICATION_CREDENTIALS',
    'FIREBASE_PROJECT_ID',
    'DATABASE_URL',
  ]) {
    if (!(key in extra)) delete env[key];
  }
  return env;
}

function grantAdmin(args: string[], extra: Record<string, string> = { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost }) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/grant-admin.ts', ...args],
      { cwd: root, env: envWith(extra), timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run grant-admin', () => {
  it('grants the claim, keeps the plan claim, says to sign in again; --revoke takes it away', async () => {
    const email = `owner.${randomUUID()}@example.in`;
    const user = await admin.createUser({ email, password: 'correct-horse' });
    await admin.setCustomUserClaims(user.uid, { plan: 'growth-engine' });

    const granted = await grantAdmin([email]);
    expect(granted).toMatchObject({ code: 0, stderr: '' });
    expect(granted.stdout).toMatch(
      new RegExp(`Granted staff access to ${email.replaceAll('.', '\\.')} .*Auth Emulator.*sign out and sign in again`),
    );
    expect((await admin.getUser(user.uid)).customClaims).toEqual({ plan: 'growth-engine', admin: true });

    expect((await grantAdmin([email])).stdout).toMatch(/already has staff access/);

    // An ID token from before the revoke still carries the claim for up to an hour: the revoke ends its session.
    const signIn = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct-horse', returnSecureToken: true }),
    });
    const { idToken } = (await signIn.json()) as { idToken: string };
    expect((await admin.verifyIdToken(idToken, true)).admin).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // revocation is counted in whole seconds
    const revoked = await grantAdmin(['--revoke', email]);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toMatch(/Revoked staff access.*sessions are ended/);
    expect((await admin.getUser(user.uid)).customClaims).toEqual({ plan: 'growth-engine' });
    await expect(admin.verifyIdToken(idToken, true)).rejects.toMatchObject({ code: 'auth/id-token-revoked' });
  }, 120_000);

  it('creates no account for an unknown email, says so and exits 1', async () => {
    const email = `nobody.${randomUUID()}@example.in`;
    const result = await grantAdmin([email]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`No account for ${email}. Ask them to sign up first, then run this again.\n`);
    await expect(admin.getUserByEmail(email)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  }, 60_000);

  it.skipIf(emulatorHost !== authEmulatorDefaults.host)(
    'uses the emulator at its default address when nothing is configured',
    async () => {
      const email = `plain.${randomUUID()}@example.in`;
      const user = await admin.createUser({ email });
      const result = await grantAdmin([email], {});
      expect(result.stdout).toMatch(`the Auth Emulator at ${authEmulatorDefaults.host}`);
      expect((await admin.getUser(user.uid)).customClaims).toEqual({ admin: true });
    },
    60_000,
  );

  it('refuses a call without exactly one email', async () => {
    expect((await grantAdmin([])).code).toBe(64);
    expect((await grantAdmin(['a@example.in', 'b@example.in'])).code).toBe(64);
    expect((await grantAdmin(['--force', 'a@example.in'])).stderr).toMatch(/Usage: npm run grant-admin/);
  }, 60_000);
});
