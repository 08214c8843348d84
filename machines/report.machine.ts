import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { isReportable, profileUpdateFromAnswers, type QuizDraftFields } from '../src/domain/quiz';
import type { GrowthReport } from '../src/domain/report';
import { signedOut, updateProfile, type AccountChangedEvent, type AccountFacts } from './visitorAccount';

/**
 * The growth report page (docs/decisions/042, 044, 046, 048). Two regions run side by side:
 *
 * document: loadingAnswers -> generating -> ready <-> exporting -> ready | exportFailed -> exporting
 *           loadingAnswers -> incomplete (no full name or terms accepted: the page sends the visitor to the quiz)
 * profile:  waiting -> updated, as soon as the visitor is signed in and the answers make a report (once)
 *
 * Effects are named and supplied by the feature with `.provide()` (src/features/report/reportActor.ts): the actors
 * `loadAnswers` (the quiz's hand-off, else the saved draft), `buildReport` (the pure report, after the first paint),
 * `exportPdf` and `updateProfile`.
 */

/** Which message a failed export shows in the page: the library did not load, or the PDF could not be made. */
export type PdfFailure = 'libraryMissing' | 'pdfFailed';

/** What `exportPdf` rejects with when the PDF library could not be loaded; any other rejection is `pdfFailed`. */
export class PdfLibraryMissing extends Error {
  constructor(cause?: unknown) {
    super('PDF generation library not loaded.', { cause });
    this.name = 'PdfLibraryMissing';
  }
}

/** What `buildReport` resolves with: the report and the day it was prepared on. */
export interface PreparedReport {
  report: GrowthReport;
  preparedOn: Date;
}

export interface PdfRequest {
  businessName: string;
}

export interface ReportContext {
  /** Set only when they make a report (full name, terms accepted). */
  answers: QuizDraftFields | null;
  prepared: PreparedReport | null;
  exportFailure: PdfFailure | null;
  account: AccountFacts;
}

export type ReportEvent = { type: 'report.savePdf' } | AccountChangedEvent;

export interface ReportInput {
  account?: AccountFacts;
}

export const reportMachine = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
    input: {} as ReportInput,
  },
  actors: {
    loadAnswers: fromPromise<QuizDraftFields | null>(async () => {
      throw new Error('loadAnswers must be provided by the app');
    }),
    buildReport: fromPromise<PreparedReport, QuizDraftFields>(async () => {
      throw new Error('buildReport must be provided by the app');
    }),
    exportPdf: fromPromise<void, PdfRequest>(async () => {
      throw new Error('exportPdf must be provided by the app');
    }),
    updateProfile,
  },
  guards: {
    reportable: ({ event }) => isReportable((event as { output?: QuizDraftFields | null }).output ?? null),
    libraryMissing: ({ event }) => (event as { error?: unknown }).error instanceof PdfLibraryMissing,
    mayUpdateProfile: ({ context }) => context.account.signedIn && context.answers !== null,
  },
  actions: {
    setAnswers: assign({ answers: ({ event }) => (event as { output?: QuizDraftFields | null }).output ?? null }),
    setReport: assign({ prepared: ({ event }) => (event as { output?: PreparedReport }).output ?? null }),
    clearFailure: assign({ exportFailure: null }),
    showFailure: assign((_, params: { failure: PdfFailure }) => ({ exportFailure: params.failure })),
    setAccount: assign({
      account: ({ event }) => {
        assertEvent(event, 'account.changed');
        return { signedIn: event.signedIn, hasPurchasedPlan: event.hasPurchasedPlan };
      },
    }),
  },
}).createMachine({
  id: 'report',
  type: 'parallel',
  context: ({ input }) => ({
    answers: null,
    prepared: null,
    exportFailure: null,
    account: input?.account ?? signedOut,
  }),
  on: {
    'account.changed': { actions: 'setAccount' },
  },
  states: {
    document: {
      initial: 'loadingAnswers',
      states: {
        loadingAnswers: {
          tags: ['generating'],
          invoke: {
            id: 'loadAnswers',
            src: 'loadAnswers',
            onDone: [{ guard: 'reportable', target: 'generating', actions: 'setAnswers' }, { target: 'incomplete' }],
            onError: { target: 'incomplete' },
          },
        },
        /** Nothing to report on: the page sends the visitor to the quiz. */
        incomplete: {
          tags: ['toQuiz'],
        },
        generating: {
          tags: ['generating'],
          invoke: {
            id: 'buildReport',
            src: 'buildReport',
            input: ({ context }) => context.answers!,
            onDone: { target: 'ready', actions: 'setReport' },
            // Answers that cannot make a report (a malformed hand-off) are best completed in the quiz.
            onError: { target: 'incomplete' },
          },
        },
        ready: {
          tags: ['shown'],
          on: { 'report.savePdf': { target: 'exporting', actions: 'clearFailure' } },
        },
        exporting: {
          tags: ['shown', 'exporting'],
          invoke: {
            id: 'exportPdf',
            src: 'exportPdf',
            input: ({ context }) => ({ businessName: context.answers!.businessName.trim() }),
            onDone: { target: 'ready' },
            onError: [
              { guard: 'libraryMissing', target: 'exportFailed', actions: { type: 'showFailure', params: { failure: 'libraryMissing' } } },
              { target: 'exportFailed', actions: { type: 'showFailure', params: { failure: 'pdfFailed' } } },
            ],
          },
        },
        /** The report stays; the failure is said in the page and the button tries again. */
        exportFailed: {
          tags: ['shown'],
          on: { 'report.savePdf': { target: 'exporting', actions: 'clearFailure' } },
        },
      },
    },
    profile: {
      initial: 'waiting',
      states: {
        waiting: {
          always: { guard: 'mayUpdateProfile', target: 'updated' },
        },
        /** Name, role, business name, industry and quizCompleted, saved once (docs/decisions/048). */
        updated: {
          invoke: {
            id: 'updateProfile',
            src: 'updateProfile',
            input: ({ context }) => profileUpdateFromAnswers(context.answers!),
          },
        },
      },
    },
  },
});
