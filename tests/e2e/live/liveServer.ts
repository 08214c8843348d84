/**
 * The live-mode server for tests/e2e/live-checkout.spec.ts, as playwright.config.ts's second webServer starts it:
 *   1. the fake Razorpay's REST API (tests/server/fakeRazorpay.ts), and beside it the checkout side the stand-in
 *      checkout.js talks to (open, pay, fail), as Razorpay's hosted checkout talks to Razorpay;
 *   2. a database of its own (PostgreSQL under `npm run test:e2e`, else PGlite in a fresh DATA_DIR);
 *   3. `npm run billing:setup-plans` against the fake, as a deployment runs it once;
 *   4. the server (server/index.ts) on Razorpay keys with RAZORPAY_API_URL at the fake, serving the site the first
 *      webServer built (built here only when that build is missing).
 * Everything lives and dies with this process: the fake keeps its state in memory, so the plans it made are valid only
 * as long as it runs, and a fresh database goes with each start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { authEmulatorDefaults } from '../../../server/auth/emulatorDefaults';
import { startFakeRazorpay, type FakeRazorpay, type FakeSubscription } from '../../server/fakeRazorpay';
import { checkoutControlPort, liveDataDir, liveDatabaseUrl, liveKeys, livePort, siteDistDir } from './settings';

const root = new URL('../../..', import.meta.url).pathname;
const children: ChildProcess[] = [];

function say(text: string) {
  process.stdout.write(`live-e2e  ${text}\n`);
}

function exitCodeOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
  children.push(child);
  return child;
}

async function runToEnd(what: string, command: string, args: string[], env: NodeJS.ProcessEnv) {
  if ((await exitCodeOf(run(command, args, env))) !== 0) throw new Error(`${what} failed`);
}

// ---- the checkout side of the fake -------------------------------------------------------------------------------

type Reply = [status: number, body: unknown];
const razorpayError = (status: number, code: string, description: string): Reply => [
  status,
  { error: { code, description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} } },
];

async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const parsed: unknown = text ? JSON.parse(text) : {};
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

/**
 * What Razorpay's hosted checkout does for a subscription, on the fake: `open` checks the key and the subscription and
 * says what the first charge takes (upfront add-ons plus the plan, or for a later start a token amount, reference §4.4); `pay` charges it as at
 * authorisation and answers the handler's three values, signed `payment_id|subscription_id` with the key secret
 * (§4.2); `fail` declines the card and answers what `payment.failed` receives. GET /e2e/subscriptions/:id shows the
 * test what the fake holds.
 */
function checkoutSide(fake: FakeRazorpay) {
  function subscriptionOf(body: Record<string, unknown>): FakeSubscription | Reply {
    if (body.key !== liveKeys.keyId) return razorpayError(401, 'BAD_REQUEST_ERROR', 'Authentication failed');
    const subscription = typeof body.subscription_id === 'string' ? fake.subscriptions.get(body.subscription_id) : undefined;
    if (!subscription) return razorpayError(400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
    if (subscription.status !== 'created') {
      return razorpayError(400, 'BAD_REQUEST_ERROR', 'Customer payment is not allowed for the Subscription at this stage');
    }
    return subscription;
  }
  const isReply = (value: unknown): value is Reply => Array.isArray(value);

  function open(body: Record<string, unknown>): Reply {
    const subscription = subscriptionOf(body);
    if (isReply(subscription)) return subscription;
    const plan = fake.plans.get(subscription.plan_id)!;
    // A subscription that starts later only authorises the card today: a token amount, refunded (reference §4.4).
    if (subscription.start_at !== null && subscription.start_at * 1000 > Date.now())
      return [200, { amount: 500, currency: plan.item.currency }];
    const addons = fake.hidden.get(subscription.id)!.addons.reduce((sum, addon) => sum + addon.item.amount, 0);
    return [200, { amount: plan.item.amount * subscription.quantity + addons, currency: plan.item.currency }];
  }

  function pay(body: Record<string, unknown>, fail: boolean): Reply {
    const subscription = subscriptionOf(body);
    if (isReply(subscription)) return subscription;
    const email = typeof body.email === 'string' ? body.email : undefined;
    const { payment } = fake.chargeSubscription(subscription.id, { fail, email });
    if (!payment) return razorpayError(400, 'BAD_REQUEST_ERROR', 'Nothing was charged');
    if (fail) {
      const metadata = { payment_id: payment.id, order_id: payment.order_id };
      const error = {
        code: payment.error_code,
        description: payment.error_description,
        source: 'bank',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata,
      };
      return [200, { error }];
    }
    return [
      200,
      {
        razorpay_payment_id: payment.id,
        razorpay_subscription_id: subscription.id,
        // Razorpay's formula, written out here rather than borrowed from the server that checks it.
        razorpay_signature: createHmac('sha256', liveKeys.keySecret).update(`${payment.id}|${subscription.id}`).digest('hex'),
      },
    ];
  }

  function state(id: string): Reply {
    const subscription = fake.subscriptions.get(id);
    if (!subscription) return razorpayError(404, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
    const invoices = [...fake.invoices.values()].filter((invoice) => invoice.subscription_id === id);
    const payments = [...fake.payments.values()].filter((payment) => invoices.some((invoice) => invoice.order_id === payment.order_id));
    return [200, { subscription, invoices, payments }];
  }

  async function route(req: IncomingMessage): Promise<Reply> {
    const { pathname } = new URL(req.url ?? '/', 'http://control');
    const one = /^\/e2e\/subscriptions\/([^/]+)$/.exec(pathname);
    if (req.method === 'GET' && one) return state(decodeURIComponent(one[1]!));
    if (req.method !== 'POST') return razorpayError(404, 'BAD_REQUEST_ERROR', 'The requested URL was not found on the server.');
    const body = await bodyOf(req);
    if (pathname === '/e2e-checkout/open') return open(body);
    if (pathname === '/e2e-checkout/pay') return pay(body, false);
    if (pathname === '/e2e-checkout/fail') return pay(body, true);
    return razorpayError(404, 'BAD_REQUEST_ERROR', 'The requested URL was not found on the server.');
  }

  return createServer((req: IncomingMessage, res: ServerResponse) => {
    route(req)
      .catch((err: unknown): Reply => razorpayError(500, 'SERVER_ERROR', String(err)))
      .then(([status, body]) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
  });
}

// ---- the database, the plans and the server -----------------------------------------------------------------------

/** A fresh database for this run: the fake's Plans are new each start, so plans stored by an earlier one would be unknown. */
async function freshDatabase(): Promise<string | undefined> {
  const url = liveDatabaseUrl();
  if (!url) return undefined;
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return url;
}

async function main() {
  const fake = await startFakeRazorpay({ keyId: liveKeys.keyId, keySecret: liveKeys.keySecret });
  const control = checkoutSide(fake);
  await new Promise<void>((resolve, reject) => {
    control.once('error', reject);
    control.listen(checkoutControlPort, '127.0.0.1', resolve);
  });
  say(`fake Razorpay at ${fake.url}, its checkout side at http://127.0.0.1:${checkoutControlPort}`);

  rmSync(liveDataDir, { recursive: true, force: true });
  const databaseUrl = await freshDatabase();
  let distDir = siteDistDir;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NO_UPDATE_NOTIFIER: '1',
    PORT: String(livePort),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    RATE_LIMIT_SCALE: '10',
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? authEmulatorDefaults.host,
    FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? authEmulatorDefaults.projectId,
    DATA_DIR: liveDataDir,
    DATABASE_URL: databaseUrl ?? '',
    RAZORPAY_KEY_ID: liveKeys.keyId,
    RAZORPAY_KEY_SECRET: liveKeys.keySecret,
    RAZORPAY_WEBHOOK_SECRET: liveKeys.webhookSecret,
    RAZORPAY_API_URL: fake.url,
  };
  if (!existsSync(join(distDir, 'index.html'))) {
    // The first webServer builds before this one starts; its build is missing only when that server was one already
    // running, started some other way.
    distDir = join(liveDataDir, 'dist');
    say(`no build at ${siteDistDir}: building the site into ${distDir} ...`);
    await runToEnd(
      'the build',
      join(root, 'node_modules', '.bin', 'vite'),
      ['build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'],
      env,
    );
  }
  env.DIST_DIR = distDir;

  await runToEnd('billing:setup-plans', process.execPath, ['--import', 'tsx', 'scripts/billing-setup-plans.ts'], env);
  const server = run(process.execPath, ['--import', 'tsx', 'server/index.ts'], env);
  say(`server in live mode at http://127.0.0.1:${livePort} (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, site from ${distDir})`);

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    server.kill('SIGTERM');
    if (server.exitCode === null && server.signalCode === null) await exitCodeOf(server);
    control.close();
    await fake.close();
    process.exit(code);
  };
  server.on('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(`live-e2e  the server stopped (${signal ?? `exit code ${code}`})\n`);
    void stop(1);
  });
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
}

main().catch((err: unknown) => {
  process.stderr.write(`live-e2e  failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  for (const child of children) child.kill('SIGTERM');
  process.exit(1);
});
