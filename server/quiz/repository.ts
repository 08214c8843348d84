import type { GrowthReport } from '../../src/domain/report';
import type { QuizSubmission } from '../../src/domain/quiz';
import type { Database } from '../db/client';
import { quizSubmissions } from '../db/schema';

export interface StoredQuizSubmission {
  id: string;
  createdAt: Date;
}

export async function insertQuizSubmission(
  db: Database,
  submission: QuizSubmission & { report: GrowthReport; uid: string | null },
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
    })
    .returning({ id: quizSubmissions.id, createdAt: quizSubmissions.createdAt });
  if (!row) throw new Error('quiz submission insert returned no row');
  return row;
}
