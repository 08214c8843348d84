import type { GrowthReport } from '../../src/domain/report';
import type { QuizSubmission } from '../../src/domain/quiz';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { quizSubmissions } from '../db/schema';

export interface StoredQuizSubmission {
  id: string;
  createdAt: Date;
}

export async function insertQuizSubmission(
  db: Database,
  submission: QuizSubmission & { report: GrowthReport; uid: string | null; reportToken: string },
): Promise<StoredQuizSubmission> {
  const [row] = await db
    .insert(quizSubmissions)
    .values({
      language: submission.language,
      fullName: submission.answers.fullName,
      email: submission.answers.email,
      businessName: submission.answers.businessName,
      answers: submission.answers,
      recommendedPlan: submission.report.plan,
      report: submission.report,
      uid: submission.uid,
      reportToken: submission.reportToken,
    })
    .returning({ id: quizSubmissions.id, createdAt: quizSubmissions.createdAt });
  if (!row) throw new Error('quiz submission insert returned no row');
  return row;
}

/** How long a reply's link sends the report: a prospect reads their email within days, not months. */
export const reportLinkDays = 30;

export type ReportRequest = 'requested' | 'already_requested' | 'unknown';

/**
 * Marks the submission holding this link's secret as asked for by email, once; a link older than reportLinkDays, or
 * none, is unknown. Inside the caller's transaction, which records the email's event with it.
 */
export async function requestReportByToken(tx: Database, token: string, now: Date): Promise<{ outcome: ReportRequest; id?: string }> {
  const [row] = await tx
    .select({ id: quizSubmissions.id, createdAt: quizSubmissions.createdAt, requestedAt: quizSubmissions.reportRequestedAt })
    .from(quizSubmissions)
    .where(eq(quizSubmissions.reportToken, token))
    .for('update');
  if (!row || now.getTime() - row.createdAt.getTime() > reportLinkDays * 24 * 60 * 60_000) return { outcome: 'unknown' };
  if (row.requestedAt) return { outcome: 'already_requested', id: row.id };
  await tx.update(quizSubmissions).set({ reportRequestedAt: now }).where(eq(quizSubmissions.id, row.id));
  return { outcome: 'requested', id: row.id };
}
