import { useEffect, useRef } from 'react';
import { profileUpdateFromAnswers, type QuizDraftFields } from '../../domain/quiz';
import { useAuthActions, useAuthSelector } from '../../lib/auth/hooks';

/**
 * SPEC.md §4 "Report entry": a signed-in visitor's profile is updated with name, role, business name, industry and
 * quizCompleted true. Runs once per set of answers, as soon as the auth check says someone is signed in; the auth
 * context merges it into the user, caches it and saves it to the server (PATCH /api/me).
 */
export function useProfileUpdateFromReport(answers: QuizDraftFields | null): void {
  const signedIn = useAuthSelector((state) => state.status === 'signedIn');
  const { updateUser } = useAuthActions();
  const saved = useRef<QuizDraftFields | null>(null);
  useEffect(
    function updateProfileFromReport() {
      if (!signedIn || !answers || saved.current === answers) return;
      saved.current = answers;
      updateUser(profileUpdateFromAnswers(answers));
    },
    [signedIn, answers, updateUser],
  );
}
