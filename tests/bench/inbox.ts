/**
 * The staff inbox with 10,000 rows in each tab (issue 12): seeds a fresh database through SQL (contact messages with
 * their outbox rows, quiz submissions with a real report, chat leads with transcripts, orders with payments,
 * customers), then times through the real HTTP app with a staff token from the Auth Emulator: the first page, a page
 * deep in the list through its cursor (page 200), a search for one row, and the CSV export. Median of N runs.
 * Figures, never assertions.
 *   FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 node --import tsx tests/bench/inbox.ts [--rows 10000] [--runs 5]
 *   (scripts/with-postgres.sh in front runs it on PostgreSQL instead of PGlite)
 */
import { sql } from 'drizzle-orm';
import { inboxLimits, inboxTabs, type InboxTab } from '../../src/domain/admin';
import { encodeCursor } from '../../server/admin/cursor';
import { firebaseAdminAuth } from '../../server/auth/firebaseAdmin';
import type { Database } from '../../server/db/client';
import { quizProspect } from '../fixtures/quizProspect';
import { emulatorUser } from '../server/admin-support';
import { openTestDatabase, startApp, testConfig } from '../server/support';
import { heading, median, ms, table } from './format';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const rows = arg('rows', 10_000);
const runs = arg('runs', 5);
const deepPage = 200;

async function seed(db: Database, post: (path: string, body: unknown) => Promise<Response>) {
  // One real quiz submission gives the answers and report every seeded one copies.
  const quiz = await post('/api/quiz-submissions', { language: 'en', answers: quizProspect() });
  if (quiz.status !== 201) throw new Error(`quiz submission refused: ${quiz.status}`);
  const at = (n: string) => sql.raw(`now() - (${n}) * interval '1 second'`);
  await db.execute(sql`
    insert into contact_messages (name, email, phone, message, created_at)
    select 'Contact ' || n, 'contact' || n || '@example.in', '+91 98765 43210',
      'We need a new website for our clinic and some help with Google reviews. Message ' || n, ${at('n')}
    from generate_series(1, ${rows}) n`);
  await db.execute(sql`
    insert into outbox (kind, payload, attempts, last_error, delivered_at)
    select 'contact.forward', jsonb_build_object('contactMessageId', id::text), 1, null, now()
    from contact_messages`);
  await db.execute(sql`
    insert into quiz_submissions (language, full_name, email, business_name, answers, recommended_plan, report, created_at)
    select 'en', 'Quiz ' || n, 'quiz' || n || '@example.in', 'Business ' || n, q.answers, q.recommended_plan, q.report, ${at('n')}
    from generate_series(1, ${rows} - 1) n, (select answers, recommended_plan, report from quiz_submissions limit 1) q`);
  await db.execute(sql`
    insert into chat_leads (conversation_id, name, email, need, transcript, created_at, updated_at)
    select 'conversation-' || n, 'Chat ' || n, 'chat' || n || '@example.in', 'a website',
      (select jsonb_agg(jsonb_build_object('role', case when t % 2 = 1 then 'user' else 'model' end,
        'text', 'Turn ' || t || ' of a conversation about websites, ads and what they cost.')) from generate_series(1, 8) t),
      ${at('n')}, ${at('n')}
    from generate_series(1, ${rows}) n`);
  await db.execute(sql`
    insert into orders (gateway_order_id, receipt, plan, amount_paise, currency, status, mode, customer_email, customer_details,
      paid_payment_id, paid_at, fulfilled_at, fulfilled_by, created_at)
    select 'order_' || lpad(n::text, 14, '0'), 'rcpt_' || n, 'launchpad', 1500000, 'INR', 'paid', 'sandbox', 'buyer' || n || '@example.in',
      jsonb_build_object('fullName', 'Buyer ' || n, 'businessName', 'Shop ' || n), 'pay_' || lpad(n::text, 14, '0'),
      ${at('n')}, ${at('n')}, 'verification', ${at('n')}
    from generate_series(1, ${rows}) n`);
  await db.execute(sql`
    insert into payments (gateway_payment_id, gateway_order_id, status, amount_paise, currency, method)
    select paid_payment_id, gateway_order_id, 'captured', amount_paise, currency, 'card' from orders`);
  await db.execute(sql`
    insert into user_profiles (uid, email, display_name, business_name, purchased_plan, purchased_at, created_at)
    select 'uid' || lpad(n::text, 25, '0'), 'customer' || n || '@example.in', 'Customer ' || n, 'Shop ' || n, 'launchpad', ${at('n')}, ${at('n')}
    from generate_series(1, ${rows}) n`);
  await db.execute(sql`analyze`);
}

const sources: Record<InboxTab, { table: string; id: string; needle: string }> = {
  contact: { table: 'contact_messages', id: 'id', needle: 'contact4242@' },
  quiz: { table: 'quiz_submissions', id: 'id', needle: 'quiz4242@' },
  chat: { table: 'chat_leads', id: 'id', needle: 'chat4242@' },
  orders: { table: 'orders', id: 'id', needle: 'pay_00000000004242' },
  customers: { table: 'user_profiles', id: 'uid', needle: 'customer4242@' },
};

/** The cursor page `deepPage` starts after, as the previous page would have handed it out. */
async function deepCursor(db: Database, tab: InboxTab): Promise<string> {
  const { table: name, id } = sources[tab];
  const result = await db.execute(
    sql.raw(`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, ${id}::text as id
      from ${name} order by created_at desc, ${id} desc offset ${(deepPage - 1) * inboxLimits.pageSize - 1} limit 1`),
  );
  const [row] = (result as unknown as { rows: { at: string; id: string }[] }).rows;
  if (!row) throw new Error(`${tab}: not enough rows for page ${deepPage}`);
  return encodeCursor(row);
}

async function timed(fetcher: () => Promise<Response>): Promise<{ ms: number; bytes: number; body: string }> {
  const started = performance.now();
  const response = await fetcher();
  const body = await response.text();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`answered ${response.status}: ${body.slice(0, 200)}`);
  return { ms: elapsed, bytes: Buffer.byteLength(body), body };
}

async function main() {
  const database = await openTestDatabase();
  const config = testConfig();
  if (config.firebase.mode !== 'emulator') throw new Error('the inbox bench needs the Auth Emulator for its staff token');
  const app = await startApp({ db: database.db, config });
  const staff = await emulatorUser(firebaseAdminAuth(config.firebase), config.firebase.emulatorHost, { staff: true });
  const get = (path: string) =>
    fetch(`${app.url}/api/admin${path}`, { headers: { authorization: `Bearer ${staff.token}`, 'accept-encoding': 'identity' } });
  const post = (path: string, body: unknown) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  console.log(heading(`Staff inbox, ${rows.toLocaleString('en')} rows per tab, ${database.url ? 'PostgreSQL' : 'PGlite'}`));
  const seedStarted = performance.now();
  await seed(database.db, post);
  console.log(`seeded in ${ms(performance.now() - seedStarted)}; median of ${runs} runs each`);

  const lines: string[][] = [];
  try {
    for (const tab of inboxTabs) {
      const cursor = await deepCursor(database.db, tab);
      const figures = { first: [] as number[], deep: [] as number[], search: [] as number[], csv: [] as number[] };
      let csvBytes = 0;
      let csvRows = 0;
      for (let run = 0; run < runs; run += 1) {
        figures.first.push((await timed(() => get(`/${tab}`))).ms);
        figures.deep.push((await timed(() => get(`/${tab}?cursor=${cursor}`))).ms);
        const search = await timed(() => get(`/${tab}?q=${encodeURIComponent(sources[tab].needle)}`));
        if ((JSON.parse(search.body) as { items: unknown[] }).items.length !== 1)
          throw new Error(`${tab}: the search did not find its one row`);
        figures.search.push(search.ms);
        const csv = await timed(() => get(`/${tab}/export.csv`));
        figures.csv.push(csv.ms);
        csvBytes = csv.bytes;
        csvRows = csv.body.split('\r\n').length - 2; // the header, and the empty text after the last line break
      }
      lines.push([
        tab,
        ms(median(figures.first)),
        ms(median(figures.deep)),
        ms(median(figures.search)),
        ms(median(figures.csv)),
        `${(csvBytes / 1_000_000).toFixed(2)} MB`,
        csvRows.toLocaleString('en'),
      ]);
    }
  } finally {
    await app.close();
    await database.close();
  }
  console.log(
    table(
      ['tab', 'first page', `page ${deepPage}`, 'search (1 hit)', 'CSV export', 'CSV size', 'CSV rows'],
      lines,
      new Set([1, 2, 3, 4, 5, 6]),
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
