import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { precompressDir } from '../../server/http/precompressed';
import { openTestDatabase, startApp, type RunningApp, type TestDatabase } from './support';

/**
 * The hardening gate: every kind of answer the production server gives (the page, a hashed script, a font, an
 * image, API JSON, an API error, a 404 of either kind) carries the same protective headers. api.test.ts checks the
 * policy's every directive for the test config; this file checks that nothing escapes it in production.
 */

/** Like the build's prerendered page: one inline script that runs before the first paint. */
const inlineScript = 'if(!/^#?$/.test(location.hash))document.documentElement.classList.add("route-elsewhere")';
const inlineScriptSource = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`;

let testDb: TestDatabase;
let app: RunningApp;
let distDir: string;

beforeAll(async () => {
  testDb = await openTestDatabase();
  distDir = await mkdtemp(path.join(tmpdir(), 'dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(
    path.join(distDir, 'index.html'),
    `<!doctype html><html><head><script>${inlineScript}</script><script type="module" src="/assets/index-Bq3xY9aZ.js"></script>` +
      `</head><body>${'<p>page</p>'.repeat(200)}</body></html>`,
  );
  await writeFile(path.join(distDir, 'assets', 'index-Bq3xY9aZ.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  await writeFile(path.join(distDir, 'assets', 'inter-MQDndehh.woff2'), Buffer.alloc(2000, 7));
  await writeFile(path.join(distDir, 'assets', 'hero-Z3n61Iyy.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(distDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  await precompressDir(distDir);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: ':memory:',
    DIST_DIR: distDir,
    SITE_URL: 'https://growthpath.in',
    GOOGLE_APPLICATION_CREDENTIALS: '/sa.json',
    // Production takes real payments only (decision 190): the keys, never called here.
    RAZORPAY_KEY_ID: 'rzp_live_headers',
    RAZORPAY_KEY_SECRET: 'secret',
    RAZORPAY_WEBHOOK_SECRET: 'hook',
  });
  app = await startApp({ db: testDb.db, config });
});

afterAll(async () => {
  await app?.close();
  await testDb?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

function policy(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

const kinds: [string, () => Promise<Response>, number][] = [
  ['the page', () => fetch(`${app.url}/`, { headers: { 'accept-encoding': 'br' } }), 200],
  ['a hashed script, Brotli', () => fetch(`${app.url}/assets/index-Bq3xY9aZ.js`, { headers: { 'accept-encoding': 'br' } }), 200],
  ['a hashed script, plain', () => fetch(`${app.url}/assets/index-Bq3xY9aZ.js`, { headers: { 'accept-encoding': 'identity' } }), 200],
  ['a font', () => fetch(`${app.url}/assets/inter-MQDndehh.woff2`), 200],
  ['an image', () => fetch(`${app.url}/assets/hero-Z3n61Iyy.svg`), 200],
  ['a public file', () => fetch(`${app.url}/robots.txt`), 200],
  ['API JSON', () => fetch(`${app.url}/api/health`), 200],
  [
    'an API error',
    () => fetch(`${app.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json', origin: app.url }, body: '{}' }),
    400,
  ],
  ['a method the API refuses', () => fetch(`${app.url}/api/contact`, { method: 'DELETE', headers: { origin: app.url } }), 405],
  ['an API 404', () => fetch(`${app.url}/api/nope`), 404],
  ['a missing file', () => fetch(`${app.url}/assets/missing-123.js`), 404],
];

describe('security headers on every kind of answer (production)', () => {
  it.each(kinds)('%s', async (_kind, get, status) => {
    const response = await get();
    expect(response.status).toBe(status);

    const csp = policy(response);
    const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    // The page's one inline script by its hash, and besides its own origin only Razorpay Checkout's script.
    expect(scriptSrc).toEqual(["'self'", 'https://checkout.razorpay.com', inlineScriptSource]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);

    const hsts = response.headers.get('strict-transport-security') ?? '';
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain('includeSubDomains');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});
