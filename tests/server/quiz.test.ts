import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { quizSubmissions } from '../../server/db/schema';
import { emptyQuizDraft, type QuizAnswers } from '../../src/domain/quiz';
import { defaultRateLimits } from '../../server/http/rateLimits';
import { firebaseAdminAuth } from '../../server/auth/firebaseAdmin';
import { emulatorUser } from './admin-support';
import { emulatorHost } from './authEmulator';
import { isErrorShape, openTestDatabase, startApp, testConfig, type RunningApp, type TestDatabase } from './support';

let testDb: TestDatabase;
let app: RunningApp;

beforeAll(async () => {
  testDb = await openTestDatabase();
  app = await startApp({ db: testDb.db });
});

afterAll(async () => {
  await app?.close();
  await testDb?.close();
});

beforeEach(async () => {
  await testDb.db.execute(sql`truncate quiz_submissions`);
});

const answers: QuizAnswers = {
  ...emptyQuizDraft(),
  fullName: '  Asha Verma ',
  email: 'asha@raostores.in',
  role: 'Owner',
  businessName: 'Rao Stores',
  industry: 'Retail',
  locationType: 'Online-only',
  monthlyRevenue: '₹1L – ₹5L',
  goals: ['increase-leads'],
  hasWebsite: 'No',
  runningAds: 'Yes',
  monthlyAdSpend: 50000,
  googleBusinessProfile: 'No',
  roughBudget: '< ₹20,000',
  acceptTerms: true,
};

function post(body: unknown, contentType = 'application/json') {
  return fetch(`${app.url}/api/quiz-submissions`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('POST /api/quiz-submissions', () => {
  it('stores the validated answers with the report the server computed, and a timestamp', async () => {
    const before = Date.now();
    const response = await post({ language: 'hi', answers, recommendedPlan: 'scale-up', report: { plan: 'scale-up' } });
    expect(response.status).toBe(201);
    const receipt = (await response.json()) as { id: string; recommendedPlan: string; createdAt: string };
    // No website -> LaunchPad, whatever the browser claimed.
    expect(receipt.recommendedPlan).toBe('launchpad');

    const rows = await testDb.db.select().from(quizSubmissions);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      id: receipt.id,
      language: 'hi',
      fullName: 'Asha Verma',
      email: 'asha@raostores.in',
      businessName: 'Rao Stores',
      recommendedPlan: 'launchpad',
      uid: null,
    });
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.answers).toMatchObject({ goals: ['increase-leads'], monthlyAdSpend: 50000, websiteQuality: '' });
    // Extra draft fields are not part of a lead.
    expect(row.answers).not.toHaveProperty('preferredEngagement');
    expect(row.report).toMatchObject({
      plan: 'launchpad',
      planTitle: 'LaunchPad',
      websiteTier: 'ecom',
      kpis: { leads: { min: 35, max: 55 }, trust: { min: 50, max: 50 }, timelineMonths: 4 },
      costs: { setupFee: 10000, monthlyFee: 2500, adSpend: 50000, oneTimeTotal: 90000 + 12000 + 18000 },
    });
  });

  it.each([
    ['Scale Up for high revenue', { hasWebsite: 'Yes', websiteQuality: 'Good', monthlyRevenue: '> ₹50L' }, 'scale-up'],
    ['Growth Engine otherwise', { hasWebsite: 'Yes', websiteQuality: 'Okay' }, 'growth-engine'],
  ] as const)('recommends %s', async (_name, overrides, plan) => {
    const response = await post({ language: 'en', answers: { ...answers, ...overrides } });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { recommendedPlan: string }).recommendedPlan).toBe(plan);
  });

  // Hardening round 3, finding 9: a signed-in visitor's quiz is their account's own (its language decides their
  // emails'); a token the server refuses leaves the lead a guest's, and never costs it.
  it("records a signed-in visitor's account with their quiz, and a guest's (or a refused token's) with none", async () => {
    const visitor = await emulatorUser(firebaseAdminAuth(testConfig().firebase), emulatorHost, { staff: false });
    const withToken = (token: string) =>
      fetch(`${app.url}/api/quiz-submissions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ language: 'hi', answers }),
      });
    expect((await withToken(visitor.token)).status).toBe(201);
    expect((await withToken('not.a.token')).status).toBe(201);
    expect((await post({ language: 'hi', answers })).status).toBe(201);
    const rows = await testDb.db.select({ uid: quizSubmissions.uid }).from(quizSubmissions).orderBy(quizSubmissions.createdAt);
    expect(rows.map((row) => row.uid)).toEqual([visitor.uid, null, null]);
  });

  it('refuses incomplete answers with the quiz’s own messages, storing nothing', async () => {
    const response = await post({ language: 'en', answers: { ...answers, fullName: 'A', email: 'asha@', goals: [], acceptTerms: false } });
    expect(response.status).toBe(400);
    const body: unknown = await response.json();
    expect(isErrorShape(body)).toBe(true);
    expect((body as { error: { code: string; details: { fieldErrors: Record<string, string> } } }).error).toMatchObject({
      code: 'validation_failed',
      details: {
        fieldErrors: {
          fullName: 'Please enter a valid name.',
          email: 'Please enter a valid email.',
          goals: 'Please select at least one goal.',
          acceptTerms: 'Please accept the terms to see your growth plan.',
        },
      },
    });
    expect(await testDb.db.select().from(quizSubmissions)).toEqual([]);
  });

  it('refuses a missing conditional answer, an unknown language and a body that is not an object', async () => {
    expect((await post({ language: 'en', answers: { ...answers, hasWebsite: 'Yes', websiteQuality: '' } })).status).toBe(400);
    expect((await post({ language: 'fr', answers })).status).toBe(400);
    expect((await post([1, 2, 3])).status).toBe(400);
    expect((await post('null')).status).toBe(400);
  });

  it('answers malformed JSON, a wrong media type, an oversized body and other methods with the usual errors', async () => {
    expect((await post('{"language":')).status).toBe(400);
    expect((await post('language=en', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await post({ language: 'en', answers: { ...answers, fullName: 'x'.repeat(20_000) } })).status).toBe(413);
    const get = await fetch(`${app.url}/api/quiz-submissions`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('POST /api/quiz-submissions: its own limit (issue 10, item 8)', () => {
  it('answers 429 with Retry-After once the leads budget is spent, before reading the body, and stores no more', async () => {
    // A tight leads budget and the general budget left generous: only the leads class can refuse here.
    const limited = await startApp({ db: testDb.db, rateLimits: { leads: { windowMs: 60_000, limit: 2 } } });
    const submit = (body: unknown) =>
      fetch(`${limited.url}/api/quiz-submissions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    try {
      expect((await submit({ language: 'en', answers })).status).toBe(201);
      expect((await submit({ language: 'en', answers })).status).toBe(201);
      // Malformed JSON would be a 400 if the body were read: the limiter answers first.
      for (const body of [{ language: 'en', answers }, '{"language":']) {
        const refused = await submit(body);
        expect(refused.status).toBe(429);
        const json: unknown = await refused.json();
        expect(isErrorShape(json)).toBe(true);
        expect(json).toMatchObject({
          error: { code: 'rate_limited', message: 'Too many submissions from this address. Please wait a minute and try again.' },
        });
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      }
      expect(await testDb.db.select().from(quizSubmissions)).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });

  it('allows about as many leads a minute as the contact form', async () => {
    expect(defaultRateLimits.leads).toEqual(defaultRateLimits.contact);
  });
});
