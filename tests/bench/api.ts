/**
 * API throughput, in one run so the ratios are fair on a busy machine: a bare Express route (the ceiling) beside
 * GET /api/health, POST /api/contact (validation + an insert), POST /api/create-order (the sandbox gateway: pricing +
 * an order insert), POST /api/verify-payment (replays of one verified sandbox payment: signature, order lookup, the
 * locked fulfilment finding the work done, a custom token from an in-memory Firebase admin) and POST /api/chat (the
 * local assistant's whole streamed answer, its typing delay set to 0 so the figure is the server's work, not a pause).
 * Each through the real createApp with its middleware (security headers, compression, logging off) and its real rate
 * limiters, their limits raised out of the way, so every request still counts in the shared store.
 *
 * The routes are measured in rounds, and within a round each route right after a run of the bare route: a route's
 * ratio is the median, over the rounds, of its throughput over that of the bare run just before it. This machine's
 * speed drifts by 10-40% within a minute (a shared host), so a ratio of two runs 2 s apart is steadier than one of
 * two medians taken a round apart; the bare route's req/s shown is the median of all its runs. Measured twice when PostgreSQL is
 * there (TEST_DATABASE_URL, which `npm run bench` and `npm run bench:api` set through scripts/with-postgres.sh): on
 * PostgreSQL, what production runs on, and on the embedded PGlite, which runs on a thread of its own beside Express
 * (decision 165). Figures, never assertions; the table shows each route's ratio to the bare route beside its
 * target.
 *
 * Throughput is what a server answers when it is kept busy, so the routes are driven at 50 connections, as
 * `npm run bench:load` drives them (docs/performance.md, how the figures are taken). At 10, a route that waits for the database spent 10-16% of its
 * time idle, every connection waiting for a round trip, while the bare route never waits: that ratio measured the
 * database's latency more than the server's capacity. The table prints each route's event-loop utilisation (the
 * process's, autocannon's side included), so a route measured below saturation shows.
 *   node --import tsx tests/bench/api.ts [--seconds 2] [--rounds 3] [--connections 50]
 * Exports measureApi/formatApi for tests/bench/run.ts.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import express from 'express';
import { createLogger } from '../../server/logger';
import { createPayments } from '../../server/payments/setup';
import { memoryAuthAdmin } from '../server/memoryAuthAdmin';
import { listen, openTestDatabase, startApp, testConfig, validContact, type RunningApp } from '../server/support';
import { errorMessage, heading, median, table } from './format';

export type ApiDatabase = 'PGlite' | 'PostgreSQL';

export interface ApiOptions {
  /** PostgreSQL needs TEST_DATABASE_URL. */
  database: ApiDatabase;
  /** Seconds per route per round. */
  seconds: number;
  rounds: number;
  connections: number;
}

export interface RouteFigures {
  route: string;
  /** Median over the rounds. */
  requestsPerSecond: number;
  p99Ms: number;
  /** Median over the rounds of this route's req/s over the bare run just before it (1 for the bare route). */
  ratio: number;
  /** The least and greatest of those per-round ratios. */
  ratioRange: [number, number];
  /** The least ratio this route should reach, when it has a target. */
  target?: number;
  non2xx: number;
  errors: number;
  perRound: number[];
  /** Median over the rounds of the process's event-loop utilisation during the route's runs (0..1). */
  eventLoopUtilisation: number;
}

export interface ApiResult {
  options: ApiOptions;
  database: ApiDatabase;
  routes: RouteFigures[];
  error?: string;
}

export const defaultApiOptions: Omit<ApiOptions, 'database'> = { seconds: 2, rounds: 3, connections: 50 };

/** The databases this machine can measure on: PostgreSQL first when TEST_DATABASE_URL names one, then PGlite. */
export function apiDatabases(): ApiDatabase[] {
  return process.env.TEST_DATABASE_URL ? ['PostgreSQL', 'PGlite'] : ['PGlite'];
}

/** The target: create-order at least half the bare route's throughput. The others are shown, not judged. */
const targets: Record<string, number> = { 'POST /api/create-order': 0.5 };

interface Route {
  name: string;
  request: autocannon.Options;
}

const postJson = (url: string, body: unknown): autocannon.Options => ({
  url,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export async function measureApi(options: Partial<ApiOptions> = {}): Promise<ApiResult> {
  const opts: ApiOptions = { ...defaultApiOptions, database: apiDatabases()[0]!, ...options };
  const result: ApiResult = { options: opts, database: opts.database, routes: [] };
  const bareApp = express();
  bareApp.get('/bare', (_req, res) => void res.json({ status: 'ok' }));
  const bare: RunningApp = await listen(bareApp);
  const adminUrl = opts.database === 'PostgreSQL' ? (process.env.TEST_DATABASE_URL ?? null) : null;
  if (opts.database === 'PostgreSQL' && !adminUrl) throw new Error('measuring on PostgreSQL needs TEST_DATABASE_URL');
  const database = await openTestDatabase(adminUrl);
  const config = testConfig({ CHAT_LOCAL_PIECE_DELAY_MS: '0' });
  const payments = createPayments({ config, db: database.db, logger: createLogger({ level: 'silent' }), auth: memoryAuthAdmin(0).admin });
  const app = await startApp({ db: database.db, config, payments });
  try {
    const post = (path: string, body: unknown) =>
      fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const order = (await (await post('/api/create-order', { plan: 'launchpad', currency: 'INR' })).json()) as { id: string };
    const checkout = await (await post(`/api/sandbox/checkout/${order.id}/pay`, {})).json();
    const verifyBody = {
      ...checkout,
      plan: 'launchpad',
      userDetails: { fullName: 'Bench Buyer', email: 'bench@example.in', businessName: 'Bench Co' },
    };
    const first = await (await post('/api/verify-payment', verifyBody)).json();
    if (!first.success) throw new Error(`bench set-up: verification failed: ${JSON.stringify(first)}`);

    const routes: Route[] = [
      { name: 'bare Express GET /bare', request: { url: `${bare.url}/bare` } },
      { name: 'GET /api/health', request: { url: `${app.url}/api/health` } },
      { name: 'POST /api/contact', request: postJson(`${app.url}/api/contact`, validContact) },
      { name: 'POST /api/create-order', request: postJson(`${app.url}/api/create-order`, { plan: 'growth-engine', currency: 'INR' }) },
      { name: 'POST /api/verify-payment', request: postJson(`${app.url}/api/verify-payment`, verifyBody) },
      {
        name: 'POST /api/chat (whole answer)',
        request: postJson(`${app.url}/api/chat`, { conversationId: 'bench-api-chat', message: 'How much are your plans?' }),
      },
    ];
    const runs = new Map<string, autocannon.Result[]>(routes.map((route) => [route.name, []]));
    const ratios = new Map<string, number[]>(routes.map((route) => [route.name, []]));
    const utilisation = new Map<string, number[]>(routes.map((route) => [route.name, []]));
    const run = async (route: Route) => {
      const before = performance.eventLoopUtilization();
      const figures = await autocannon({ connections: opts.connections, duration: opts.seconds, ...route.request });
      utilisation.get(route.name)!.push(performance.eventLoopUtilization(before).utilization);
      return figures;
    };
    const [bareRoute, ...measured] = routes as [Route, ...Route[]];
    for (let round = 0; round < opts.rounds; round += 1) {
      for (const route of measured) {
        const ceiling = await run(bareRoute);
        const figures = await run(route);
        runs.get(bareRoute.name)!.push(ceiling);
        runs.get(route.name)!.push(figures);
        ratios.get(route.name)!.push(ceiling.requests.average > 0 ? figures.requests.average / ceiling.requests.average : 0);
      }
    }
    const summarise = (name: string) => {
      const list = runs.get(name)!;
      const perRound = list.map((run) => run.requests.average);
      return {
        route: name,
        requestsPerSecond: median(perRound) ?? 0,
        p99Ms: median(list.map((run) => run.latency.p99)) ?? 0,
        eventLoopUtilisation: median(utilisation.get(name)!) ?? 0,
        non2xx: list.reduce((sum, run) => sum + run.non2xx, 0),
        errors: list.reduce((sum, run) => sum + run.errors, 0),
        perRound,
      };
    };
    result.routes = routes.map((route) => {
      const perRound = route === bareRoute ? [1] : ratios.get(route.name)!;
      return {
        ...summarise(route.name),
        ratio: median(perRound) ?? 0,
        ratioRange: [Math.min(...perRound), Math.max(...perRound)],
        target: targets[route.name],
      };
    });
  } catch (error) {
    result.error = errorMessage(error);
  } finally {
    await payments.service.settled();
    await payments.sandbox?.settled();
    await app.close();
    await bare.close();
    await database.close();
  }
  return result;
}

export function formatApi(result: ApiResult): string {
  const { seconds, rounds, connections } = result.options;
  const lines = [
    heading('API throughput'),
    `autocannon, ${connections} connections, ${rounds} rounds of ${seconds} s per route, each after ${seconds} s of the bare route (medians), one process, ${result.database}`,
    '',
  ];
  if (result.error) lines.push(`error: ${result.error}`, '');
  const rows = result.routes.map((r) => [
    r.route,
    r.requestsPerSecond.toFixed(0),
    r.p99Ms.toFixed(0),
    `${r.ratio.toFixed(2)}x`,
    r.ratioRange[0] === r.ratioRange[1] ? '' : `${r.ratioRange[0].toFixed(2)}-${r.ratioRange[1].toFixed(2)}x`,
    r.target === undefined ? '' : `>= ${r.target}x`,
    r.target === undefined ? '' : r.ratio >= r.target ? 'met' : 'MISSED',
    `${Math.round(r.eventLoopUtilisation * 100)}%`,
    String(r.non2xx),
    String(r.errors),
    r.perRound.map((value) => value.toFixed(0)).join(' / '),
  ]);
  lines.push(
    table(
      ['route', 'req/s', 'p99 ms', 'vs bare', 'per round', 'target', '', 'loop busy', 'non-2xx', 'errors', 'req/s per run'],
      rows,
      new Set([1, 2, 3, 4, 7, 8, 9]),
    ),
  );
  return lines.join('\n');
}

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const database of apiDatabases()) {
    const result = await measureApi({
      database,
      seconds: arg('seconds', defaultApiOptions.seconds),
      rounds: arg('rounds', defaultApiOptions.rounds),
      connections: arg('connections', defaultApiOptions.connections),
    });
    console.log(formatApi(result));
    if (result.error) process.exitCode = 1;
  }
}
