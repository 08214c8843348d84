import { and, assertEvent, assign, setup } from 'xstate';
import {
  emptyQuizDraft,
  isConditionalStep,
  isOptionStep,
  isStepApplicable,
  isTextStep,
  profileUpdateFromAnswers,
  quizSteps,
  stepKind,
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
import { signedOut, updateProfile, type AccountChangedEvent, type AccountFacts } from './visitorAccount';

/**
 * The growth quiz (docs/decisions/040-043, 048).
 *
 * resuming -> chooseLanguage -> questions.<one state per step of `quizStepList`, in its order> -> done.report |
 * done.dashboard
 *
 * The step states are made from the step list in src/domain/quiz.ts: each step's kind gives its events and checks,
 * and Next and Back go to the nearest step in that direction that applies, a conditional step being reached only
 * through its `asked` guard (websiteQuality when hasWebsite is Yes, monthlyAdSpend when runningAds is Yes). Resume is
 * one guarded transition per step. Answers live in context, so Back shows the answer given before.
 *
 * A draft saved on this device is part of the input: the page reads it (synchronously, from local storage) before the
 * machine starts, and `resuming` passes straight on to its step, or to the language choice when there is none, so the
 * first screen drawn is already the right one (docs/decisions/163-quiz-resumes-before-its-first-render.md).
 *
 * Effects are named and supplied by the feature with `.provide()`: the actor `updateProfile`, and the
 * actions `saveDraft`, `clearDraft`, `submitLead` (fire-and-forget: it never holds up the report), `openReport` and
 * `openDashboard`. A signed-in visitor with a purchased plan goes to the dashboard and their profile learns the
 * answers on the way; everyone else goes to the report, whose machine updates a signed-in visitor's profile.
 */

export interface QuizContext {
  language: QuizLanguage;
  answers: QuizDraftFields;
  /** The question on screen; what the draft records as the place to resume. Null before a language is chosen. */
  step: QuizStep | null;
  error: QuizErrorCode | null;
  /** Which way the last move went, so the view slides the right way. */
  direction: 'forward' | 'back';
  /** Decides where the last answer leads. */
  account: AccountFacts;
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
  | AccountChangedEvent;

export interface QuizInput {
  account?: AccountFacts;
  /** The draft saved on this device, if any (src/domain/quiz.ts has already moved it back to the first open step). */
  draft?: SavedQuizDraft | null;
}

/** What the effects receive: the saved draft, the lead and the report are all made from this. */
export interface QuizSnapshotData {
  language: QuizLanguage;
  step: QuizStep | null;
  answers: QuizDraftFields;
}

/** The answers as they will be once this event is taken: a chosen option counts before it is assigned. */
function answersAfter(context: QuizContext, event: QuizEvent): QuizDraftFields {
  const { step, answers } = context;
  if (event.type !== 'quiz.select' || !step || !isOptionStep(step)) return answers;
  const allowed = stepOptions[step] as readonly (string | number)[];
  return allowed.includes(event.value) ? { ...answers, [step]: event.value } : answers;
}

const quizSetup = setup({
  types: {
    context: {} as QuizContext,
    events: {} as QuizEvent,
    input: {} as QuizInput,
  },
  actors: {
    updateProfile,
  },
  guards: {
    /** The draft in the input was saved at this step (its language and answers are in context already). */
    resumesAt: ({ context }, params: { step: QuizStep }) => context.step === params.step,
    /** A conditional step applies, given the answers including the one being given now. */
    asked: ({ context, event }, params: { step: QuizStep }) => isStepApplicable(params.step, answersAfter(context, event)),
    textValid: ({ context }, params: { step: TextStep }) => textStepError(params.step, context.answers[params.step]) === null,
    hasGoals: ({ context }) => context.answers.goals.length > 0,
    termsAccepted: ({ context }) => context.answers.acceptTerms,
    signedInWithPlan: ({ context }) => context.account.signedIn && context.account.hasPurchasedPlan,
  },
  actions: {
    // Effects: the feature provides them (src/features/quiz/quizActor.ts); tests provide their own.
    saveDraft: () => {},
    clearDraft: () => {},
    submitLead: () => {},
    openReport: () => {},
    openDashboard: () => {},

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
      account: ({ event }) => {
        assertEvent(event, 'account.changed');
        return { signedIn: event.signedIn, hasPurchasedPlan: event.hasPurchasedPlan };
      },
    }),
    startOver: assign({ answers: () => emptyQuizDraft(), step: null, error: null, direction: 'back' as const }),
  },
});

// ---- the step states, made from the step list ------------------------------------------------------------------

type StepStateConfig = Parameters<typeof quizSetup.createStateConfig>[0];
type Guard = { type: 'asked'; params: { step: QuizStep } } | { type: 'signedInWithPlan' };
/** A place the flow can move to, and the guard that must hold (a conditional step's `asked`, the plan check). */
type Route = { target: string; guard?: Guard };

const asked = (step: QuizStep): Guard => ({ type: 'asked', params: { step } });

/** Where Next leads from the step at `index`: the next steps up to the first that always applies, else the end. */
function routesForward(index: number): Route[] {
  const routes: Route[] = [];
  for (const next of quizSteps.slice(index + 1)) {
    if (!isConditionalStep(next)) return [...routes, { target: next }];
    routes.push({ target: next, guard: asked(next) });
  }
  return [...routes, { target: '#quiz.done.dashboard', guard: { type: 'signedInWithPlan' } }, { target: '#quiz.done.report' }];
}

/** Where Back leads from the step at `index`: the nearest earlier step that applies (none from the first). */
function routesBack(index: number): Route[] {
  const routes: Route[] = [];
  for (const previous of quizSteps.slice(0, index).reverse()) {
    if (!isConditionalStep(previous)) return [...routes, { target: previous }];
    routes.push({ target: previous, guard: asked(previous) });
  }
  return routes;
}

/** The step's own check before Next may move on: a valid text, a goal chosen, the terms accepted. */
type Check = { type: 'textValid'; params: { step: TextStep } } | { type: 'hasGoals' } | { type: 'termsAccepted' };
type Action = { type: 'setOption'; params: { step: OptionStep } } | 'forward';

/** Next's transitions: each route, taken only when the step's own check (if any) holds as well. */
function advance(index: number, check: Check | null, actions: Action[]) {
  return routesForward(index).map(({ target, guard }) => {
    const combined = check && guard ? and<QuizContext, QuizEvent, [Check, Guard]>([check, guard]) : (check ?? guard);
    const toStep = !target.startsWith('#');
    return {
      target,
      ...(combined ? { guard: combined } : {}),
      actions: toStep ? [...actions, 'forward' as const] : actions,
    };
  });
}

function stepState(step: QuizStep, index: number): StepStateConfig {
  const entry = [{ type: 'enterStep' as const, params: { step } }, 'saveDraft' as const];
  const back = routesBack(index).map((route) => ({ ...route, actions: 'backward' as const }));
  const onBack = back.length ? { 'quiz.back': back } : {};

  if (isTextStep(step)) {
    const params = { step };
    return quizSetup.createStateConfig({
      entry,
      on: {
        ...onBack,
        'quiz.change': { actions: [{ type: 'setText', params }, 'saveDraft'] },
        'quiz.next': [...advance(index, { type: 'textValid', params }, []), { actions: { type: 'showTextError', params } }],
      },
    });
  }
  if (isOptionStep(step)) {
    return quizSetup.createStateConfig({
      entry,
      on: { ...onBack, 'quiz.select': advance(index, null, [{ type: 'setOption', params: { step } }]) },
    });
  }
  if (stepKind(step) === 'goals') {
    return quizSetup.createStateConfig({
      entry,
      on: {
        ...onBack,
        'quiz.toggleGoal': { actions: ['toggleGoal', 'saveDraft'] },
        // Confirm Selection is disabled while nothing is chosen; the machine ignores it then too.
        'quiz.confirm': advance(index, { type: 'hasGoals' }, []),
      },
    });
  }
  // The terms step: a checkbox, and Submit, which shows why it cannot go on while the terms are not accepted.
  return quizSetup.createStateConfig({
    entry,
    on: {
      ...onBack,
      'quiz.setTerms': { actions: ['setTerms', 'saveDraft'] },
      'quiz.submit': [
        ...advance(index, { type: 'termsAccepted' }, []),
        { actions: { type: 'showError', params: { error: 'termsRequired' } } },
      ],
    },
  });
}

const stepStates = Object.fromEntries(quizSteps.map((step, index) => [step, stepState(step, index)])) as Record<QuizStep, StepStateConfig>;

/** A saved draft resumes at its step (src/domain/quiz.ts has already moved it back to the first open one). */
const resumeTransitions = quizSteps.map((step) => ({
  guard: { type: 'resumesAt' as const, params: { step } },
  target: `questions.${step}` as const,
}));

export const quizMachine = quizSetup.createMachine({
  id: 'quiz',
  context: ({ input }) => ({
    language: input?.draft?.language ?? 'en',
    answers: input?.draft?.answers ?? emptyQuizDraft(),
    step: input?.draft?.step ?? null,
    error: null,
    direction: 'forward',
    account: input?.account ?? signedOut,
  }),
  initial: 'resuming',
  on: {
    'account.changed': { actions: 'setAccount' },
  },
  states: {
    // Passed at once, before anything is drawn: to the draft's step, or to the language choice.
    resuming: {
      always: [...resumeTransitions, { target: 'chooseLanguage' }],
    },
    chooseLanguage: {
      on: {
        'quiz.language': { target: `questions.${quizSteps[0]}`, actions: ['setLanguage', 'forward'] },
      },
    },
    questions: {
      initial: quizSteps[0],
      on: {
        'quiz.language': { actions: ['setLanguage', 'saveDraft'] },
        'quiz.clear': { target: 'chooseLanguage', actions: ['startOver', 'clearDraft'] },
      },
      states: stepStates,
    },
    done: {
      tags: ['leaving'],
      // The lead is sent without waiting: storing it must never stand between the prospect and the report.
      entry: 'submitLead',
      initial: 'report',
      states: {
        report: { type: 'final', entry: 'openReport' },
        dashboard: {
          type: 'final',
          entry: 'openDashboard',
          // Saved on the way, so the sign-in redirect does not send the client back to the quiz.
          invoke: {
            id: 'updateProfile',
            src: 'updateProfile',
            input: ({ context }) => profileUpdateFromAnswers(context.answers),
          },
        },
      },
    },
  },
});
