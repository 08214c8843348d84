import { describe, expect, it } from 'vitest';
import { authEmulatorDefaults } from '../../server/auth/emulatorDefaults';
import { loadConfig as loadAnyConfig } from '../../server/config';
import { gatewayFromConfig } from '../../server/payments/setup';
import type { Database } from '../../server/db/client';

const keys = { RAZORPAY_KEY_ID: 'rzp_test_1', RAZORPAY_KEY_SECRET: 'secret', RAZORPAY_WEBHOOK_SECRET: 'hook' };
const emulator = { FIREBASE_AUTH_EMULATOR_HOST: authEmulatorDefaults.host };
// These cases are about the payment variables: they name the emulator, as `npm start` and the tests do.
const loadConfig = (env: NodeJS.ProcessEnv) => loadAnyConfig({ ...emulator, ...env });

describe('payments configuration', () => {
  it('takes the Razorpay keys all or nothing, naming what is missing', () => {
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_1', RAZORPAY_KEY_SECRET: 'secret' })).toThrow(
      /RAZORPAY_WEBHOOK_SECRET: must be set together with the other Razorpay keys/,
    );
    expect(() => loadConfig({ RAZORPAY_WEBHOOK_SECRET: 'hook' })).toThrow(/RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET:/);
    expect(loadConfig(keys).modes.payments).toBe('live');
    expect(loadConfig({}).modes.payments).toBe('sandbox');
  });

  // Hardening round 3, finding 7: ALLOW_SANDBOX_PAYMENTS=true was accepted with NODE_ENV=production, and on such a box
  // a visitor moved every client's billing 24 months on through the sandbox's controls.
  it('refuses the sandbox in production, even with ALLOW_SANDBOX_PAYMENTS=true, naming both', () => {
    // Production runs on a real Firebase project (the emulator is refused there) and names its public address.
    const production = {
      NODE_ENV: 'production',
      GOOGLE_APPLICATION_CREDENTIALS: '/sa.json',
      HOST: '127.0.0.1',
      SITE_URL: 'https://growthpath.in',
    };
    expect(() => loadAnyConfig(production)).toThrow(
      /^Invalid environment: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: required with NODE_ENV=production/,
    );
    expect(() => loadAnyConfig({ ...production, ALLOW_SANDBOX_PAYMENTS: 'true' })).toThrow(
      /^Invalid environment: ALLOW_SANDBOX_PAYMENTS: true is refused with NODE_ENV=production/,
    );
    // Even beside real keys, where it would change nothing: a production environment that carries it is a mistake.
    expect(() => loadAnyConfig({ ...production, ...keys, ALLOW_SANDBOX_PAYMENTS: 'true' })).toThrow(/ALLOW_SANDBOX_PAYMENTS/);
    expect(loadAnyConfig({ ...production, ...keys }).modes.payments).toBe('live');
    // A demo box runs the sandbox outside production, on a real Firebase project, when asked for by name.
    const demo = { ...production, NODE_ENV: 'development', HOST: '0.0.0.0', ALLOW_SANDBOX_PAYMENTS: 'true' };
    expect(loadAnyConfig(demo).modes).toMatchObject({ payments: 'sandbox', auth: 'live' });
  });

  // Hardening round 2, finding 1: a service account, no Razorpay keys and NODE_ENV unset started on the sandbox on
  // 0.0.0.0, and anyone could press Pay now for a real plan on a real account.
  it('refuses the sandbox with live auth or beyond loopback unless ALLOW_SANDBOX_PAYMENTS=true, naming it', () => {
    const serviceAccount = { GOOGLE_APPLICATION_CREDENTIALS: '/sa.json' };
    expect(() => loadAnyConfig(serviceAccount)).toThrow(/ALLOW_SANDBOX_PAYMENTS=true/);
    expect(() => loadAnyConfig({ ...serviceAccount, HOST: '127.0.0.1' })).toThrow(/ALLOW_SANDBOX_PAYMENTS=true/);
    expect(() => loadAnyConfig({ ...serviceAccount, NODE_ENV: 'test' })).toThrow(/a real Firebase project/);
    // Beyond loopback means a real Firebase project: the emulator is refused there (config.test.ts).
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'growthpath.in']) {
      expect(() => loadAnyConfig({ ...serviceAccount, HOST })).toThrow(/ALLOW_SANDBOX_PAYMENTS=true/);
      expect(() => loadAnyConfig({ ...serviceAccount, HOST })).toThrow(`HOST=${HOST} lets other machines in`);
      expect(loadAnyConfig({ ...serviceAccount, HOST, ALLOW_SANDBOX_PAYMENTS: 'true' }).modes.payments).toBe('sandbox');
    }
    for (const HOST of ['127.0.0.1', '127.0.0.2', '::1', 'localhost', undefined]) {
      expect(loadConfig({ HOST }).modes.payments).toBe('sandbox');
    }
    expect(loadAnyConfig({ ...serviceAccount, ALLOW_SANDBOX_PAYMENTS: 'true' }).modes).toMatchObject({ payments: 'sandbox', auth: 'live' });
    expect(loadAnyConfig({ ...serviceAccount, ...keys }).modes).toMatchObject({ payments: 'live', auth: 'live' });
  });

  it('reads the gateway timeout and reconciliation settings, with defaults', () => {
    expect(loadConfig({}).payments).toMatchObject({ gatewayTimeoutMs: 8_000, reconcileAfterMs: 300_000, sandboxWebhookDelayMs: 2_000 });
    expect(() => loadConfig({ PAYMENT_GATEWAY_TIMEOUT_MS: '100' })).toThrow(/PAYMENT_GATEWAY_TIMEOUT_MS/);
    expect(() => loadConfig({ RAZORPAY_API_URL: 'not a url' })).toThrow(/RAZORPAY_API_URL/);
  });

  it('real keys make the sandbox impossible: the gateway is Razorpay and signs with its secrets only', () => {
    // Choosing a gateway touches no database; only the sandbox's payment lookups would.
    const db = {} as Database;
    const live = gatewayFromConfig(loadConfig({ ...keys, SANDBOX_KEY_SECRET: 'sandbox-secret' }), db);
    expect(live).toMatchObject({ mode: 'live', keyId: 'rzp_test_1', keySecret: 'secret', webhookSecret: 'hook' });
    const sandbox = gatewayFromConfig(loadConfig({ SANDBOX_KEY_SECRET: 'sandbox-secret' }), db);
    expect(sandbox).toMatchObject({ mode: 'sandbox', keyId: 'rzp_test_sandbox', keySecret: 'sandbox-secret' });
    // Without a configured secret each process makes its own, never an empty or fixed one.
    const random = gatewayFromConfig(loadConfig({}), db);
    expect(random.keySecret).toMatch(/^[0-9a-f]{64}$/);
    expect(random.webhookSecret).not.toBe(random.keySecret);
  });
});
