import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('applies the embedded defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      nodeEnv: 'development',
      logLevel: 'info',
      trustProxy: undefined,
      databaseUrl: undefined,
      dataDir: '.data',
      contactForwardUrl: undefined,
      modes: { database: 'embedded', payments: 'sandbox', chat: 'local', auth: 'emulator' },
    });
    expect(config.csp.connectSrc).toEqual(['http://127.0.0.1:9099']);
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
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
  });

  it('switches each provider to live when its keys are present', () => {
    const config = loadConfig({
      RAZORPAY_KEY_ID: 'rzp_live_1',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
      GEMINI_API_KEY: 'key',
      FIREBASE_SERVICE_ACCOUNT: '{"project_id":"p"}',
    });
    expect(config.modes).toEqual({ database: 'embedded', payments: 'live', chat: 'gemini', auth: 'live' });
    expect(config.razorpay).toEqual({ keyId: 'rzp_live_1', keySecret: 'secret', webhookSecret: 'hook' });
    // A real Firebase project: the browser signs in at Google's hosts instead of the emulator.
    expect(config.csp.connectSrc).toEqual(['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']);
  });

  it('prefers the auth emulator when its host is set, and allows the browser to reach it', () => {
    const config = loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199', GOOGLE_APPLICATION_CREDENTIALS: '/sa.json' });
    expect(config.modes.auth).toBe('emulator');
    expect(config.csp.connectSrc).toEqual(['http://127.0.0.1:9199']);
  });
});
