import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactForwardKind, createContactForwardHandler } from '../../server/contact/forwarder';
import { openDatabase, type Database, type OpenDatabase } from '../../server/db/client';
import { orders, outbox, paymentWebhookEvents, payments as paymentRows } from '../../server/db/schema';
import { silentLogger } from '../../server/logger';
import { createOutboxWorker, type OutboxWorker } from '../../server/outbox/worker';
import type { PaymentGateway } from '../../server/payments/gateway';
import { createReconciler, type Reconciler } from '../../server/payments/reconciler';
import { recordPayment } from '../../server/payments/repository';
import { createSandboxGateway } from '../../server/payments/sandboxGateway';
import { createPayments, type Payments } from '../../server/payments/setup';
import type { Config } from '../../server/config';
import { buyer, countedGrant, createOneTimeOrder, memoryAuthAdmin, postJson, postWebhook, signedWebhook } from './payments-support';
import { FakeForwardTarget } from './fakeForwardTarget';
import { openTestDatabase, startApp, testConfig, validContact, type RunningApp, type TestDatabase } from './support';

/**
 * Two servers on one database (docs/decisions/126-one-job-one-server.md): each with its own pool, outbox worker,
 * payment service and reconciler, all running at once, as two processes behind a proxy would. On PostgreSQL
 * (scripts/with-postgres.sh) the pools really race; on PGlite both servers share the one embedded database.
 * Every job must be done exactly once: each contact message forwarded once, each webhook event processed once, each
 * owed order fulfilled (one grant) once, and each stale order asked about at the gateway once.
 */

const keySecret = 'two-servers-key-secret';
const webhookSecret = 'two-servers-webhook-secret';

interface Server {
  name: string;
  app: RunningApp;
  payments: Payments;
  worker: OutboxWorker;
  reconciler: Reconciler;
  forwarded: number;
  /** Orders this server asked the gateway about. */
  gatewayAsks: string[];
}

let testDb: TestDatabase;
let secondDatabase: OpenDatabase | undefined;
let target: FakeForwardTarget;
let config: Config;
let servers: Server[] = [];
const auth = memoryAuthAdmin(5);
const counted = countedGrant();

async function startServer(name: string, db: Database): Promise<Server> {
  const sandbox = createSandboxGateway({ db, keySecret, webhookSecret });
  const gatewayAsks: string[] = [];
  const gateway: PaymentGateway = {
    ...sandbox,
    fetchOrderPayments: (orderId) => {
      gatewayAsks.push(orderId);
      return sandbox.fetchOrderPayments(orderId);
    },
  };
  // A stored event is retried by any reconciler at once, so the receiving server and both reconcilers race for it.
  const payments = createPayments({
    config,
    db,
    logger: silentLogger,
    auth: auth.admin,
    grant: counted.grant,
    gateway,
    webhookRetryAfterMs: 0,
  });
  const forward = createContactForwardHandler({ url: target.url, db });
  const server: Server = { name, payments, gatewayAsks, forwarded: 0 } as Server;
  server.worker = createOutboxWorker({
    db,
    logger: silentLogger,
    pollIntervalMs: 20,
    batchSize: 3,
    handlers: {
      [contactForwardKind]: async (payload, row) => {
        await forward(payload, row);
        server.forwarded += 1;
      },
    },
  });
  server.reconciler = createReconciler({ service: payments.service, logger: silentLogger, intervalMs: 25 });
  server.app = await startApp({ db, config, payments, forwarder: server.worker });
  server.worker.start();
  server.reconciler.start();
  return server;
}

beforeAll(async () => {
  testDb = await openTestDatabase();
  // On PostgreSQL the second server has a pool of its own, as a second process would.
  if (testDb.url) secondDatabase = await openDatabase({ databaseUrl: testDb.url, dataDir: ':memory:' });
  // A little slow, so deliveries from the two servers overlap.
  target = await new FakeForwardTarget({ delayMs: 5 }).start();
  config = testConfig({
    CONTACT_FORWARD_URL: target.url,
    SANDBOX_KEY_SECRET: keySecret,
    SANDBOX_WEBHOOK_SECRET: webhookSecret,
    SANDBOX_WEBHOOK_DELAY_MS: '0',
  });
  servers = [await startServer('a', testDb.db), await startServer('b', secondDatabase?.db ?? testDb.db)];
});

afterAll(async () => {
  for (const server of servers) {
    await server.app.close();
    await server.worker.stop();
    await server.reconciler.stop();
  }
  await target?.close();
  await secondDatabase?.close();
  await testDb?.close();
});

const serverFor = (i: number) => servers[i % 2]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function newOrder(i: number) {
  const details = buyer();
  const response = await createOneTimeOrder(serverFor(i).payments, { plan: 'launchpad', currency: 'INR', userDetails: details });
  expect(response.status).toBe(201);
  const order = (await response.json()) as { id: string; amount: number };
  return { ...order, email: details.email };
}

/** The accounts each buyer got, and the grants each account got: exactly one of each per paid order. */
function grantsPerBuyer(emails: string[]) {
  return emails.map((email) => {
    const uid = [...auth.users.values()].find((user) => user.email === email)?.uid;
    return counted.grants.filter((grant) => grant.uid === uid).length;
  });
}

async function ordersOf(ids: string[]) {
  return testDb.db.select().from(orders).where(inArray(orders.gatewayOrderId, ids));
}

describe('two servers on one database', () => {
  it('forward every contact message exactly once, with both workers taking part', async () => {
    const count = 60;
    const texts = Array.from({ length: count }, (_, i) => `${validContact.message} (message ${i})`);
    const answers = await Promise.all(
      texts.map((message, i) =>
        postJson(serverFor(i).app.url, '/api/contact', { ...validContact, message }).then((response) => response.status),
      ),
    );
    expect(answers).toEqual(texts.map(() => 201));
    await expect
      .poll(
        async () =>
          (
            await testDb.db
              .select()
              .from(outbox)
              .where(sql`${outbox.deliveredAt} is not null`)
          ).length,
        { timeout: 20_000 },
      )
      .toBe(count);
    // A second delivery of a row would land within a poll or two of the first.
    await sleep(200);
    expect([...target.messages].sort()).toEqual([...texts].sort());
    const [a, b] = servers.map((server) => server.forwarded);
    expect(a! + b!).toBe(count);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    console.log(`two servers: ${count} contact messages, ${target.messages.length} deliveries (server a ${a}, server b ${b})`);
  }, 30_000);

  it('process a webhook event delivered to both at once, and again, once: one grant, one fulfilment per order', async () => {
    const count = 8;
    const created = await Promise.all(Array.from({ length: count }, (_, i) => newOrder(i)));
    const deliveries = created.flatMap((order, i) => {
      const payment = {
        id: `pay_twoservers${i}`,
        order_id: order.id,
        amount: order.amount,
        currency: 'INR',
        status: 'captured',
        email: order.email,
      };
      // Razorpay sends payment.captured and order.paid for one payment: two events, each possibly delivered twice.
      return ['payment.captured', 'order.paid'].flatMap((event) => {
        const { body, signature } = signedWebhook(event, payment, webhookSecret);
        const eventId = `evt_${event.replace('.', '_')}_${order.id}`;
        return Array.from({ length: 6 }, (_, copy) => ({
          eventId,
          send: () => postWebhook(serverFor(copy).app.url, body, signature, eventId),
        }));
      });
    });
    const answers = await Promise.all(
      deliveries.map(async ({ eventId, send }) => {
        const response = await send();
        expect(response.status).toBe(200);
        return { eventId, status: ((await response.json()) as { status: string }).status };
      }),
    );
    const eventIds = [...new Set(deliveries.map((delivery) => delivery.eventId))];
    for (const eventId of eventIds) {
      const accepted = answers.filter((answer) => answer.eventId === eventId && answer.status === 'accepted');
      expect(accepted, eventId).toHaveLength(1);
    }
    const ids = created.map((order) => order.id);
    await expect.poll(async () => (await ordersOf(ids)).filter((row) => row.fulfilledAt).length, { timeout: 20_000 }).toBe(count);
    await expect
      .poll(
        async () =>
          (await testDb.db.select().from(paymentWebhookEvents).where(inArray(paymentWebhookEvents.eventId, eventIds))).filter(
            (row) => row.processedAt,
          ).length,
        { timeout: 20_000 },
      )
      .toBe(eventIds.length);
    await Promise.all(servers.map((server) => server.payments.service.settled()));

    expect(grantsPerBuyer(created.map((order) => order.email))).toEqual(created.map(() => 1));
    const events = await testDb.db.select().from(paymentWebhookEvents).where(inArray(paymentWebhookEvents.eventId, eventIds));
    expect(events.map((event) => event.attempts)).toEqual(events.map(() => 1));
    const paid = await testDb.db.select().from(paymentRows).where(inArray(paymentRows.gatewayOrderId, ids));
    expect(paid.map((row) => [row.status, row.refundNeeded])).toEqual(ids.map(() => ['captured', false]));
    console.log(
      `two servers: ${answers.length} webhook deliveries of ${eventIds.length} events, ${answers.filter((a) => a.status === 'accepted').length} accepted, ` +
        `${events.reduce((sum, event) => sum + event.attempts, 0)} processing attempts, ${count} orders, ${grantsPerBuyer(created.map((order) => order.email)).reduce((x, y) => x + y, 0)} grants`,
    );
  }, 30_000);

  it('reconcile concurrently and fulfil each owed order once, asking the gateway about each order once', async () => {
    const perKind = 6;
    const abandoned = await Promise.all(Array.from({ length: perKind }, (_, i) => newOrder(i)));
    const halfDone = await Promise.all(Array.from({ length: perKind }, (_, i) => newOrder(i + 1)));
    const unprocessed = await Promise.all(Array.from({ length: perKind }, (_, i) => newOrder(i)));
    const all = [...abandoned, ...halfDone, ...unprocessed];
    // Each body is set up as its own transaction would leave it; the reconcilers must not run half-way through.
    await Promise.all(servers.map((server) => server.reconciler.stop()));
    const db = testDb.db;
    const payment = (order: { id: string; amount: number }, i: number) => ({
      id: `pay_reconcile${order.id.slice(6)}${i}`,
      orderId: order.id,
      status: 'captured',
      amountPaise: order.amount,
      currency: 'INR',
      method: 'card',
      email: null,
      errorCode: null,
      errorDescription: null,
    });
    // Paid at the gateway, but the browser never came back and the webhook was lost: ten minutes old.
    for (const [i, order] of abandoned.entries()) {
      await recordPayment(db, payment(order, i));
      await db
        .update(orders)
        .set({ createdAt: sql`now() - interval '10 minutes'` })
        .where(eq(orders.gatewayOrderId, order.id));
    }
    // Paid and claimed, but the account step failed (Firebase was down): owed a fulfilment.
    for (const [i, order] of halfDone.entries()) {
      await recordPayment(db, payment(order, i));
      await db
        .update(orders)
        .set({
          status: 'paid',
          paidPaymentId: payment(order, i).id,
          paidAt: sql`now() - interval '1 minute'`,
          fulfilmentError: 'unavailable',
        })
        .where(eq(orders.gatewayOrderId, order.id));
    }
    // Stored by a server that died before processing them.
    for (const [i, order] of unprocessed.entries()) {
      const { body } = signedWebhook(
        'payment.captured',
        { id: `pay_event${i}${order.id.slice(6)}`, order_id: order.id, amount: order.amount, currency: 'INR', status: 'captured' },
        webhookSecret,
      );
      await db
        .insert(paymentWebhookEvents)
        .values({ eventId: `evt_stored_${order.id}`, type: 'payment.captured', payload: JSON.parse(body) as unknown });
    }
    const grantsBefore = counted.grants.length;

    // Both reconcilers on their timers, and two explicit passes on each at the same moment.
    servers.forEach((server) => server.reconciler.start());
    const passes = await Promise.all(servers.flatMap((server) => [server.reconciler.runOnce(), server.reconciler.runOnce()]));
    const ids = all.map((order) => order.id);
    await expect.poll(async () => (await ordersOf(ids)).filter((row) => row.fulfilledAt).length, { timeout: 20_000 }).toBe(ids.length);
    await sleep(200);
    await Promise.all(servers.map((server) => server.payments.service.settled()));

    expect(grantsPerBuyer(all.map((order) => order.email))).toEqual(all.map(() => 1));
    expect(counted.grants.length - grantsBefore).toBe(ids.length);
    const rows = await ordersOf(ids);
    const fulfilledBy = (group: typeof all) => group.map((order) => rows.find((row) => row.gatewayOrderId === order.id)?.fulfilledBy);
    expect(fulfilledBy(abandoned)).toEqual(abandoned.map(() => 'reconciliation'));
    expect(fulfilledBy(halfDone)).toEqual(halfDone.map(() => 'reconciliation'));
    // The stored event marks its order paid; a sweep may then finish the account step before the event's own call.
    for (const by of fulfilledBy(unprocessed)) expect(['webhook', 'reconciliation']).toContain(by);
    const asks = servers.flatMap((server) => server.gatewayAsks);
    expect(abandoned.map((order) => asks.filter((id) => id === order.id).length)).toEqual(abandoned.map(() => 1));
    const events = await db
      .select()
      .from(paymentWebhookEvents)
      .where(
        inArray(
          paymentWebhookEvents.eventId,
          unprocessed.map((order) => `evt_stored_${order.id}`),
        ),
      );
    expect(events.map((event) => [event.attempts, Boolean(event.processedAt)])).toEqual(unprocessed.map(() => [1, true]));
    console.log(
      `two servers: ${ids.length} owed orders reconciled by 2 reconcilers (timers and ${passes.length} explicit passes at once), ` +
        `${counted.grants.length - grantsBefore} grants, ${asks.filter((id) => abandoned.some((order) => order.id === id)).length} gateway asks for ${abandoned.length} abandoned orders`,
    );
  }, 30_000);
});
