import { assertEvent, assign, fromPromise, not, setup } from 'xstate';
import {
  emptyQuizDraft,
  stepOptions,
  textStepError,
  type GoalId,
  type OptionStep,
  type QuizDraftFields,
  type QuizErrorCode,
  type QuizLanguage,
  type QuizStep,
  type SavedQuizDraft,
  type TextStep,
} from '../src/domain/quiz';

/**
 * The growth quiz (SPEC.md §2 Quiz, §4 quiz order and "after the last answer", §5; DESIGN.md §4, D1, D14).
 *
 * loadingDraft -> chooseLanguage -> questions.<one state per question, SPEC.md §4's order> -> done.report | done.dashboard
 *
 * The two conditional steps are reached only through guards (websiteQuality when hasWebsite is Yes, monthlyAdSpend
 * when runningAds is Yes), and Back takes the same guarded route in reverse. Answers live in context, so Back shows
 * the answer given before. Effects are named and supplied by the app with `.provide()`: `loadDraft` (an actor),
 * and the actions `saveDraft`, `clearDraft`, `submitLead` (fire-and-forget: it never holds up the report),
 * `openReport` and `openDashboard`.
 */

export interface QuizContext {
  language: QuizLanguage;
  answers: QuizDraftFields;
  /** The question on screen; what the draft records as the place to resume. Null before a language is chosen. */
  step: QuizStep | null;
  error: QuizErrorCode | null;
  /** Which way the last move went, so the view slides the right way. */
  direction: 'forward' | 'back';
  /** Fed by the page from the server's entitlement (DESIGN.md D4): decides where the last answer leads. */
  hasPurchasedPlan: boolean;
}

export type QuizEvent =
  | { type: 'quiz.language'; language: QuizLanguage }
  | { type: 'quiz.change'; value: string }
  | { type: 'quiz.next' }
  | { type: 'quiz.select'; value: string | number }
  | { type: 'quiz.toggleGoal'; goal: GoalId }
  | { type: 'quiz.confirm' }
  | { type: 'quiz.setTerms'; accepted: boolean }
  | { type: 'quiz.submit' }
  | { type: 'quiz.back' }
  | { type: 'quiz.clear' }
  | { type: 'quiz.account'; hasPurchasedPlan: boolean };

export interface QuizInput {
  hasPurchasedPlan?: boolean;
}

/** What the effects receive: the saved draft, the lead and the report are all made from this. */
export interface QuizSnapshotData {
  language: QuizLanguage;
  step: QuizStep | null;
  answers: QuizDraftFields;
}

const stepParams = <S extends QuizStep>(step: S) => ({ step });

export const quizMachine = setup({
  types: {
    context: {} as QuizContext,
    events: {} as QuizEvent,
    input: {} as QuizInput,
  },
  actors: {
    loadDraft: fromPromise<SavedQuizDraft | null>(async () => {
      throw new Error('loadDraft must be provided by the app');
    }),
  },
  guards: {
    resumesAt: ({ event }, params: { step: QuizStep }) =>
      (event as { output?: SavedQuizDraft | null }).output?.step === params.step,
    textValid: ({ context }, params: { step: TextStep }) => textStepError(params.step, context.answers[params.step]) === null,
    selectedYes: ({ event }) => event.type === 'quiz.select' && event.value === 'Yes',
    hasWebsite: ({ context }) => context.answers.hasWebsite === 'Yes',
    runsAds: ({ context }) => context.answers.runningAds === 'Yes',
    hasGoals: ({ context }) => context.answers.goals.length > 0,
    termsAccepted: ({ context }) => context.answers.acceptTerms,
    hasPurchasedPlan: ({ context }) => context.hasPurchasedPlan,
  },
  actions: {
    // Effects: the app provides them (src/features/quiz/quizActor.ts); tests provide their own.
    saveDraft: () => {},
    clearDraft: () => {},
    submitLead: () => {},
    openReport: () => {},
    openDashboard: () => {},

    restoreDraft: assign(({ event }) => {
      const draft = (event as { output?: SavedQuizDraft | null }).output;
      return draft ? { language: draft.language, answers: draft.answers } : {};
    }),
    setLanguage: assign({
      language: ({ event }) => {
        assertEvent(event, 'quiz.language');
        return event.language;
      },
    }),
    enterStep: assign((_, params: { step: QuizStep }) => ({ step: params.step })),
    forward: assign({ direction: 'forward' as const, error: null }),
    backward: assign({ direction: 'back' as const, error: null }),
    setText: assign(({ context, event }, params: { step: TextStep }) => {
      assertEvent(event, 'quiz.change');
      return { answers: { ...context.answers, [params.step]: event.value }, error: null };
    }),
    showTextError: assign({
      error: ({ context }, params: { step: TextStep }) => textStepError(params.step, context.answers[params.step]),
    }),
    setOption: assign(({ context, event }, params: { step: OptionStep }) => {
      assertEvent(event, 'quiz.select');
      const allowed = stepOptions[params.step] as readonly (string | number)[];
      if (!allowed.includes(event.value)) return {};
      return { answers: { ...context.answers, [params.step]: event.value } };
    }),
    toggleGoal: assign(({ context, event }) => {
      assertEvent(event, 'quiz.toggleGoal');
      const chosen = context.answers.goals;
      const goals = chosen.includes(event.goal) ? chosen.filter((goal) => goal !== event.goal) : [...chosen, event.goal];
      // Taking away the last goal says at once why Confirm Selection is disabled.
      return { answers: { ...context.answers, goals }, error: goals.length === 0 ? ('goalsRequired' as const) : null };
    }),
    showError: assign((_, params: { error: QuizErrorCode }) => ({ error: params.error })),
    setTerms: assign(({ context, event }) => {
      assertEvent(event, 'quiz.setTerms');
      return { answers: { ...context.answers, acceptTerms: event.accepted }, error: null };
    }),
    setAccount: assign({
      hasPurchasedPlan: ({ event }) => {
        assertEvent(event, 'quiz.account');
        return event.hasPurchasedPlan;
      },
    }),
    startOver: assign({ answers: () => emptyQuizDraft(), step: null, error: null, direction: 'back' as const }),
  },
}).createMachine({
  id: 'quiz',
  context: ({ input }) => ({
    language: 'en',
    answers: emptyQuizDraft(),
    step: null,
    error: null,
    direction: 'forward',
    hasPurchasedPlan: input?.hasPurchasedPlan ?? false,
  }),
  initial: 'loadingDraft',
  on: {
    'quiz.account': { actions: 'setAccount' },
  },
  states: {
    loadingDraft: {
      invoke: {
        id: 'loadDraft',
        src: 'loadDraft',
        onDone: [
          { guard: { type: 'resumesAt', params: stepParams('fullName') }, target: 'questions.fullName', actions: 'restoreDraft' },
          { guard: { type: 'resumesAt', params: stepParams('email') }, target: 'questions.email', actions: 'restoreDraft' },
          { guard: { type: 'resumesAt', params: stepParams('role') }, target: 'questions.role', actions: 'restoreDraft' },
          {
            guard: { type: 'resumesAt', params: stepParams('businessName') },
            target: 'questions.businessName',
            actions: 'restoreDraft',
          },
          { guard: { type: 'resumesAt', params: stepParams('industry') }, target: 'questions.industry', actions: 'restoreDraft' },
          {
            guard: { type: 'resumesAt', params: stepParams('locationType') },
            target: 'questions.locationType',
            actions: 'restoreDraft',
          },
          {
            guard: { type: 'resumesAt', params: stepParams('monthlyRevenue') },
            target: 'questions.monthlyRevenue',
            actions: 'restoreDraft',
          },
          { guard: { type: 'resumesAt', params: stepParams('goals') }, target: 'questions.goals', actions: 'restoreDraft' },
          { guard: { type: 'resumesAt', params: stepParams('hasWebsite') }, target: 'questions.hasWebsite', actions: 'restoreDraft' },
          {
            guard: { type: 'resumesAt', params: stepParams('websiteQuality') },
            target: 'questions.websiteQuality',
            actions: 'restoreDraft',
          },
          { guard: { type: 'resumesAt', params: stepParams('runningAds') }, target: 'questions.runningAds', actions: 'restoreDraft' },
          {
            guard: { type: 'resumesAt', params: stepParams('monthlyAdSpend') },
            target: 'questions.monthlyAdSpend',
            actions: 'restoreDraft',
          },
          {
            guard: { type: 'resumesAt', params: stepParams('googleBusinessProfile') },
            target: 'questions.googleBusinessProfile',
            actions: 'restoreDraft',
          },
          {
            guard: { type: 'resumesAt', params: stepParams('roughBudget') },
            target: 'questions.roughBudget',
            actions: 'restoreDraft',
          },
          {
            guard: { type: 'resumesAt', params: stepParams('acceptTerms') },
            target: 'questions.acceptTerms',
            actions: 'restoreDraft',
          },
          { target: 'chooseLanguage' },
        ],
        // Storage that cannot be read (blocked, corrupt) is no draft: the quiz simply starts.
        onError: { target: 'chooseLanguage' },
      },
    },
    chooseLanguage: {
      on: {
        'quiz.language': { target: 'questions.fullName', actions: ['setLanguage', 'forward'] },
      },
    },
    questions: {
      initial: 'fullName',
      on: {
        'quiz.language': { actions: ['setLanguage', 'saveDraft'] },
        'quiz.clear': { target: 'chooseLanguage', actions: ['startOver', 'clearDraft'] },
      },
      states: {
        fullName: {
          entry: [{ type: 'enterStep', params: stepParams('fullName') }, 'saveDraft'],
          on: {
            'quiz.change': { actions: [{ type: 'setText', params: stepParams('fullName') }, 'saveDraft'] },
            'quiz.next': [
              { guard: { type: 'textValid', params: stepParams('fullName') }, target: 'email', actions: 'forward' },
              { actions: { type: 'showTextError', params: stepParams('fullName') } },
            ],
          },
        },
        email: {
          entry: [{ type: 'enterStep', params: stepParams('email') }, 'saveDraft'],
          on: {
            'quiz.change': { actions: [{ type: 'setText', params: stepParams('email') }, 'saveDraft'] },
            'quiz.next': [
              { guard: { type: 'textValid', params: stepParams('email') }, target: 'role', actions: 'forward' },
              { actions: { type: 'showTextError', params: stepParams('email') } },
            ],
            'quiz.back': { target: 'fullName', actions: 'backward' },
          },
        },
        role: {
          entry: [{ type: 'enterStep', params: stepParams('role') }, 'saveDraft'],
          on: {
            'quiz.select': { target: 'businessName', actions: [{ type: 'setOption', params: stepParams('role') }, 'forward'] },
            'quiz.back': { target: 'email', actions: 'backward' },
          },
        },
        businessName: {
          entry: [{ type: 'enterStep', params: stepParams('businessName') }, 'saveDraft'],
          on: {
            'quiz.change': { actions: [{ type: 'setText', params: stepParams('businessName') }, 'saveDraft'] },
            'quiz.next': [
              { guard: { type: 'textValid', params: stepParams('businessName') }, target: 'industry', actions: 'forward' },
              { actions: { type: 'showTextError', params: stepParams('businessName') } },
            ],
            'quiz.back': { target: 'role', actions: 'backward' },
          },
        },
        industry: {
          entry: [{ type: 'enterStep', params: stepParams('industry') }, 'saveDraft'],
          on: {
            'quiz.select': { target: 'locationType', actions: [{ type: 'setOption', params: stepParams('industry') }, 'forward'] },
            'quiz.back': { target: 'businessName', actions: 'backward' },
          },
        },
        locationType: {
          entry: [{ type: 'enterStep', params: stepParams('locationType') }, 'saveDraft'],
          on: {
            'quiz.select': {
              target: 'monthlyRevenue',
              actions: [{ type: 'setOption', params: stepParams('locationType') }, 'forward'],
            },
            'quiz.back': { target: 'industry', actions: 'backward' },
          },
        },
        monthlyRevenue: {
          entry: [{ type: 'enterStep', params: stepParams('monthlyRevenue') }, 'saveDraft'],
          on: {
            'quiz.select': { target: 'goals', actions: [{ type: 'setOption', params: stepParams('monthlyRevenue') }, 'forward'] },
            'quiz.back': { target: 'locationType', actions: 'backward' },
          },
        },
        goals: {
          entry: [{ type: 'enterStep', params: stepParams('goals') }, 'saveDraft'],
          on: {
            'quiz.toggleGoal': { actions: ['toggleGoal', 'saveDraft'] },
            // Confirm Selection is disabled while nothing is chosen; the machine ignores it then too.
            'quiz.confirm': { guard: 'hasGoals', target: 'hasWebsite', actions: 'forward' },
            'quiz.back': { target: 'monthlyRevenue', actions: 'backward' },
          },
        },
        hasWebsite: {
          entry: [{ type: 'enterStep', params: stepParams('hasWebsite') }, 'saveDraft'],
          on: {
            'quiz.select': [
              {
                guard: 'selectedYes',
                target: 'websiteQuality',
                actions: [{ type: 'setOption', params: stepParams('hasWebsite') }, 'forward'],
              },
              { target: 'runningAds', actions: [{ type: 'setOption', params: stepParams('hasWebsite') }, 'forward'] },
            ],
            'quiz.back': { target: 'goals', actions: 'backward' },
          },
        },
        websiteQuality: {
          entry: [{ type: 'enterStep', params: stepParams('websiteQuality') }, 'saveDraft'],
          on: {
            'quiz.select': {
              target: 'runningAds',
              actions: [{ type: 'setOption', params: stepParams('websiteQuality') }, 'forward'],
            },
            'quiz.back': { target: 'hasWebsite', actions: 'backward' },
          },
        },
        runningAds: {
          entry: [{ type: 'enterStep', params: stepParams('runningAds') }, 'saveDraft'],
          on: {
            'quiz.select': [
              {
                guard: 'selectedYes',
                target: 'monthlyAdSpend',
                actions: [{ type: 'setOption', params: stepParams('runningAds') }, 'forward'],
              },
              {
                target: 'googleBusinessProfile',
                actions: [{ type: 'setOption', params: stepParams('runningAds') }, 'forward'],
              },
            ],
            'quiz.back': [
              { guard: 'hasWebsite', target: 'websiteQuality', actions: 'backward' },
              { target: 'hasWebsite', actions: 'backward' },
            ],
          },
        },
        monthlyAdSpend: {
          entry: [{ type: 'enterStep', params: stepParams('monthlyAdSpend') }, 'saveDraft'],
          on: {
            'quiz.select': {
              target: 'googleBusinessProfile',
              actions: [{ type: 'setOption', params: stepParams('monthlyAdSpend') }, 'forward'],
            },
            'quiz.back': { target: 'runningAds', actions: 'backward' },
          },
        },
        googleBusinessProfile: {
          entry: [{ type: 'enterStep', params: stepParams('googleBusinessProfile') }, 'saveDraft'],
          on: {
            'quiz.select': {
              target: 'roughBudget',
              actions: [{ type: 'setOption', params: stepParams('googleBusinessProfile') }, 'forward'],
            },
            'quiz.back': [
              { guard: 'runsAds', target: 'monthlyAdSpend', actions: 'backward' },
              { target: 'runningAds', actions: 'backward' },
            ],
          },
        },
        roughBudget: {
          entry: [{ type: 'enterStep', params: stepParams('roughBudget') }, 'saveDraft'],
          on: {
            'quiz.select': { target: 'acceptTerms', actions: [{ type: 'setOption', params: stepParams('roughBudget') }, 'forward'] },
            'quiz.back': { target: 'googleBusinessProfile', actions: 'backward' },
          },
        },
        acceptTerms: {
          entry: [{ type: 'enterStep', params: stepParams('acceptTerms') }, 'saveDraft'],
          on: {
            'quiz.setTerms': { actions: ['setTerms', 'saveDraft'] },
            'quiz.submit': [
              { guard: not('termsAccepted'), actions: { type: 'showError', params: { error: 'termsRequired' } } },
              { guard: 'hasPurchasedPlan', target: '#quiz.done.dashboard' },
              { target: '#quiz.done.report' },
            ],
            'quiz.back': { target: 'roughBudget', actions: 'backward' },
          },
        },
      },
    },
    done: {
      tags: ['leaving'],
      // The lead is sent without waiting: storing it must never stand between the prospect and the report.
      entry: 'submitLead',
      initial: 'report',
      states: {
        report: { type: 'final', entry: 'openReport' },
        dashboard: { type: 'final', entry: 'openDashboard' },
      },
    },
  },
});
