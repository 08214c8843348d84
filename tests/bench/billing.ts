/**
 * Monthly billing under load and disorder (issue 35): 1,000 subscriptions × 12 simulated months on two servers sharing
 * one PostgreSQL, every Razorpay event delivered 1-3 times, shuffled, some a day or two late, the servers reconciling
 * now and then; at the end the paid invoices, the money and every client's entitlement must equal a simple model's
 * exactly (tests/bench/billingModel.ts, driven by tests/bench/billingRun.ts). Prints the figures; exits 1 on any
 * mismatch, listing the first ones.
 *   npm run bench:billing -- [--subs 1000] [--months 12] [--seed N] [--start 2027-01-20] [--no-race]
 *   (--no-race: clients' and staff's actions wait until the day's events are processed, instead of racing them)
 *   (scripts/with-postgres.sh runs it on PostgreSQL; without TEST_DATABASE_URL both servers share one PGlite)
 */
import { openDatabase, type OpenDatabase } from '../../server/db/client';
import { openTestDatabase } from '../server/support';
import { runBillingScenario, startBillingServers, type BillingRunResult } from './billingRun';
import { heading, ms, table } from './format';

interface Options {
  subs: number;
  months: number;
  seed: number;
  start: Date | undefined;
  /** Clients' and staff's actions among the day's deliveries (default), or after them (--no-race). */
  race: boolean;
}

function parseArgs(argv: string[]): Options {
  const value = (name: string) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const whole = (name: string, fallback: number) => {
    const given = value(name);
    const number = given === undefined ? fallback : Number(given);
    if (!Number.isInteger(number) || number < 0) throw new Error(`--${name} needs a whole number, got "${given}"`);
    return number;
  };
  const start = value('start');
  // 06:00 IST on the day given: the simulation's days turn well away from the billing dates' midnight.
  const startAt = start ? new Date(`${start}T06:00:00+05:30`) : undefined;
  if (startAt && Number.isNaN(startAt.getTime())) throw new Error(`--start needs a date (YYYY-MM-DD), got "${start}"`);
  const months = whole('months', 12);
  if (months < 1 || months > 100) throw new Error('--months must be between 1 and 100 (a subscription is made for 120)');
  const seed = whole('seed', 1 + Math.floor(Math.random() * (2 ** 31 - 1)));
  return { subs: whole('subs', 1000), months, seed, start: startAt, race: !argv.includes('--no-race') };
}

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN')}`;

function report(result: BillingRunResult, database: string, warnings: Map<string, number>) {
  const { options } = result;
  const seconds = result.wallMs / 1000;
  const race = options.race === false ? ', --no-race' : '';
  console.log(heading(`Monthly billing: ${options.subs} subscriptions × ${options.months} months, seed ${options.seed}${race}`));
  const rows: string[][] = [
    ['database', `${database}, ${result.servers} server(s)`],
    ['simulated', `${result.days} days, ${result.start.toISOString()} → ${result.end.toISOString()}`],
    ['wall time', ms(result.wallMs)],
    ['events (distinct)', String(result.events)],
    ['deliveries', String(result.deliveries)],
    ['deliveries/s (over the whole run)', (result.deliveries / seconds).toFixed(0)],
    ['duplicates', String(result.duplicates)],
    ['copies held back 1-2 days', String(result.heldBack)],
    ['first charges verified by the browser', String(result.verifications)],
    ['reconcile passes', String(result.reconciles)],
    ...Object.entries(result.actions)
      .sort()
      .map(([action, count]) => [`  ${action}`, String(count)]),
    ['invoices paid (model / servers)', `${result.invoices.model} / ${result.invoices.server}`],
    ['money collected (model / servers)', `${rupees(result.moneyPaise.model)} / ${rupees(result.moneyPaise.server)}`],
    ...Object.entries(result.entitlements)
      .sort()
      .map(([state, count]) => [`  clients ${state} at the end`, String(count)]),
    ['cancels told as another kind (same end)', String(result.cancelKindsDiffering)],
    ['events never processed', String(result.unprocessedEvents)],
    ['mismatches', String(result.mismatches.length)],
  ];
  console.log(table(['figure', 'value'], rows));
  if (warnings.size > 0) {
    console.log('\nServer warnings and errors, by message:');
    for (const [message, count] of [...warnings].sort((a, b) => b[1] - a[1])) console.log(`  ${count} × ${message}`);
  }
  if (result.mismatches.length > 0) reportMismatches(result);
}

function reportMismatches({ mismatches, history }: BillingRunResult) {
  const byKind = new Map<string, number>();
  for (const { what } of mismatches) byKind.set(what, (byKind.get(what) ?? 0) + 1);
  console.log(`\nMismatches by kind: ${[...byKind].map(([what, count]) => `${what} ${count}`).join(', ')}`);
  console.log(`\nFirst mismatches (of ${mismatches.length}):`);
  const first = mismatches.slice(0, 25).map((m) => [String(m.client), m.subscriptionId, m.what, m.expected, m.actual]);
  console.log(table(['client', 'subscription', 'what', 'model', 'servers'], first));
  const clients = [...new Set(mismatches.map((m) => m.client))].slice(0, 3);
  for (const client of clients) console.log(`\nClient ${client}:\n${(history.get(client) ?? []).map((line) => `  ${line}`).join('\n')}`);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const testDb = await openTestDatabase();
  // On PostgreSQL the second server has a pool of its own, as a second process would; on PGlite both share one.
  let second: OpenDatabase | undefined;
  if (testDb.url) second = await openDatabase({ databaseUrl: testDb.url, dataDir: ':memory:' });
  const database = testDb.url ? 'PostgreSQL (two pools)' : 'PGlite (one connection, shared)';
  try {
    const billing = await startBillingServers([testDb.db, second?.db ?? testDb.db]);
    const result = await runBillingScenario(billing, {
      ...options,
      onProgress: (day, days) => {
        if (day % 30 === 0 || day === days) console.log(`day ${day}/${days}`);
      },
    });
    report(result, database, billing.warnings);
    await Promise.all(billing.servers.map((server) => server.service.settled()));
    process.exitCode = result.mismatches.length > 0 || result.unprocessedEvents > 0 ? 1 : 0;
  } finally {
    await second?.close();
    await testDb.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
