import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/domain/chat';
import type { QuizAnswers } from '../../src/domain/quiz';
import { mailMessages, staffNotices } from '../../server/db/schema';
import type { MailAttachment } from '../../server/mail/repository';
import { staffBurst } from '../../server/mail/staffNotices';
import { quizProspect } from '../fixtures/quizProspect';
import { newConversationId, readChat } from './chat-support';
import { drain, mailWorker, startChatWebhookSink, type ChatWebhookSink } from './mailSupport';
import { openTestDatabase, startApp, testConfig, validContact, type RunningApp, type TestDatabase } from './support';

/**
 * Every lead reaches staff by email (and the chat webhook), once; a prospect gets a reply in their language, the
 * quiz's with its report attached; a burst of leads becomes a few emails and digests.
 */

const STAFF = 'leads@growthpath.in';

let testDb: TestDatabase;
let app: RunningApp;
let clock: Date;
const now = () => clock;
let hook: ChatWebhookSink;
const config = () =>
  testConfig({
    STAFF_NOTIFY_EMAILS: STAFF,
    STAFF_NOTIFY_WEBHOOK_URL: hook.url,
    CHAT_LOCAL_PIECE_DELAY_MS: '0',
    SITE_URL: 'https://growthpath.in',
  });

beforeAll(async () => {
  testDb = await openTestDatabase();
  hook = await startChatWebhookSink();
  app = await startApp({ db: testDb.db, config: config() });
});

afterAll(async () => {
  await app?.close();
  hook?.close();
  await testDb?.close();
});

beforeEach(async () => {
  await testDb.reset();
  await testDb.db.execute(sql`truncate quiz_submissions, chat_leads`);
  hook.posts.length = 0;
  clock = new Date(Date.now() + 60_000);
});

const answers = quizProspect({ businessName: 'राव स्टोर्स' }) as QuizAnswers;

async function post(path: string, body: unknown, status = 201) {
  const response = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(status);
}

const mails = (kind: string) => testDb.db.select().from(mailMessages).where(eq(mailMessages.kind, kind));

describe('a finished quiz', () => {
  it('replies in the language they answered in, with a link that sends the report as a PDF, and tells staff', async () => {
    await post('/api/quiz-submissions', { language: 'hi', answers });
    await drain(mailWorker(testDb.db, config(), { now }));

    const [reply] = await mails('prospect.quizReceived');
    expect(reply).toMatchObject({
      toAddress: 'asha@raostores.in',
      subject: 'GrowthPath से आपकी विकास योजना',
      status: 'kept',
      attachments: null,
    });
    expect(reply!.html).toContain('lang="hi"');
    expect(reply!.text).toContain('नमस्ते Asha');
    expect(reply!.text).toMatch(/24 घंटे/);
    const token = /\/report\/email\?token=([A-Za-z0-9_-]{32})&lang=hi/.exec(reply!.text)![1];

    const [notice] = await mails('staff.notice');
    expect(notice).toMatchObject({ toAddress: STAFF, subject: 'Quiz lead: “Asha Verma” (“राव स्टोर्स”), LaunchPad' });
    expect(notice!.html).toContain('https://growthpath.in/admin?tab=quiz&amp;q=asha%40raostores.in');
    expect(hook.posts).toEqual([
      'Quiz lead: `“Asha Verma”` (`“राव स्टोर्स”`), LaunchPad\nhttps://growthpath.in/admin?tab=quiz&amp;q=asha%40raostores.in',
    ]);

    // The owner of the address asks for it: the report in Hindi, its file named after the business.
    await post('/api/report-emails', { token }, 202);
    await drain(mailWorker(testDb.db, config(), { now }));
    const [report] = await mails('prospect.quizReport');
    expect(report).toMatchObject({ toAddress: 'asha@raostores.in', subject: 'GrowthPath से आपकी विकास योजना (PDF)' });
    expect(report!.text).toContain('नमस्ते Asha');
    const [pdf] = report!.attachments as MailAttachment[];
    expect(pdf).toMatchObject({ filename: 'राव_स्टोर्स_Growth_Strategy.pdf', contentType: 'application/pdf' });
    expect(Buffer.from(pdf!.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('replies once a day to an address, while staff hear of every submission', async () => {
    await post('/api/quiz-submissions', { language: 'en', answers });
    await post('/api/quiz-submissions', { language: 'en', answers: { ...answers, businessName: 'Rao Stores' } });
    await drain(mailWorker(testDb.db, config(), { now }));
    const [reply, ...more] = await mails('prospect.quizReceived');
    expect(more).toHaveLength(0);
    expect(reply!.subject).toBe('Your growth plan from GrowthPath');
    expect(await mails('staff.notice')).toHaveLength(2);
  });
});

describe('a chat lead', () => {
  async function converse(messages: string[]) {
    const conversationId = newConversationId();
    const history: ChatMessage[] = [];
    for (const message of messages) {
      const reading = await readChat(app.url, { conversationId, message, history });
      const done = reading.events.at(-1) as { signature: string };
      history.push({ role: 'user', text: message }, { role: 'model', text: reading.text, signature: done.signature });
    }
  }

  it('reaches staff once it has an email address, and once only, however the details change', async () => {
    await converse(['Hi', 'Asha Rao', 'asha@raostores.in', 'More walk-ins at our Jaipur store', 'Actually use asha@rao.in']);
    await drain(mailWorker(testDb.db, config(), { now }));
    const notices = await mails('staff.notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Chat lead: “Asha Rao”');
    expect(notices[0]!.text).toContain('More walk-ins at our Jaipur store');
  });

  it('is not news to staff without an email address', async () => {
    await converse(['Hi', 'Asha Rao']);
    await drain(mailWorker(testDb.db, config(), { now }));
    expect(await mails('staff.notice')).toHaveLength(0);
  });
});

describe('the chat webhook', () => {
  it('cannot be made to ping everyone or show a planted link by a name', async () => {
    await post('/api/contact', { ...validContact, name: '<!channel> <https://evil.example|Open>' });
    await drain(mailWorker(testDb.db, config(), { now }));
    expect(hook.posts).toHaveLength(1);
    // Escaped, quoted and in a code span; the zero-width spaces break the address up for any link finder.
    expect(hook.posts[0]).toMatch(
      /^New contact message: `“&lt;!channel&gt; &lt;https\u200b:\u200b\/\u200b\/evil\u200b\.example\|Open&gt;”`\n/,
    );
  });
});

describe('a burst of leads', () => {
  it('sends the first few on their own and the rest in digests, each lead once, to email and the webhook', async () => {
    for (let n = 0; n < 12; n += 1) await post('/api/contact', { ...validContact, email: `owner${n}@example.in`, name: `Owner ${n}` });
    const worker = mailWorker(testDb.db, config(), { now });
    await drain(worker);
    const individual = await mails('staff.notice');
    expect(individual.map((mail) => mail.subject)).toEqual(
      ['Owner 0', 'Owner 1', 'Owner 2'].map((name) => `New contact message: “${name}”`),
    );
    expect(await mails('staff.digest')).toHaveLength(0);
    // Every prospect still gets their reply at once.
    expect(await mails('prospect.contactReceived')).toHaveLength(12);

    // The digest goes at the end of its slot.
    clock = new Date(clock.getTime() + staffBurst.digestEveryMs + staffBurst.digestGraceMs);
    await drain(worker);
    const [digest, ...more] = await mails('staff.digest');
    expect(more).toHaveLength(0);
    expect(digest!.subject).toBe('9 more events for staff — GrowthPath digest');
    for (let n = 3; n < 12; n += 1) expect(digest!.text).toContain(`New contact message: “Owner ${n}”`);
    expect(digest!.text).toMatch(/More than 3 events arrived within a minute/);
    const notices = await testDb.db.select().from(staffNotices);
    expect(notices).toHaveLength(12);
    expect(notices.filter((notice) => notice.held).every((notice) => notice.digestId !== null)).toBe(true);
    expect(hook.posts).toHaveLength(4);
    expect(hook.posts[3]).toMatch(/^9 more events for staff/);

    // Nothing more: every lead was told once.
    clock = new Date(clock.getTime() + 10 * 60_000);
    await drain(worker);
    expect((await mails('staff.notice')).length + (await mails('staff.digest')).length).toBe(4);
  });

  it("gives a lead held after its slot's digest ran (composed before, committed after) a digest of its own", async () => {
    const start = clock;
    for (let n = 0; n < 4; n += 1) await post('/api/contact', { ...validContact, email: `late${n}@example.in`, name: `Late ${n}` });
    const worker = mailWorker(testDb.db, config(), { now });
    await drain(worker);
    clock = new Date(start.getTime() + staffBurst.digestEveryMs + staffBurst.digestGraceMs);
    await drain(worker);
    expect(await mails('staff.digest')).toHaveLength(1);
    // A lead whose email was composed at the start of that slot, and committed only now.
    clock = start;
    await post('/api/contact', { ...validContact, email: 'late4@example.in', name: 'Late 4' });
    await drain(worker);
    clock = new Date(start.getTime() + 2 * (staffBurst.digestEveryMs + staffBurst.digestGraceMs));
    await drain(worker);
    const digests = await mails('staff.digest');
    expect(digests).toHaveLength(2);
    expect(digests[1]!.text).toContain('New contact message: “Late 4”');
  });
});
