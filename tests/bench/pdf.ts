/**
 * `node --import tsx tests/bench/pdf.ts [--no-build] [--runs N]`
 *
 * Time and size of the growth report's PDF (docs/product.md §2 Report, decision D15) for an English and a Hindi report:
 * builds the site into a temp dir (unless --no-build, which serves DIST_DIR or dist/), serves it with a small static
 * server (the report needs no API), opens /report in Debian's Chromium with a finished quiz in local storage, presses
 * "Print / Save as PDF" N times (default 3) and reports the median time from the click to the download, the file's
 * size and page count (pdfinfo when poppler-utils is installed), and whether it fits the aims: under 2 MB (an email
 * attachment) and A4 portrait. It never fails because of the figures; a crash exits non-zero.
 *
 * `measurePdf(baseUrl)` is exported for tests/bench/run.ts, which already serves the build.
 */
import { chromium, type Browser } from '@playwright/test';
import { execFileSync, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { heading, kB, median, ms, table } from './format';
import { chromiumArgs, chromiumPath } from '../chromium';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const PDF_SIZE_AIM_BYTES = 2_000_000;

const reports = {
  en: {
    button: 'Print / Save as PDF',
    answers: { fullName: 'Asha Verma', businessName: 'Rao Stores' },
  },
  hi: {
    button: 'प्रिंट करें / PDF सेव करें',
    answers: { fullName: 'आशा वर्मा', businessName: 'राव स्टोर्स' },
  },
} as const;

/** A finished quiz that recommends Growth Engine (the longest report sold online). */
function draft(language: 'en' | 'hi') {
  return {
    version: 1,
    language,
    step: 'acceptTerms',
    updatedAt: new Date().toISOString(),
    answers: {
      email: 'asha@raostores.in',
      role: 'Owner',
      industry: 'Retail',
      locationType: 'Multi-location',
      monthlyRevenue: '₹5L – ₹15L',
      goals: ['increase-leads', 'build-trust', 'get-walk-ins'],
      hasWebsite: 'Yes',
      websiteQuality: 'Outdated',
      runningAds: 'Yes',
      monthlyAdSpend: 25000,
      googleBusinessProfile: 'No',
      roughBudget: '₹20,000 – ₹40,000',
      acceptTerms: true,
      ...reports[language].answers,
    },
  };
}

export interface PdfResult {
  language: 'en' | 'hi';
  fileName: string;
  medianMs: number | null;
  runsMs: number[];
  bytes: number;
  pages: number | null;
  pageSize: string | null;
}

function pdfInfo(file: string): { pages: number | null; pageSize: string | null } {
  const probe = spawnSync('pdfinfo', ['-v']);
  if (probe.error) return { pages: null, pageSize: null };
  const info = execFileSync('pdfinfo', [file]).toString();
  const pages = /^Pages:\s+(\d+)/m.exec(info)?.[1];
  return { pages: pages ? Number(pages) : null, pageSize: /^Page size:\s+(.*)$/m.exec(info)?.[1]?.trim() ?? null };
}

async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
}

/** Measures both reports against a running site at `baseUrl` (the built SPA; no API needed). */
export async function measurePdf(baseUrl: string, runs = 3): Promise<PdfResult[]> {
  const browser = await launch();
  const outDir = await mkdtemp(path.join(tmpdir(), 'growthpath-pdf-'));
  try {
    const results: PdfResult[] = [];
    for (const language of ['en', 'hi'] as const) {
      // A phone-sized window: the PDF must not depend on the device it is made on.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
      await context.addInitScript((value) => localStorage.setItem('growth.getStartedDraft', value), JSON.stringify(draft(language)));
      const page = await context.newPage();
      page.on('dialog', (dialog) => void dialog.dismiss());
      await page.goto(new URL(`/report?lang=${language}`, baseUrl).toString());
      await page.getByRole('heading', { level: 1 }).waitFor();
      const button = page.getByRole('button', { name: reports[language].button });
      const times: number[] = [];
      let file = '';
      let fileName = '';
      for (let run = 0; run < Math.max(1, runs); run += 1) {
        await button.waitFor({ state: 'visible' });
        const started = performance.now();
        const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
        fileName = download.suggestedFilename();
        file = path.join(outDir, `${language}-${run}.pdf`);
        await download.saveAs(file);
        times.push(performance.now() - started);
        await page.waitForFunction(() => !document.querySelector('button[aria-busy="true"]'));
      }
      const bytes = (await stat(file)).size;
      results.push({ language, fileName, medianMs: median(times), runsMs: times, bytes, ...pdfInfo(file) });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
    await rm(outDir, { recursive: true, force: true });
  }
}

export function formatPdf(results: PdfResult[]): string {
  const rows = results.map((result) => [
    result.language === 'en' ? 'English' : 'Hindi',
    result.fileName,
    ms(result.medianMs),
    result.runsMs.map((value) => ms(value)).join(' / '),
    kB(result.bytes),
    result.pages === null ? 'n/a' : String(result.pages),
    result.pageSize ?? 'n/a (install poppler-utils)',
    result.bytes < PDF_SIZE_AIM_BYTES && (result.pageSize ?? 'A4').includes('A4') ? 'ok' : 'OVER AIM',
  ]);
  return [
    heading('Growth report PDF (click to download, Chromium, scale 2, JPEG pages)'),
    table(
      ['report', 'file', 'median', 'runs', 'size', 'pages', 'page size', `aim < ${kB(PDF_SIZE_AIM_BYTES)}, A4`],
      rows,
      new Set([2, 4, 5]),
    ),
  ].join('\n');
}

// ---- standalone ---------------------------------------------------------------------------------------------------

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves the build: files as they are, any other address (the report page) as the app's shell. */
function serveStatic(dir: string): Promise<Server> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = path.join(dir, path.normalize(pathname).replace(/^([/\\])+/, ''));
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dir, '__spa-fallback.html');
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function main() {
  const args = process.argv.slice(2);
  const runsIndex = args.indexOf('--runs');
  const runs = runsIndex >= 0 ? Number(args[runsIndex + 1]) : 3;
  const build = !args.includes('--no-build');
  const dist = build ? await mkdtemp(path.join(tmpdir(), 'growthpath-pdf-dist-')) : (process.env.DIST_DIR ?? path.join(ROOT, 'dist'));
  try {
    if (build) {
      const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/build-site.ts')], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, DIST_DIR: dist },
      });
      if (result.status !== 0) throw new Error(`the build failed:\n${result.stdout}${result.stderr}`);
    }
    const server = await serveStatic(dist);
    try {
      const { port } = server.address() as AddressInfo;
      console.log(formatPdf(await measurePdf(`http://127.0.0.1:${port}/`, runs)));
    } finally {
      server.close();
    }
  } finally {
    if (build) await rm(dist, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
