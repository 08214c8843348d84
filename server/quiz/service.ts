import { buildReport } from '../../src/domain/report';
import { quizFieldErrors, quizSubmissionSchema } from '../../src/domain/quiz';
import type { QuizSubmissionReceipt } from '../../src/domain/wire';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { recordMailEvent } from '../mail/events';
import { insertQuizSubmission } from './repository';

export interface QuizService {
  /** Validates a finished quiz with the shared schema, recomputes its report and stores both as a lead. */
  submit(input: unknown): Promise<QuizSubmissionReceipt>;
}

export function createQuizService({ db, onQueued }: { db: Database; onQueued?: () => void }): QuizService {
  return {
    async submit(input) {
      const parsed = quizSubmissionSchema.safeParse(input ?? {});
      if (!parsed.success) {
        throw new AppError(400, 'validation_failed', 'The quiz answers are incomplete or invalid.', {
          fieldErrors: quizFieldErrors(parsed.error),
        });
      }
      // Whatever plan the browser showed, the stored recommendation is the server's own computation.
      const report = buildReport(parsed.data.answers);
      // The lead and its emails (the report to the prospect, the notice to staff) commit together.
      const stored = await db.transaction(async (tx) => {
        const row = await insertQuizSubmission(tx, { ...parsed.data, report, uid: null });
        await recordMailEvent(tx, { type: 'quiz.submitted', submissionId: row.id });
        return row;
      });
      onQueued?.();
      return { id: stored.id, recommendedPlan: report.plan, createdAt: stored.createdAt.toISOString() };
    },
  };
}
