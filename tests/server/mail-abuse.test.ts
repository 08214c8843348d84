import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { QuizAnswers } from '../../src/domain/quiz';
import { contactMessages, mailMessages, quizSubmissions } from '../../server/db/schema';
import type { MailAttachment } from '../../server/mail/repository';
import { recordMailEvent } from '../../server/mail/events';
import { quizProspect } from '../fixtures/quizProspect';
import { drain, mailWorker, startChatWebhookSink, type ChatWebhookSink } from './mailSupport';
import { TestSmtpServer } from './smtpServer';
import { openTestDatabase, startApp, testConfig, validContact, type RunningApp, type TestDatabase } from './support';

/**
 * Hardening round 3, findings 2-4: the contact form and the quiz cannot make the agency's domain mail what a stranger
 * wrote, or a PDF, to an address nobody confirmed; one inbox is one inbox however it is written; prospect replies have
 * a daily cap, site-wide and per recipient domain; and an address the mail code cannot use loses no email but its own.
 */

const STAFF = 'leads@growthpath.in';
const spamName = 'www.cheap-pills.example/buy-now';
const spamBusiness = 'Visit www.cheap-pills.example for 90% off today';

let testDb: TestDatabase;
let app: RunningApp;
let clock: Date;
const now = () => clock;
let hook: ChatWebhookSink;
const smtp = new TestSmtpServer();
const config = (env: Record<string, string> = {}) =>
  testConfig({
    STAFF_NOTIFY_EMAILS: STAFF,
    STAFF_NOTIFY_WEBHOOK_URL: hook.url,
    STAFF_NOTIFY_PER_MINUTE: '100',
    SITE_URL: 'https://growthpath.in',
    SMTP_URL: smtp.url,
    ...env,
  });

beforeAll(async () => {
  testDb = await openTestDatabase();
  await smtp.start();
  hook = await startChatWebhookSink();
  app = await startApp({ db: testDb.db, config: config() });
});

afterAll(async () => {
  await app?.close();
  hook?.close();
  await smtp.stop();
  await testDb?.close();
});

beforeEach(async () => {
  await testDb.reset();
  await testDb.db.execute(sql`truncate quiz_submissions, contact_messages cascade`);
  hook.posts.length = 0;
  smtp.received.length = 0;
  clock = new Date(Date.now() + 60_000);
});

async function post(path: string, body: unknown, status = 201) {
  const response = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(status);
  return response.json() as Promise<Record<string, unknown>>;
}

const mails = (kind: string) => testDb.db.select().from(mailMessages).where(eq(mailMessages.kind, kind)).orderBy(mailMessages.id);
const contact = (name: string, email: string) => post('/api/contact', { ...validContact, name, email });
const work = (env: Record<string, string> = {}) => drain(mailWorker(testDb.db, config(env), { now }));

/** The Subject header as a mail client shows it: folded lines joined, each encoded word decoded once. */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)![1]!.replace(/\r\n[ \t]/g, ' ');
  return header.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, how: string, text: string) =>
    how.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

describe('the reply to a contact message', () => {
  it('greets by a first name made of letters only, and carries nothing else the sender wrote', async () => {
    await contact(spamName, 'victim@example.org');
    await contact('Ásha Verma', 'asha@example.in');
    await contact('आशा वर्मा', 'asha@raostores.in');
    await work();
    const replies = await mails('prospect.contactReceived');
    expect(replies.map((reply) => reply.toAddress)).toEqual(['victim@example.org', 'asha@example.in', 'asha@raostores.in']);
    const [toVictim, toAsha, toHindiName] = replies;
    expect(toVictim!.text).toMatch(/^Hello,$/m);
    for (const part of [toVictim!.text, toVictim!.html, toVictim!.subject]) expect(part).not.toMatch(/cheap|pills|buy-now/);
    expect(toVictim!.attachments).toBeNull();
    expect(toAsha!.text).toMatch(/^Hello Ásha,$/m);
    expect(toHindiName!.text).toMatch(/^Hello आशा,$/m);
  });
});

describe('the reply to a finished quiz', () => {
  const answers = quizProspect({ email: 'victim@example.org', fullName: spamName, businessName: spamBusiness }) as QuizAnswers;

  it('carries no attachment and nothing the sender wrote, only a link to send the report once the address is confirmed', async () => {
    await post('/api/quiz-submissions', { language: 'en', answers });
    await work();
    const [reply, ...more] = await mails('prospect.quizReceived');
    expect(more).toHaveLength(0);
    expect(reply).toMatchObject({ toAddress: 'victim@example.org', subject: 'Your growth plan from GrowthPath', attachments: null });
    for (const part of [reply!.text, reply!.html]) expect(part).not.toMatch(/cheap|pills|buy-now|90% off/);
    expect(reply!.text).toMatch(/^Hello,$/m);
    expect(reply!.text).toContain('LaunchPad');
    const link = /https:\/\/growthpath\.in\/report\/email\?token=([A-Za-z0-9_-]{32,})/.exec(reply!.text);
    expect(link).not.toBeNull();
    expect(reply!.html).toContain(link![0]);
    // Nothing has been sent with the business name or a PDF yet.
    expect(await mails('prospect.quizReport')).toHaveLength(0);

    // The owner of the address opens the link and asks for it: now the report goes, PDF and all, to that address only.
    expect(await post('/api/report-emails', { token: link![1] }, 202)).toEqual({ result: 'sent' });
    await work();
    const [report] = await mails('prospect.quizReport');
    expect(report).toMatchObject({ toAddress: 'victim@example.org' });
    const [pdf] = report!.attachments as MailAttachment[];
    expect(pdf).toMatchObject({
      filename: 'Visit_www_cheap-pills_example_for_90_off_today_Growth_Strategy.pdf',
      contentType: 'application/pdf',
    });
    // Once is enough: asking again sends nothing more.
    expect(await post('/api/report-emails', { token: link![1] }, 200)).toEqual({ result: 'already_sent' });
    await work();
    expect(await mails('prospect.quizReport')).toHaveLength(1);
  });

  it('refuses a link that is not one, with a sentence, and sends nothing', async () => {
    const body = await post('/api/report-emails', { token: 'A'.repeat(32) }, 404);
    expect(body).toEqual({
      error: {
        code: 'report_link_unknown',
        message: 'This link is not valid or has expired. Take the quiz again to get your growth plan.',
      },
    });
    await post('/api/report-emails', { token: 'not a token' }, 400);
    await post('/api/report-emails', {}, 400);
    expect(await mails('prospect.quizReport')).toHaveLength(0);
  });
});

describe('one inbox however it is written', () => {
  it('replies once a day to a Gmail inbox whatever dots, case, plus-tags or googlemail.com', async () => {
    for (const email of ['bomb.target@gmail.com', 'b.ombtarget@gmail.com', 'BombTarget+2@gmail.com', 'bomb.target@googlemail.com']) {
      await contact('Asha', email);
    }
    await work();
    expect(await mails('prospect.contactReceived')).toHaveLength(1);
    expect(await mails('staff.notice')).toHaveLength(4);
    const leads = await testDb.db.select({ reply: contactMessages.replyOutcome }).from(contactMessages).orderBy(contactMessages.createdAt);
    expect(leads.map((lead) => lead.reply)).toEqual(['queued', 'repeat', 'repeat', 'repeat']);
  });
});

describe('prospect replies in a day', () => {
  it('stop at the cap for a recipient domain and for the site; the rest are kept, and staff hear of every lead', async () => {
    const caps = { PROSPECT_REPLIES_PER_DAY: '4', PROSPECT_REPLIES_PER_DOMAIN_PER_DAY: '2' };
    for (let i = 1; i <= 3; i++) await contact('Asha', `person${i}@victim-company.example`);
    for (let i = 1; i <= 3; i++) await contact('Asha', `someone${i}@other${i}.example`);
    await work(caps);
    const replies = await mails('prospect.contactReceived');
    expect(replies.map((reply) => [reply.toAddress, reply.status])).toEqual([
      ['person1@victim-company.example', 'sent'],
      ['person2@victim-company.example', 'sent'],
      ['person3@victim-company.example', 'held'],
      ['someone1@other1.example', 'sent'],
      ['someone2@other2.example', 'sent'],
      ['someone3@other3.example', 'held'],
    ]);
    const held = replies.filter((reply) => reply.status === 'held');
    expect(held.map((reply) => reply.lastError)).toEqual([
      "Not sent: today's limit of 2 replies to victim-company.example was reached.",
      "Not sent: today's limit of 4 prospect replies was reached.",
    ]);
    await work(caps);
    expect(smtp.received.filter((mail) => mail.to[0] !== STAFF)).toHaveLength(4);
    expect(await mails('staff.notice')).toHaveLength(6);
    const leads = await testDb.db.select({ reply: contactMessages.replyOutcome }).from(contactMessages).orderBy(contactMessages.createdAt);
    expect(leads.map((lead) => lead.reply)).toEqual(['queued', 'queued', 'held', 'queued', 'queued', 'held']);
  });
});

describe('staff notices of a lead whose name is a link', () => {
  it('quote the name, so neither mail clients nor Slack or Google Chat make it a link', async () => {
    await contact(spamName, 'victim@example.org');
    await work();
    const [notice] = await mails('staff.notice');
    const quoted = '“www\u200b.cheap-pills\u200b.example\u200b/buy-now”';
    expect(notice!.subject).toBe(`New contact message: ${quoted}`);
    expect(notice!.html).toContain(quoted);
    // The plain-text part spells the zero-width spaces as spaces: no address there either.
    expect(notice!.text).toContain('“www .cheap-pills .example /buy-now”');
    for (const part of [notice!.subject, notice!.text, notice!.html]) expect(part).not.toContain('cheap-pills.example');
    expect(hook.posts).toHaveLength(1);
    expect(hook.posts[0]).not.toContain('cheap-pills.example');
    expect(hook.posts[0]).toContain(`\`${quoted}\``);
  });

  it('never let a name written as an encoded word be decoded into the subject staff read', async () => {
    const encoded = `=?UTF-8?B?${Buffer.from('Payment received: ₹50,000').toString('base64')}?=`;
    await contact(encoded, 'asha@example.in');
    await work();
    const sent = smtp.received.find((mail) => mail.to[0] === STAFF)!;
    const shown = subjectOf(sent.raw);
    expect(shown).not.toContain('Payment received');
    expect(shown.replace(/\u200b/g, '')).toContain(encoded);
  });
});

describe('a quiz stored before reply links, composed again', () => {
  it('gets a link of its own, the same each time, and keeps the outcome of its first composing', async () => {
    const [row] = await testDb.db
      .insert(quizSubmissions)
      .values({
        language: 'en',
        fullName: 'Asha Verma',
        email: 'asha@raostores.in',
        businessName: 'Rao Stores',
        answers: quizProspect(),
        recommendedPlan: 'launchpad',
        report: { planTitle: 'LaunchPad' },
      })
      .returning({ id: quizSubmissions.id });
    // The outbox runs the event twice (a lease that ran out after it committed): one reply, one outcome.
    for (let run = 0; run < 2; run += 1) {
      await testDb.db.transaction((tx) => recordMailEvent(tx, { type: 'quiz.submitted', submissionId: row!.id }));
      await work();
    }
    const [reply, ...more] = await mails('prospect.quizReceived');
    expect(more).toHaveLength(0);
    const [lead] = await testDb.db.select().from(quizSubmissions);
    expect(lead!.replyOutcome).toBe('queued');
    expect(lead!.reportToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(reply!.text).toContain(`/report/email?token=${lead!.reportToken}`);
  });
});

describe('a lead whose address the mail code cannot use', () => {
  it.each(['priya..sharma@example.com', 'odd@example.c', 'x,y@example.org', 'ásha@example.org'])(
    'is refused by the forms and the API (%s)',
    async (email) => {
      await post('/api/contact', { ...validContact, email }, 400);
      await post('/api/quiz-submissions', { language: 'en', answers: quizProspect({ email }) }, 400);
    },
  );

  it('stored before the rule was one still reaches staff, and shows its reply was not sent', async () => {
    // A lead stored under the old, looser quiz rule: its event must not fail whole.
    const [row] = await testDb.db
      .insert(contactMessages)
      .values({ name: 'Priya Sharma', email: 'priya..sharma@example.com', message: 'Please call me about ads.' })
      .returning({ id: contactMessages.id });
    await testDb.db.transaction((tx) => recordMailEvent(tx, { type: 'contact.received', messageId: row!.id }));
    const run = await work();
    expect(run.failed).toBe(0);
    expect(await mails('staff.notice')).toHaveLength(1);
    expect(await mails('prospect.contactReceived')).toHaveLength(0);
    const [lead] = await testDb.db.select({ reply: contactMessages.replyOutcome }).from(contactMessages);
    expect(lead!.reply).toBe('undeliverable');
  });

  it('in a quiz stored before the rule still reaches staff, without rendering a PDF again and again', async () => {
    const [row] = await testDb.db
      .insert(quizSubmissions)
      .values({
        language: 'en',
        fullName: 'Asha Verma',
        email: 'odd@example.c',
        businessName: 'Rao Stores',
        answers: quizProspect({ email: 'odd@example.c' }),
        recommendedPlan: 'launchpad',
        report: { planTitle: 'LaunchPad' },
      })
      .returning({ id: quizSubmissions.id });
    await testDb.db.transaction((tx) => recordMailEvent(tx, { type: 'quiz.submitted', submissionId: row!.id }));
    const run = await work();
    expect(run.failed).toBe(0);
    expect(await mails('staff.notice')).toHaveLength(1);
    const [lead] = await testDb.db.select({ reply: quizSubmissions.replyOutcome }).from(quizSubmissions);
    expect(lead!.reply).toBe('undeliverable');
  });
});
