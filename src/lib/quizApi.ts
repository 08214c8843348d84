import type { PlanKey } from '../domain/plans';
import type { QuizAnswers, QuizLanguage } from '../domain/quiz';

/** What the browser sends; the server validates it with quizSubmissionSchema and recomputes the plan. */
export interface QuizSubmissionPayload {
  language: QuizLanguage;
  answers: QuizAnswers;
}

/** The answer of POST /api/quiz-submissions: the stored lead and the plan the server computed. */
export interface QuizSubmissionReceipt {
  id: string;
  recommendedPlan: PlanKey;
}

/**
 * Posts a finished quiz to the server as a lead (SPEC.md §4 "after the last answer"). Resolves with the receipt or
 * rejects with an Error; `keepalive` lets the request finish while the browser moves on to the report.
 */
export async function submitQuiz(submission: QuizSubmissionPayload, fetchImpl: typeof fetch = fetch): Promise<QuizSubmissionReceipt> {
  const response = await fetchImpl('/api/quiz-submissions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(submission),
    keepalive: true,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
    throw new Error(`quiz submission refused with ${response.status}${typeof message === 'string' ? `: ${message}` : ''}`);
  }
  return body as QuizSubmissionReceipt;
}

/**
 * Fire-and-forget: the prospect never waits for, or sees, the outcome. A failure is logged for whoever looks at the
 * console; the report does not depend on it.
 */
export function sendQuizLead(
  submission: QuizSubmissionPayload,
  { fetchImpl = fetch, log = console.warn }: { fetchImpl?: typeof fetch; log?: (...args: unknown[]) => void } = {},
): Promise<void> {
  return submitQuiz(submission, fetchImpl).then(
    () => undefined,
    (error: unknown) => log('The quiz answers could not be stored as a lead:', error instanceof Error ? error.message : error),
  );
}
