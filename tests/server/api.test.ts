import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages as messages } from '../../src/domain/contact';
import type { Database } from '../../server/db/client';
import { contactMessages, outbox } from '../../server/db/schema';
import { requestLog } from '../../server/http/requestLog';
import { createLogger } from '../../server/logger';
import { isErrorShape, listen, openTestDatabase, startApp, testConfig, validContact, type RunningApp, type TestDatabase } from './support';

let testDb: TestDatabase;
let app: RunningApp;
let distDir: string;

const indexHtml = '<!doctype html><html><head><script type="module" src="/assets/index-Bq3xY9aZ.js"></script></head></html>';
const bigAsset = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  testDb = await openTestDatabase();
  distDir = await mkdtemp(path.join(tmpdir(), 'dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), indexHtml);
  await writeFile(path.join(distDir, 'assets', 'index-Bq3xY9aZ.js'), bigAsset);
  await writeFile(path.join(distDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(distDir, '.env'), 'SECRET=1');
  app = await startApp({ db: testDb.db, config: testConfig({ DIST_DIR: distDir }) });
});

afterAll(async () => {
  await app?.close();
  await testDb?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await testDb.reset();
});

function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body: unknown = await response.json();
  expect(isErrorShape(body)).toBe(true);
  expect((body as { error: { code: string } }).error.code).toBe(code);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
  return body as { error: { code: string; message: string; details?: { fieldErrors?: Record<string, string> } } };
}

describe('test database', () => {
  it('is PostgreSQL when TEST_DATABASE_URL is set, PGlite otherwise', () => {
    expect(testDb.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded');
  });
});

describe('GET /api/health', () => {
  it('reports the embedded defaults', async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      status: 'ok',
      database: 'embedded',
      payments: 'sandbox',
      chat: 'local',
      mail: 'embedded',
      checks: { database: 'up' },
    });
  });

  it('reports real providers when their keys are configured', async () => {
    const live = await startApp({
      db: testDb.db,
      config: testConfig({
        DATABASE_URL: 'postgres://user@db.internal:5432/growth',
        RAZORPAY_KEY_ID: 'rzp_live_x',
        RAZORPAY_KEY_SECRET: 'secret',
        RAZORPAY_WEBHOOK_SECRET: 'hook',
        GEMINI_API_KEY: 'key',
        GOOGLE_APPLICATION_CREDENTIALS: '/run/secrets/sa.json',
        SMTP_URL: 'smtps://mailer:secret@smtp.example.in:465',
      }),
    });
    try {
      // How sign-ins are verified is not the world's business (docs/decisions/078-auth-emulator-by-name.md).
      expect(await (await fetch(`${live.url}/api/health`)).json()).toEqual({
        status: 'ok',
        database: 'postgres',
        payments: 'live',
        chat: 'gemini',
        mail: 'smtp',
        checks: { database: 'up' },
      });
    } finally {
      await live.close();
    }
  });

  it('answers other methods with 405 and Allow', async () => {
    const response = await fetch(`${app.url}/api/health`, { method: 'DELETE' });
    await expectError(response, 405, 'method_not_allowed');
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('POST /api/contact', () => {
  async function storedMessages(db: Database = testDb.db) {
    return db.select().from(contactMessages);
  }

  it('stores a valid JSON message, trimmed, and answers success', async () => {
    const response = await postJson(`${app.url}/api/contact`, {
      name: '  Asha Verma ',
      email: ' asha@example.in ',
      phone: '',
      message: '   We need a new website.  ',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ result: 'success' });
    const rows = await storedMessages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Asha Verma',
      email: 'asha@example.in',
      phone: null,
      message: 'We need a new website.',
      sourceIpHash: null,
    });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
    // No CONTACT_FORWARD_URL: no forward is queued, only the event its emails are composed from.
    expect((await testDb.db.select().from(outbox)).map((row) => [row.kind, row.payload])).toEqual([
      ['mail.event', { type: 'contact.received', messageId: rows[0]!.id }],
    ]);
  });

  it('accepts multipart/form-data, as the browser form sends it', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(validContact)) form.set(key, value);
    const response = await fetch(`${app.url}/api/contact`, { method: 'POST', body: form });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ result: 'success' });
    expect(await storedMessages()).toMatchObject([{ ...validContact }]);
  });

  it('accepts application/x-www-form-urlencoded', async () => {
    const response = await fetch(`${app.url}/api/contact`, { method: 'POST', body: new URLSearchParams(validContact) });
    expect(response.status).toBe(201);
    expect(await storedMessages()).toMatchObject([{ ...validContact }]);
  });

  it('stores a keyed hash of the sender IP only when IP_HASH_SECRET is set', async () => {
    const hashing = await startApp({ db: testDb.db, config: testConfig({ IP_HASH_SECRET: 'pepper' }) });
    try {
      expect((await postJson(`${hashing.url}/api/contact`, validContact)).status).toBe(201);
      const [row] = await storedMessages();
      expect(row?.sourceIpHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.sourceIpHash).not.toContain('127.0.0.1');
    } finally {
      await hashing.close();
    }
  });

  it.each([
    ['name', { name: '' }, messages.nameRequired],
    ['name', { name: '   ' }, messages.nameRequired],
    ['name', { name: undefined }, messages.nameRequired],
    ['name', { name: 'n'.repeat(121) }, messages.nameTooLong],
    ['email', { email: '' }, messages.emailRequired],
    ['email', { email: 'asha@' }, messages.emailInvalid],
    ['email', { email: `${'a'.repeat(250)}@x.in` }, messages.emailTooLong],
    ['phone', { phone: '12345' }, messages.phoneInvalid],
    ['phone', { phone: '98765--43210' }, messages.phoneInvalid],
    ['message', { message: '' }, messages.messageRequired],
    ['message', { message: '   short   ' }, messages.messageTooShort],
    ['message', { message: 'm'.repeat(5001) }, messages.messageTooLong],
  ])('refuses an invalid %s with its message', async (field, change, expected) => {
    const response = await postJson(`${app.url}/api/contact`, { ...validContact, ...change });
    const body = await expectError(response, 400, 'validation_failed');
    expect(body.error.details?.fieldErrors).toEqual({ [field]: expected });
    expect(await storedMessages()).toHaveLength(0);
  });

  it('names every missing field at once', async () => {
    const body = await expectError(await postJson(`${app.url}/api/contact`, {}), 400, 'validation_failed');
    expect(body.error.details?.fieldErrors).toEqual({
      name: messages.nameRequired,
      email: messages.emailRequired,
      message: messages.messageRequired,
    });
  });

  it('reads a JSON array or wrongly typed fields as field errors, not a crash', async () => {
    const array = await expectError(await postJson(`${app.url}/api/contact`, [validContact]), 400, 'validation_failed');
    expect(Object.keys(array.error.details?.fieldErrors ?? {})).toEqual(['name', 'email', 'message']);
    const typed = await expectError(
      await postJson(`${app.url}/api/contact`, { name: 42, email: ['a@b.in'], phone: {}, message: null }),
      400,
      'validation_failed',
    );
    expect(typed.error.details?.fieldErrors).toEqual({
      name: 'Full name must be text.',
      email: 'Email address must be text.',
      phone: 'Phone number must be text.',
      message: messages.messageRequired,
    });
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    await expectError(await postJson(`${app.url}/api/contact`, '{"name": "Asha",'), 400, 'invalid_json');
    await expectError(await postJson(`${app.url}/api/contact`, '"just a string"'), 400, 'invalid_json');
  });

  it('answers bodies over 32 KB with 413, in every encoding', async () => {
    const huge = 'x'.repeat(40 * 1024);
    await expectError(await postJson(`${app.url}/api/contact`, { ...validContact, message: huge }), 413, 'payload_too_large');
    const urlencoded = new URLSearchParams({ ...validContact, message: huge });
    await expectError(await fetch(`${app.url}/api/contact`, { method: 'POST', body: urlencoded }), 413, 'payload_too_large');
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...validContact, message: huge })) form.set(key, value);
    await expectError(await fetch(`${app.url}/api/contact`, { method: 'POST', body: form }), 413, 'payload_too_large');
    expect(await storedMessages()).toHaveLength(0);
  });

  it('refuses files and broken multipart bodies with 400', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(validContact)) form.set(key, value);
    form.set('attachment', new Blob(['hello']), 'hello.txt');
    await expectError(await fetch(`${app.url}/api/contact`, { method: 'POST', body: form }), 400, 'files_not_accepted');
    const noBoundary = await fetch(`${app.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: 'name=x',
    });
    await expectError(noBoundary, 400, 'invalid_multipart');
    const truncated = await fetch(`${app.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAsha',
    });
    await expectError(truncated, 400, 'invalid_multipart');
  });

  it('answers other body types with 415', async () => {
    const response = await fetch(`${app.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(validContact),
    });
    await expectError(response, 415, 'unsupported_media_type');
  });

  it('answers GET with 405 and Allow: POST', async () => {
    const response = await fetch(`${app.url}/api/contact`);
    await expectError(response, 405, 'method_not_allowed');
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('answers an unexpected failure with a generic 500 and logs the stack server-side', async () => {
    const lines: string[] = [];
    const broken = {
      transaction: () => Promise.reject(new Error('database exploded')),
    } as unknown as Database;
    const failing = await startApp({ db: broken, logger: createLogger({ level: 'error', write: (line) => lines.push(line) }) });
    try {
      const body = await expectError(await postJson(`${failing.url}/api/contact`, validContact), 500, 'internal');
      expect(body.error.message).not.toContain('exploded');
      const logged = lines.map((line) => JSON.parse(line) as { msg: string; err?: { message: string; stack: string } });
      expect(logged.find((entry) => entry.msg === 'unhandled error')?.err?.stack).toContain('database exploded');
    } finally {
      await failing.close();
    }
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once the contact budget is spent, and only for that class', async () => {
    const limited = await startApp({ db: testDb.db, rateLimits: { contact: { windowMs: 60_000, limit: 2 } } });
    try {
      for (let i = 0; i < 2; i += 1) expect((await postJson(`${limited.url}/api/contact`, validContact)).status).toBe(201);
      const refused = await postJson(`${limited.url}/api/contact`, validContact);
      const body = await expectError(refused, 429, 'rate_limited');
      expect(body.error.message).toMatch(/wait/i);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      // The general API budget is separate.
      expect((await fetch(`${limited.url}/api/nothing-here`)).status).toBe(404);
      expect(await testDb.db.select().from(contactMessages)).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });

  it('behind a trusted proxy, budgets each forwarded client separately', async () => {
    const proxied = await startApp({
      db: testDb.db,
      config: testConfig({ TRUST_PROXY: 'loopback' }),
      rateLimits: { contact: { windowMs: 60_000, limit: 1 } },
    });
    const from = (ip: string) => postJson(`${proxied.url}/api/contact`, validContact, { 'x-forwarded-for': ip });
    try {
      expect((await from('203.0.113.7')).status).toBe(201);
      await expectError(await from('203.0.113.7'), 429, 'rate_limited');
      expect((await from('198.51.100.2')).status).toBe(201);
    } finally {
      await proxied.close();
    }
  });

  it('limits every API route with the api class, and lets the window reset', async () => {
    const limited = await startApp({ db: testDb.db, rateLimits: { api: { windowMs: 300, limit: 1 } } });
    try {
      expect((await fetch(`${limited.url}/api/unknown`)).status).toBe(404);
      const refused = await fetch(`${limited.url}/api/unknown`);
      await expectError(refused, 429, 'rate_limited');
      expect(refused.headers.get('retry-after')).toBeTruthy();
      // Health stays answerable for platform probes.
      expect((await fetch(`${limited.url}/api/health`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await fetch(`${limited.url}/api/unknown`)).status).toBe(404);
    } finally {
      await limited.close();
    }
  });
});

describe('unknown routes', () => {
  it.each(['/api/nope', '/api', '/api/contact/extra', '/nope.js', '/assets/missing-123.js'])('%s is a JSON 404', async (route) => {
    const response = await fetch(`${app.url}${route}`);
    await expectError(response, 404, 'not_found');
    expect(response.headers.get('cache-control') ?? '').not.toContain('immutable');
  });

  it('does not serve dotfiles from dist', async () => {
    await expectError(await fetch(`${app.url}/.env`), 404, 'not_found');
  });
});

describe('security headers', () => {
  function csp(response: Response): Map<string, string[]> {
    const header = response.headers.get('content-security-policy') ?? '';
    return new Map(
      header
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...values]) => [name as string, values]),
    );
  }

  it('sends a CSP an SPA passes without inline scripts', async () => {
    for (const route of ['/', '/api/health', '/api/nope']) {
      const response = await fetch(`${app.url}${route}`);
      const policy = csp(response);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
      expect(policy.get('font-src')).toEqual(["'self'", 'data:']);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('frame-src')).toEqual(["'none'"]);
      // The embedded Firebase Auth Emulator is reachable from the browser.
      expect(policy.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:9099']);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });

  it("allows Razorpay Checkout's hosts only with live Razorpay keys", async () => {
    const live = testConfig({ RAZORPAY_KEY_ID: 'rzp_live_1', RAZORPAY_KEY_SECRET: 'secret', RAZORPAY_WEBHOOK_SECRET: 'hook' });
    expect(live.modes.payments).toBe('live');
    const liveApp = await startApp({ db: testDb.db, config: live });
    try {
      const policy = csp(await fetch(`${liveApp.url}/payment`));
      expect(policy.get('script-src')).toEqual(["'self'", 'https://checkout.razorpay.com']);
      expect(policy.get('frame-src')).toEqual(['https://api.razorpay.com', 'https://checkout.razorpay.com']);
      expect(policy.get('connect-src')).toEqual([
        "'self'",
        'http://127.0.0.1:9099',
        'https://api.razorpay.com',
        'https://lumberjack.razorpay.com',
      ]);
    } finally {
      await liveApp.close();
    }
    // The sandbox (the app above): the checkout is the site's own code, no Razorpay host anywhere.
    const header = (await fetch(`${app.url}/payment`)).headers.get('content-security-policy') ?? '';
    expect(header).not.toContain('razorpay');
  });

  it('takes extra hosts per directive from the config', async () => {
    const config = testConfig({ GOOGLE_APPLICATION_CREDENTIALS: '/sa.json', ALLOW_SANDBOX_PAYMENTS: 'true' });
    config.csp.scriptSrc.push('https://checkout.razorpay.com');
    config.csp.frameSrc.push('https://api.razorpay.com');
    const extended = await startApp({ db: testDb.db, config });
    try {
      const policy = csp(await fetch(`${extended.url}/api/health`));
      expect(policy.get('script-src')).toEqual(["'self'", 'https://checkout.razorpay.com']);
      expect(policy.get('frame-src')).toEqual(['https://api.razorpay.com']);
      // A live Firebase project (the service account above): the browser signs in at Google's hosts.
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']);
    } finally {
      await extended.close();
    }
  });
});

describe('request log', () => {
  it('writes one JSON line per request and echoes a request id', async () => {
    const lines: string[] = [];
    const logged = await startApp({ db: testDb.db, logger: createLogger({ write: (line) => lines.push(line) }) });
    try {
      const first = await fetch(`${logged.url}/api/health?email=secret@example.in`, { headers: { 'x-request-id': 'abc-123' } });
      expect(first.headers.get('x-request-id')).toBe('abc-123');
      const second = await fetch(`${logged.url}/api/nope`, { headers: { 'x-request-id': 'bad id\twith tab' } });
      expect(second.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatchObject({ msg: 'request', method: 'GET', path: '/api/health', status: 200, requestId: 'abc-123' });
      expect(entries[1]).toMatchObject({ path: '/api/nope', status: 404, requestId: second.headers.get('x-request-id') });
      expect(typeof entries[0]?.ms).toBe('number');
      expect(lines.join('\n')).not.toContain('secret@example.in');
    } finally {
      await logged.close();
    }
  });

  it('logs a request the client abandoned once, as 499, and an answered one once', async () => {
    const lines: string[] = [];
    const bare = express();
    bare.use(requestLog(createLogger({ write: (line) => lines.push(line) })));
    bare.get('/answered', (_req, res) => void res.json({ ok: true }));
    bare.get('/never', () => undefined);
    const running = await listen(bare);
    try {
      expect((await fetch(`${running.url}/answered`)).status).toBe(200);
      const controller = new AbortController();
      const abandoned = fetch(`${running.url}/never`, { signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 50));
      controller.abort();
      await expect(abandoned).rejects.toThrow();
      await expect.poll(() => lines.length).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatchObject({ path: '/answered', status: 200 });
      expect(entries[1]).toMatchObject({ path: '/never', status: 499 });
    } finally {
      await running.close();
    }
  });
});

describe('default validation sentences', () => {
  it('are English, for a field the shared schemas give no sentence of their own', async () => {
    const response = await fetch(`${app.url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ conversationId: 123, message: 'Hello' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toBe('conversationId: Invalid input: expected string, received number');
  });
});

describe('ETags', () => {
  it('are not computed for API answers, which are never stored, and kept on the site files', async () => {
    const api = await fetch(`${app.url}/api/health`);
    expect(api.headers.get('cache-control')).toBe('no-store');
    expect(api.headers.get('etag')).toBeNull();
    const missing = await fetch(`${app.url}/api/nope`);
    expect(missing.headers.get('etag')).toBeNull();
    const page = await fetch(`${app.url}/`);
    expect(page.headers.get('etag')).toMatch(/^W\/"/);
  });
});

describe('static site from dist/', () => {
  it('serves / and index.html with no-cache', async () => {
    for (const route of ['/', '/index.html']) {
      const response = await fetch(`${app.url}${route}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(indexHtml);
    }
  });

  it('serves hashed assets as immutable for a year, compressed', async () => {
    const response = await fetch(`${app.url}/assets/index-Bq3xY9aZ.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toBe(bigAsset);
  });

  it('serves robots.txt as text/plain and other public files with a modest cache', async () => {
    const robots = await fetch(`${app.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(robots.headers.get('cache-control')).toBe('public, max-age=3600');
    const favicon = await fetch(`${app.url}/favicon.svg`);
    expect(favicon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(favicon.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('falls back to the JSON 404 when there is no dist/ at all', async () => {
    const bare = await startApp({ db: testDb.db, config: testConfig({ DIST_DIR: path.join(distDir, 'does-not-exist') }) });
    try {
      await expectError(await fetch(`${bare.url}/`), 404, 'not_found');
    } finally {
      await bare.close();
    }
  });
});
