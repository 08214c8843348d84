import { parseSavedDraft, type QuizDraftFields, type QuizLanguage, type QuizStep, type SavedQuizDraft } from '../domain/quiz';
import { readJson, removeItem, safeLocalStorage, validatorOf, writeJson } from './storage';

/**
 * The quiz draft in local storage under `growth.getStartedDraft` (docs/decisions/041-quiz-draft-shape-and-resume.md):
 * every answer as it is given, the language and the step to resume at. Where storage fails nothing is kept and the
 * quiz still works; reading never throws.
 */
export const QUIZ_DRAFT_KEY = 'growth.getStartedDraft';

const savedDraft = validatorOf(parseSavedDraft);

export function loadQuizDraft(store: Storage | undefined = safeLocalStorage()): SavedQuizDraft | null {
  return readJson(store, QUIZ_DRAFT_KEY, savedDraft);
}

export function saveQuizDraft(
  draft: { language: QuizLanguage; step: QuizStep; answers: QuizDraftFields },
  store: Storage | undefined = safeLocalStorage(),
  now: Date = new Date(),
): void {
  const saved: SavedQuizDraft = { version: 1, ...draft, updatedAt: now.toISOString() };
  writeJson(store, QUIZ_DRAFT_KEY, saved);
}

export function clearQuizDraft(store: Storage | undefined = safeLocalStorage()): void {
  removeItem(store, QUIZ_DRAFT_KEY);
}
