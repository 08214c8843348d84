/**
 * How much mail a stranger can make the agency send to people who never asked (issue 47, finding 2; decision 188):
 * the real server with its real rate limits, sending over SMTP to a real SMTP server in this process. Attackers post
 * as many contact messages and quizzes as the limits let through, to third parties' addresses (half at one company's
 * domain, half at Gmail), with a spam name and business, from one IP and then from 20 (loopback addresses 127.0.0.1
 * to 127.0.0.20: the server trusts no X-Forwarded-For, so only the socket's address counts). Three rounds of it, each
 * in a fresh rate-limit minute: the later rounds show the daily caps holding. Figures, never assertions.
 *   node --import tsx tests/bench/mailAbuse.ts
 */
import { request } from 'node:http';
import { quizProspect } from '../fixtures/quizProspect';
import { TestSmtpServer } from '../server/smtpServer';
import { heading, table } from './format';
import { STAFF, startMailServer } from './mailServer';

const spam = { name: 'www.cheap-pills.example/buy-now', business: 'Visit www.cheap-pills.example for 90% off today' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Enough rounds for 20 IPs to meet the site-wide cap (200 a day): about 120 replies get out in each round. */
const minutes = 3;

/** A POST from a chosen loopback address, as a client on another machine would be seen. */
function postFrom(localAddress: string, port: number, path: string, body: unknown): Promise<number> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** Until the SMTP server has heard nothing for 10 s: every composed email sent. */
async function quiet(smtp: TestSmtpServer) {
  let seen = -1;
  while (seen !== smtp.received.length) {
    seen = smtp.received.length;
    await sleep(10_000);
  }
}

let victim = 0;
const nextVictim = () => {
  victim += 1;
  return victim % 2 === 0 ? `employee${victim}@victim-company.example` : `victim.person${victim}@gmail.com`;
};

/** Every lead one IP may send in a minute: contact messages and quizzes until each answers 429. */
async function floodFrom(address: string, port: number): Promise<number> {
  let accepted = 0;
  for (const form of ['contact', 'quiz'] as const) {
    for (;;) {
      const email = nextVictim();
      const status =
        form === 'contact'
          ? await postFrom(address, port, '/api/contact', {
              name: spam.name,
              email,
              phone: '',
              message: 'Buy now at www.cheap-pills.example',
            })
          : await postFrom(address, port, '/api/quiz-submissions', {
              language: 'en',
              answers: quizProspect({ email, fullName: spam.name, businessName: spam.business }),
            });
      if (status !== 201) break;
      accepted += 1;
    }
  }
  return accepted;
}

async function run(ips: number, port: number, smtp: TestSmtpServer) {
  const server = await startMailServer(smtp, port, {});
  const addresses = Array.from({ length: ips }, (_, i) => `127.0.0.${i + 1}`);
  const rows: string[][] = [];
  try {
    for (let minute = 1; minute <= minutes; minute += 1) {
      const before = smtp.received.length;
      const leads = (await Promise.all(addresses.map((address) => floodFrom(address, port)))).reduce((a, b) => a + b, 0);
      await quiet(smtp); // the outbox composes and sends
      const toStrangers = smtp.received.slice(before).filter((mail) => mail.to[0] !== STAFF);
      const companyDomain = toStrangers.filter((mail) => mail.to[0]!.endsWith('@victim-company.example')).length;
      const carried = toStrangers.filter((mail) => /cheap|pills|buy-now|90% off/i.test(mail.raw)).length;
      const attachments = toStrangers.filter((mail) => /Content-Disposition: attachment/i.test(mail.raw)).length;
      rows.push([
        `${ips} IP${ips === 1 ? '' : 's'}, round ${minute}`,
        String(leads),
        String(toStrangers.length),
        String(companyDomain),
        String(carried),
        String(attachments),
      ]);
      if (minute < minutes) await sleep(61_000); // a fresh rate-limit window
    }
  } finally {
    await server.stop();
  }
  return rows;
}

const smtp = await new TestSmtpServer().start();
try {
  const rows = [...(await run(1, 4393, smtp)), ...(await run(20, 4394, smtp))];
  console.log(heading('Prospect mail a stranger can cause (default limits and caps)'));
  console.log(
    table(['', 'leads accepted', 'emails to strangers', 'to one company domain', 'carrying their text', 'with attachment'], rows),
  );
} finally {
  await smtp.stop();
}
