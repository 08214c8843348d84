/**
 * `npm run bench [-- --no-build] [-- --runs N] [-- --no-api] [-- --page SLUG ...]`
 *
 * Builds the site (unless --no-build), serves dist/ with the production server (`node --import tsx server/index.ts`:
 * compression and cache headers, a throw-away embedded database in a temp dir) on a free port, then measures:
 *  - the JS/CSS (gzip and Brotli) and fonts that each page of routes.ts loads before any interaction, and every lazy
 *    chunk of the build (bundle.ts);
 *  - Lighthouse mobile scores and FCP/LCP/TBT/CLS for the same pages, median of N runs (lighthouse.ts);
 *  - then, with the site's server stopped, API throughput beside a bare Express route (api.ts).
 * Every figure is printed against its aim (routes.ts).
 * Prints a report and writes tests/bench/out/results.json. It reports figures against the aims and never fails
 * because of them: the exit code is non-zero only when something crashed (or the wrong page was audited).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { apiDatabases, formatApi, measureApi, type ApiResult } from './api';
import { documentLine, formatBundles, measureBundles, type BundleResult } from './bundle';
import { errorMessage, heading, kB, score100 } from './format';
import { CATEGORIES, formatLighthouse, metricVerdicts, runLighthouse, type LighthouseResult } from './lighthouse';
import { BENCH_ROUTES, type BenchRoute } from './routes';
import { withEmbeddedAuth } from '../../server/config';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = path.join(ROOT, 'dist');
const OUT = path.join(ROOT, 'tests/bench/out');

interface Options {
  build: boolean;
  runs: number;
  /** The pages to measure (--page SLUG, repeatable; all of routes.ts by default). */
  pages: BenchRoute[];
  /** Measure the API's throughput too (--no-api skips it). */
  api: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { build: true, runs: 3, api: true, pages: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--no-build') options.build = false;
    else if (arg === '--page' || arg.startsWith('--page=')) {
      const slug = arg.includes('=') ? arg.slice('--page='.length) : argv[(i += 1)];
      const page = BENCH_ROUTES.find((r) => r.slug === slug);
      if (!page) throw new Error(`--page needs one of ${BENCH_ROUTES.map((r) => r.slug).join(', ')}, got "${slug}"`);
      options.pages.push(page);
    } else if (arg === '--no-api') options.api = false;
    else if (arg === '--runs' || arg.startsWith('--runs=')) {
      const value = arg.includes('=') ? arg.slice('--runs='.length) : argv[(i += 1)];
      const runs = Number(value);
      if (!Number.isInteger(runs) || runs < 0) throw new Error(`--runs needs a whole number >= 0, got "${value}"`);
      options.runs = runs;
    } else if (arg === '--help' || arg === '-h') {
      console.log(
        'usage: npm run bench [-- --no-build] [-- --runs N] [-- --no-api] [-- --page SLUG ...]   (--runs 0 skips Lighthouse; --page home --page pricing measures only those)',
      );
      process.exit(0);
    } else throw new Error(`unknown argument "${arg}" (try --help)`);
  }
  if (options.pages.length === 0) options.pages = [...BENCH_ROUTES];
  return options;
}

/** Runs a command to completion, capturing its output; rejects with that output on a non-zero exit. */
function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}:\n${output}`));
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

/**
 * The production server (`node --import tsx server/index.ts`: Express with compression, long-cache headers for
 * /assets), so the scores reflect what users get; `vite preview` serves without compression.
 */
class SiteServer {
  private output = '';
  private exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  private readonly done: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    private readonly dataDir: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.done = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        this.exited = { code, signal };
        resolve();
      });
    });
  }

  /**
   * Starts the server in its own process group with a throw-away embedded database (DATA_DIR in a temp dir; its
   * first start takes about 10 s) and waits until GET /api/health and GET / both answer 200.
   */
  static async start(port: number): Promise<SiteServer> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'growthpath-bench-'));
    const env: NodeJS.ProcessEnv = {
      // On the Auth Emulator by name, as npm start runs it (the bench never signs in).
      ...withEmbeddedAuth(process.env),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: DIST, // the build this run measured
      LOG_LEVEL: 'warn',
    };
    // Self-contained: never the developer's own database or a forwarding target.
    delete env.DATABASE_URL;
    delete env.CONTACT_FORWARD_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env,
    });
    const server = new SiteServer(child, `http://127.0.0.1:${port}/`, dataDir);
    activeServer = server;
    await server.waitUntilReady(120_000);
    return server;
  }

  private async answers(pathname: string): Promise<boolean> {
    try {
      const response = await fetch(new URL(pathname, this.url), { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      return response.ok;
    } catch {
      return false; // not listening yet
    }
  }

  private async waitUntilReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exited) {
        throw new Error(`the server exited early (${this.exited.code ?? this.exited.signal}):\n${this.output}`);
      }
      if ((await this.answers('/api/health')) && (await this.answers('/'))) return;
      await sleep(250);
    }
    throw new Error(`the server did not answer at ${this.url} within ${timeoutMs} ms:\n${this.output}`);
  }

  private signal(signal: NodeJS.Signals): void {
    if (this.exited || this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, signal); // the whole group we started
    } catch {
      // already gone
    }
  }

  /** SIGTERM (the server closes its database), SIGKILL if it hangs; then removes the temporary database. */
  async stop(): Promise<void> {
    this.signal('SIGTERM');
    const stopped = await Promise.race([this.done.then(() => true), sleep(15_000).then(() => false)]);
    if (!stopped) {
      this.signal('SIGKILL');
      await Promise.race([this.done, sleep(2_000)]);
    }
    await rm(this.dataDir, { recursive: true, force: true }).catch(() => undefined);
  }

  /** Last resort on process exit (synchronous). */
  killNow(): void {
    this.signal('SIGKILL');
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

let activeServer: SiteServer | null = null;

process.on('exit', () => activeServer?.killNow());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the server`);
    void (activeServer?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

interface Results {
  startedAt: string;
  finishedAt?: string;
  options: Options;
  node: string;
  chromium: string;
  build: { ran: boolean; seconds: number | null; summary: string | null };
  /** Where the production server served dist/ during the run. */
  serverUrl: string | null;
  /** The machine the figures were taken on: other work on it slows Lighthouse's runs. */
  conditions: { cpus: number; loadAverageAtStart: number[]; loadAverageAtEnd?: number[] };
  aims: readonly BenchRoute[];
  bundle: BundleResult | null;
  lighthouse: LighthouseResult | null;
  /** One result per database measured (apiDatabases()). */
  api: ApiResult[];
  errors: string[];
}

function formatAims(results: Results): string {
  const lines: string[] = [];
  for (const page of results.bundle?.pages ?? []) {
    const ok = page.js.gzipBytes <= page.jsAimGzipBytes;
    lines.push(
      `  initial JS ${page.route.padEnd(15)} gzip ${kB(page.js.gzipBytes).padStart(10)}  br ${kB(page.js.brotliBytes).padStart(10)}` +
        `   aim <= ${kB(page.jsAimGzipBytes)} gzip   ${ok ? 'met' : 'NOT met'}`,
    );
  }
  if (!results.bundle) lines.push('  initial JS: not measured');
  else lines.push(`  ${documentLine(results.bundle.document)}`);
  const overLazy = results.bundle?.lazyChunks.filter((c) => c.gzipBytes > c.aimGzipBytes) ?? [];
  if (results.bundle) {
    lines.push(
      `  lazy chunks: ${results.bundle.lazyChunks.length}, ` +
        (overLazy.length === 0 ? 'all within their aims' : `NOT met: ${overLazy.map((c) => c.file).join(', ')}`),
    );
  }
  if (results.lighthouse) {
    for (const page of results.lighthouse.pages) {
      const parts = CATEGORIES.map((c) => {
        const s = page.medianScores[c];
        const ok = s !== null && s >= page.aims.scores[c];
        return `${c} ${score100(s)}${ok ? '' : ` (aim ${score100(page.aims.scores[c])})`}`;
      });
      const metrics = metricVerdicts(page);
      const allOk = CATEGORIES.every((c) => (page.medianScores[c] ?? 0) >= page.aims.scores[c]) && metrics.every((m) => m.met);
      const missedMetrics = metrics.filter((m) => !m.met).map((m) => `${m.label} not ${m.aim}`);
      lines.push(
        `  Lighthouse mobile ${page.route.padEnd(15)} ${parts.join(', ')}${missedMetrics.length ? `; ${missedMetrics.join(', ')}` : ''}` +
          `   ${allOk ? 'met' : 'NOT met'}`,
      );
    }
  } else lines.push('  Lighthouse: not measured');
  return lines.join('\n');
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const results: Results = {
    startedAt: new Date().toISOString(),
    options,
    node: process.version,
    chromium: (await run(chromePath, ['--version']).catch(() => 'unknown')).trim().split('\n').pop() ?? 'unknown',
    build: { ran: options.build, seconds: null, summary: null },
    serverUrl: null,
    conditions: { cpus: cpus().length, loadAverageAtStart: loadavg() },
    aims: options.pages,
    bundle: null,
    lighthouse: null,
    api: [],
    errors: [],
  };
  console.log(heading('GrowthPath benchmark'));
  console.log(`Node ${results.node}, ${results.chromium}`);
  console.log(
    `${results.conditions.cpus} CPUs, load average ${results.conditions.loadAverageAtStart.map((l) => l.toFixed(2)).join(' ')}` +
      ' (other work on the machine slows the runs; Lighthouse simulates its throttling, which damps that)',
  );

  if (options.build) {
    const started = Date.now();
    console.log('building: npm run build (scripts/build-site.ts) ...');
    const output = await run('npm', ['run', 'build']);
    results.build.seconds = (Date.now() - started) / 1000;
    results.build.summary =
      output
        .trim()
        .split('\n')
        .filter((l) => /built the site|error/i.test(l))
        .pop() ?? null;
    console.log(`built in ${results.build.seconds.toFixed(1)} s (${results.build.summary ?? 'no summary line'})`);
  } else {
    console.log('--no-build: measuring the existing dist/');
  }
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error(`no ${DIST}/index.html: build first`);

  const port = await freePort();
  console.log('starting the production server (node --import tsx server/index.ts) ...');
  const server = await SiteServer.start(port);
  results.serverUrl = server.url;
  console.log(`serving dist/ with the production server (Brotli or gzip, cache headers) at ${server.url}`);
  let bundleText = '';
  let lighthouseText = '';
  try {
    try {
      console.log(`measuring what ${options.pages.map((r) => r.route).join(', ')} load ...`);
      results.bundle = await measureBundles(server.url, DIST, options.pages);
      bundleText = formatBundles(results.bundle);
      for (const [i, page] of results.bundle.pages.entries()) {
        const expected = options.pages[i]!.title;
        if (page.title !== expected) results.errors.push(`bundle: ${page.route} showed title "${page.title}", expected "${expected}"`);
      }
    } catch (error) {
      results.errors.push(`bundle: ${errorMessage(error)}`);
    }
    if (options.runs > 0) {
      try {
        console.log(`running Lighthouse (mobile), ${options.runs} run(s) per page; about 10-20 s a run ...`);
        results.lighthouse = await runLighthouse(server.url, options.pages, options.runs, OUT, (line) => console.log(line));
        lighthouseText = formatLighthouse(results.lighthouse, ROOT);
        for (const page of results.lighthouse.pages) {
          if (!page.auditedExpectedPage) {
            results.errors.push(`lighthouse: ${page.route} did not show "${page.expectedTitle}": wrong page audited`);
          }
        }
      } catch (error) {
        results.errors.push(`lighthouse: ${errorMessage(error)}`);
      }
    } else {
      lighthouseText = '--runs 0: skipped';
    }
  } finally {
    await server.stop();
    activeServer = null;
  }

  // After the site's server has stopped, so the API's figures do not compete with it for the CPU.
  if (options.api) {
    try {
      console.log('measuring API throughput (bare Express, health, contact, create-order, verify-payment, chat) ...');
      for (const database of apiDatabases()) {
        const result = await measureApi({ database });
        results.api.push(result);
        if (result.error) results.errors.push(`api (${database}): ${result.error}`);
      }
    } catch (error) {
      results.errors.push(`api: ${errorMessage(error)}`);
    }
  }

  results.finishedAt = new Date().toISOString();
  results.conditions.loadAverageAtEnd = loadavg();
  await mkdir(OUT, { recursive: true });
  const jsonFile = path.join(OUT, 'results.json');
  await writeFile(jsonFile, JSON.stringify(results, null, 2) + '\n');

  console.log(heading('Initial load: JS, CSS and fonts before any interaction'));
  console.log(bundleText || 'not measured (see errors)');
  console.log(heading('Lighthouse'));
  console.log(lighthouseText || 'not measured (see errors)');
  console.log(
    results.api.length > 0
      ? results.api.map(formatApi).join('\n')
      : `${heading('API throughput')}\n${options.api ? 'not measured (see errors)' : '--no-api: skipped'}`,
  );
  console.log(heading('Aims'));
  console.log(formatAims(results));
  if (results.errors.length > 0) {
    console.log(heading('Errors'));
    for (const e of results.errors) console.log(`- ${e}`);
  }
  console.log(`\nresults: ${path.relative(ROOT, jsonFile)}`);
  return results.errors.length > 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  async (error: unknown) => {
    console.error(`benchmark crashed: ${errorMessage(error)}`);
    await activeServer?.stop();
    process.exitCode = 1;
  },
);
