/**
 * Load on two servers sharing one PostgreSQL (docs/decisions/126-one-job-one-server.md), loopback only:
 *   npm run bench:load [-- --seconds 60 --connections 50]
 * Starts a throw-away PostgreSQL when DATABASE_URL is not set (scripts/with-postgres.sh), creates a database of its own
 * on it, and starts TWO real server processes (`node --import tsx server/index.ts`) on it: the sandbox gateway, the
 * local chat assistant (no typing delay), the Firebase Auth Emulator under a project of this run's own, and a local
 * contact forward target. Then autocannon drives mixed traffic over both servers, each connection looping through
 * POST /api/contact, POST /api/create-order, POST /api/verify-payment with a forged signature, then with a valid one
 * (the signed webhook for the same payment goes at the same moment to the OTHER server), and POST /api/chat.
 *
 * The load generator stands in for the proxy: the servers trust loopback (TRUST_PROXY) and each request names one of
 * 256 client addresses in X-Forwarded-For, and RATE_LIMIT_SCALE=100 raises each limit, so the shared limits are
 * exercised without turning the run into 429s.
 *
 * Afterwards it compares the database with what was acknowledged: contact messages (and their forwards), orders, paid
 * and fulfilled orders (grants). Exits non-zero on any 5xx, any mismatch or a failed request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { authEmulatorDefaults } from '../../server/auth/emulatorDefaults';
import { FakeForwardTarget } from '../server/fakeForwardTarget';
import { validContact } from '../server/support';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const seconds = arg('seconds', 60);
const connections = arg('connections', 50);
/** Health checks only, after the mixed traffic, so no write is in flight when autocannon stops. */
const drainSeconds = arg('drain', 15);

const keySecret = randomBytes(24).toString('hex');
const webhookSecret = randomBytes(24).toString('hex');
const sign = (text: string, secret: string) => createHmac('sha256', secret).update(text).digest('hex');

async function admin(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

class ServerProcess {
  output = '';
  exited = false;
  constructor(
    readonly name: string,
    readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.on('exit', () => (this.exited = true));
  }

  static async start(name: string, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, PORT: String(port) },
    });
    const server = new ServerProcess(name, child, `http://127.0.0.1:${port}`);
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (server.exited) throw new Error(`server ${name} exited early:\n${server.output}`);
      const ok = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return server;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`server ${name} did not answer within 120 s:\n${server.output}`);
  }

  async stop() {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (!this.exited) this.child.kill('SIGKILL');
  }
}

type Tally = Map<string, Map<number, number>>;

interface Acknowledged {
  messages: Set<string>;
  orders: Set<string>;
  grants: Set<string>;
  webhooks: Map<number, number>;
  /** Orders whose webhook a server acknowledged (200): the server then owes their fulfilment too. */
  webhookOrders: Set<string>;
  webhookErrors: number;
}

/** One autocannon instance: `count` connections against `server`, the webhooks of its payments going to `other`. */
function drive(
  server: ServerProcess,
  other: ServerProcess,
  count: number,
  tally: Tally,
  ack: Acknowledged,
  pending: Set<Promise<unknown>>,
) {
  let sequence = 0;
  const client = () => `10.${(sequence >> 8) & 255}.${sequence & 255}.${server.name === 'a' ? 1 : 2}`;
  const count2xx = (route: string, status: number) => {
    const byStatus = tally.get(route) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    tally.set(route, byStatus);
  };
  interface Context {
    /** This request is a drain-phase health check, not the route's write. */
    drain?: boolean;
    orderId?: string;
    amount?: number;
    message?: string;
  }
  const headers = () => ({ 'content-type': 'application/json', 'x-forwarded-for': client() });
  // One buyer per order, so every grant makes its own account.
  const emailFor = (orderId: string) => `load-${orderId.toLowerCase()}@example.in`;
  const verifyBody = (orderId: string, paymentId: string, signature: string) =>
    JSON.stringify({
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signature,
      plan: 'launchpad',
      userDetails: { fullName: 'Load Buyer', email: emailFor(orderId), businessName: 'Load Co' },
    });

  // After the mixed traffic, a drain phase of health checks only: autocannon cuts the requests in flight when it stops,
  // and a write whose answer was cut would be in the database without being acknowledged (or counted).
  const writeUntil = Date.now() + seconds * 1000;
  const sent = new Map<string, number>();
  const drainOr = <R extends object>(route: string, req: R, ctx: Context, write: () => R) => {
    ctx.drain = Date.now() > writeUntil;
    if (ctx.drain) return { ...req, method: 'GET', path: '/api/health', headers: {}, body: undefined };
    sent.set(route, (sent.get(route) ?? 0) + 1);
    return write();
  };
  const answered = (route: string, status: number, ctx: Context) => {
    count2xx(ctx.drain ? 'GET /api/health (drain phase)' : route, status);
    return !ctx.drain;
  };
  const run = autocannon({
    url: server.url,
    connections: count,
    duration: seconds + drainSeconds,
    // A busy 2-core machine answers slowly; a slow answer is still an answer, and must not be cut off as a timeout.
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/api/contact',
        setupRequest: (req, ctx: Context) =>
          drainOr('POST /api/contact', req, ctx, () => {
            sequence += 1;
            ctx.message = `Load message ${server.name}-${sequence}`;
            return { ...req, headers: headers(), body: JSON.stringify({ ...validContact, message: ctx.message }) };
          }),
        onResponse: (status, _body, ctx: Context) => {
          if (answered('POST /api/contact', status, ctx) && status === 201 && ctx.message) ack.messages.add(ctx.message);
        },
      },
      {
        method: 'POST',
        path: '/api/create-order',
        setupRequest: (req, ctx: Context) =>
          drainOr('POST /api/create-order', req, ctx, () => {
            ctx.orderId = undefined;
            return { ...req, headers: headers(), body: JSON.stringify({ plan: 'launchpad', currency: 'INR' }) };
          }),
        onResponse: (status, body, ctx: Context) => {
          if (answered('POST /api/create-order', status, ctx) && status === 201) {
            const order = JSON.parse(body) as { id: string; amount: number };
            ctx.orderId = order.id;
            ctx.amount = order.amount;
            ack.orders.add(ctx.orderId);
          }
        },
      },
      {
        method: 'POST',
        path: '/api/verify-payment',
        setupRequest: (req, ctx: Context) =>
          drainOr('POST /api/verify-payment (forged)', req, ctx, () => {
            const orderId = ctx.orderId ?? 'order_NoSuchOrder000';
            const paymentId = `pay_${randomBytes(7).toString('hex')}`;
            // A signature made with the wrong secret: what a client faking a payment can produce.
            const forged = sign(`${orderId}|${paymentId}`, 'not-the-key-secret');
            return { ...req, headers: headers(), body: verifyBody(orderId, paymentId, forged) };
          }),
        onResponse: (status, _body, ctx: Context) => void answered('POST /api/verify-payment (forged)', status, ctx),
      },
      {
        method: 'POST',
        path: '/api/verify-payment',
        setupRequest: (req, ctx: Context) =>
          drainOr('POST /api/verify-payment (valid)', req, ctx, () => {
            const orderId = ctx.orderId ?? 'order_NoSuchOrder000';
            const paymentId = `pay_${randomBytes(7).toString('hex')}`;
            if (ctx.orderId) {
              // Razorpay's webhook for the same payment, to the other server, at the same moment.
              const body = JSON.stringify({
                entity: 'event',
                event: 'payment.captured',
                contains: ['payment'],
                payload: {
                  payment: {
                    entity: {
                      id: paymentId,
                      order_id: orderId,
                      amount: ctx.amount,
                      currency: 'INR',
                      status: 'captured',
                      entity: 'payment',
                      email: emailFor(orderId),
                    },
                  },
                },
                created_at: Math.floor(Date.now() / 1000),
              });
              const delivery = fetch(`${other.url}/api/razorpay/webhook`, {
                method: 'POST',
                headers: {
                  'content-type': 'application/json',
                  'x-razorpay-signature': sign(body, webhookSecret),
                  'x-razorpay-event-id': `evt_${paymentId}`,
                },
                body,
              }).then(
                (response) => {
                  ack.webhooks.set(response.status, (ack.webhooks.get(response.status) ?? 0) + 1);
                  if (response.status === 200) ack.webhookOrders.add(orderId);
                  return response.arrayBuffer();
                },
                () => (ack.webhookErrors += 1),
              );
              pending.add(delivery);
              void delivery.finally(() => pending.delete(delivery));
            }
            return { ...req, headers: headers(), body: verifyBody(orderId, paymentId, sign(`${orderId}|${paymentId}`, keySecret)) };
          }),
        onResponse: (status, body, ctx: Context) => {
          const route = ctx.orderId ? 'POST /api/verify-payment (valid)' : 'POST /api/verify-payment (no order)';
          if (answered(route, status, ctx) && status === 200 && ctx.orderId && (JSON.parse(body) as { success?: boolean }).success) {
            ack.grants.add(ctx.orderId);
          }
        },
      },
      {
        method: 'POST',
        path: '/api/chat',
        setupRequest: (req, ctx: Context) =>
          drainOr('POST /api/chat', req, ctx, () => ({
            ...req,
            headers: headers(),
            body: JSON.stringify({
              conversationId: `load-${randomBytes(6).toString('hex')}`,
              message: 'What does the Growth Engine plan include?',
            }),
          })),
        onResponse: (status, _body, ctx: Context) => void answered('POST /api/chat', status, ctx),
      },
    ],
  });
  return { run, sent };
}

function pad(value: string | number, width: number, left = false) {
  const text = String(value);
  return left ? text.padEnd(width) : text.padStart(width);
}

async function main(adminUrl: string) {
  const name = `load_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const projectId = `demo-load-${randomBytes(3).toString('hex')}`;
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? authEmulatorDefaults.host;
  const target = await new FakeForwardTarget().start();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'error',
    DIST_DIR: path.join(ROOT, 'no-site-for-the-load-bench'),
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    FIREBASE_PROJECT_ID: projectId,
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_SCALE: '100',
    SANDBOX_KEY_SECRET: keySecret,
    SANDBOX_WEBHOOK_SECRET: webhookSecret,
    CHAT_SIGNING_SECRET: randomBytes(32).toString('hex'),
    CHAT_LOCAL_PIECE_DELAY_MS: '0',
    CONTACT_FORWARD_URL: target.url,
  };
  for (const key of [
    'GEMINI_API_KEY',
    'RAZORPAY_KEY_ID',
    'RAZORPAY_KEY_SECRET',
    'RAZORPAY_WEBHOOK_SECRET',
    'FIREBASE_SERVICE_ACCOUNT',
    'GOOGLE_APPLICATION_CREDENTIALS',
    'DATA_DIR',
  ]) {
    delete env[key];
  }

  let servers: ServerProcess[] = [];
  let failed = false;
  try {
    // Started together: both run the migrations at once, behind their advisory lock.
    servers = await Promise.all([ServerProcess.start('a', env), ServerProcess.start('b', env)]);
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const tally: Tally = new Map();
    const ack: Acknowledged = {
      messages: new Set(),
      orders: new Set(),
      grants: new Set(),
      webhooks: new Map(),
      webhookOrders: new Set(),
      webhookErrors: 0,
    };
    const pending = new Set<Promise<unknown>>();
    console.log(`load: ${seconds} s, ${connections} connections split over two servers (${a.url}, ${b.url}), one PostgreSQL (${name})`);
    const half = Math.floor(connections / 2);
    const drivers = [drive(a, b, half, tally, ack, pending), drive(b, a, connections - half, tally, ack, pending)];
    const results = await Promise.all(drivers.map((driver) => driver.run));
    await Promise.all([...pending]);

    // Let the outbox workers and webhook processing finish what was acknowledged.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const count = async (text: string) => Number((await db.query<{ n: string }>(text)).rows[0]!.n);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const busy = await count(
        `select (select count(*) from outbox where delivered_at is null) + (select count(*) from payment_webhook_events where processed_at is null) as n`,
      );
      if (busy === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const rows = {
      messages: await count('select count(*) as n from contact_messages'),
      orders: await count('select count(*) as n from orders'),
      paid: await count(`select count(*) as n from orders where status = 'paid'`),
      fulfilled: await count('select count(*) as n from orders where fulfilled_at is not null'),
      refunds: await count('select count(*) as n from payments where refund_needed'),
      profiles: await count('select count(*) as n from user_profiles where purchased_plan is not null'),
      outboxPending: await count('select count(*) as n from outbox where delivered_at is null'),
      eventsPending: await count('select count(*) as n from payment_webhook_events where processed_at is null'),
      eventAttempts: await count('select coalesce(sum(attempts), 0) as n from payment_webhook_events'),
      events: await count('select count(*) as n from payment_webhook_events'),
    };
    const paidIds = new Set(
      (await db.query<{ id: string }>(`select gateway_order_id as id from orders where fulfilled_at is not null`)).rows.map(
        (row) => row.id,
      ),
    );
    await db.end();

    // ---- the table ----
    const statuses = [...new Set([...tally.values()].flatMap((byStatus) => [...byStatus.keys()]))].sort((x, y) => x - y);
    console.log(`\n${pad('route', 36, true)}${pad('requests', 10)}${statuses.map((status) => pad(status, 8)).join('')}`);
    let total = 0;
    let fivexx = 0;
    for (const [route, byStatus] of [...tally.entries()].sort()) {
      const sum = [...byStatus.values()].reduce((x, y) => x + y, 0);
      total += sum;
      for (const [status, n] of byStatus) if (status >= 500) fivexx += n;
      console.log(`${pad(route, 36, true)}${pad(sum, 10)}${statuses.map((status) => pad(byStatus.get(status) ?? '-', 8)).join('')}`);
    }
    const webhookTotal = [...ack.webhooks.values()].reduce((x, y) => x + y, 0);
    for (const [status, n] of ack.webhooks) if (status >= 500) fivexx += n;
    console.log(
      `${pad('POST /api/razorpay/webhook (other)', 36, true)}${pad(webhookTotal, 10)}${statuses.map((status) => pad(ack.webhooks.get(status) ?? '-', 8)).join('')}`,
    );
    const errors = results.reduce((sum, result) => sum + result.errors + result.timeouts, 0) + ack.webhookErrors;
    const p99 = results.map((result, i) => `server ${i ? 'b' : 'a'} ${result.latency.p99} ms`).join(', ');
    const rps = results.reduce((sum, result) => sum + result.requests.average, 0);
    console.log(
      `\nrequests ${total + webhookTotal} (${rps.toFixed(0)} req/s through autocannon), 5xx ${fivexx} (target 0), errors/timeouts ${errors}, p99 ${p99}`,
    );

    const forwarded = new Set(target.messages);
    const answeredOf = (route: string) => [...(tally.get(route)?.values() ?? [])].reduce((x, y) => x + y, 0);
    const cutOff =
      drivers.reduce((sum, driver) => sum + [...driver.sent].reduce((n, [, sentCount]) => n + sentCount, 0), 0) -
      [...new Set(drivers.flatMap((driver) => [...driver.sent.keys()]))].reduce((n, route) => n + answeredOf(route), 0);
    // Paid is what either channel acknowledged: a verified 200, or a webhook a server accepted (it then owes the order).
    const owed = new Set([...ack.grants, ...ack.webhookOrders]);
    const sameSet = (x: Set<string>, y: Set<string>) => x.size === y.size && [...x].every((item) => y.has(item));
    const checks: Array<[string, number, number, boolean]> = [
      ['contact messages (rows / 201s)', rows.messages, ack.messages.size, rows.messages === ack.messages.size],
      [
        'messages forwarded (once each)',
        target.messages.length,
        ack.messages.size,
        target.messages.length === ack.messages.size && sameSet(forwarded, ack.messages),
      ],
      ['orders (rows / 201s)', rows.orders, ack.orders.size, rows.orders === ack.orders.size],
      ['writes cut off unanswered at the stop', cutOff, 0, cutOff === 0],
      ['paid orders (rows / verified or webhook)', rows.paid, owed.size, rows.paid === owed.size],
      ['grants: fulfilled orders (same orders)', rows.fulfilled, owed.size, sameSet(paidIds, owed)],
      ['  of which verify-payment answered 200', ack.grants.size, ack.grants.size, [...ack.grants].every((id) => paidIds.has(id))],
      ['accounts with a plan (one per buyer)', rows.profiles, owed.size, rows.profiles === owed.size],
      ['payments flagged for refund', rows.refunds, 0, rows.refunds === 0],
      [
        'webhook events stored / processed once',
        rows.eventAttempts,
        rows.events,
        rows.eventsPending === 0 && rows.eventAttempts === rows.events,
      ],
      ['outbox rows left undelivered', rows.outboxPending, 0, rows.outboxPending === 0],
    ];
    console.log(`\n${pad('database vs acknowledged', 42, true)}${pad('db', 8)}${pad('acked', 8)}  ok`);
    for (const [label, inDb, acked, ok] of checks) {
      console.log(`${pad(label, 42, true)}${pad(inDb, 8)}${pad(acked, 8)}  ${ok ? 'yes' : 'NO'}`);
    }
    failed = fivexx > 0 || errors > 0 || checks.some(([, , , ok]) => !ok);
    console.log(failed ? '\nload: FAILED' : '\nload: zero 5xx, and the database holds exactly what was acknowledged');
    for (const server of servers)
      if (/\b(error|fatal)\b/i.test(server.output)) console.log(`\nserver ${server.name} logged:\n${server.output.slice(-3000)}`);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await target.close();
    await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' }).catch(() => undefined);
    await admin(adminUrl, `drop database if exists ${name} with (force)`).catch(() => undefined);
  }
  process.exit(failed ? 1 : 0);
}

// Without a database of the caller's, run again inside a throw-away PostgreSQL.
if (!process.env.DATABASE_URL) {
  const child = spawn(
    path.join(ROOT, 'scripts/with-postgres.sh'),
    [process.execPath, '--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      cwd: ROOT,
    },
  );
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  await main(process.env.DATABASE_URL);
}
