import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatInr } from '../../src/domain/money';
import { plans } from '../../src/domain/plans';
import { services } from '../../src/content/services';
import { findChatLead } from '../../server/chat/leadsRepository';
import { contentsFor } from '../../server/chat/providers/gemini';
import { failureMessages } from '../../server/chat/service';
import { openTestDatabase, startApp, testConfig, type RunningApp, type TestDatabase } from './support';
import { newConversationId, readChat, startGeminiFake, types, type GeminiFake } from './chat-support';

/**
 * The Gemini provider against a local fake of `:streamGenerateContent?alt=sse` (the SDK's httpOptions.baseUrl):
 * what it sends, how the stream reaches the visitor, and how each kind of failure ends as one clean error event.
 */

let testDb: TestDatabase;
let fake: GeminiFake;
let app: RunningApp;
/** The same, with a one-second budget per reply (the smallest the config accepts). */
let hastyApp: RunningApp;

beforeAll(async () => {
  testDb = await openTestDatabase();
  fake = await startGeminiFake();
  const env = { GEMINI_API_KEY: 'test-key-123', GEMINI_BASE_URL: fake.url };
  app = await startApp({ db: testDb.db, config: testConfig(env) });
  hastyApp = await startApp({ db: testDb.db, config: testConfig({ ...env, CHAT_REPLY_TIMEOUT_MS: '1000' }) });
});

afterAll(async () => {
  await app?.close();
  await hastyApp?.close();
  await fake?.close();
  await testDb?.close();
});

beforeEach(async () => {
  fake.requests.length = 0;
  await testDb.db.execute(sql`truncate chat_leads`);
});

const question = (message: string, history: { role: 'user' | 'model'; text: string; signature?: string }[] = []) => ({
  conversationId: newConversationId(),
  message,
  history,
});

describe('Gemini provider', () => {
  it('is the provider when GEMINI_API_KEY is set, as health reports', async () => {
    const health = (await (await fetch(`${app.url}/api/health`)).json()) as { chat: string };
    expect(health.chat).toBe('gemini');
  });

  it('streams the model’s pieces to the visitor as delta events, then done', async () => {
    fake.answerWith({
      kind: 'stream',
      steps: [{ text: 'Our LaunchPad plan ' }, { text: 'starts at ₹10,000 setup', delayMs: 80 }, { text: ' + ₹2,500/month.', delayMs: 80 }],
    });
    const reading = await readChat(app.url, question('How much is LaunchPad?'));
    expect(reading.status).toBe(200);
    expect(types(reading)).toEqual(['delta', 'delta', 'delta', 'done']);
    expect(reading.text).toBe('Our LaunchPad plan starts at ₹10,000 setup + ₹2,500/month.');
    // Streamed, not buffered: the first piece arrived well before the last.
    expect(reading.events.at(-1)!.at - reading.events[0]!.at).toBeGreaterThanOrEqual(120);
  });

  it('sends the key in a header, the model, the system instruction and the history as user/model turns', async () => {
    // The model turn is one the server streamed and signed (chat-history-trust.test.ts has the forged ones).
    fake.answerWith({ kind: 'stream', steps: [{ text: 'Hello! How can I help?' }] });
    const first = question('Hi');
    const greeting = await readChat(app.url, first);
    const { signature } = greeting.events.at(-1) as { signature: string };
    fake.answerWith({ kind: 'stream', steps: [{ text: 'Sure.' }] });
    const history = [
      { role: 'user' as const, text: 'Hi' },
      { role: 'model' as const, text: greeting.text, signature },
    ];
    await readChat(app.url, { ...question('What services do you offer?', history), conversationId: first.conversationId });

    expect(fake.requests).toHaveLength(2);
    const request = fake.requests[1];
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v1beta/models/gemini-flash-latest:streamGenerateContent');
    expect(request!.search).toBe('?alt=sse');
    expect(request!.apiKey).toBe('test-key-123');
    expect(request!.body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Hi' }] },
      { role: 'model', parts: [{ text: 'Hello! How can I help?' }] },
      { role: 'user', parts: [{ text: 'What services do you offer?' }] },
    ]);

    // docs/product.md §7.5: friendly assistant, lists the services, qualifies leads, concise, contact page, no invented facts.
    const instruction = request!.body.systemInstruction!.parts.map((part) => part.text).join('\n');
    expect(instruction).toMatch(/friendly assistant/);
    for (const service of services) expect(instruction).toContain(service.title);
    expect(instruction).toMatch(/name, email address and business needs/);
    expect(instruction).toMatch(/concise/i);
    expect(instruction).toContain('contact page');
    expect(instruction).toMatch(/Do not invent/);
    // Grounded in the real fees, so the model has no reason to guess them.
    for (const plan of plans.filter((item) => !item.isCustom)) {
      expect(instruction).toContain(formatInr(plan.setupFee));
      expect(instruction).toContain(formatInr(plan.monthlyFee));
    }
    expect(instruction).toContain('Mon-Fri 9AM-6PM EST');
    expect(request!.body.generationConfig).toMatchObject({ maxOutputTokens: 2048 });
  });

  it('never sends the key anywhere the browser can see it', async () => {
    fake.answerWith({ kind: 'stream', steps: [{ text: 'Hello.' }] });
    const response = await fetch(`${app.url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(question('Hi')),
    });
    const raw = await response.text();
    expect(raw).not.toContain('test-key-123');
    expect([...response.headers.values()].join(' ')).not.toContain('test-key-123');
  });

  it('merges two visitor messages in a row (after a failed reply) into one user turn', () => {
    expect(
      contentsFor(
        [
          { role: 'user', text: 'Hi' },
          { role: 'model', text: 'Hello!' },
          { role: 'user', text: 'Prices?' },
        ],
        'Hello?',
      ),
    ).toEqual([
      { role: 'user', parts: [{ text: 'Hi' }] },
      { role: 'model', parts: [{ text: 'Hello!' }] },
      { role: 'user', parts: [{ text: 'Prices?' }, { text: 'Hello?' }] },
    ]);
  });

  it('turns a 429 into one clean error event, without retrying', async () => {
    fake.answerWith({
      kind: 'status',
      status: 429,
      body: { error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' } },
    });
    const reading = await readChat(app.url, question('Hello'));
    expect(reading.status).toBe(200);
    expect(reading.events.map(({ at: _at, ...event }) => event)).toEqual([{ type: 'error', message: failureMessages.rate_limited }]);
    expect(fake.requests).toHaveLength(1);
  });

  it('turns an error inside the stream into an error event after the pieces already sent', async () => {
    fake.answerWith({
      kind: 'stream',
      steps: [
        { text: 'Our plans start ' },
        { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' }, delayMs: 30 },
      ],
    });
    const reading = await readChat(app.url, question('Prices?'));
    expect(types(reading)).toEqual(['delta', 'error']);
    expect(reading.text).toBe('Our plans start ');
    expect(reading.events.at(-1)).toMatchObject({ type: 'error', message: failureMessages.unavailable });
  });

  it('turns a connection that breaks off mid-stream into an error event', async () => {
    fake.answerWith({ kind: 'stream', steps: [{ text: 'Our plans ' }, { drop: true, delayMs: 30 }] });
    const reading = await readChat(app.url, question('Prices?'));
    expect(types(reading)).toEqual(['delta', 'error']);
    expect(reading.events.at(-1)).toMatchObject({ type: 'error', message: failureMessages.unavailable });
  });

  it('turns a server error before the stream into an error event', async () => {
    fake.answerWith({
      kind: 'status',
      status: 503,
      body: { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } },
    });
    const reading = await readChat(app.url, question('Prices?'));
    expect(types(reading)).toEqual(['error']);
  });

  it('treats a stream with no text as a failed reply', async () => {
    fake.answerWith({ kind: 'stream', steps: [{ text: '' }] });
    const reading = await readChat(app.url, question('Prices?'));
    expect(reading.events.map(({ at: _at, ...event }) => event)).toEqual([{ type: 'error', message: failureMessages.empty }]);
  });

  it('ends a reply that runs out of time with an error event and stops the upstream request', async () => {
    fake.answerWith({ kind: 'stream', steps: [{ text: 'Let me think' }, { stall: true }] });
    const started = performance.now();
    const reading = await readChat(hastyApp.url, question('Prices?'));
    const took = performance.now() - started;
    expect(types(reading)).toEqual(['delta', 'error']);
    expect(reading.events.at(-1)).toMatchObject({ message: failureMessages.timeout });
    // Not before its budget (1 s); the stalled stream never resumes, so only the budget can have ended it.
    expect(took).toBeGreaterThanOrEqual(950);
    expect(await fake.requests[0]!.closedEarly).toBe(true);
  });

  it('stops the upstream generation when the visitor goes away', async () => {
    fake.answerWith({
      kind: 'stream',
      steps: [{ text: 'One ' }, ...Array.from({ length: 50 }, () => ({ text: 'more ', delayMs: 100 }))],
    });
    const controller = new AbortController();
    const reading = await readChat(app.url, question('Tell me everything'), { signal: controller.signal, stopAfterEvents: 1 });
    expect(types(reading)).toEqual(['delta']);
    controller.abort();
    const closedEarly = await Promise.race([
      fake.requests[0]!.closedEarly,
      new Promise<'still streaming'>((resolve) => setTimeout(() => resolve('still streaming'), 3000)),
    ]);
    expect(closedEarly).toBe(true);
  });

  it('stores the details a visitor gives Gemini as a lead, as with the local assistant', async () => {
    fake.answerWith({ kind: 'stream', steps: [{ text: 'Thanks, Ravi! What would you like help with?' }] });
    const conversationId = newConversationId();
    await readChat(app.url, { conversationId, message: "I'm Ravi Kumar, ravi@kumarbakes.in", history: [] });
    const lead = await findChatLead(testDb.db, conversationId);
    expect(lead).toMatchObject({ name: 'Ravi Kumar', email: 'ravi@kumarbakes.in', need: null });
  });
});
