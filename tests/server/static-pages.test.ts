import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../server/http/precompressed';
import { openTestDatabase, startApp, testConfig, type RunningApp, type TestDatabase } from './support';

/**
 * Real addresses (docs/decisions/186-real-urls-and-prerendered-pages.md): each page's prerendered file at its own
 * path, the app's shell for the pages drawn in the browser, and the 404 page with status 404 for anything else.
 */

const page = (name: string, script = '') =>
  `<!DOCTYPE html><html><head><title>${name}</title>${script}</head><body><div id="root"><h1>${name}</h1>${'<p>words</p>'.repeat(100)}</div></body></html>`;
const pricingScript = 'window.__route="pricing"';

let testDb: TestDatabase;
let app: RunningApp;
let distDir: string;

beforeAll(async () => {
  testDb = await openTestDatabase();
  distDir = await mkdtemp(path.join(tmpdir(), 'dist-'));
  for (const dir of ['assets', 'pricing', 'case-studies/a-study', 'case-studies/404', '404']) {
    await mkdir(path.join(distDir, dir), { recursive: true });
  }
  await writeFile(path.join(distDir, 'index.html'), page('Home'));
  await writeFile(path.join(distDir, 'pricing', 'index.html'), page('Pricing', `<script>${pricingScript}</script>`));
  await writeFile(path.join(distDir, 'case-studies', 'a-study', 'index.html'), page('A study'));
  await writeFile(path.join(distDir, '404', 'index.html'), page('Page Not Found'));
  await writeFile(path.join(distDir, 'case-studies', '404', 'index.html'), page('Case Study Not Found'));
  await writeFile(path.join(distDir, '__spa-fallback.html'), page('Shell'));
  await precompressDir(distDir);
  app = await startApp({ db: testDb.db, config: testConfig({ DIST_DIR: distDir }) });
});

afterAll(async () => {
  await app?.close();
  await testDb?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

const get = (pathname: string, init: RequestInit = {}) => fetch(`${app.url}${pathname}`, { redirect: 'manual', ...init });
const h1Of = async (response: Response) => /<h1>([^<]+)<\/h1>/.exec(await response.text())?.[1];

describe('page addresses', () => {
  it('answers each prerendered page at its own path, compressed when the browser accepts it', async () => {
    for (const [pathname, heading] of [
      ['/', 'Home'],
      ['/pricing', 'Pricing'],
      ['/pricing?plan=growth-engine', 'Pricing'],
      ['/case-studies/a-study', 'A study'],
    ] as const) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('content-type'), pathname).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control'), pathname).toBe('no-cache');
      expect(await h1Of(response), pathname).toBe(heading);
    }
    const compressed = await get('/pricing', { headers: { 'Accept-Encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
  });

  it('answers the pages drawn in the browser with the app’s shell', async () => {
    for (const pathname of ['/signin', '/get-started', '/payment', '/report', '/dashboard', '/admin', '/demo']) {
      const response = await get(`${pathname}?view=signup`);
      expect(response.status, pathname).toBe(200);
      expect(await h1Of(response), pathname).toBe('Shell');
    }
  });

  it('answers any other address with the 404 page and status 404; a missing file keeps the JSON 404', async () => {
    for (const pathname of ['/nope', '/case-studies/a-study/extra', '/pricing/extra', '/404', '/legal/cookies', '/a/../pricing-x']) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(404);
      expect(await h1Of(response), pathname).toBe('Page Not Found');
    }
    const head = await get('/nope', { method: 'HEAD' });
    expect(head.status).toBe(404);
    const asset = await get('/assets/missing.js');
    expect(asset.status).toBe(404);
    expect(asset.headers.get('content-type')).toMatch(/json/);
  });

  it('answers an unknown case study with the case-study route’s own not-found page and status 404', async () => {
    // The page the browser's router draws there, so hydrating it changes nothing (issue 47, finding 10).
    for (const pathname of ['/case-studies/nope', '/case-studies/404', '/case-studies/a-study-x?ref=mail']) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(404);
      expect(response.headers.get('cache-control'), pathname).toBe('no-cache');
      expect(await h1Of(response), pathname).toBe('Case Study Not Found');
    }
  });

  it('never answers a page’s file by its own name: that is an unknown address like any other', async () => {
    for (const pathname of [
      '/404/index.html',
      '/case-studies/404/index.html',
      '/pricing/index.html',
      '/index.html',
      '/__spa-fallback.html',
    ]) {
      for (const encoding of ['br', 'identity']) {
        const response = await get(pathname, { headers: { 'Accept-Encoding': encoding } });
        expect(response.status, `${pathname} ${encoding}`).toBe(404);
        expect(await h1Of(response), `${pathname} ${encoding}`).toBe('Page Not Found');
      }
    }
    const moved = await get('/404/');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/404');
  });

  it('moves an address with a trailing slash to the one without, and never off the site', async () => {
    const moved = await get('/pricing/?plan=launchpad');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/pricing?plan=launchpad');
    const sneaky = await get('//evil.example/');
    expect(sneaky.headers.get('location') ?? '').not.toMatch(/^\/\/|evil/);
  });

  it('allows the inline scripts of every page of the build, not only the home page’s', async () => {
    const source = `'sha256-${createHash('sha256').update(pricingScript).digest('base64')}'`;
    expect((await get('/')).headers.get('content-security-policy')).toContain(source);
  });
});
