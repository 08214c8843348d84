import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The Auth Emulator accepts unsigned (`alg: none`) ID tokens, so the server runs on it only when it is named, never
 * because credentials are missing (docs/decisions/078-auth-emulator-by-name.md). These start the real server process
 * the way a deployment would.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** This process's environment without anything that chooses auth or a database: what a fresh deployment has. */
function bareEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (
      /^(FIREBASE_|GOOGLE_APPLICATION_CREDENTIALS$|DATABASE_URL$|TEST_DATABASE_URL$|HOST$|PORT$|DIST_DIR$|TRUST_PROXY$|NODE_ENV$)/.test(
        name,
      )
    ) {
      delete env[name];
    }
  }
  return { ...env, ...extra };
}

function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
}

function finished(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

/** Resolves with the URL from the server's "listening on" log line. */
function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /"msg":"listening on (http:\/\/[^"]+)"/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${out}`)));
  });
}

/** What a forger writes by hand: no signature, a real-looking uid, and a plan claim. */
function forgedToken(projectId: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now - 10,
    user_id: 'real-customer-uid',
    sub: 'real-customer-uid',
    iat: now - 10,
    exp: now + 3600,
    plan: 'growth-engine',
    firebase: { identities: {}, sign_in_provider: 'password' },
  };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'growth-auth-mode-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server process', { timeout: 120_000 }, () => {
  // NODE_ENV unset is how the defect showed: development by default, the emulator by default, a forged token let in.
  it.each([
    ['production', { NODE_ENV: 'production' }],
    ['development (NODE_ENV unset)', {}],
  ])('refuses to start in %s with no service account and no emulator named, saying what to set', async (_name, mode) => {
    const result = await finished(startServer(bareEnvironment({ ...mode, PORT: '0', DATA_DIR: dataDir })));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Server failed to start: Invalid environment: auth: no Firebase service account/);
    expect(result.stderr).toMatch(/FIREBASE_SERVICE_ACCOUNT/);
    expect(result.stderr).toMatch(/FIREBASE_AUTH_EMULATOR_HOST=127\.0\.0\.1:9099/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  // Hardening round 3, finding 8: with Razorpay keys set the sandbox's loopback check never ran, so the emulator
  // listened on 0.0.0.0 and a forged unsigned token with admin: true was staff.
  it('refuses to start on the Auth Emulator with HOST beyond loopback, even with Razorpay keys, naming HOST', async () => {
    const child = startServer(
      bareEnvironment({
        PORT: '0',
        HOST: '0.0.0.0',
        DATA_DIR: dataDir,
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        RAZORPAY_KEY_ID: 'rzp_test_1',
        RAZORPAY_KEY_SECRET: 'secret',
        RAZORPAY_WEBHOOK_SECRET: 'hook',
      }),
    );
    const exited = finished(child);
    // A server that starts anyway is stopped at once, so the test fails on its listening address instead of hanging.
    const startedAt = listening(child).then(
      (url) => (child.kill('SIGTERM'), url),
      () => null,
    );
    const result = await exited;
    expect(await startedAt).toBeNull();
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Server failed to start: Invalid environment: HOST: /);
    expect(result.stderr).toMatch(/HOST=0\.0\.0\.0/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('with a service account, answers a hand-forged unsigned token with 401, and health does not say how it verifies', async () => {
    const projectId = 'growthpath-prod-test';
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const serviceAccount = {
      type: 'service_account',
      project_id: projectId,
      client_email: `server@${projectId}.iam.gserviceaccount.com`,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const child = startServer(
      bareEnvironment({
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
        FIREBASE_SERVICE_ACCOUNT: JSON.stringify(serviceAccount),
        SITE_URL: 'https://growthpath.example',
        // Production takes real payments only (decision 190); nothing here reaches Razorpay.
        RAZORPAY_KEY_ID: 'rzp_live_auth_mode',
        RAZORPAY_KEY_SECRET: 'secret',
        RAZORPAY_WEBHOOK_SECRET: 'hook',
        RAZORPAY_API_URL: 'http://127.0.0.1:9',
      }),
    );
    const exited = finished(child);
    try {
      const url = await listening(child);
      const response = await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${forgedToken(projectId)}` } });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 'invalid_token' } });

      const health = (await (await fetch(`${url}/api/health`)).json()) as Record<string, unknown>;
      expect(health).toMatchObject({ status: 'ok' });
      expect(health).not.toHaveProperty('auth');
      // Payments say live (real keys); nothing says how sign-ins are verified.
      const { payments, ...rest } = health;
      expect(payments).toBe('live');
      expect(JSON.stringify(rest)).not.toMatch(/emulator|live|firebase/i);
    } finally {
      child.kill('SIGTERM');
      expect((await exited).code).toBe(0);
    }
  });
});
