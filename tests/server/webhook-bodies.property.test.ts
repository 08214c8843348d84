import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentWebhookEvents } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { createPayments, type Payments } from '../../server/payments/setup';
import { webhookSignature } from '../../server/payments/signature';
import { openTestDatabase, startApp, testConfig, type RunningApp, type TestDatabase } from './support';
import { postWebhook } from './payments-support';

/**
 * Hardening round 2, finding 4: a correctly signed webhook body must be stored, or refused with a clear 400, never
 * answered 500. A lone surrogate (`"\ud800"`) failed the jsonb insert and 6,000 levels of nesting failed it too, on
 * every redelivery, so the event was never stored. Then the same property over generated bodies: surrogates, NULs,
 * deep nesting, huge numbers and wrong types, each signed with the server's own webhook secret.
 */

const secret = 'webhook-bodies-secret';
let testDb: TestDatabase;
let app: RunningApp;
let payments: Payments;
const serverErrors: string[] = [];

beforeAll(async () => {
  testDb = await openTestDatabase();
  const config = testConfig({ SANDBOX_WEBHOOK_SECRET: secret, SANDBOX_WEBHOOK_DELAY_MS: '0' });
  const logger = createLogger({
    level: 'error',
    write: (line) => serverErrors.push(line),
  });
  payments = createPayments({ config, db: testDb.db, logger, webhookRetryAfterMs: 0 });
  app = await startApp({ db: testDb.db, config, payments, logger });
});

afterAll(async () => {
  await payments?.service.settled();
  await app?.close();
  await testDb?.close();
});

let sequence = 0;
async function deliver(body: string): Promise<{ status: number; eventId: string; answer: unknown }> {
  const eventId = `evt_fuzz_${(sequence += 1)}`;
  const response = await postWebhook(app.url, body, webhookSignature(body, secret), eventId);
  return { status: response.status, eventId, answer: await response.json() };
}

const storedPayload = async (eventId: string) =>
  (await testDb.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId)))[0]?.payload;

const envelope = (notes: string) =>
  `{"entity":"event","event":"payment.captured","contains":["payment"],"payload":{"payment":{"entity":{"id":"pay_Fuzz0000000001","order_id":"order_Fuzz000000001","amount":1250000,"currency":"INR","status":"captured","notes":${notes}}}},"created_at":1790000000}`;

describe('a signed webhook body', () => {
  it('with a lone surrogate is stored with U+FFFD in its place, and a redelivery is a duplicate, not a 500', async () => {
    const body = envelope('{"name":"Asha \\ud800 Rao","\\udfff":"key"}');
    const first = await deliver(body);
    expect(first.status).toBe(200);
    expect(JSON.stringify(await storedPayload(first.eventId))).toContain('Asha \uFFFD Rao');
    const again = await postWebhook(app.url, body, webhookSignature(body, secret), first.eventId);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: 'duplicate' });
  });

  it('keeps a well-formed surrogate pair (an emoji) as it is', async () => {
    const { status, eventId } = await deliver(envelope('{"name":"Asha \\ud83d\\ude00"}'));
    expect(status).toBe(200);
    expect(JSON.stringify(await storedPayload(eventId))).toContain('Asha \u{1F600}');
  });

  it('nested 6,000 levels deep is refused with a clear 400, and stores nothing', async () => {
    const body = envelope(`${'{"a":'.repeat(6_000)}1${'}'.repeat(6_000)}`);
    const { status, eventId, answer } = await deliver(body);
    expect(status).toBe(400);
    expect(answer).toMatchObject({ error: { code: 'too_deeply_nested', message: expect.stringMatching(/nest/) } });
    expect(await storedPayload(eventId)).toBeUndefined();
  });

  it('whatever it holds, is stored (2xx) or refused with a 4xx, never a 5xx', { timeout: 300_000 }, async () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom('\ud800', '\udfff', 'a\ud800b', '\u0000', '\uFFFF', '\u{1F600}', '\\', '"', '\u2028'),
    );
    const leaf = fc.oneof(
      text,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.bigInt({ min: -(10n ** 60n), max: 10n ** 60n }).map((big) => ({ rawNumber: big.toString() })),
      fc.constantFrom(
        { rawNumber: '1e999' },
        { rawNumber: '-1e999' },
        { rawNumber: '1e-999' },
        { rawNumber: '123456789012345678901234567890.5' },
      ),
    );
    const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(text, tie('value'), { maxKeys: 4 }),
    })).value;
    /** JSON text, with `{ rawNumber }` written as the number itself (JSON.stringify cannot write 1e999). */
    const write = (value: unknown): string => {
      if (value && typeof value === 'object' && 'rawNumber' in value && Object.keys(value).length === 1) return String(value.rawNumber);
      if (Array.isArray(value)) return `[${value.map(write).join(',')}]`;
      if (value && typeof value === 'object')
        return `{${Object.entries(value)
          .map(([k, v]) => `${JSON.stringify(k)}:${write(v)}`)
          .join(',')}}`;
      return JSON.stringify(value) ?? 'null';
    };
    const nested = fc
      .integer({ min: 1, max: 8_000 })
      .chain((depth) =>
        fc.constantFrom(`${'['.repeat(depth)}${']'.repeat(depth)}`, `${'{"a":'.repeat(depth)}"\\ud800"${'}'.repeat(depth)}`),
      );
    const wrongTypes = fc.record({
      entity: json,
      event: fc.oneof(
        fc.constantFrom(
          'payment.captured',
          'payment.authorized',
          'order.paid',
          'payment.failed',
          'refund.processed',
          'payment.dispute.created',
        ),
        json,
      ),
      payload: fc.oneof(
        json,
        fc.record({
          payment: fc.oneof(
            json,
            fc.record({ entity: fc.record({ id: json, order_id: json, amount: json, status: json, email: json, notes: json }) }),
          ),
        }),
      ),
      created_at: json,
    });
    const body = fc.oneof(
      wrongTypes.map(write),
      json.map((notes) => envelope(write(notes))),
      nested.map(envelope),
      nested,
      json.map(write),
    );

    let cases = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        cases += 1;
        const { status, eventId } = await deliver(text);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(status).toBeLessThan(500);
        if (status === 200) expect(await storedPayload(eventId)).toBeDefined();
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 1000) },
    );
    await payments.service.settled();
    console.log(`signed webhook bodies: ${cases} cases, answers ${JSON.stringify(Object.fromEntries(statuses))}, 0 5xx`);
    expect(serverErrors.filter((line) => /unhandled error/.test(line))).toEqual([]);
  });
});
