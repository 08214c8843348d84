import type { QuizAnswers, QuizLanguage } from '../../domain/quiz';
import { quizSubmissionReceiptSchema, type QuizSubmissionReceipt } from '../../domain/wire';
import { ApiError, requestJson } from '../../lib/http';

/** What the browser sends; the server validates it with quizSubmissionSchema and recomputes the plan. */
export interface QuizSubmissionPayload {
  language: QuizLanguage;
  answers: QuizAnswers;
}

/**
 * Posts a finished quiz to the server as a lead, after the last answer. Resolves with the receipt or rejects with an
 * ApiError; `keepalive` lets the request finish while the browser moves on to the report.
 */
export function submitQuiz(
  submission: QuizSubmissionPayload,
  { fetchImpl = fetch, token }: { fetchImpl?: typeof fetch; token?: string } = {},
): Promise<QuizSubmissionReceipt> {
  return requestJson('/api/quiz-submissions', {
    method: 'POST',
    body: submission,
    // A signed-in visitor's quiz is their account's own: its language is then the account's (decision 188).
    ...(token && { token }),
    keepalive: true,
    schema: quizSubmissionReceiptSchema,
    fetchImpl,
  });
}

function describe(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : error;
  const said = error.bodyText ? ` (${error.bodyText})` : '';
  return `quiz submission refused with ${error.status || error.code}: ${error.message}${said}`;
}

/**
 * Fire-and-forget: the prospect never waits for, or sees, the outcome. A failure is logged for whoever looks at the
 * console; the report does not depend on it.
 */
export function sendQuizLead(
  submission: QuizSubmissionPayload,
  { fetchImpl = fetch, token, log = console.warn }: { fetchImpl?: typeof fetch; token?: string; log?: (...args: unknown[]) => void } = {},
): Promise<void> {
  return submitQuiz(submission, { fetchImpl, token }).then(
    () => undefined,
    (error: unknown) => log('The quiz answers could not be stored as a lead:', describe(error)),
  );
}
