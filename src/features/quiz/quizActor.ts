import { createActorContext } from '@xstate/react';
import type { NavigateFunction } from 'react-router';
import { quizMachine } from '../../../machines/quiz.machine';
import type { UpdateProfileLogic } from '../../../machines/visitorAccount';
import type { ReportHandoff } from '../../domain/quiz';
import { clearQuizDraft, saveQuizDraft } from '../../lib/draftStorage';
import { sendQuizLead } from './quizApi';

/** The quiz's actor: the bare machine by default; the page provides the live one below. */
export const QuizActor = createActorContext(quizMachine);

export interface QuizPageEffects {
  navigate: NavigateFunction;
  /** From the page's provider edge (src/lib/funnelAccount.tsx). */
  updateProfile: UpdateProfileLogic;
  /** From the same edge: the lead is sent with the account's ID token when someone is signed in. */
  idTokenIfSignedIn: () => Promise<string | undefined>;
}

/**
 * The machine with its real effects: local storage, the lead API, the profile and navigation. Tests provide their own.
 * The saved draft is not an effect: the page reads it into the input (QuizPage.tsx).
 */
export function liveQuizMachine({ navigate, updateProfile, idTokenIfSignedIn }: QuizPageEffects) {
  return quizMachine.provide({
    actors: {
      updateProfile,
    },
    actions: {
      saveDraft: ({ context }) => {
        if (context.step) saveQuizDraft({ language: context.language, step: context.step, answers: context.answers });
      },
      clearDraft: () => clearQuizDraft(),
      submitLead: ({ context }) => {
        const submission = { language: context.language, answers: context.answers };
        // The token is worth a moment, never the lead: past a second it goes without (a guest's, then).
        const noToken = new Promise<undefined>((resolve) => setTimeout(resolve, 1_000));
        void Promise.race([idTokenIfSignedIn().catch(() => undefined), noToken]).then((token) => sendQuizLead(submission, { token }));
      },
      openReport: ({ context }) => {
        const handoff: ReportHandoff = { answers: context.answers };
        navigate(`/report?lang=${context.language}`, { state: handoff });
      },
      openDashboard: () => navigate('/dashboard'),
    },
  });
}
