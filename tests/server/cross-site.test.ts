import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authEmulatorDefaults } from '../../server/auth/emulatorDefaults';
import { loadConfig as loadAnyConfig } from '../../server/config';
import { contactMessages } from '../../server/db/schema';
import { isErrorShape, openTestDatabase, startApp, testConfig, validContact, type RunningApp, type TestDatabase } from './support';

/**
 * Issue 10, item 9: any site could post leads through a visitor's browser (a form post with a foreign Origin was
 * stored). Browsers say where a request comes from (Origin, Sec-Fetch-Site); a state-changing request from another
 * site is refused with a 403, while the site itself, allowed origins and non-browser clients keep working.
 */

let testDb: TestDatabase;
let app: RunningApp;

beforeAll(async () => {
  testDb = await openTestDatabase();
  app = await startApp({ db: testDb.db, config: testConfig({ ALLOWED_ORIGINS: 'https://growthpath.in, https://www.growthpath.in/' }) });
});

afterAll(async () => {
  await app?.close();
  await testDb?.close();
});

beforeEach(async () => {
  await testDb.reset();
});

/** node:http, because fetch sets Host itself and a browser's Host is part of what is under test. */
function post(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  body = new URLSearchParams(validContact).toString(),
  method = 'POST',
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}${path}`,
      { method, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? (JSON.parse(text) as unknown) : undefined }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const stored = async () => (await testDb.db.select().from(contactMessages)).length;

function expectRefused(answer: { status: number; json: unknown }) {
  expect(answer.status).toBe(403);
  expect(isErrorShape(answer.json)).toBe(true);
  expect(answer.json).toMatchObject({
    error: { code: 'cross_site_request', message: 'Requests from other websites are not accepted here.' },
  });
}

describe('refused: a state-changing request another site makes a browser send', () => {
  it.each([
    ['a form post from a foreign origin (the attack as found)', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin alone', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site alone', { 'sec-fetch-site': 'cross-site' }],
    ['an opaque origin (a sandboxed frame, a data: page)', { origin: 'null' }],
    ['the same host on another port', { origin: `${new URL('http://127.0.0.1').origin}:1` }],
    ['an origin that only starts like an allowed one', { origin: 'https://growthpath.in.evil.example' }],
    ['a cross-site request claiming an allowed origin', { origin: 'https://growthpath.in', 'sec-fetch-site': 'cross-site' }],
  ])('%s: 403, nothing stored', async (_name, headers) => {
    expectRefused(await post(app.url, '/api/contact', headers));
    expect(await stored()).toBe(0);
  });

  it('for every state-changing method and API route, before the route reads anything', async () => {
    const foreign = { origin: 'https://evil.example' };
    expectRefused(await post(app.url, '/api/quiz-submissions', { ...foreign, 'content-type': 'application/json' }, '{}'));
    expectRefused(await post(app.url, '/api/chat', { ...foreign, 'content-type': 'application/json' }, '{}'));
    expectRefused(await post(app.url, '/api/me', { ...foreign, 'content-type': 'application/json' }, '{}', 'PATCH'));
    expectRefused(await post(app.url, '/api/contact', foreign, '', 'DELETE'));
  });
});

describe('allowed', () => {
  it.each([
    ['the site itself (Origin is its own host)', () => ({ origin: app.url, 'sec-fetch-site': 'same-origin' })],
    ['a non-browser client (no Origin, no Sec-Fetch-Site)', () => ({})],
    ['an allowed origin (ALLOWED_ORIGINS)', () => ({ origin: 'https://www.growthpath.in', 'sec-fetch-site': 'same-site' })],
    ['same-site without an Origin', () => ({ 'sec-fetch-site': 'same-site' })],
    ['a request the visitor made directly', () => ({ 'sec-fetch-site': 'none' })],
  ])('%s', async (_name, headers) => {
    expect((await post(app.url, '/api/contact', headers())).status).toBe(201);
    expect(await stored()).toBe(1);
  });

  it('the public host behind a proxy, from the Host header the browser sent', async () => {
    // A real Firebase project: on the emulator only this machine's own names are served (see DNS rebinding below).
    const live = await startApp({
      db: testDb.db,
      config: testConfig({ GOOGLE_APPLICATION_CREDENTIALS: '/sa.json', ALLOW_SANDBOX_PAYMENTS: 'true' }),
    });
    try {
      expect(
        (await post(live.url, '/api/contact', { host: 'growthpath.example:8443', origin: 'https://growthpath.example:8443' })).status,
      ).toBe(201);
      expectRefused(await post(live.url, '/api/contact', { host: 'growthpath.example:8443', origin: 'https://growthpath.example' }));
    } finally {
      await live.close();
    }
  });

  it('reads (GET) from anywhere: they change nothing', async () => {
    const answer = await new Promise<number>((resolve, reject) => {
      request(`${app.url}/api/health`, { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(answer).toBe(200);
  });
});

describe('the Vite dev server’s proxy (npm run dev)', () => {
  let vite: ViteDevServer;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cross-site-vite-'));
    // The project's own proxy rule, pointed at the app under test the way `npm run dev` points it at the API.
    const previousPort = process.env.API_PORT;
    process.env.API_PORT = new URL(app.url).port;
    const { default: projectConfig } = await import('../../vite.config');
    if (previousPort === undefined) delete process.env.API_PORT;
    else process.env.API_PORT = previousPort;
    vite = await createViteServer({
      configFile: false,
      root,
      logLevel: 'silent',
      server: { port: 0, host: '127.0.0.1', proxy: projectConfig.server?.proxy },
    });
    await vite.listen();
  });

  afterAll(async () => {
    await vite?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('passes the page’s own posts through, and still refuses foreign ones', async () => {
    const devUrl = vite.resolvedUrls!.local[0]!.replace(/\/$/, '');
    expect((await post(devUrl, '/api/contact', { origin: devUrl, 'sec-fetch-site': 'same-origin' })).status).toBe(201);
    expectRefused(await post(devUrl, '/api/contact', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }));
  });
});

const loadConfig = (env: NodeJS.ProcessEnv) => loadAnyConfig({ FIREBASE_AUTH_EMULATOR_HOST: authEmulatorDefaults.host, ...env });

describe('ALLOWED_ORIGINS', () => {
  it('is a comma-separated list of origins, normalised', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: ' https://growthpath.in/ ,http://localhost:5173' }).allowedOrigins).toEqual([
      'https://growthpath.in',
      'http://localhost:5173',
    ]);
    expect(loadConfig({}).allowedOrigins).toEqual([]);
  });

  it.each(['growthpath.in', 'https://growthpath.in/path', 'ftp://growthpath.in', '*'])('refuses %s, naming the variable', (value) => {
    expect(() => loadConfig({ ALLOWED_ORIGINS: value })).toThrow(/ALLOWED_ORIGINS/);
  });
});

/**
 * Hardening round 2, finding 7: DNS rebinding. A page on another site whose host name is made to resolve to 127.0.0.1
 * sends its Origin and a Host of that same name, so the cross-site check passes; on the emulator, a forged unsigned
 * token then reads the staff inbox. The Host header itself must be one of this server's own names.
 */
describe('DNS rebinding: the Host header must name this server', () => {
  const rebound = 'rebind.attacker.example';
  const emulatorIdToken = () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const project = authEmulatorDefaults.projectId;
    return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: `https://securetoken.google.com/${project}`, aud: project, sub: 'x', user_id: 'x', admin: true, auth_time: now, iat: now, exp: now + 3600 })}.`;
  };

  it('on the emulator, refuses any name but localhost, 127.0.0.1 and [::1], before any route runs', async () => {
    const port = new URL(app.url).port;
    const before = await stored();
    const foreign = { host: `${rebound}:${port}`, origin: `http://${rebound}:${port}`, 'sec-fetch-site': 'same-origin' };
    const contact = await post(app.url, '/api/contact', foreign);
    expect(contact.status).toBe(421);
    expect(contact.json).toMatchObject({ error: { code: 'unknown_host' } });
    const inbox = await post(
      app.url,
      '/api/admin/leads?tab=contact',
      { ...foreign, authorization: `Bearer ${emulatorIdToken()}` },
      '',
      'GET',
    );
    expect(inbox.status).toBe(421);
    expect((await post(app.url, '/', { host: `${rebound}:${port}` }, '', 'GET')).status).toBe(421);
    expect(await stored()).toBe(before);
    for (const name of ['localhost', '127.0.0.1', '[::1]', 'LOCALHOST']) {
      const own = { host: `${name}:${port}`, origin: `http://${name.toLowerCase()}:${port}` };
      expect((await post(app.url, '/api/contact', own)).status, name).toBe(201);
    }
    expect((await post(app.url, '/api/contact', { host: '127.0.0.1.nip.io' })).status).toBe(421);
  });

  it('on a real Firebase project, serves the names in ALLOWED_HOSTS only, when set', async () => {
    const live = { GOOGLE_APPLICATION_CREDENTIALS: '/sa.json', ALLOW_SANDBOX_PAYMENTS: 'true' };
    const strict = await startApp({ db: testDb.db, config: testConfig({ ...live, ALLOWED_HOSTS: 'growthpath.in, www.growthpath.in' }) });
    try {
      expect((await post(strict.url, '/api/contact', { host: 'growthpath.in' })).status).toBe(201);
      expect((await post(strict.url, '/api/contact', { host: 'www.growthpath.in:443' })).status).toBe(201);
      expect((await post(strict.url, '/api/contact', { host: rebound })).status).toBe(421);
      // A platform's health check may name the server by its address: health answers whatever the name.
      expect((await post(strict.url, '/api/health', { host: '10.0.0.7:8080' }, '', 'GET')).status).toBe(200);
    } finally {
      await strict.close();
    }
    expect(loadConfig({}).allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(loadAnyConfig({ ...live }).allowedHosts).toBeNull();
    expect(() => loadConfig({ ALLOWED_HOSTS: 'growthpath.in' })).toThrow(/ALLOWED_HOSTS: .*Auth Emulator/);
    expect(() => loadAnyConfig({ ...live, ALLOWED_HOSTS: 'https://growthpath.in/' })).toThrow(/ALLOWED_HOSTS: /);
  });
});
