import { quizEn } from './quiz.en';
import { quizHi } from './quiz.hi';

/**
 * Every Hindi word an English page shows: the quiz's heading and language choice, and its "view in Hindi" button. They are drawn
 * from a subset of Noto Sans Devanagari that holds only their letters, so
 * an English visitor never downloads the whole font (docs/decisions/153-devanagari-labels-font.md). Text added here
 * needs the subset made again: `npm run fonts:subsets`; a unit test fails until it is.
 */
export const devanagariOnEnglishPages: readonly string[] = [
  quizHi.heading,
  quizHi.languagePrompt,
  quizHi.languageName,
  quizHi.languageMark,
  quizEn.switchLanguage,
];

/** The subset's file in src/assets/fonts and its weight axis, kept to the weights those elements use (600 and 800). */
export const devanagariLabelsFont = {
  file: 'noto-sans-devanagari-labels-wght-600-800.woff2',
  source: 'noto-sans-devanagari-devanagari-wght-normal.woff2',
  weight: { min: 600, max: 800, default: 600 },
} as const;
