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
  expect(answer.json).toMatchObject({ error: { code: 'cross_site_request', message: 'Requests from other websites are not accepted here.' } });
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
    expect((await post(app.url, '/api/contact', { host: 'growthpath.example:8443', origin: 'https://growthpath.example:8443' })).status).toBe(201);
    expectRefused(await post(app.url, '/api/contact', { host: 'growthpath.example:8443', origin: 'https://growthpath.example' }));
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
