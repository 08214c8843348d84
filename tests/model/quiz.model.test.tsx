import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { createActor, fromPromise, type ActorRefFrom, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { quizMachine, type QuizEvent, type QuizInput } from '../../machines/quiz.machine';
import {
  emptyQuizDraft,
  isTextStep,
  profileUpdateFromAnswers,
  QUIZ_STEP_COUNT,
  quizSteps,
  stepNumber,
  textStepError,
  type QuizDraftFields,
  type QuizStep,
  type SavedQuizDraft,
} from '../../src/domain/quiz';
import type { ProfileUpdate } from '../../src/domain/account';
import { quizEn, type QuizCopy } from '../../src/content/quiz.en';
import { quizHi } from '../../src/content/quiz.hi';
import { QuizFlow } from '../../src/features/quiz/QuizFlow';
import { QuizActor } from '../../src/features/quiz/quizActor';
import { renderWithApp } from '../render';
import { expectFullCoverage } from './coverage';
import { coveringPaths, replayPath } from './paths';
import { modelOf } from './testable';
import { quizProspect } from '../fixtures/quizProspect';

type Snapshot = SnapshotFrom<typeof quizMachine>;
type ModelStep = { event: AnyEventObject };
const copies: Record<'en' | 'hi', QuizCopy> = { en: quizEn, hi: quizHi };

/** A prospect who answered everything, with both conditional steps applying. */
const complete: QuizDraftFields = quizProspect({
  monthlyRevenue: '₹5L – ₹15L',
  goals: ['increase-leads', 'build-trust'],
  hasWebsite: 'Yes',
  websiteQuality: 'Outdated',
  runningAds: 'Yes',
  monthlyAdSpend: 50000,
  roughBudget: '₹40,000 – ₹80,000',
});

/** A draft saved at `step`: the answers before it given, the rest still empty (Hindi, to cover both languages). */
function savedAt(step: QuizStep): SavedQuizDraft {
  const answers = emptyQuizDraft();
  const given = quizSteps.slice(0, quizSteps.indexOf(step) + (step === 'acceptTerms' ? 1 : 0));
  for (const key of given) Object.assign(answers, { [key]: complete[key] });
  return { version: 1, language: 'hi', step, answers, updatedAt: '2026-01-01T00:00:00.000Z' };
}

/** One representative answer per option step; both answers where the answer picks the next step. */
const selections: Partial<Record<QuizStep, (string | number)[]>> = {
  role: ['Marketing'],
  industry: ['Clinic/Healthcare'],
  locationType: ['Online-only'],
  monthlyRevenue: ['₹1L – ₹5L'],
  hasWebsite: ['Yes', 'No'],
  websiteQuality: ['Good'],
  runningAds: ['Yes', 'No'],
  monthlyAdSpend: [25000],
  googleBusinessProfile: ['Yes'],
  roughBudget: ['₹20,000 – ₹40,000'],
};
const typed: Record<'fullName' | 'email' | 'businessName', string[]> = {
  fullName: ['Asha Verma', 'A'],
  email: ['asha@raostores.in', 'asha@'],
  businessName: ['Rao Stores', 'R'],
};

/** The events a person (or the page) can cause in each state, with the payloads that matter. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  if (snapshot.matches('chooseLanguage')) {
    return [
      { type: 'quiz.language', language: 'en' },
      { type: 'quiz.language', language: 'hi' },
    ];
  }
  const { step, language, answers, account } = snapshot.context;
  if (!step) return [];
  const events: AnyEventObject[] = [
    { type: 'quiz.back' },
    { type: 'quiz.clear' },
    // The switch offers the other language only.
    { type: 'quiz.language', language: language === 'en' ? 'hi' : 'en' },
    // The auth check finishes, or the visitor signs in or out elsewhere: with a plan, or signed in without one.
    { type: 'account.changed', signedIn: true, hasPurchasedPlan: !account.hasPurchasedPlan },
  ];
  if (isTextStep(step)) events.push({ type: 'quiz.next' }, ...typed[step].map((value) => ({ type: 'quiz.change', value })));
  for (const value of selections[step] ?? []) events.push({ type: 'quiz.select', value });
  if (step === 'goals') {
    events.push({ type: 'quiz.toggleGoal', goal: 'get-walk-ins' });
    // Confirm Selection is disabled while no goal is chosen, so nobody can press it then.
    if (answers.goals.length > 0) events.push({ type: 'quiz.confirm' });
  }
  if (step === 'acceptTerms') events.push({ type: 'quiz.submit' }, { type: 'quiz.setTerms', accepted: !answers.acceptTerms });
  return events;
}

/** What changes behaviour in the current state, and nothing else, so the graph stays small but complete. */
function serializeState(snapshot: Snapshot): string {
  const { step, error, answers, account } = snapshot.context;
  const at = snapshot.matches('questions') ? step : null;
  return JSON.stringify({
    value: snapshot.value,
    error,
    valid: at && isTextStep(at) ? textStepError(at, answers[at]) === null : undefined,
    site: at === 'runningAds' ? answers.hasWebsite : undefined,
    ads: at === 'googleBusinessProfile' ? answers.runningAds : undefined,
    goals: at === 'goals' ? answers.goals.length > 0 : undefined,
    terms: at === 'acceptTerms' ? answers.acceptTerms : undefined,
    plan: at === 'acceptTerms' ? account.signedIn && account.hasPurchasedPlan : undefined,
  });
}

const model = createTestModel(modelOf(quizMachine), { events: eventsFor as never, serializeState });

/**
 * A visit without a draft: the model walks everything from the language choice. A visit with one starts elsewhere
 * (the draft is the machine's input): for each saved step, the path to its first state, the resumed question; what
 * follows is the same quiz the first walk covers.
 */
type QuizPath = ReturnType<typeof model.getShortestPaths>[number] & { input: QuizInput; resumedAt?: QuizStep };
const resumePaths: QuizPath[] = quizSteps.map((step) => {
  const input: QuizInput = { draft: savedAt(step) };
  return Object.assign(replayPath(model, [], input), { input, resumedAt: step });
});
const paths: QuizPath[] = [
  ...coveringPaths(model, quizMachine, serializeState).map((path) => Object.assign(path, { input: {} })),
  ...resumePaths,
];

/** A readable test name: the events in order, with the payload that matters (the full snapshot is far too long). */
function nameOf(path: QuizPath): string {
  if (path.resumedAt) return `${JSON.stringify(path.state.value)} from a draft saved at ${path.resumedAt}`;
  const events = path.steps
    .map(({ event }) => event as AnyEventObject)
    .filter((event) => event.type !== 'xstate.init')
    .map((event) => {
      const detail = event.value ?? event.language ?? event.goal ?? event.accepted ?? event.hasPurchasedPlan;
      return detail === undefined ? event.type : `${event.type}(${String(detail)})`;
    });
  return `${JSON.stringify(path.state.value)} via ${events.join(' → ')}`;
}

/** The state ids the tests check, as `path.test` names them. */
const stateKeys = ['chooseLanguage', ...quizSteps.map((step) => `questions.${step}`), 'done.report', 'done.dashboard'];

/** Fake effects: recorders for the named actions and the profile update. */
function fakeEffects() {
  const effects = {
    saveDraft: vi.fn(),
    clearDraft: vi.fn(),
    submitLead: vi.fn(),
    openReport: vi.fn(),
    openDashboard: vi.fn(),
    updateProfile: vi.fn(),
  };
  const logic = quizMachine.provide({
    actors: {
      updateProfile: fromPromise<void, ProfileUpdate>(async ({ input }) => effects.updateProfile(input)),
    },
    actions: {
      saveDraft: ({ context }) => effects.saveDraft({ language: context.language, step: context.step, answers: context.answers }),
      clearDraft: () => effects.clearDraft(),
      submitLead: ({ context }) => effects.submitLead({ language: context.language, answers: context.answers }),
      openReport: ({ context }) => effects.openReport({ language: context.language, answers: context.answers }),
      openDashboard: ({ context }) => effects.openDashboard({ answers: context.answers }),
    },
  });
  return { logic, effects };
}

/** Effects every state must show: the draft is saved as it stands, and leaving happens exactly once. */
function checkEffects(expected: Snapshot, effects: ReturnType<typeof fakeEffects>['effects']) {
  const { context } = expected;
  if (expected.matches('questions')) {
    expect(effects.saveDraft).toHaveBeenLastCalledWith({ language: context.language, step: context.step, answers: context.answers });
  }
  if (expected.matches('done')) {
    expect(effects.submitLead).toHaveBeenCalledTimes(1);
    expect(effects.submitLead).toHaveBeenCalledWith({ language: context.language, answers: context.answers });
  } else {
    expect(effects.submitLead).not.toHaveBeenCalled();
  }
  expect(effects.openReport).toHaveBeenCalledTimes(expected.matches({ done: 'report' }) ? 1 : 0);
  expect(effects.openDashboard).toHaveBeenCalledTimes(expected.matches({ done: 'dashboard' }) ? 1 : 0);
  // Only the dashboard branch saves the answers to the profile here; the report's machine does it on the other.
  if (expected.matches({ done: 'dashboard' })) {
    expect(effects.updateProfile).toHaveBeenCalledExactlyOnceWith(profileUpdateFromAnswers(context.answers));
  } else {
    expect(effects.updateProfile).not.toHaveBeenCalled();
  }
}

describe('quiz machine: a saved draft is the first screen', () => {
  // @xstate/react draws the actor's snapshot before it starts: what it holds then is the first render.
  it.each(quizSteps)('a draft saved at %s is that question before the actor starts', (step) => {
    const actor = createActor(quizMachine, { input: { draft: savedAt(step) } });
    const first = actor.getSnapshot();
    expect(first.matches({ questions: step })).toBe(true);
    expect(first.context).toMatchObject({ step, language: 'hi', answers: savedAt(step).answers });
  });

  it('without a draft the first screen is the language choice', () => {
    expect(createActor(quizMachine, { input: {} }).getSnapshot().matches('chooseLanguage')).toBe(true);
    expect(
      createActor(quizMachine, { input: { draft: null } })
        .getSnapshot()
        .matches('chooseLanguage'),
    ).toBe(true);
  });
});

describe('quiz machine: model-based paths', () => {
  it('generates paths and they reach every state and every transition', () => {
    expectFullCoverage('quiz', quizMachine, paths);
  });

  describe('on the actor', () => {
    for (const path of paths) {
      it(nameOf(path), async () => {
        const fake = fakeEffects();
        const actor = createActor(fake.logic, { input: path.input }).start();
        const matchesModel = (expected: Snapshot) => {
          const actual = actor.getSnapshot();
          expect(actual.value).toEqual(expected.value);
          expect(actual.context).toEqual(expected.context);
          checkEffects(expected, fake.effects);
        };
        const send = ({ event }: ModelStep) => void actor.send(event as QuizEvent);
        await path.test({
          events: {
            'quiz.language': send,
            'quiz.change': send,
            'quiz.next': send,
            'quiz.select': send,
            'quiz.toggleGoal': send,
            'quiz.confirm': send,
            'quiz.setTerms': send,
            'quiz.submit': send,
            'quiz.back': send,
            'quiz.clear': send,
            'account.changed': send,
          } as never,
          states: Object.fromEntries(stateKeys.map((key) => [key, matchesModel])),
        });
        actor.stop();
      });
    }
  });

  describe('on the rendered quiz', () => {
    for (const path of paths) {
      it(nameOf(path), async () => {
        const fake = fakeEffects();
        let actorRef: ActorRefFrom<typeof quizMachine> | null = null;
        function Expose() {
          actorRef = QuizActor.useActorRef();
          return null;
        }
        const { user } = renderWithApp(
          <QuizActor.Provider logic={fake.logic} options={{ input: path.input }}>
            <Expose />
            <QuizFlow />
          </QuizActor.Provider>,
        );
        const copyOf = (expected: Snapshot) => copies[expected.context.language];
        const current = () => copies[actorRef!.getSnapshot().context.language];
        const stepOf = () => actorRef!.getSnapshot().context.step!;

        const questionShown = (expected: Snapshot) => {
          const copy = copyOf(expected);
          const { step, answers, error } = expected.context;
          if (!step) throw new Error('a question state without a step');
          checkEffects(expected, fake.effects);
          const progress = screen.getByRole('progressbar', { name: copy.progressLabel });
          expect(progress).toHaveAttribute('aria-valuenow', String(stepNumber(step)));
          expect(progress).toHaveAttribute('aria-valuetext', copy.progress(stepNumber(step), QUIZ_STEP_COUNT));
          expect(screen.getByText(copy.progress(stepNumber(step), QUIZ_STEP_COUNT))).toBeVisible();
          expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(copy.steps[step].question);
          expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(copy.heading);
          const back = screen.getByRole('button', { name: copy.back });
          if (step === 'fullName') expect(back).toBeDisabled();
          else expect(back).toBeEnabled();
          const alert = screen.queryByRole('alert');
          if (error) expect(alert).toHaveTextContent(copy.errors[error]);
          else expect(alert).toBeNull();

          if (isTextStep(step)) {
            const input = screen.getByRole('textbox', { name: copy.steps[step].question });
            expect(input).toHaveValue(answers[step]);
            if (error) expect(input).toHaveAttribute('aria-invalid', 'true');
          } else if (step === 'goals') {
            for (const [goal, label] of Object.entries(copy.goals)) {
              const box = screen.getByRole('checkbox', { name: label });
              if (answers.goals.includes(goal as never)) expect(box).toBeChecked();
              else expect(box).not.toBeChecked();
            }
            const confirm = screen.getByRole('button', { name: copy.confirm });
            if (answers.goals.length) expect(confirm).toBeEnabled();
            else expect(confirm).toBeDisabled();
          } else if (step === 'acceptTerms') {
            const box = screen.getByRole('checkbox');
            if (answers.acceptTerms) expect(box).toBeChecked();
            else expect(box).not.toBeChecked();
          } else {
            // Back restores the answer given before: the chosen option is the pressed one.
            const group = screen.getByRole('group', { name: copy.steps[step].question });
            const pressed = within(group)
              .getAllByRole('button')
              .filter((button) => button.getAttribute('aria-pressed') === 'true')
              .map((button) => button.textContent);
            const chosen = answers[step];
            const labels = copy.options[step] as Record<string | number, string>;
            // A draft's default ad spend (20000) is none of the options, so nothing is pressed then.
            const label = labels[chosen as string | number];
            expect(pressed).toEqual(label === undefined ? [] : [label]);
          }
        };

        await path.test({
          events: {
            'quiz.language': async ({ event }: ModelStep) => {
              const { language } = event as Extract<QuizEvent, { type: 'quiz.language' }>;
              if (actorRef!.getSnapshot().matches('chooseLanguage')) {
                await user.click(screen.getByRole('button', { name: language === 'en' ? 'English' : 'हिन्दी' }));
              } else {
                await user.click(screen.getByRole('button', { name: current().switchLanguage }));
              }
            },
            'quiz.change': async ({ event }: ModelStep) => {
              const { value } = event as Extract<QuizEvent, { type: 'quiz.change' }>;
              const input = screen.getByRole('textbox', { name: current().steps[stepOf()].question });
              await user.clear(input);
              await user.type(input, value);
            },
            'quiz.next': async () => user.click(screen.getByRole('button', { name: current().next })),
            'quiz.select': async ({ event }: ModelStep) => {
              const { value } = event as Extract<QuizEvent, { type: 'quiz.select' }>;
              const labels = current().options[stepOf() as keyof QuizCopy['options']] as Record<string | number, string>;
              await user.click(screen.getByRole('button', { name: labels[value] }));
            },
            'quiz.toggleGoal': async ({ event }: ModelStep) => {
              const { goal } = event as Extract<QuizEvent, { type: 'quiz.toggleGoal' }>;
              await user.click(screen.getByRole('checkbox', { name: current().goals[goal] }));
            },
            'quiz.confirm': async () => user.click(screen.getByRole('button', { name: current().confirm })),
            'quiz.setTerms': async () => user.click(screen.getByRole('checkbox')),
            'quiz.submit': async () => user.click(screen.getByRole('button', { name: current().submit })),
            'quiz.back': async () => user.click(screen.getByRole('button', { name: current().back })),
            'quiz.clear': async () => user.click(screen.getByRole('button', { name: current().startOver })),
            // The page's provider edge feeds the account; no person clicks for it.
            'account.changed': async ({ event }: ModelStep) => {
              await act(async () => actorRef!.send(event as QuizEvent));
            },
          } as never,
          states: {
            chooseLanguage: (expected: Snapshot) => {
              checkEffects(expected, fake.effects);
              expect(screen.getByRole('button', { name: 'English' })).toBeEnabled();
              expect(screen.getByRole('button', { name: 'हिन्दी' })).toBeEnabled();
              expect(screen.queryByRole('progressbar')).toBeNull();
            },
            ...Object.fromEntries(quizSteps.map((step) => [`questions.${step}`, questionShown])),
            'done.report': (expected: Snapshot) => {
              checkEffects(expected, fake.effects);
              expect(screen.getByRole('status')).toHaveTextContent(copyOf(expected).opening);
            },
            'done.dashboard': (expected: Snapshot) => {
              checkEffects(expected, fake.effects);
              expect(screen.getByRole('status')).toHaveTextContent(copyOf(expected).opening);
            },
          },
        });
      });
    }
  });
});
