/**
 * API throughput, in one run so the ratios are fair on a busy 2-core machine: a bare Express route (the ceiling),
 * GET /api/health, POST /api/contact (validation + an insert into the embedded PGlite), POST /api/create-order (the
 * sandbox gateway: pricing + an order insert) and POST /api/verify-payment (replays of one verified sandbox payment:
 * signature, order lookup, the two locked fulfilment transactions finding the work done, a custom token from an
 * in-memory Firebase admin), each through the real
 * createApp with its middleware (security headers, compression, logging off, rate limits raised out of the way).
 * Prints requests/s, p99 latency and each route's ratio to the bare route. Figures, never assertions.
 *   node --import tsx tests/bench/api.ts [--seconds 5] [--connections 10]
 */
import autocannon from 'autocannon';
import express from 'express';
import { createLogger } from '../../server/logger';
import { createPayments } from '../../server/payments/setup';
import { memoryAuthAdmin } from '../server/memoryAuthAdmin';
import { listen, openTestDatabase, startApp, testConfig, validContact, type RunningApp } from '../server/support';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const seconds = arg('seconds', 5);
const connections = arg('connections', 10);

interface Figures {
  route: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function measure(route: string, options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections, duration: seconds, ...options });
  return {
    route,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main() {
  const bareApp = express();
  bareApp.get('/bare', (_req, res) => void res.json({ status: 'ok' }));
  const bare: RunningApp = await listen(bareApp);
  const database = await openTestDatabase();
  const config = testConfig();
  const payments = createPayments({ config, db: database.db, logger: createLogger({ level: 'silent' }), auth: memoryAuthAdmin(0).admin });
  const app = await startApp({ db: database.db, config, payments });
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

  try {
    const figures = [
      await measure('bare Express GET /bare', { url: `${bare.url}/bare` }),
      await measure('GET /api/health', { url: `${app.url}/api/health` }),
      await measure('POST /api/contact', {
        url: `${app.url}/api/contact`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(validContact),
      }),
      await measure('POST /api/create-order', {
        url: `${app.url}/api/create-order`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'growth-engine', currency: 'INR' }),
      }),
      await measure('POST /api/verify-payment', {
        url: `${app.url}/api/verify-payment`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(verifyBody),
      }),
    ];
    const ceiling = figures[0]!.requestsPerSecond;
    console.log(`\nAPI throughput: autocannon, ${connections} connections, ${seconds} s per route, one process\n`);
    console.log('route                      req/s    p99 ms   ratio to bare   non-2xx  errors');
    for (const f of figures) {
      console.log(
        `${f.route.padEnd(25)} ${f.requestsPerSecond.toFixed(0).padStart(6)}  ${f.p99Ms.toFixed(1).padStart(8)}` +
          `   ${(f.requestsPerSecond / ceiling).toFixed(2).padStart(13)}   ${String(f.non2xx).padStart(7)}  ${String(f.errors).padStart(6)}`,
      );
    }
  } finally {
    await payments.service.settled();
    await payments.sandbox?.settled();
    await app.close();
    await bare.close();
    await database.close();
  }
}

await main();
