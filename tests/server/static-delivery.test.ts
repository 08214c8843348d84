import { request } from 'node:http';
import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { dynamicCompression } from '../../server/http/compress';
import { chooseCoding, precompressDir } from '../../server/http/precompressed';
import { listen, openTestDatabase, startApp, testConfig, type RunningApp, type TestDatabase } from './support';

/** The raw bytes and headers of one answer: fetch would undo the Content-Encoding this file checks. */
function rawGet(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))};\n`;
const indexHtml = `<!doctype html><html><head><title>t</title><script type="module" src="/assets/index-Bq3xY9aZ.js"></script></head><body>${'<p>hello</p>'.repeat(50)}</body></html>`;
const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(40)}</svg>`;
const font = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256));

let testDb: TestDatabase;
let app: RunningApp;
let distDir: string;

beforeAll(async () => {
  testDb = await openTestDatabase();
  distDir = await mkdtemp(path.join(tmpdir(), 'dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), indexHtml);
  await writeFile(path.join(distDir, 'assets', 'index-Bq3xY9aZ.js'), script);
  await writeFile(path.join(distDir, 'assets', 'hero-Z3n61Iyy.svg'), svg);
  await writeFile(path.join(distDir, 'assets', 'inter-MQDndehh.woff2'), font);
  await writeFile(path.join(distDir, 'assets', 'tiny-AAAAAAAA.js'), 'x');
  await writeFile(path.join(distDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  await precompressDir(distDir);
  app = await startApp({ db: testDb.db, config: testConfig({ DIST_DIR: distDir }) });
});

afterAll(async () => {
  await app?.close();
  await testDb?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

describe('precompressing the build', () => {
  it('writes .br and .gz beside text files only, and only where they are smaller', async () => {
    const files = (await readdir(distDir, { recursive: true })).map(String).sort();
    expect(files).toContain(path.join('assets', 'index-Bq3xY9aZ.js.br'));
    expect(files).toContain(path.join('assets', 'index-Bq3xY9aZ.js.gz'));
    expect(files).toContain(path.join('assets', 'hero-Z3n61Iyy.svg.br'));
    expect(files).toContain('index.html.br');
    expect(files.filter((f) => f.includes('woff2.'))).toEqual([]);
    // One byte does not shrink: no copy, the original is served.
    expect(files.filter((f) => f.includes('tiny-AAAAAAAA.js.'))).toEqual([]);
  });
});

describe('choosing a coding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.1, gzip', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['deflate', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('Accept-Encoding %j gives %j', (header, coding) => {
    expect(chooseCoding(header)).toBe(coding);
  });
});

describe('serving the build compressed', () => {
  it.each([
    ['/assets/index-Bq3xY9aZ.js', script, /^text\/javascript|^application\/javascript/, 'public, max-age=31536000, immutable'],
    ['/', indexHtml, /^text\/html/, 'no-cache'],
    ['/assets/hero-Z3n61Iyy.svg', svg, /^image\/svg\+xml/, 'public, max-age=31536000, immutable'],
  ])('%s: Brotli, gzip or identity as the client accepts, with the original type', async (route, original, type, cache) => {
    const br = await rawGet(`${app.url}${route}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(type);
    expect(br.headers['cache-control']).toBe(cache);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(original);

    const gz = await rawGet(`${app.url}${route}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(type);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.body).toString()).toBe(original);
    expect(br.body.length).toBeLessThan(gz.body.length);

    const identity = await rawGet(`${app.url}${route}`, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.body.toString()).toBe(original);
  });

  it('answers HEAD with the compressed headers and no body', async () => {
    const head = await rawGet(`${app.url}/assets/index-Bq3xY9aZ.js`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('revalidates a compressed copy by its own ETag', async () => {
    const first = await rawGet(`${app.url}/assets/index-Bq3xY9aZ.js`, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    const again = await rawGet(`${app.url}/assets/index-Bq3xY9aZ.js`, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    const gzip = await rawGet(`${app.url}/assets/index-Bq3xY9aZ.js`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers.etag).not.toBe(etag);
  });

  it('serves fonts as they are (woff2 is compressed already), immutable for a year', async () => {
    const response = await rawGet(`${app.url}/assets/inter-MQDndehh.woff2`, { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('font/woff2');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body.equals(font)).toBe(true);
  });

  it('serves a file without a compressed copy as it is', async () => {
    const response = await rawGet(`${app.url}/assets/tiny-AAAAAAAA.js`, { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe('x');
  });

  it('never serves the compressed copies under their own names', async () => {
    for (const route of ['/assets/index-Bq3xY9aZ.js.br', '/assets/index-Bq3xY9aZ.js.gz', '/index.html.br']) {
      const response = await rawGet(`${app.url}${route}`, { 'accept-encoding': 'br' });
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('keeps public files that must keep their names on a modest cache', async () => {
    const robots = await rawGet(`${app.url}/robots.txt`, { 'accept-encoding': 'br' });
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('compressing dynamic answers', () => {
  it('answers JSON with Brotli when accepted, gzip otherwise, and leaves a no-transform stream alone', async () => {
    const payload = { items: Array.from({ length: 300 }, (_, i) => ({ id: i, name: `item ${i % 11}` })) };
    const server = express();
    server.use(dynamicCompression());
    server.get('/json', (_req, res) => res.json(payload));
    server.get('/events', (_req, res) => {
      res.setHeader('Content-Type', 'text/event-stream');
      res.setHeader('Cache-Control', 'no-store, no-transform');
      res.end(`data: ${JSON.stringify(payload)}\n\n`);
    });
    const running = await listen(server);
    try {
      const br = await rawGet(`${running.url}/json`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(payload);
      const gz = await rawGet(`${running.url}/json`, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(payload);
      const none = await rawGet(`${running.url}/json`, {});
      expect(none.headers['content-encoding']).toBeUndefined();
      const events = await rawGet(`${running.url}/events`, { 'accept-encoding': 'br' });
      expect(events.headers['content-encoding']).toBeUndefined();
    } finally {
      await running.close();
    }
  });
});
