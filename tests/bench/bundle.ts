/**
 * What a page loads before any interaction, measured in a real browser: Chromium opens the page at a phone's
 * viewport, waits for the network to go idle, and every script, stylesheet (modulepreload included) and font
 * response is recorded. The JS and CSS are then gzipped from dist/ at level 9 (as servers typically serve them)
 * and summed per type. Fonts are counted separately, raw (woff2 is compressed already).
 */
import { chromium, type Browser, type Response } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { chromiumArgs, chromiumPath } from '../chromium';
import { errorMessage, indent, kB, kiB, KB, table } from './format';

export const CHROMIUM_ARGS = chromiumArgs;

export const VIEWPORT = { width: 390, height: 844 } as const;

/** The aim: the JavaScript `/` loads before any interaction, gzipped. */
export const INITIAL_JS_AIM_BYTES = 130 * KB;

export type AssetKind = 'js' | 'css' | 'font' | 'document' | 'other';

export interface AssetFile {
  url: string;
  /** Path relative to dist/ when the file was found there. */
  distPath: string | null;
  kind: AssetKind;
  resourceType: string;
  status: number | null;
  rawBytes: number;
  gzipBytes: number;
  /** Where the bytes that were measured came from. */
  source: 'dist' | 'response' | 'missing';
  /** False when the file is referenced by a <link>/<script> in the DOM but no response was observed. */
  seenInNetwork: boolean;
}

export interface KindTotal {
  count: number;
  rawBytes: number;
  gzipBytes: number;
}

export interface PageBundle {
  route: string;
  url: string;
  finalUrl: string;
  title: string;
  js: KindTotal;
  css: KindTotal;
  fonts: KindTotal;
  files: AssetFile[];
  failedRequests: string[];
}

export interface BundleResult {
  viewport: typeof VIEWPORT;
  gzipLevel: number;
  pages: PageBundle[];
}

const FONT_EXT = /\.(woff2?|ttf|otf|eot)$/i;

function classify(pathname: string, resourceType: string, contentType: string): AssetKind {
  if (/\.(m?js)$/i.test(pathname)) return 'js';
  if (/\.css$/i.test(pathname)) return 'css';
  if (FONT_EXT.test(pathname)) return 'font';
  if (resourceType === 'script' || /javascript/i.test(contentType)) return 'js';
  if (resourceType === 'stylesheet' || /text\/css/i.test(contentType)) return 'css';
  if (resourceType === 'font' || /^font\//i.test(contentType)) return 'font';
  if (resourceType === 'document') return 'document';
  return 'other';
}

function gzip(buffer: Buffer): number {
  return gzipSync(buffer, { level: constants.Z_BEST_COMPRESSION }).length;
}

/** dist/ file for a same-origin URL, or null (refuses paths that would leave dist/). */
function distFileFor(url: URL, origin: string, distDir: string): string | null {
  if (url.origin !== origin) return null;
  let pathname = decodeURIComponent(url.pathname);
  if (pathname.endsWith('/')) pathname += 'index.html';
  const file = path.resolve(distDir, `.${pathname}`);
  return file.startsWith(path.resolve(distDir) + path.sep) ? file : null;
}

interface Observed {
  url: string;
  resourceType: string;
  status: number | null;
  contentType: string;
  body: Promise<Buffer | null>;
}

/** DOM references to scripts/stylesheets/preloads, as a string so the bundler's helpers never leak into it. */
const DOM_REFERENCES = `Array.from(document.querySelectorAll(
  'script[src], link[rel="stylesheet"][href], link[rel="modulepreload"][href], link[rel="preload"][href]'
)).map((el) => el.src || el.href)`;

async function measurePage(browser: Browser, baseUrl: string, route: string, distDir: string): Promise<PageBundle> {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  const observed = new Map<string, Observed>();
  const failedRequests: string[] = [];
  try {
    const page = await context.newPage();
    page.on('response', (response: Response) => {
      const url = response.url();
      if (url.startsWith('data:') || observed.has(url)) return;
      observed.set(url, {
        url,
        resourceType: response.request().resourceType(),
        status: response.status(),
        contentType: response.headers()['content-type'] ?? '',
        body: response.body().catch(() => null),
      });
    });
    page.on('requestfailed', (request) => {
      failedRequests.push(`${request.url()} (${request.failure()?.errorText ?? 'failed'})`);
    });
    const url = new URL(route, baseUrl).toString();
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    const title = await page.title();
    const finalUrl = page.url();
    const referenced = (await page.evaluate(DOM_REFERENCES)) as string[];
    for (const ref of referenced) {
      if (!ref || ref.startsWith('data:') || observed.has(ref)) continue;
      observed.set(ref, { url: ref, resourceType: 'unobserved', status: null, contentType: '', body: Promise.resolve(null) });
    }

    const origin = new URL(baseUrl).origin;
    const files: AssetFile[] = [];
    for (const item of observed.values()) {
      const parsed = new URL(item.url);
      const kind = classify(parsed.pathname, item.resourceType, item.contentType);
      const distFile = distFileFor(parsed, origin, distDir);
      let bytes: Buffer | null = null;
      let source: AssetFile['source'] = 'missing';
      if (distFile) {
        bytes = await readFile(distFile).catch(() => null);
        if (bytes) source = 'dist';
      }
      if (!bytes) {
        bytes = await item.body;
        if (bytes) source = 'response';
      }
      files.push({
        url: item.url,
        distPath: source === 'dist' && distFile ? path.relative(distDir, distFile) : null,
        kind,
        resourceType: item.resourceType,
        status: item.status,
        rawBytes: bytes?.length ?? 0,
        gzipBytes: bytes ? gzip(bytes) : 0,
        source,
        seenInNetwork: item.resourceType !== 'unobserved',
      });
    }
    const order: AssetKind[] = ['js', 'css', 'font', 'document', 'other'];
    files.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || b.rawBytes - a.rawBytes);
    const total = (kind: AssetKind): KindTotal => {
      const of = files.filter((f) => f.kind === kind);
      return {
        count: of.length,
        rawBytes: of.reduce((s, f) => s + f.rawBytes, 0),
        gzipBytes: of.reduce((s, f) => s + f.gzipBytes, 0),
      };
    };
    return { route, url, finalUrl, title, js: total('js'), css: total('css'), fonts: total('font'), files, failedRequests };
  } finally {
    await context.close();
  }
}

export async function measureBundles(baseUrl: string, distDir: string, routes: readonly string[]): Promise<BundleResult> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_ARGS,
  });
  try {
    const pages: PageBundle[] = [];
    for (const route of routes) pages.push(await measurePage(browser, baseUrl, route, distDir));
    return { viewport: VIEWPORT, gzipLevel: constants.Z_BEST_COMPRESSION, pages };
  } catch (error) {
    throw new Error(`bundle measurement failed: ${errorMessage(error)}`, { cause: error });
  } finally {
    await browser.close();
  }
}

function fileName(file: AssetFile): string {
  if (file.distPath) return file.distPath;
  return file.url;
}

export function formatBundles(result: BundleResult): string {
  const out: string[] = [];
  out.push(
    `Chromium ${result.viewport.width}x${result.viewport.height}, fresh profile, network idle, no interaction;` +
      ` JS/CSS gzipped from dist/ at level ${result.gzipLevel}. 1 kB = 1000 bytes.`,
  );
  for (const [i, page] of result.pages.entries()) {
    const isHome = i === 0;
    out.push('');
    out.push(`${page.route}${isHome ? '' : '  (for information)'}   title: "${page.title}"   final URL: ${page.finalUrl}`);
    const jsLine =
      `  JS     ${String(page.js.count).padStart(2)} files  raw ${kB(page.js.rawBytes).padStart(10)}` +
      `  gzip ${kB(page.js.gzipBytes).padStart(10)} (${kiB(page.js.gzipBytes)})`;
    if (isHome) {
      const delta = INITIAL_JS_AIM_BYTES - page.js.gzipBytes;
      const verdict = delta >= 0 ? `met, ${kB(delta)} to spare` : `NOT met, ${kB(-delta)} over`;
      out.push(`${jsLine}   aim <= ${kB(INITIAL_JS_AIM_BYTES)} gzip: ${verdict}`);
    } else {
      out.push(jsLine);
    }
    out.push(
      `  CSS    ${String(page.css.count).padStart(2)} files  raw ${kB(page.css.rawBytes).padStart(10)}` +
        `  gzip ${kB(page.css.gzipBytes).padStart(10)}`,
    );
    out.push(
      `  JS+CSS              raw ${kB(page.js.rawBytes + page.css.rawBytes).padStart(10)}` +
        `  gzip ${kB(page.js.gzipBytes + page.css.gzipBytes).padStart(10)}`,
    );
    out.push(`  Fonts  ${String(page.fonts.count).padStart(2)} files  ${kB(page.fonts.rawBytes)} (as served; not gzipped)`);
    const rows = page.files.map((f) => [
      f.kind === 'other' ? `(${f.resourceType})` : f.kind,
      kB(f.rawBytes),
      f.kind === 'font' ? '-' : kB(f.gzipBytes),
      fileName(f) +
        (f.source === 'response' ? ' (not in dist/: measured from the response)' : '') +
        (f.source === 'missing' ? ' (bytes unavailable)' : '') +
        (f.seenInNetwork ? '' : ' (referenced in the DOM, no response seen)') +
        (f.status !== null && f.status >= 400 ? ` [HTTP ${f.status}]` : ''),
    ]);
    out.push(indent(table(['type', 'raw', 'gzip', 'file'], rows, new Set([1, 2])), '    '));
    if (page.failedRequests.length > 0) out.push(`  failed requests: ${page.failedRequests.join(', ')}`);
  }
  return out.join('\n');
}
