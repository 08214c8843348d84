import { randomBytes } from 'node:crypto';
import { buildReport } from '../../src/domain/report';
import { quizFieldErrors, quizSubmissionSchema } from '../../src/domain/quiz';
import { reportEmailRequestSchema, type QuizSubmissionReceipt, type ReportEmailReceipt } from '../../src/domain/wire';
import type { TokenVerifier } from '../auth/requireUser';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { validated } from '../http/validation';
import { recordMailEvent } from '../mail/events';
import { insertQuizSubmission, requestReportByToken } from './repository';

export interface QuizService {
  /**
   * Validates a finished quiz with the shared schema, recomputes its report and stores both as a lead; with a signed-in
   * visitor's ID token, as their account's own (its language is then the account's: server/mail/compose/context.ts).
   */
  submit(input: unknown, options?: { idToken?: string }): Promise<QuizSubmissionReceipt>;
  /**
   * The owner of the quiz's address asks, with the secret from the reply's link, for the report by email (decision
   * 188): sent once, to that address only.
   */
  requestReportEmail(input: unknown): Promise<ReportEmailReceipt>;
}

export interface QuizServiceDeps {
  db: Database;
  /** Checks a signed-in visitor's ID token; a token it refuses leaves the lead a guest's, never refused. */
  verifier?: TokenVerifier;
  now?: () => Date;
  onQueued?: () => void;
}

export function createQuizService({ db, verifier, now = () => new Date(), onQueued }: QuizServiceDeps): QuizService {
  const accountOf = async (idToken: string | undefined) =>
    idToken && verifier
      ? verifier.verify(idToken).then(
          (user) => user.uid,
          () => null,
        )
      : null;

  return {
    async submit(input, { idToken } = {}) {
      const parsed = quizSubmissionSchema.safeParse(input ?? {});
      if (!parsed.success) {
        throw new AppError(400, 'validation_failed', 'The quiz answers are incomplete or invalid.', {
          fieldErrors: quizFieldErrors(parsed.error),
        });
      }
      // Whatever plan the browser showed, the stored recommendation is the server's own computation.
      const report = buildReport(parsed.data.answers);
      // Only the reply to the quiz's address carries this: never the answer to the browser that sent the quiz.
      const reportToken = randomBytes(24).toString('base64url');
      const uid = await accountOf(idToken);
      // The lead and its emails (the reply to the prospect, the notice to staff) commit together.
      const stored = await db.transaction(async (tx) => {
        const row = await insertQuizSubmission(tx, { ...parsed.data, report, uid, reportToken });
        await recordMailEvent(tx, { type: 'quiz.submitted', submissionId: row.id });
        return row;
      });
      onQueued?.();
      return { id: stored.id, recommendedPlan: report.plan, createdAt: stored.createdAt.toISOString() };
    },

    async requestReportEmail(input) {
      const { token } = validated(reportEmailRequestSchema, input);
      const outcome = await db.transaction(async (tx) => {
        const request = await requestReportByToken(tx, token, now());
        if (request.outcome === 'requested') await recordMailEvent(tx, { type: 'quiz.reportRequested', submissionId: request.id! });
        return request.outcome;
      });
      if (outcome === 'unknown') {
        throw new AppError(
          404,
          'report_link_unknown',
          'This link is not valid or has expired. Take the quiz again to get your growth plan.',
        );
      }
      if (outcome === 'requested') onQueued?.();
      return { result: outcome === 'requested' ? 'sent' : 'already_sent' };
    },
  };
}
