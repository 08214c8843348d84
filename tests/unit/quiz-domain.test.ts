import { beforeEach, describe, expect, it } from 'vitest';
import {
  customerDetailsFromAnswers,
  emptyQuizDraft,
  parseSavedDraft,
  profileUpdateFromAnswers,
  quizMessages,
  quizSteps,
  quizSubmissionSchema,
  resumeStep,
  stepNumber,
  textStepError,
  type QuizAnswers,
} from '../../src/domain/quiz';
import { clearQuizDraft, loadQuizDraft, QUIZ_DRAFT_KEY, saveQuizDraft } from '../../src/lib/draftStorage';
import { planPages } from '../../src/lib/pdf';
import { quizProspect } from '../fixtures/quizProspect';

const finished: QuizAnswers = quizProspect({
  monthlyRevenue: '₹1L – ₹5L',
  goals: ['build-trust', 'increase-leads'],
  hasWebsite: 'Yes',
  websiteQuality: 'Okay',
  runningAds: 'Yes',
  monthlyAdSpend: 25000,
});

describe('quiz steps and progress (docs/product.md §4, D1)', () => {
  it('has 15 steps in the brief order and numbers them by their place in the full sequence', () => {
    expect(quizSteps).toHaveLength(15);
    expect(quizSteps.slice(8, 12)).toEqual(['hasWebsite', 'websiteQuality', 'runningAds', 'monthlyAdSpend']);
    expect(stepNumber('fullName')).toBe(1);
    expect(stepNumber('runningAds')).toBe(11);
    expect(stepNumber('acceptTerms')).toBe(15);
  });
});

describe('text step validation (docs/product.md §5)', () => {
  it.each([
    ['fullName', 'Al', 'nameInvalid'],
    ['fullName', '   Al   ', 'nameInvalid'],
    ['fullName', 'Ali', null],
    ['email', 'asha@', 'emailInvalid'],
    ['email', 'asha raostores.in', 'emailInvalid'],
    ['email', ' asha@raostores.in ', null],
    ['businessName', ' A ', 'businessNameInvalid'],
    ['businessName', 'AB', null],
  ] as const)('%s %j -> %s', (step, value, error) => {
    expect(textStepError(step, value)).toBe(error);
  });

  it('uses the brief’s own words', () => {
    expect(quizMessages).toMatchObject({
      nameInvalid: 'Please enter a valid name.',
      emailInvalid: 'Please enter a valid email.',
      businessNameInvalid: 'Please enter a business name.',
      goalsRequired: 'Please select at least one goal.',
    });
  });
});

describe('quizSubmissionSchema (browser and server)', () => {
  it('accepts a finished quiz and trims text', () => {
    const parsed = quizSubmissionSchema.parse({ language: 'hi', answers: { ...finished, fullName: '  Asha Verma ' } });
    expect(parsed.answers.fullName).toBe('Asha Verma');
    expect(parsed.answers.goals).toEqual(['increase-leads', 'build-trust']);
  });

  it('drops answers left over from a branch the prospect backed out of', () => {
    const parsed = quizSubmissionSchema.parse({
      language: 'en',
      answers: { ...finished, hasWebsite: 'No', websiteQuality: 'Good', runningAds: 'No', monthlyAdSpend: 100000 },
    });
    expect(parsed.answers.websiteQuality).toBe('');
    expect(parsed.answers.monthlyAdSpend).toBe(20000);
  });

  it('refuses unaccepted terms, no goals, unknown options and a missing conditional answer', () => {
    const errors = (answers: Partial<QuizAnswers>) => {
      const result = quizSubmissionSchema.safeParse({ language: 'en', answers: { ...finished, ...answers } });
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
    };
    expect(errors({ acceptTerms: false })).toEqual(['answers.acceptTerms']);
    expect(errors({ goals: [] })).toEqual(['answers.goals']);
    expect(errors({ industry: 'Mining' as never })).toEqual(['answers.industry']);
    expect(errors({ websiteQuality: '' })).toEqual(['answers.websiteQuality']);
    expect(errors({ monthlyAdSpend: 20000 })).toEqual(['answers.monthlyAdSpend']);
    expect(errors({ monthlyAdSpend: 12345 })).toEqual(['answers.monthlyAdSpend']);
    expect(quizSubmissionSchema.safeParse({ language: 'fr', answers: finished }).success).toBe(false);
  });
});

describe('saved draft (D14)', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips through local storage under growth.getStartedDraft', () => {
    saveQuizDraft(
      { language: 'hi', step: 'goals', answers: { ...emptyQuizDraft(), ...finished } },
      localStorage,
      new Date('2026-01-02T03:04:05Z'),
    );
    const raw = JSON.parse(localStorage.getItem(QUIZ_DRAFT_KEY)!);
    expect(raw).toMatchObject({ version: 1, language: 'hi', step: 'goals', updatedAt: '2026-01-02T03:04:05.000Z' });
    expect(Object.keys(raw.answers)).toEqual(expect.arrayContaining(['preferredEngagement', 'aiInterests', 'crmOrLeadsystem']));
    expect(loadQuizDraft()).toMatchObject({ language: 'hi', step: 'goals', answers: { fullName: 'Asha Verma' } });
    clearQuizDraft();
    expect(loadQuizDraft()).toBeNull();
  });

  it('defaults monthlyAdSpend to 20000 and keeps what it can of a damaged draft', () => {
    expect(emptyQuizDraft().monthlyAdSpend).toBe(20000);
    const draft = parseSavedDraft({
      version: 1,
      language: 'en',
      step: 'industry',
      answers: {
        fullName: 'Asha Verma',
        email: 'asha@raostores.in',
        role: 'Boss',
        businessName: 'Rao Stores',
        goals: 'x',
        monthlyAdSpend: 7,
      },
    });
    expect(draft?.answers).toMatchObject({ role: '', goals: [], monthlyAdSpend: 20000, fullName: 'Asha Verma' });
    // The role is missing now, so the draft resumes there rather than at the saved step.
    expect(draft?.step).toBe('role');
    expect(parseSavedDraft({ version: 2 })).toBeNull();
    localStorage.setItem(QUIZ_DRAFT_KEY, '{not json');
    expect(loadQuizDraft()).toBeNull();
  });

  it('resumes at the saved step, or after a conditional step that no longer applies', () => {
    expect(resumeStep('acceptTerms', finished)).toBe('acceptTerms');
    expect(resumeStep('websiteQuality', { ...finished, hasWebsite: 'No' })).toBe('runningAds');
    expect(resumeStep('roughBudget', { ...finished, goals: [] })).toBe('goals');
  });

  it('survives storage that refuses to work', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(loadQuizDraft(broken)).toBeNull();
    expect(() => saveQuizDraft({ language: 'en', step: 'email', answers: emptyQuizDraft() }, broken)).not.toThrow();
    expect(() => clearQuizDraft(broken)).not.toThrow();
  });
});

describe('hand-offs', () => {
  it('builds the checkout details and the profile update from the answers', () => {
    expect(customerDetailsFromAnswers(finished)).toMatchObject({
      fullName: 'Asha Verma',
      email: 'asha@raostores.in',
      businessName: 'Rao Stores',
      role: 'Owner',
      industry: 'Retail',
      teamSize: '',
      timelineExpectation: '3–6 months',
      acceptTerms: true,
    });
    expect(profileUpdateFromAnswers(finished)).toEqual({
      displayName: 'Asha Verma',
      businessName: 'Rao Stores',
      role: 'Owner',
      industry: 'Retail',
      quizCompleted: true,
    });
  });
});

describe('PDF page breaks', () => {
  const block = (top: number, bottom: number, heading = false) => ({ top, bottom, heading });

  it('breaks at a section start when one falls in the lower part of the page', () => {
    const map = { height: 2500, sections: [0, 700, 1400], blocks: [block(0, 690), block(700, 1390), block(1400, 2500)] };
    expect(planPages(map, 1000)).toEqual([
      [0, 700],
      [700, 1400],
      [1400, 2400],
      [2400, 2500],
    ]);
  });

  it('otherwise breaks between blocks, never inside one and never straight after a heading', () => {
    const blocks = [block(0, 40, true), block(50, 400), block(410, 800), block(810, 850, true), block(860, 1200)];
    const slices = planPages({ height: 1200, sections: [0], blocks }, 1000);
    expect(slices).toEqual([
      [0, 810],
      [810, 1200],
    ]);
  });
});
