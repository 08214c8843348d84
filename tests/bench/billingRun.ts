import { eq, isNull, sql } from 'drizzle-orm';
import type { CancellationOutcome, Entitlement } from '../../src/domain/billing';
import { setupBillingPlans } from '../../server/billing/setupPlans';
import type { Database } from '../../server/db/client';
import { paymentWebhookEvents, subscriptionInvoices, subscriptions, userProfiles } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import type { SandboxBilling } from '../../server/billing/sandboxSubscriptions';
import { createPayments, type Payments } from '../../server/payments/setup';
import { memoryAuthAdmin } from '../server/memoryAuthAdmin';
import { testConfig } from '../server/support';
import {
  actionsForDay,
  advanceTo,
  applyToModel,
  clientPlans,
  DAY_MS,
  entitlement,
  paidPaise,
  scenarioDays,
  seededRandom,
  subscribe,
  type Action,
  type ClientPlan,
  type ModelSubscription,
  type ScenarioOptions,
  type ScenarioState,
} from './billingModel';

/**
 * Runs billingModel.ts's scenario against real servers and compares them with the model (issue 35): one sandbox
 * "Razorpay" whose signed events are collected instead of delivered, one or more servers (createPayments) on one
 * database, N subscriptions over `months` simulated months. Each simulated day (06:00 IST) the sandbox's clock moves on
 * (charges, retries, halts, cycle-end cancels); new clients subscribe and pay, some verifying in the browser; then
 * one shuffled batch runs a few at a time: the events collected so far, each sent 1-3 times to any server (some held
 * back a day or two), the verifications, the clients' cancels and staff's pauses and resumes (with `race: false`, these
 * wait until the events are processed), and now and then a reconcile. At the end everything is delivered, every
 * server settles and reconciles, and each client's paid invoices, money, subscription status and entitlement
 * (user_profiles) must equal the model's exactly. A seed always plays the same scenario; only the servers' own
 * interleaving differs between runs.
 * Shared by tests/bench/billing.ts (1,000 × 12, two servers on PostgreSQL) and
 * tests/server/billing-events.property.test.ts (30 × 12 on PGlite).
 */

const keySecret = 'billing-events-key-secret';
const webhookSecret = 'billing-events-webhook-secret';

/** Delivery: the share of copies sent on the day the event happened; the others come one or two days late. */
const ON_TIME_SHARE = 0.75;
/** Per simulated day: one server reconciles; or all of them at once. */
const RECONCILE_ONE = 0.1;
const RECONCILE_ALL = 0.03;
/** Pieces of a day's work in flight at once (with each server's own webhook queue behind the deliveries). */
const WORK_CONCURRENCY = 4;
const IST_OFFSET_MS = 5.5 * 3600_000;

// ---- the servers -----------------------------------------------------------------------------------------------

export interface SignedEvent {
  rawBody: Buffer;
  signature: string;
  eventId: string;
}

/** Where the sandbox sends its events instead of a server: kept until the scenario delivers them. */
export function eventCollector() {
  let collected: SignedEvent[] = [];
  return {
    deliver: async (rawBody: Buffer, signature: string, eventId: string) => {
      collected.push({ rawBody, signature, eventId });
    },
    pending: () => collected.length,
    take(): SignedEvent[] {
      const taken = collected;
      collected = [];
      return taken;
    },
  };
}
export type EventCollector = ReturnType<typeof eventCollector>;

export interface BillingServers {
  servers: Payments[];
  /** The shared database, as the first server sees it: the comparison reads it. */
  db: Database;
  /** The one "Razorpay": the first server's sandbox (the clock and the entities are in the shared database). */
  sandbox: SandboxBilling;
  collector: EventCollector;
  /** Every server's warnings and errors, by message. */
  warnings: Map<string, number>;
}

/** One server per database handle (pass one handle twice for two servers on one pool), on the same sandbox secrets. */
export async function startBillingServers(databases: Database[]): Promise<BillingServers> {
  const config = testConfig({ SANDBOX_KEY_SECRET: keySecret, SANDBOX_WEBHOOK_SECRET: webhookSecret, SANDBOX_WEBHOOK_DELAY_MS: '0' });
  const auth = memoryAuthAdmin(0);
  const collector = eventCollector();
  const warnings = new Map<string, number>();
  const logger = createLogger({
    level: 'warn',
    write: (line) => {
      const { msg } = JSON.parse(line) as { msg: string };
      warnings.set(msg, (warnings.get(msg) ?? 0) + 1);
    },
  });
  const servers = databases.map((db) =>
    createPayments({ config, db, logger, auth: auth.admin, webhookRetryAfterMs: 0, deliverSandboxEvent: collector.deliver }),
  );
  await setupBillingPlans({ db: databases[0]!, gateway: servers[0]!.subscriptions, logger });
  return { servers, db: databases[0]!, sandbox: servers[0]!.sandboxBilling!, collector, warnings };
}

// ---- the run ---------------------------------------------------------------------------------------------------

export interface Mismatch {
  client: number;
  subscriptionId: string;
  what: string;
  expected: string;
  actual: string;
}

export interface BillingRunResult {
  options: RunOptions;
  servers: number;
  days: number;
  start: Date;
  end: Date;
  wallMs: number;
  events: number;
  deliveries: number;
  duplicates: number;
  heldBack: number;
  verifications: number;
  actions: Record<string, number>;
  reconciles: number;
  /** Cancels whose outcome kind the server told differently from the model (same end date). */
  cancelKindsDiffering: number;
  invoices: { model: number; server: number };
  moneyPaise: { model: number; server: number };
  entitlements: Record<string, number>;
  unprocessedEvents: number;
  mismatches: Mismatch[];
  /** Per client, what happened on which simulated date: the model's moves, the actions and the servers' answers. */
  history: Map<number, string[]>;
}

export interface RunOptions extends ScenarioOptions {
  /** When the simulation starts (06:00 IST on a day); default the next 20 January, so starts fall on 29-31 January. */
  start?: Date;
  /** Clients' and staff's actions run among the day's deliveries (default); false: after them, one at a time. */
  race?: boolean;
  onProgress?: (day: number, days: number) => void;
}

/** 06:00 IST on the next 20 January after `now`: billing dates away from midnight, and every month-end case. */
export function defaultStart(now: Date): Date {
  for (let year = now.getUTCFullYear(); ; year += 1) {
    const start = new Date(Date.UTC(year, 0, 20, 0, 30));
    if (start.getTime() > now.getTime() + 60_000) return start;
  }
}

interface Delivery {
  event: SignedEvent;
  server: number;
  day: number;
}

interface Verification {
  client: number;
  server: number;
  body: Record<string, unknown>;
}

type Work =
  | { kind: 'delivery'; delivery: Delivery }
  | { kind: 'verification'; verification: Verification }
  | { kind: 'action'; client: Client; action: ServerAction; server: Payments; expected: CancellationOutcome | null }
  | { kind: 'reconcile'; servers: Payments[] };

/** What clients and staff ask of a server (a failing card is the sandbox's, set directly). */
type ServerAction = Exclude<Action, { kind: 'fail' }>;

interface Client {
  plan: ClientPlan;
  subscriptionId: string;
  model: ModelSubscription;
}

/** A plain buyer, as the checkout sends one (createOrderSchema). */
function buyerOf(seed: number, client: number) {
  return {
    fullName: `Client ${client}`,
    email: `client-${seed}-${client}@example.in`,
    phone: '+91 98765 43210',
    role: 'Owner',
    businessName: `Business ${client}`,
    industry: 'Clinic/Healthcare',
    locationType: 'Single-location',
    goals: ['increase-leads'],
    acceptTerms: true,
  };
}

async function mapLimit<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[(next += 1) - 1]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const describeError = (err: unknown) => (err instanceof Error ? err.message : String(err));
/** An instant as India reads it: billing periods turn at 00:00 IST. */
const day = (date: Date | null | undefined) =>
  date ? `${new Date(date.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')} IST` : 'null';
const showEntitlement = (e: { plan: string | null; state: string | null; paidThrough: Date | null }) =>
  `${e.plan ?? '-'} ${e.state ?? '-'} ${day(e.paidThrough)}`;

export async function runBillingScenario(
  { servers, db, sandbox, collector }: BillingServers,
  options: RunOptions,
): Promise<BillingRunResult> {
  const started = performance.now();
  const { seed } = options;
  const days = scenarioDays(options);
  const scenario = seededRandom(seed, 2);
  const delivery = seededRandom(seed, 3);
  const clients = new Map<number, Client>();
  const state: ScenarioState = { startDay: new Map(), resumeDay: new Map() };
  const plansByDay = groupByDay(clientPlans(options));
  const mismatches: Mismatch[] = [];
  const scheduled: Delivery[] = [];
  const result = emptyResult(options, servers.length, days);
  const models = () => [...clients.values()].map((client) => client.model);
  const serverOf = () => delivery.int(0, servers.length - 1);
  const miss = (client: Client, what: string, expected: string, actual: string) =>
    mismatches.push({ client: client.plan.client, subscriptionId: client.subscriptionId, what, expected, actual });
  let today = 0;
  let now = new Date(0);
  const note = (client: number, text: string) => {
    const lines = result.history.get(client) ?? [];
    lines.push(`${istDate(now)} (day ${today}) ${text}`);
    result.history.set(client, lines);
  };

  /** New events from the sandbox: each sent 1-3 times, to any server, most on the day, some a day or two late. */
  function schedule(sentOn: number) {
    for (const event of collector.take()) {
      result.events += 1;
      for (let copy = delivery.int(1, 3); copy > 0; copy -= 1) {
        const late = delivery.chance(ON_TIME_SHARE) ? 0 : delivery.int(1, 2);
        if (late > 0) result.heldBack += 1;
        scheduled.push({ event, server: serverOf(), day: sentOn + late });
      }
    }
  }

  /** One day's work, shuffled and run a few at a time: deliveries, verifications, clients' and staff's actions, a reconcile. */
  async function runWork(work: Work[]) {
    // Resumes take turns: the sandbox's resume charges whatever fell due, and two at once would both charge the other.
    let resumes: Promise<unknown> = Promise.resolve();
    await mapLimit(delivery.shuffle(work), WORK_CONCURRENCY, async (item) => {
      if (item.kind === 'action' && item.action.kind === 'resume') {
        const turn = resumes.then(() => doWork(item));
        resumes = turn;
        return turn;
      }
      return doWork(item);
    });
    await settleAll();
  }

  async function doWork(item: Work) {
    switch (item.kind) {
      case 'delivery':
        return deliver(item.delivery);
      case 'verification':
        return verify(item.verification);
      case 'action':
        return act(item.client, item.action, item.server, item.expected);
      case 'reconcile':
        result.reconciles += item.servers.length;
        await Promise.all(item.servers.map((server) => server.service.reconcile()));
        return;
    }
  }

  /** The events due by `dueBy` (today, or all of them at the end), in the order runWork shuffles them into. */
  function dueDeliveries(dueBy: number): Work[] {
    schedule(Math.min(dueBy, today));
    return takeWhere(scheduled, (item) => item.day <= dueBy).map((item) => ({ kind: 'delivery', delivery: item }));
  }

  async function deliver({ event, server }: Delivery) {
    const receipt = await servers[server]!.service.handleWebhook(event.rawBody, event.signature, event.eventId);
    result.deliveries += 1;
    if (!receipt.stored) result.duplicates += 1;
  }

  async function verify({ client, server, body }: Verification) {
    result.verifications += 1;
    const answer = await servers[server]!.service.verifyPayment(body);
    if (answer.status !== 200 || !answer.body.success)
      miss(clients.get(client)!, 'verification', '200 success', `${answer.status} ${JSON.stringify(answer.body)}`);
  }

  const settleAll = () => Promise.all(servers.map((server) => server.service.settled()));

  async function subscribeClients(plans: readonly ClientPlan[]): Promise<Work[]> {
    const verifications: Work[] = [];
    for (const plan of plans) {
      const userDetails = buyerOf(seed, plan.client);
      const answer = await servers[serverOf()]!.billing.subscribe({ plan: plan.plan, currency: 'INR', userDetails });
      const paid = await sandbox.pay(answer.id, { email: userDetails.email });
      clients.set(plan.client, { plan, subscriptionId: answer.id, model: subscribe(plan.client, plan.plan, now) });
      note(plan.client, `subscribes to ${plan.plan} (${answer.id}), ${plan.verifies ? 'verifies in the browser' : 'left to the events'}`);
      state.startDay.set(plan.client, plan.startDay);
      const body = { ...paid, plan: plan.plan, userDetails, checkoutSecret: answer.checkoutSecret };
      if (plan.verifies) verifications.push({ kind: 'verification', verification: { client: plan.client, server: serverOf(), body } });
    }
    return verifications;
  }

  /**
   * Today's actions, applied to the model at once (each subscription has one at most, so their order is free). A
   * failing card is Razorpay's side, set before anything else; the others become work for the servers.
   */
  async function todaysActions(): Promise<Work[]> {
    const work: Work[] = [];
    for (const action of actionsForDay(models(), state, today, now, scenario)) {
      const client = clients.get(action.client)!;
      const expected = applyToModel(client.model, action, state, now);
      countAction(result, action, expected);
      note(action.client, `${describeAction(action, expected)}; model: ${describeModel(client.model)}`);
      if (action.kind === 'fail') await sandbox.failNextCharges(client.subscriptionId, action.charges);
      else work.push({ kind: 'action', client, action, server: servers[serverOf()]!, expected });
    }
    return work;
  }

  async function act(client: Client, action: ServerAction, server: Payments, expected: CancellationOutcome | null) {
    try {
      const told = await actOnServer(server, client, action);
      if (told) note(client.plan.client, `  the server answered ${told.kind}, ends ${istDate(told.endsAt)}`);
      if (expected && told) compareCancel(client, expected, told);
    } catch (err) {
      miss(client, `${action.kind} refused`, 'done', describeError(err));
    }
  }

  async function actOnServer(server: Payments, client: Client, action: ServerAction): Promise<CancellationOutcome | null> {
    const id = client.subscriptionId;
    switch (action.kind) {
      case 'cancel':
        return server.billing.cancel(await accountOf(db, id), id);
      case 'pause':
        await server.billing.pause(id);
        return null;
      case 'resume':
        await server.billing.resume(id);
        return null;
    }
  }

  function compareCancel(client: Client, expected: CancellationOutcome, told: CancellationOutcome) {
    if (told.endsAt.getTime() !== expected.endsAt.getTime()) miss(client, 'cancel ends', day(expected.endsAt), day(told.endsAt));
    else if (told.kind !== expected.kind) result.cancelKindsDiffering += 1;
  }

  /** Now and then one server reconciles, or all of them at once, while the day's events are being processed. */
  function maybeReconcile(): Work[] {
    const all = scenario.chance(RECONCILE_ALL);
    const one = !all && scenario.chance(RECONCILE_ONE);
    if (!all && !one) return [];
    return [{ kind: 'reconcile', servers: all ? servers : [servers[serverOf()]!] }];
  }

  /** Razorpay's moves in the model today (charges, retries, halts, cancels), for the history. */
  function advanceModel() {
    for (const { model } of clients.values()) {
      const before = `${model.status} ${model.invoices.length}`;
      advanceTo([model], now);
      if (`${model.status} ${model.invoices.length}` !== before) note(model.client, `model: ${describeModel(model)}`);
    }
  }

  async function runDay() {
    advanceModel();
    const verifications = await subscribeClients(plansByDay.get(today) ?? []);
    const actions = await todaysActions();
    const deliveries = dueDeliveries(today);
    if (options.race === false) {
      await runWork([...deliveries, ...verifications]);
      for (const action of actions) await doWork(action);
      await runWork(maybeReconcile());
    } else {
      await runWork([...deliveries, ...verifications, ...actions, ...maybeReconcile()]);
    }
  }

  /** Everything still held back arrives, then every server reconciles until its passes have covered every subscription. */
  async function finish() {
    do {
      await runWork(dueDeliveries(Number.POSITIVE_INFINITY));
      for (let pass = 0; pass < Math.ceil(options.subs / 50) + 2; pass += 1) {
        await Promise.all(servers.map((server) => server.service.reconcile()));
        result.reconciles += servers.length;
      }
      await settleAll();
    } while (scheduled.length > 0 || collector.pending() > 0);
  }

  // The model lives on the whole days (the sandbox's clock lands a few ms later), so a seed always plays the same way.
  result.start = options.start ?? defaultStart(await sandbox.gateway.now());
  for (; today <= days; today += 1) {
    now = new Date(result.start.getTime() + today * DAY_MS);
    await moveClock(sandbox, now);
    await runDay();
    options.onProgress?.(today, days);
  }
  result.end = now;
  await finish();

  await compare(db, [...clients.values()], result, miss);
  result.unprocessedEvents = await unprocessedEvents(db);
  result.mismatches = mismatches;
  result.wallMs = performance.now() - started;
  return result;
}

// ---- helpers of the run ----------------------------------------------------------------------------------------

/** The date in India, where billing periods turn at midnight. */
const istDate = (date: Date) => new Date(date.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

const describeModel = (model: ModelSubscription) =>
  `${model.status}, ${model.invoices.length} invoice(s) paid, through ${istDate(model.paidThrough)}${model.cancelAt ? `, ends ${istDate(model.cancelAt)}` : ''}`;

function describeAction(action: Action, outcome: CancellationOutcome | null): string {
  if (action.kind === 'fail') return `the card will decline the next ${action.charges} charge(s)`;
  if (action.kind === 'pause') return `staff pause it (resume on day ${action.resumeDay})`;
  if (action.kind === 'resume') return 'staff resume it';
  return `the client cancels: model ${outcome!.kind}, ends ${istDate(outcome!.endsAt)}`;
}

/** Moves the sandbox's clock to `to` (it only moves forward): every charge that fell due is made and its events sent. */
async function moveClock(sandbox: SandboxBilling, to: Date): Promise<void> {
  const ms = to.getTime() - (await sandbox.gateway.now()).getTime();
  if (ms <= 0) throw new Error(`the simulation fell behind the sandbox clock by ${-ms} ms`);
  await sandbox.advance(ms);
}

function groupByDay(plans: readonly ClientPlan[]): Map<number, ClientPlan[]> {
  const byDay = new Map<number, ClientPlan[]>();
  for (const plan of plans) byDay.set(plan.startDay, [...(byDay.get(plan.startDay) ?? []), plan]);
  return byDay;
}

/** Removes and answers the items matching `where`, keeping the others in place. */
function takeWhere<T>(items: T[], where: (item: T) => boolean): T[] {
  const taken = items.filter(where);
  const kept = items.filter((item) => !where(item));
  items.splice(0, items.length, ...kept);
  return taken;
}

async function accountOf(db: Database, subscriptionId: string): Promise<string> {
  const [row] = await db
    .select({ uid: subscriptions.customerUid })
    .from(subscriptions)
    .where(eq(subscriptions.gatewaySubscriptionId, subscriptionId));
  if (!row?.uid) throw new Error('the subscription has no account yet');
  return row.uid;
}

function emptyResult(options: RunOptions, servers: number, days: number): BillingRunResult {
  return {
    options,
    servers,
    days,
    start: new Date(0),
    end: new Date(0),
    wallMs: 0,
    events: 0,
    deliveries: 0,
    duplicates: 0,
    heldBack: 0,
    verifications: 0,
    actions: {},
    reconciles: 0,
    cancelKindsDiffering: 0,
    invoices: { model: 0, server: 0 },
    moneyPaise: { model: 0, server: 0 },
    entitlements: {},
    unprocessedEvents: 0,
    mismatches: [],
    history: new Map(),
  };
}

function countAction(result: BillingRunResult, action: Action, outcome: CancellationOutcome | null) {
  let name: string = action.kind;
  if (action.kind === 'fail') name = action.charges > 3 ? 'fail (halts)' : `fail (recovers T+${action.charges})`;
  if (outcome) name = outcome.kind === 'at_period_end' ? 'cancel (≥15 days: at period end)' : 'cancel (<15 days: after next charge)';
  result.actions[name] = (result.actions[name] ?? 0) + 1;
}

async function unprocessedEvents(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(paymentWebhookEvents)
    .where(isNull(paymentWebhookEvents.processedAt));
  return row?.count ?? 0;
}

/** Each client's paid invoices, money, subscription status and entitlement against the model's, at the final time. */
async function compare(
  db: Database,
  clients: Client[],
  result: BillingRunResult,
  miss: (client: Client, what: string, expected: string, actual: string) => void,
) {
  const rows = new Map((await db.select().from(subscriptions)).map((row) => [row.gatewaySubscriptionId, row]));
  const profiles = new Map((await db.select().from(userProfiles)).map((row) => [row.uid, row]));
  const invoices = await paidInvoicesBySubscription(db);
  for (const client of clients) {
    const { model } = client;
    const row = rows.get(client.subscriptionId);
    const paid = invoices.get(client.subscriptionId) ?? { count: 0, paise: 0 };
    result.invoices.model += model.invoices.length;
    result.invoices.server += paid.count;
    result.moneyPaise.model += paidPaise(model);
    result.moneyPaise.server += paid.paise;
    if (paid.count !== model.invoices.length) miss(client, 'paid invoices', String(model.invoices.length), String(paid.count));
    if (paid.paise !== paidPaise(model)) miss(client, 'paise collected', String(paidPaise(model)), String(paid.paise));
    if (row?.status !== model.status) miss(client, 'status', model.status, row?.status ?? 'no row');
    const expected: Entitlement = entitlement(model, result.end);
    result.entitlements[expected.state] = (result.entitlements[expected.state] ?? 0) + 1;
    const profile = row?.customerUid ? profiles.get(row.customerUid) : undefined;
    const actual = {
      plan: profile?.purchasedPlan ?? null,
      state: profile?.billingState ?? null,
      paidThrough: profile?.planPaidThrough ?? null,
    };
    if (showEntitlement(actual) !== showEntitlement(expected))
      miss(client, 'entitlement', showEntitlement(expected), profile ? showEntitlement(actual) : 'no account');
  }
}

async function paidInvoicesBySubscription(db: Database): Promise<Map<string, { count: number; paise: number }>> {
  const rows = await db
    .select({
      id: subscriptionInvoices.gatewaySubscriptionId,
      count: sql<number>`count(*)::int`,
      paise: sql<number>`coalesce(sum(${subscriptionInvoices.amountPaise}), 0)::bigint`.mapWith(Number),
    })
    .from(subscriptionInvoices)
    .where(eq(subscriptionInvoices.status, 'paid'))
    .groupBy(subscriptionInvoices.gatewaySubscriptionId);
  return new Map(rows.map((row) => [row.id, { count: row.count, paise: row.paise }]));
}
