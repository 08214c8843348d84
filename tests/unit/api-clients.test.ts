import { describe, expect, it, vi } from 'vitest';
import { getAccount, updateAccount } from '../../src/lib/auth/accountApi';
import { sendContactMessage } from '../../src/features/contact/contactApi';
import { sendQuizLead, submitQuiz } from '../../src/features/quiz/quizApi';
import { emptyQuizDraft, type QuizAnswers } from '../../src/domain/quiz';

/** The API clients on src/lib/http.ts: the sentences each shows for each kind of failure. */

const answering = (body: string, status = 200) => vi.fn<typeof fetch>(async () => new Response(body, { status }));
const offline = () => vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch')));
const envelope = (code: string, message: string, details?: object) =>
  JSON.stringify({ error: { code, message, ...(details ? { details } : {}) } });

const contact = { name: 'Asha Rao', email: 'asha@example.in', phone: '', message: 'Please call me about growth.' };
const APOLOGY = 'Sorry, there was a problem sending your message.';

describe('sendContactMessage', () => {
  it('resolves on the success receipt', async () => {
    await expect(sendContactMessage(contact, answering('{"result":"success"}', 201))).resolves.toBeUndefined();
  });

  it('rejects a field refusal with the server’s field errors and sentence', async () => {
    const fetchImpl = answering(
      envelope('validation_failed', 'Please correct the highlighted fields.', { fieldErrors: { email: 'Bad email.' } }),
      400,
    );
    await expect(sendContactMessage(contact, fetchImpl)).rejects.toMatchObject({
      fieldErrors: { email: 'Bad email.' },
      message: 'Please correct the highlighted fields.',
    });
  });

  it('rejects other failures with the failure line and no field errors', async () => {
    await expect(sendContactMessage(contact, answering('Service temporarily unavailable for maintenance', 503))).rejects.toMatchObject({
      message: `${APOLOGY} Server responded with 503: Service temporarily unavailable for maintenance`,
    });
    // Field errors count only on a 400: elsewhere the form shows the failure line, not stale field messages.
    const odd = answering(envelope('internal', 'Broke.', { fieldErrors: { email: 'Bad email.' } }), 500);
    const failure = (await sendContactMessage(contact, odd).catch((error: unknown) => error)) as { fieldErrors?: object; message: string };
    expect(failure.fieldErrors ?? {}).toEqual({});
    expect(failure.message).toBe(`${APOLOGY} Server responded with 500: Broke.`);
    await expect(sendContactMessage(contact, answering(envelope('rate_limited', 'Too many messages.'), 429))).rejects.toMatchObject({
      message: `${APOLOGY} Server responded with 429: Too many messages.`,
    });
    await expect(sendContactMessage(contact, answering('', 500))).rejects.toMatchObject({
      message: `${APOLOGY} Server responded with 500.`,
    });
    await expect(sendContactMessage(contact, offline())).rejects.toMatchObject({ message: `${APOLOGY} Failed to fetch` });
    await expect(sendContactMessage(contact, answering('{"result":"maybe"}'))).rejects.toMatchObject({
      message: `${APOLOGY} An unknown error occurred.`,
    });
  });
});

const profile = {
  uid: 'u1',
  email: 'asha@example.in',
  displayName: 'Asha',
  businessName: null,
  role: null,
  industry: null,
  quizCompleted: false,
  chosenPlan: 'launchpad',
  purchasedPlan: null,
  purchasedAt: null,
};

describe('getAccount / updateAccount', () => {
  it('resolves with the profile, sending the token', async () => {
    const fetchImpl = answering(JSON.stringify(profile));
    await expect(getAccount('tok', fetchImpl)).resolves.toEqual(profile);
    expect(fetchImpl.mock.calls[0]![1]?.headers).toMatchObject({ Authorization: 'Bearer tok' });
  });

  it('shows the server’s sentence, else its own with the status or the connection', async () => {
    await expect(
      updateAccount('tok', { displayName: 'A' }, answering(envelope('validation_failed', 'Some details could not be saved.'), 400)),
    ).rejects.toThrow('Some details could not be saved.');
    await expect(getAccount('tok', answering('<html>bad gateway</html>', 502))).rejects.toThrow(
      'We could not load your account details. Please try again. (Status 502.)',
    );
    await expect(updateAccount('tok', {}, offline())).rejects.toThrow(
      'We could not save your details. Please try again. Check your connection.',
    );
    await expect(getAccount('tok', answering('{"uid":7}'))).rejects.toThrow(/^We could not load your account details. Please try again.$/);
  });
});

describe('submitQuiz / sendQuizLead', () => {
  const submission = { language: 'en' as const, answers: emptyQuizDraft() as QuizAnswers };

  it('resolves with the receipt', async () => {
    const receipt = { id: 'lead-1', recommendedPlan: 'growth-engine', createdAt: '2026-01-02T03:04:05.000Z' };
    await expect(submitQuiz(submission, { fetchImpl: answering(JSON.stringify(receipt), 201) })).resolves.toEqual(receipt);
  });

  it("sends a signed-in visitor's ID token, and none for a guest", async () => {
    const receipt = { id: 'lead-1', recommendedPlan: 'growth-engine', createdAt: '2026-01-02T03:04:05.000Z' };
    const seen: (string | null)[] = [];
    const fetchImpl = (async (_url: unknown, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get('authorization'));
      return new Response(JSON.stringify(receipt), { status: 201, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    await submitQuiz(submission, { fetchImpl, token: 'id-token-of-asha' });
    await submitQuiz(submission, { fetchImpl });
    expect(seen).toEqual(['Bearer id-token-of-asha', null]);
  });

  it('never rejects a lead: a refusal is only logged', async () => {
    const log = vi.fn();
    await expect(sendQuizLead(submission, { fetchImpl: answering('down for maintenance', 503), log })).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith('The quiz answers could not be stored as a lead:', expect.stringContaining('503'));
  });
});
