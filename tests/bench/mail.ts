/**
 * How long a lead waits before staff have the email about it: the real server (`server/index.ts`, PGlite unless
 * scripts/with-postgres.sh names a PostgreSQL) sends over SMTP to a real SMTP server in this process, and each lead
 * is timed from its POST /api/contact to the arrival of the first staff email that names it.
 *   - one at a time: each lead after the last one's email arrived (STAFF_NOTIFY_PER_MINUTE raised, so none waits for
 *     a digest): the pipeline itself, request to outbox to composed email to SMTP;
 *   - a burst: all leads back to back with the default 3 a minute, so most arrive in digests.
 * Figures, never assertions.
 *   node --import tsx tests/bench/mail.ts [--leads 100]
 */
import { staffBurst } from '../../server/mail/staffNotices';
import { TestSmtpServer, type ReceivedMail } from '../server/smtpServer';
import { heading, median, ms, table } from './format';
import { STAFF, startMailServer } from './mailServer';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const leads = arg('leads', 100);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The readable text of a received email: quoted-printable soft breaks joined and escapes decoded (ASCII is all we look for). */
const plain = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function post(port: number, n: number) {
  return fetch(`http://127.0.0.1:${port}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Owner ${n}`, email: `owner${n}@example.in`, phone: '', message: `Lead ${n}: we need a website.` }),
  }).then((response) => {
    if (response.status !== 201) throw new Error(`lead ${n} refused: ${response.status}`);
  });
}

/** When each lead was first named in a staff email: watching what the SMTP server receives. */
function watchStaff(smtp: TestSmtpServer) {
  const arrived = new Map<number, number>();
  let seen = smtp.received.length;
  return {
    arrived,
    poll() {
      const fresh: ReceivedMail[] = smtp.received.slice(seen);
      seen = smtp.received.length;
      for (const mail of fresh) {
        if (mail.to[0] !== STAFF) continue;
        for (const match of plain(mail.raw).matchAll(/New contact message: \S{0,6}Owner (\d+)/g)) {
          const n = Number(match[1]);
          if (!arrived.has(n)) arrived.set(n, performance.now());
        }
      }
    },
  };
}

async function waitFor(done: () => boolean, limitMs: number) {
  const until = performance.now() + limitMs;
  while (!done()) {
    if (performance.now() > until) throw new Error('timed out waiting for staff emails');
    await sleep(5);
  }
}

async function oneAtATime(smtp: TestSmtpServer, port: number): Promise<number[]> {
  const server = await startMailServer(smtp, port, { STAFF_NOTIFY_PER_MINUTE: '1000', RATE_LIMIT_SCALE: '100' });
  const watch = watchStaff(smtp);
  const latencies: number[] = [];
  try {
    for (let n = 0; n < leads; n += 1) {
      const started = performance.now();
      await post(port, n);
      await waitFor(() => (watch.poll(), watch.arrived.has(n)), 60_000);
      latencies.push(watch.arrived.get(n)! - started);
    }
  } finally {
    await server.stop();
  }
  return latencies;
}

async function burst(smtp: TestSmtpServer, port: number): Promise<{ latencies: number[]; emails: number }> {
  const server = await startMailServer(smtp, port, { RATE_LIMIT_SCALE: '100' });
  const watch = watchStaff(smtp);
  const before = smtp.received.filter((mail) => mail.to[0] === STAFF).length;
  const started = new Map<number, number>();
  try {
    for (let n = 0; n < leads; n += 1) {
      started.set(n, performance.now());
      await post(port, 10_000 + n);
    }
    await waitFor(() => (watch.poll(), watch.arrived.size === leads), 180_000);
  } finally {
    await server.stop();
  }
  const latencies = [...started].map(([n, at]) => watch.arrived.get(10_000 + n)! - at);
  return { latencies, emails: smtp.received.filter((mail) => mail.to[0] === STAFF).length - before };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

const smtp = await new TestSmtpServer().start();
try {
  const single = await oneAtATime(smtp, 4391);
  // On PostgreSQL both runs share the database: a quiet minute first, so the burst starts as a burst does.
  if (process.env.DATABASE_URL) await sleep(staffBurst.windowMs);
  const burstRun = await burst(smtp, 4392);
  console.log(heading(`Lead to staff email, ${leads} leads (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`));
  console.log(
    table(
      ['', 'median', 'p90', 'worst', 'staff emails'],
      [
        ['one at a time', ms(median(single)), ms(percentile(single, 90)), ms(Math.max(...single)), String(leads)],
        [
          'burst, 3 a minute then digests',
          ms(median(burstRun.latencies)),
          ms(percentile(burstRun.latencies, 90)),
          ms(Math.max(...burstRun.latencies)),
          String(burstRun.emails),
        ],
      ],
    ),
  );
} finally {
  await smtp.stop();
}
