import { parseSavedDraft, type QuizDraftFields, type QuizLanguage, type QuizStep, type SavedQuizDraft } from '../domain/quiz';

/**
 * The quiz draft in local storage under `growth.getStartedDraft` (DESIGN.md D14): every answer as it is given, the
 * language and the step to resume at. Storage can be missing, full or refused (private modes): then nothing is kept
 * and the quiz still works; reading never throws.
 */
export const QUIZ_DRAFT_KEY = 'growth.getStartedDraft';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function loadQuizDraft(store: Storage | undefined = storage()): SavedQuizDraft | null {
  try {
    const raw = store?.getItem(QUIZ_DRAFT_KEY);
    return raw ? parseSavedDraft(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

export function saveQuizDraft(
  draft: { language: QuizLanguage; step: QuizStep; answers: QuizDraftFields },
  store: Storage | undefined = storage(),
  now: Date = new Date(),
): void {
  const saved: SavedQuizDraft = { version: 1, ...draft, updatedAt: now.toISOString() };
  try {
    store?.setItem(QUIZ_DRAFT_KEY, JSON.stringify(saved));
  } catch {
    // Full or refused storage: the answers stay in memory for this visit.
  }
}

export function clearQuizDraft(store: Storage | undefined = storage()): void {
  try {
    store?.removeItem(QUIZ_DRAFT_KEY);
  } catch {
    // Nothing we can do; nothing was kept either.
  }
}
