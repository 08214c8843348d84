import { brand } from '../../src/content/brand';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { authEmulatorDefaults } from '../../server/auth/emulatorDefaults';
import { loadConfig as loadAnyConfig, withEmbeddedAuth } from '../../server/config';
import { scaledRateLimits } from '../../server/http/rateLimits';

// Most cases here are about other variables: they name the emulator, as `npm start` and the tests do.
const emulator = { FIREBASE_AUTH_EMULATOR_HOST: authEmulatorDefaults.host };
const loadConfig = (env: NodeJS.ProcessEnv) => loadAnyConfig({ ...emulator, ...env });

describe('loadConfig', () => {
  it('applies the embedded defaults to an environment that names only the emulator', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      nodeEnv: 'development',
      logLevel: 'info',
      trustProxy: undefined,
      databaseUrl: undefined,
      dataDir: '.data',
      contactForwardUrl: undefined,
      modes: { database: 'embedded', payments: 'sandbox', chat: 'local', auth: 'emulator', mail: 'embedded' },
      mail: { smtpUrl: undefined, from: 'GrowthPath <hello@growthpath.in>' },
    });
    expect(config.csp.connectSrc).toEqual(['http://127.0.0.1:9099']);
    expect(config.distDir).toBe(fileURLToPath(new URL('../../dist', import.meta.url)));
    expect(loadConfig({ DIST_DIR: '/tmp/site' }).distDir).toBe('/tmp/site');
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE, 10 by default, and refuses a nonsense size', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    expect(loadConfig({ DATABASE_POOL_SIZE: ' ' }).databasePoolSize).toBe(10);
    for (const bad of ['0', '201', '2.5', 'many']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE: must be a whole number from 1 to 200/);
    }
  });

  it('scales the rate limits only outside production', () => {
    expect(loadConfig({}).rateLimitScale).toBe(1);
    expect(loadConfig({ RATE_LIMIT_SCALE: '10' }).rateLimitScale).toBe(10);
    expect(() => loadConfig({ RATE_LIMIT_SCALE: '0' })).toThrow(/RATE_LIMIT_SCALE/);
    expect(() =>
      loadAnyConfig({
        NODE_ENV: 'production',
        RATE_LIMIT_SCALE: '10',
        ALLOW_SANDBOX_PAYMENTS: 'true',
        GOOGLE_APPLICATION_CREDENTIALS: '/sa.json',
      }),
    ).toThrow(/RATE_LIMIT_SCALE: must be 1 \(unset\) in production/);
    expect(scaledRateLimits(1)).toEqual({});
    expect(scaledRateLimits(10)).toMatchObject({ payments: { windowMs: 60_000, limit: 200 }, leads: { windowMs: 60_000, limit: 50 } });
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', CONTACT_FORWARD_URL: '' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      contactForwardUrl: undefined,
    });
  });

  it.each(['abc', '-1', '65536', '80.5', '8080abc'])('refuses PORT=%s, naming the variable', (value) => {
    expect(() => loadConfig({ PORT: value })).toThrow(/PORT: must be an integer from 0 to 65535/);
  });

  it.each(['not a url', 'ftp://example.com/x', '/relative/path', 'script.google.com/macros/exec'])(
    'refuses CONTACT_FORWARD_URL=%s, naming the variable',
    (value) => {
      expect(() => loadConfig({ CONTACT_FORWARD_URL: value })).toThrow(/CONTACT_FORWARD_URL: must be an absolute http or https URL/);
    },
  );

  it('reads the email settings and refuses malformed ones, naming the variable', () => {
    const config = loadConfig({ STAFF_NOTIFY_EMAILS: ' leads@growthpath.in, owner@growthpath.in ', SITE_URL: 'https://growthpath.in/' });
    expect(config.mail).toMatchObject({ staff: ['leads@growthpath.in', 'owner@growthpath.in'], siteUrl: 'https://growthpath.in' });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.in' })).toThrow(/SMTP_URL: must be an absolute smtp or smtps URL/);
    expect(() => loadConfig({ STAFF_NOTIFY_EMAILS: 'leads@growthpath.in, not-an-address' })).toThrow(/STAFF_NOTIFY_EMAILS/);
    expect(() => loadConfig({ STAFF_NOTIFY_EMAILS: 'a@b.in\r\nBcc: c@d.in' })).toThrow(/STAFF_NOTIFY_EMAILS/);
    // Unset, the agency's own address hears of every lead; 3 notices a minute on their own, then digests.
    expect(loadConfig({}).mail).toMatchObject({ staff: [brand.email], staffPerMinute: 3, staffWebhookUrl: undefined });
    const hooked = loadConfig({ STAFF_NOTIFY_WEBHOOK_URL: 'https://hooks.slack.com/services/T0/B0/x', STAFF_NOTIFY_PER_MINUTE: '10' });
    expect(hooked.mail).toMatchObject({ staffWebhookUrl: 'https://hooks.slack.com/services/T0/B0/x', staffPerMinute: 10 });
    expect(() => loadConfig({ STAFF_NOTIFY_WEBHOOK_URL: 'hooks.slack.com/x' })).toThrow(/STAFF_NOTIFY_WEBHOOK_URL/);
    expect(() => loadConfig({ STAFF_NOTIFY_PER_MINUTE: '0' })).toThrow(/STAFF_NOTIFY_PER_MINUTE: must be a whole number from 1 to 1000/);
  });

  // Hardening round 3, finding 6: without SITE_URL every link in every email pointed at http://localhost:PORT.
  it('refuses production without SITE_URL, naming it', () => {
    const production = {
      NODE_ENV: 'production',
      GOOGLE_APPLICATION_CREDENTIALS: '/sa.json',
      RAZORPAY_KEY_ID: 'rzp_live_1',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
    };
    expect(() => loadAnyConfig(production)).toThrow(/^Invalid environment: SITE_URL: .*production.*https:\/\/growthpath\.in/);
    expect(() => loadAnyConfig({ ...production, SITE_URL: ' ' })).toThrow(/SITE_URL/);
    expect(loadAnyConfig({ ...production, SITE_URL: 'https://growthpath.in/' }).mail.siteUrl).toBe('https://growthpath.in');
    // Outside production the default still serves this machine.
    expect(loadConfig({ PORT: '4000' }).mail.siteUrl).toBe('http://localhost:4000');
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/db' })).toThrow(/DATABASE_URL/);
  });

  it.each([
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'verbose'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('refuses half a Razorpay key pair, naming the missing half', () => {
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_1' })).toThrow(/RAZORPAY_KEY_SECRET/);
    expect(() => loadConfig({ RAZORPAY_KEY_SECRET: 'secret' })).toThrow(/RAZORPAY_KEY_ID/);
  });

  it('reads ports, URLs and the proxy setting', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://app:p%40ss@db:5432/growth',
      CONTACT_FORWARD_URL: 'https://script.google.com/macros/s/abc/exec',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://app:p%40ss@db:5432/growth',
      contactForwardUrl: 'https://script.google.com/macros/s/abc/exec',
      trustProxy: 1,
      modes: { database: 'postgres' },
    });
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: '192.0.2.10,2001:db8::/32' }).trustProxy).toEqual(['192.0.2.10', '2001:db8::/32']);
  });

  // `true` trusts every X-Forwarded-For, so any client could pick its own IP and dodge every rate limit.
  it.each(['true', 'TRUE', 'false', 'yes', '10.0.0.0/33', '300.1.1.1', 'example.com', '1.5', '-1', 'loopback,,'])(
    'refuses TRUST_PROXY=%s, naming the variable and what it accepts',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: .*hop count.*address/);
    },
  );

  it('refuses to choose the auth emulator because credentials are missing, in any NODE_ENV', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(() => loadAnyConfig({ NODE_ENV })).toThrow(
        /FIREBASE_AUTH_EMULATOR_HOST.*FIREBASE_SERVICE_ACCOUNT|FIREBASE_SERVICE_ACCOUNT.*FIREBASE_AUTH_EMULATOR_HOST/,
      );
    }
  });

  // Hardening round 2, finding 8: production on the emulator, whose tokens are unsigned, started with only a warning.
  it('refuses the Auth Emulator in production, naming FIREBASE_AUTH_EMULATOR_HOST', () => {
    const env = { NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', ALLOW_SANDBOX_PAYMENTS: 'true' };
    expect(() => loadAnyConfig(env)).toThrow(/^Invalid environment: FIREBASE_AUTH_EMULATOR_HOST: .*production/);
    expect(() => loadAnyConfig({ ...env, GOOGLE_APPLICATION_CREDENTIALS: '/sa.json' })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
    expect(loadAnyConfig({ ...env, NODE_ENV: 'development' }).modes.auth).toBe('emulator');
  });

  it('refuses an emulator host of spaces, which firebase-admin would take as set', () => {
    expect(() => loadAnyConfig({ FIREBASE_AUTH_EMULATOR_HOST: '  ', FIREBASE_SERVICE_ACCOUNT: '{}' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST: holds only spaces/,
    );
  });

  it('runs live auth when only a service account is given, listening on every interface', () => {
    const config = loadAnyConfig({ GOOGLE_APPLICATION_CREDENTIALS: '/sa.json', ALLOW_SANDBOX_PAYMENTS: 'true' });
    expect(config.modes.auth).toBe('live');
    expect(config.host).toBe('0.0.0.0');
  });

  it('on the emulator listens on loopback only', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    for (const HOST of ['127.0.0.1', '127.0.0.2', '::1', 'localhost']) expect(loadConfig({ HOST }).host).toBe(HOST);
  });

  // Hardening round 3, finding 8: with Razorpay keys set, the emulator started on 0.0.0.0, and a forged unsigned token
  // with admin: true (sent with Host: localhost) was staff.
  it('refuses a HOST beyond loopback on the Auth Emulator, whatever the payments mode, naming HOST', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_test_1', RAZORPAY_KEY_SECRET: 'secret', RAZORPAY_WEBHOOK_SECRET: 'hook' };
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'growthpath.in']) {
      for (const payments of [keys, { ALLOW_SANDBOX_PAYMENTS: 'true' }]) {
        expect(() => loadConfig({ HOST, ...payments })).toThrow(
          new RegExp(`^Invalid environment: HOST: .*Auth Emulator.*unsigned.*HOST=${HOST.replace(/\./g, '\\.')} `),
        );
      }
      expect(() => loadConfig({ HOST, ...keys })).toThrow(/FIREBASE_SERVICE_ACCOUNT/);
      // A real Firebase project verifies every token's signature: any interface will do.
      expect(loadAnyConfig({ HOST, ...keys, GOOGLE_APPLICATION_CREDENTIALS: '/sa.json' }).host).toBe(HOST);
    }
  });

  it("gives npm start's run on this machine the emulator by name, but never in production or with a service account", () => {
    expect(withEmbeddedAuth({}).FIREBASE_AUTH_EMULATOR_HOST).toBe(authEmulatorDefaults.host);
    expect(loadAnyConfig(withEmbeddedAuth({})).modes.auth).toBe('emulator');
    expect(withEmbeddedAuth({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199' }).FIREBASE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9199');
    expect(withEmbeddedAuth({ FIREBASE_SERVICE_ACCOUNT: '{}' }).FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    expect(withEmbeddedAuth({ GOOGLE_APPLICATION_CREDENTIALS: '/sa.json' }).FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    expect(withEmbeddedAuth({ NODE_ENV: 'production' }).FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
  });

  it('switches each provider to live when its keys are present', () => {
    const config = loadAnyConfig({
      RAZORPAY_KEY_ID: 'rzp_live_1',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
      GEMINI_API_KEY: 'key',
      FIREBASE_SERVICE_ACCOUNT: '{"project_id":"p"}',
      SMTP_URL: 'smtp://mailer:secret@smtp.example.in:587',
    });
    expect(config.modes).toEqual({ database: 'embedded', payments: 'live', chat: 'gemini', auth: 'live', mail: 'smtp' });
    expect(config.razorpay).toEqual({ keyId: 'rzp_live_1', keySecret: 'secret', webhookSecret: 'hook' });
    // A real Firebase project: the browser signs in at Google's hosts instead of the emulator; live payments: Razorpay's.
    expect(config.csp.connectSrc).toEqual([
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://api.razorpay.com',
      'https://lumberjack.razorpay.com',
    ]);
    expect(config.csp.scriptSrc).toEqual(['https://checkout.razorpay.com']);
    expect(config.csp.frameSrc).toEqual(['https://api.razorpay.com', 'https://checkout.razorpay.com']);
  });

  it("names none of Razorpay Checkout's hosts in the CSP on the sandbox gateway", () => {
    // A demo box: a real Firebase project, the sandbox asked for by name (production refuses it).
    const config = loadAnyConfig({ ALLOW_SANDBOX_PAYMENTS: 'true', GOOGLE_APPLICATION_CREDENTIALS: '/sa.json' });
    expect(config.modes.payments).toBe('sandbox');
    const hosts = [...config.csp.scriptSrc, ...config.csp.connectSrc, ...config.csp.frameSrc];
    expect(hosts.filter((host) => host.includes('razorpay'))).toEqual([]);
    expect(config.csp.scriptSrc).toEqual([]);
    expect(config.csp.frameSrc).toEqual([]);
  });

  it('prefers the auth emulator when its host is set, and allows the browser to reach it', () => {
    const config = loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199', GOOGLE_APPLICATION_CREDENTIALS: '/sa.json' });
    expect(config.modes.auth).toBe('emulator');
    expect(config.csp.connectSrc).toEqual(['http://127.0.0.1:9199']);
  });
});
