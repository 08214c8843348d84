/**
 * `npm run bench:lantern -- URL [--runs N]`: why Lighthouse scores a page as it does (docs/performance-home.md).
 *
 * Runs Lighthouse mobile (with the history state routes.ts gives the page, such as the plan handed to /payment) against a page that is already served (the production server: `npm start`, or
 * `DIST_DIR=… node --import tsx server/index.ts` for a variant build), then reruns Lantern's own FCP, LCP and TBT
 * computations on the run's trace and prints what they are made of:
 * - the requests and main-thread tasks in FCP's graph, with their simulated start and end;
 * - LCP's two estimates;
 * - every task of 30 ms or more in TBT's simulation, marked when it counts (it ends after the simulated FCP and lasts
 *   over 50 ms), with its observed wall and CPU time and the trace events that filled it;
 * - TBT simulated again with every task as long as its CPU time: what the page's own work costs where the renderer
 *   never waits for a core (a floor: it leaves out real waits on the browser process too).
 * Figures, never assertions.
 */
import lighthouse from 'lighthouse';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { chromiumPath } from '../chromium';
import { LIGHTHOUSE_CHROME_FLAGS } from './lighthouse';
import { BENCH_ROUTES, historyStateScript } from './routes';
import { lanternInputs, tbtOnCpuTime } from './tbtOnCpuTime';

interface SimulatedNode {
  type: 'network' | 'cpu';
  duration: number;
  request: { priority: string; resourceType?: string; url: string; transferSize: number };
  childEvents: Array<{ name: string; dur?: number }>;
  /** The task's own trace event: `dur` its wall time, `tdur` the main thread's CPU time in it. */
  event?: { dur?: number; tdur?: number };
  didPerformLayout(): boolean;
  getEvaluateScriptURLs(): Set<string>;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<SimulatedNode, { startTime: number; endTime: number; duration: number }>;
}
interface LanternResult {
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}
type Computed = { request(data: unknown, context: unknown): Promise<LanternResult> };

const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').slice(-50);

function describeNode(node: SimulatedNode): string {
  if (node.type === 'network') {
    const { priority, resourceType, url, transferSize } = node.request;
    return `${priority} ${resourceType ?? ''} ${shortUrl(url)} ${(transferSize / 1024).toFixed(1)} kB`;
  }
  const scripts = [...node.getEvaluateScriptURLs()].map(shortUrl);
  return `task ${(node.duration / 1000).toFixed(1)} ms observed${node.didPerformLayout() ? ' (layout)' : ''}${scripts.length ? ` evaluates ${scripts.join(', ')}` : ''}`;
}

/**
 * A task's observed wall time beside its CPU time. Lantern simulates the wall time (x4); where it is far above the
 * CPU time, the thread was waiting: on another process (a synchronous call to the browser) or for a core.
 */
function observed(node: SimulatedNode): string {
  const { dur, tdur } = node.event ?? {};
  if (dur === undefined) return '';
  return `[${(dur / 1000).toFixed(1)} ms observed${tdur === undefined ? '' : `, ${(tdur / 1000).toFixed(1)} on the CPU`}]`;
}

function topEvents(node: SimulatedNode): string {
  const totals = new Map<string, number>();
  for (const event of node.childEvents) {
    if (!event.dur || /RunTask/.test(event.name)) continue;
    totals.set(event.name, (totals.get(event.name) ?? 0) + event.dur);
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, dur]) => `${name} ${(dur / 1000).toFixed(0)}`)
    .join(', ');
}

/** The history state a bench page needs (the payment page's plan handed over), when `url` is one of routes.ts's. */
function stateScriptFor(url: string): string | null {
  const hash = new URL(url).hash;
  const route = BENCH_ROUTES.find(
    (candidate) => candidate.historyState !== undefined && new URL(candidate.route, 'http://x').hash === hash,
  );
  return route ? historyStateScript(route) : null;
}

async function explain(url: string): Promise<void> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: LIGHTHOUSE_CHROME_FLAGS });
  const stateScript = stateScriptFor(url);
  const browser = stateScript ? await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` }) : null;
  try {
    const page = browser ? await browser.newPage() : undefined;
    if (page && stateScript) await page.evaluateOnNewDocument(stateScript);
    const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance'] };
    const result = await lighthouse(url, flags, undefined, page);
    if (!result) throw new Error('Lighthouse returned nothing');
    const { lhr } = result;
    const metrics = (lhr.audits.metrics?.details as { items: Array<Record<string, number>> }).items[0]!;
    const round = (value: number | undefined) => Math.round(value ?? 0);
    console.log(
      `${url}: performance ${round((lhr.categories.performance?.score ?? 0) * 100)}, FCP ${round(metrics.firstContentfulPaint)} ms, ` +
        `LCP ${round(metrics.largestContentfulPaint)} ms, TBT ${round(metrics.totalBlockingTime)} ms, SI ${round(metrics.speedIndex)} ms, CLS ${(metrics.cumulativeLayoutShift ?? 0).toFixed(3)} ` +
        `(observed in the unthrottled load: first paint ${metrics.observedFirstContentfulPaint} ms, LCP ${metrics.observedLargestContentfulPaint} ms)`,
    );
    const data = lanternInputs(result);
    const context = { computedCache: new Map() };
    const fcp = await (LanternFirstContentfulPaint as unknown as Computed).request(data, context);
    for (const kind of ['optimistic', 'pessimistic'] as const) {
      const estimate = fcp[`${kind}Estimate`];
      console.log(`  FCP, ${kind}: ${round(estimate.timeInMs)} ms, from`);
      for (const [node, timing] of [...estimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime)) {
        console.log(
          `    ${String(round(timing.startTime)).padStart(5)}-${String(round(timing.endTime)).padStart(5)}  ${describeNode(node)}`,
        );
      }
    }
    const lcp = await (LanternLargestContentfulPaint as unknown as Computed).request(data, context);
    console.log(
      `  LCP: optimistic ${round(lcp.optimisticEstimate.timeInMs)} ms, pessimistic ${round(lcp.pessimisticEstimate.timeInMs)} ms; the optimistic estimate's requests:`,
    );
    for (const [node, timing] of [...lcp.optimisticEstimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime)) {
      if (node.type !== 'network' && timing.duration < 30) continue;
      console.log(`    ${String(round(timing.startTime)).padStart(5)}-${String(round(timing.endTime)).padStart(5)}  ${describeNode(node)}`);
    }
    const tbt = await (LanternTotalBlockingTime as unknown as Computed).request(data, context);
    for (const kind of ['optimistic', 'pessimistic'] as const) {
      // TBT pairs each estimate with the other FCP estimate (Lantern's own rule).
      const from = (kind === 'optimistic' ? fcp.pessimisticEstimate : fcp.optimisticEstimate).timeInMs;
      const estimate = tbt[`${kind}Estimate`];
      console.log(`  TBT, ${kind}: ${round(estimate.timeInMs)} ms, counted from ${round(from)} ms; tasks of 30 ms or more, simulated:`);
      for (const [node, timing] of [...estimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime)) {
        if (node.type !== 'cpu' || timing.duration < 30) continue;
        const counts = timing.endTime > from && timing.duration > 50 ? 'counts' : '      ';
        console.log(
          `    ${String(round(timing.startTime)).padStart(5)}-${String(round(timing.endTime)).padStart(5)} ${String(round(timing.duration)).padStart(4)} ms ${counts}  ${observed(node)} ${topEvents(node)}`,
        );
      }
    }
    console.log(
      `  TBT with each task as long as its CPU time: ${round(await tbtOnCpuTime(result))} ms (Lighthouse's, on wall time: ${round(metrics.totalBlockingTime)} ms)`,
    );
  } finally {
    await browser?.disconnect();
    chrome.kill();
  }
}

const args = process.argv.slice(2);
const url = args.find((arg) => !arg.startsWith('--'));
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 1;
if (!url || !Number.isInteger(runs) || runs < 1) {
  console.log('usage: npm run bench:lantern -- URL [--runs N]   (e.g. http://127.0.0.1:8080/pricing, served by `npm start`)');
  process.exitCode = url ? 1 : 0;
} else {
  for (let run = 0; run < runs; run += 1) await explain(url);
}
