import { useCallback } from 'react';
import { profileUpdateFromAnswers, type QuizDraftFields } from '../../domain/quiz';
import { useAuthSelector, useAuthStore } from '../../lib/auth/AuthProvider';

export interface QuizAccount {
  /** True only when the server's profile (GET /api/me) carries a purchased plan (DESIGN.md D4); never local storage. */
  hasPurchasedPlan: boolean;
  /** When the quiz leads a signed-in user to the dashboard: saves the answers and quizCompleted to their profile. */
  onCompleted: (answers: QuizDraftFields) => void;
}

/** The visitor's account as the quiz needs it, from the app-wide auth context. */
export function useQuizAccount(): QuizAccount {
  const store = useAuthStore();
  const hasPurchasedPlan = useAuthSelector((state) => state.status === 'signedIn' && !!state.profile?.purchasedPlan);
  // Stable for the whole visit, and reads who is signed in at the moment it runs.
  const onCompleted = useCallback(
    (answers: QuizDraftFields) => {
      if (store.getState().status !== 'signedIn') return;
      store.send({ type: 'auth.update', changes: profileUpdateFromAnswers(answers) });
    },
    [store],
  );
  return { hasPurchasedPlan, onCompleted };
}
