/**
 * What a page loads before any interaction, measured in a real browser: Chromium opens the page at a phone's
 * viewport, waits for the network to go idle, and every script, stylesheet (modulepreload included) and font
 * response is recorded. The JS and CSS are then compressed from dist/, gzip at level 9 and Brotli at quality 11 (what
 * the server sends: the build's precompressed copies), and summed per type. Fonts are counted separately, raw (woff2
 * is compressed already). Every other chunk of the build (the lazy ones) is listed with its sizes and aim.
 */
import { chromium, type Browser, type Response } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromiumArgs, chromiumPath } from '../chromium';
import { errorMessage, indent, kB, kiB, table } from './format';
import { historyStateScript, LAZY_CHUNK_AIM_BYTES, LAZY_CHUNK_EXCEPTIONS, type BenchRoute } from './routes';

export const CHROMIUM_ARGS = chromiumArgs;

export const VIEWPORT = { width: 390, height: 844 } as const;

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
  brotliBytes: number;
  /** Where the bytes that were measured came from. */
  source: 'dist' | 'response' | 'missing';
  /** False when the file is referenced by a <link>/<script> in the DOM but no response was observed. */
  seenInNetwork: boolean;
}

export interface KindTotal {
  count: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export interface PageBundle {
  route: string;
  /** The aim for the gzipped JS loaded before interaction. */
  jsAimGzipBytes: number;
  url: string;
  finalUrl: string;
  title: string;
  js: KindTotal;
  css: KindTotal;
  fonts: KindTotal;
  files: AssetFile[];
  failedRequests: string[];
}

export interface LazyChunk {
  file: string;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  aimGzipBytes: number;
  /** Why its aim differs from the general one, when it does. */
  why: string | null;
}

/** index.html as the server sends it to a browser that accepts Brotli: status line and headers, then the body. */
export interface DocumentOnTheWire {
  headerBytes: number;
  bodyBytes: number;
  encoding: string;
}

/**
 * TCP's first congestion window, ten segments of 1,460 bytes (RFC 6928): a document of at most this many bytes,
 * headers included, arrives in the first round trip; one byte more costs a second (decision 156).
 */
export const FIRST_WINDOW_BYTES = 14_600;

export interface BundleResult {
  viewport: typeof VIEWPORT;
  document: DocumentOnTheWire;
  gzipLevel: number;
  brotliQuality: number;
  pages: PageBundle[];
  /** Every JS and CSS file of the build that no measured page loads before interaction. */
  lazyChunks: LazyChunk[];
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

function brotli(buffer: Buffer): number {
  return brotliCompressSync(buffer, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
  }).length;
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

async function measurePage(browser: Browser, baseUrl: string, benchRoute: BenchRoute, distDir: string): Promise<PageBundle> {
  const { route } = benchRoute;
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  const stateScript = historyStateScript(benchRoute);
  if (stateScript) await context.addInitScript(stateScript);
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
    // Pages set their title in an effect: on a busy machine that can come just after the network went idle.
    await page.waitForFunction((expected) => document.title === expected, benchRoute.title, { timeout: 10_000 }).catch(() => undefined);
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
        brotliBytes: bytes ? brotli(bytes) : 0,
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
        brotliBytes: of.reduce((s, f) => s + f.brotliBytes, 0),
      };
    };
    return {
      route,
      jsAimGzipBytes: benchRoute.aims.initialJsGzipBytes,
      url,
      finalUrl,
      title,
      js: total('js'),
      css: total('css'),
      fonts: total('font'),
      files,
      failedRequests,
    };
  } finally {
    await context.close();
  }
}

/** The build's JS and CSS files that none of the pages loaded. */
async function lazyChunks(distDir: string, pages: readonly PageBundle[]): Promise<LazyChunk[]> {
  const loaded = new Set(pages.flatMap((page) => page.files.map((f) => f.distPath)).filter((p) => p !== null));
  const assets = path.join(distDir, 'assets');
  const names = (await readdir(assets)).filter((name) => /\.(js|css)$/.test(name)).map((name) => `assets/${name}`);
  const chunks: LazyChunk[] = [];
  for (const file of names.filter((name) => !loaded.has(name))) {
    const bytes = await readFile(path.join(distDir, file));
    const exception = LAZY_CHUNK_EXCEPTIONS.find((e) => e.pattern.test(file));
    chunks.push({
      file,
      rawBytes: bytes.length,
      gzipBytes: gzip(bytes),
      brotliBytes: brotli(bytes),
      aimGzipBytes: exception?.aimBytes ?? LAZY_CHUNK_AIM_BYTES,
      why: exception?.why ?? null,
    });
  }
  return chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** The bytes of `/` on the wire: the response head as HTTP/1.1 writes it, and the (Brotli) body. */
export function measureDocument(baseUrl: string): Promise<DocumentOnTheWire> {
  return new Promise((resolve, reject) => {
    const request = httpGet(new URL('/', baseUrl), { headers: { 'accept-encoding': 'br, gzip' }, timeout: 10_000 }, (response) => {
      const { rawHeaders, statusCode, statusMessage } = response;
      let headerBytes = Buffer.byteLength(`HTTP/1.1 ${statusCode} ${statusMessage}\r\n\r\n`);
      for (let i = 0; i < rawHeaders.length; i += 2) headerBytes += Buffer.byteLength(`${rawHeaders[i]}: ${rawHeaders[i + 1]}\r\n`);
      let bodyBytes = 0;
      response.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
      response.on('end', () => resolve({ headerBytes, bodyBytes, encoding: String(response.headers['content-encoding'] ?? 'identity') }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('index.html did not answer within 10 s')));
    request.on('error', reject);
  });
}

export async function measureBundles(baseUrl: string, distDir: string, routes: readonly BenchRoute[]): Promise<BundleResult> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_ARGS,
  });
  try {
    const pages: PageBundle[] = [];
    for (const route of routes) pages.push(await measurePage(browser, baseUrl, route, distDir));
    return {
      viewport: VIEWPORT,
      // Its own failure is shown as such; the pages' figures stand without it.
      document: await measureDocument(baseUrl).catch((error: unknown) => ({
        headerBytes: 0,
        bodyBytes: 0,
        encoding: `not measured: ${errorMessage(error)}`,
      })),
      gzipLevel: constants.Z_BEST_COMPRESSION,
      brotliQuality: constants.BROTLI_MAX_QUALITY,
      pages,
      lazyChunks: await lazyChunks(distDir, pages),
    };
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

const verdict = (bytes: number, aim: number) => (bytes <= aim ? `met, ${kB(aim - bytes)} to spare` : `NOT met, ${kB(bytes - aim)} over`);

export function formatBundles(result: BundleResult): string {
  const out: string[] = [];
  out.push(
    `Chromium ${result.viewport.width}x${result.viewport.height}, fresh profile, network idle, no interaction;` +
      ` JS/CSS compressed from dist/: gzip level ${result.gzipLevel}, Brotli quality ${result.brotliQuality}` +
      ' (the server sends the Brotli copies). 1 kB = 1000 bytes.',
  );
  out.push('');
  out.push(documentLine(result.document));
  out.push('');
  out.push('Summary: JS and CSS each page loads before any interaction');
  const summary = result.pages.map((page) => [
    page.route,
    String(page.js.count),
    kB(page.js.gzipBytes),
    kB(page.js.brotliBytes),
    kB(page.css.gzipBytes),
    kB(page.css.brotliBytes),
    kB(page.jsAimGzipBytes),
    verdict(page.js.gzipBytes, page.jsAimGzipBytes),
  ]);
  out.push(
    indent(
      table(['page', 'JS files', 'JS gzip', 'JS br', 'CSS gzip', 'CSS br', 'JS gzip aim', 'verdict'], summary, new Set([1, 2, 3, 4, 5, 6])),
      '  ',
    ),
  );
  for (const page of result.pages) {
    out.push('');
    out.push(`${page.route}   title: "${page.title}"   final URL: ${page.finalUrl}`);
    for (const [label, total] of [
      ['JS ', page.js],
      ['CSS', page.css],
    ] as const) {
      out.push(
        `  ${label}    ${String(total.count).padStart(2)} files  raw ${kB(total.rawBytes).padStart(10)}` +
          `  gzip ${kB(total.gzipBytes).padStart(10)} (${kiB(total.gzipBytes)})  br ${kB(total.brotliBytes).padStart(10)}`,
      );
    }
    out.push(`  Fonts  ${String(page.fonts.count).padStart(2)} files  ${kB(page.fonts.rawBytes)} (as served; not recompressed)`);
    const rows = page.files.map((f) => [
      f.kind === 'other' ? `(${f.resourceType})` : f.kind,
      kB(f.rawBytes),
      f.kind === 'font' ? '-' : kB(f.gzipBytes),
      f.kind === 'font' ? '-' : kB(f.brotliBytes),
      fileName(f) +
        (f.source === 'response' ? ' (not in dist/: measured from the response)' : '') +
        (f.source === 'missing' ? ' (bytes unavailable)' : '') +
        (f.seenInNetwork ? '' : ' (referenced in the DOM, no response seen)') +
        (f.status !== null && f.status >= 400 ? ` [HTTP ${f.status}]` : ''),
    ]);
    out.push(indent(table(['type', 'raw', 'gzip', 'br', 'file'], rows, new Set([1, 2, 3])), '    '));
    if (page.failedRequests.length > 0) out.push(`  failed requests: ${page.failedRequests.join(', ')}`);
  }
  out.push('');
  out.push(`Lazy chunks: every JS/CSS file of the build that none of these pages loads before interaction`);
  const rows = result.lazyChunks.map((c) => [
    c.file,
    kB(c.rawBytes),
    kB(c.gzipBytes),
    kB(c.brotliBytes),
    kB(c.aimGzipBytes),
    verdict(c.gzipBytes, c.aimGzipBytes) + (c.why ? ` (${c.why})` : ''),
  ]);
  out.push(indent(table(['file', 'raw', 'gzip', 'br', 'gzip aim', 'verdict'], rows, new Set([1, 2, 3, 4])), '  '));
  return out.join('\n');
}

/** One line: index.html's bytes on the wire against the first congestion window. */
export function documentLine({ headerBytes, bodyBytes, encoding }: DocumentOnTheWire): string {
  const total = headerBytes + bodyBytes;
  if (total === 0) return `index.html on the wire: ${encoding}   NOT met`;
  const verdictText =
    total <= FIRST_WINDOW_BYTES ? `met, ${FIRST_WINDOW_BYTES - total} bytes to spare` : `NOT met, ${total - FIRST_WINDOW_BYTES} bytes over`;
  return (
    `index.html on the wire (${encoding}): ${headerBytes} bytes of headers + ${bodyBytes} of body = ${total} bytes;` +
    ` aim <= ${FIRST_WINDOW_BYTES} (TCP's first window)   ${verdictText}`
  );
}
