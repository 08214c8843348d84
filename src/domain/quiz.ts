import { z } from 'zod/mini';
import type { ProfileUpdate } from './account';
import type { CustomerDetails } from './checkout';
import { isEmailAddress } from './email';
import { safeText } from './text';

/**
 * The growth quiz (docs/product.md §3, §4, §5, §9): its steps in order, the canonical option values, the draft kept in
 * local storage, and the validation shared by the browser and POST /api/quiz-submissions. Values are canonical
 * (English, as docs/product.md §9 spells them) whatever the language shown; labels live in src/content/quiz.*.ts.
 * Imports nothing from the project on purpose (docs/architecture.md §3).
 */

export const quizLanguages = ['en', 'hi'] as const;
export type QuizLanguage = (typeof quizLanguages)[number];

export function isQuizLanguage(value: unknown): value is QuizLanguage {
  return value === 'en' || value === 'hi';
}

export const roles = ['Owner', 'Manager', 'Marketing', 'Other'] as const;
export const industries = ['Retail', 'Clinic/Healthcare', 'Restaurant', 'Services', 'Education', 'Real Estate', 'Other'] as const;
export const locationTypes = ['Single-location', 'Multi-location', 'Online-only'] as const;
export const monthlyRevenues = ['< ₹1L', '₹1L – ₹5L', '₹5L – ₹15L', '₹15L – ₹50L', '> ₹50L'] as const;
export const goalIds = [
  'increase-leads',
  'increase-sales',
  'build-trust',
  'launch-product',
  'get-walk-ins',
  'improve-repeat',
  'automate-operations-ai',
] as const;
export const yesNo = ['Yes', 'No'] as const;
export const websiteQualities = ['Outdated', 'Okay', 'Good'] as const;
/** The ad-spend options as the numbers they become (labelled under 10k, 10k-25k, 25k-50k, 50k+). */
export const adSpendOptions = [10000, 25000, 50000, 100000] as const;
/** The draft's monthlyAdSpend before the prospect picks one (docs/product.md §3). */
export const DEFAULT_AD_SPEND = 20000;
export const roughBudgets = ['< ₹20,000', '₹20,000 – ₹40,000', '₹40,000 – ₹80,000', '₹80,000 – ₹1,50,000', '₹1,50,000+'] as const;
/** Not asked by the quiz (docs/product.md §9): only the default appears. */
export const DEFAULT_TIMELINE_EXPECTATION = '3–6 months';

export type Role = (typeof roles)[number];
export type Industry = (typeof industries)[number];
export type LocationType = (typeof locationTypes)[number];
export type MonthlyRevenue = (typeof monthlyRevenues)[number];
export type GoalId = (typeof goalIds)[number];
export type YesNo = (typeof yesNo)[number];
export type WebsiteQuality = (typeof websiteQualities)[number];
export type AdSpend = (typeof adSpendOptions)[number];
export type RoughBudget = (typeof roughBudgets)[number];

/** How a step is answered: the machine takes its events and checks from this, the view its controls. */
export type StepKind = 'text' | 'option' | 'goals' | 'terms';

interface StepDefinition {
  step: string;
  kind: StepKind;
  /** Option steps: the canonical values offered, in display order. */
  options?: readonly (string | number)[];
  /** Conditional steps: asked only when the answers so far hold these values. */
  askedWhen?: Partial<QuizAnswers>;
}

/**
 * The quiz's steps in the customer's order (15, two of them conditional): the one list the flow is made from. The
 * machine's step states, Next and Back between them, resume, progress numbers and validation all derive from it, so
 * a new step is one entry here (the compiler then asks for its answer field and its copy;
 * docs/decisions/040-quiz-progress-numbering.md says what else an answer needs).
 */
export const quizStepList = [
  { step: 'fullName', kind: 'text' },
  { step: 'email', kind: 'text' },
  { step: 'role', kind: 'option', options: roles },
  { step: 'businessName', kind: 'text' },
  { step: 'industry', kind: 'option', options: industries },
  { step: 'locationType', kind: 'option', options: locationTypes },
  { step: 'monthlyRevenue', kind: 'option', options: monthlyRevenues },
  { step: 'goals', kind: 'goals' },
  { step: 'hasWebsite', kind: 'option', options: yesNo },
  { step: 'websiteQuality', kind: 'option', options: websiteQualities, askedWhen: { hasWebsite: 'Yes' } },
  { step: 'runningAds', kind: 'option', options: yesNo },
  { step: 'monthlyAdSpend', kind: 'option', options: adSpendOptions, askedWhen: { runningAds: 'Yes' } },
  { step: 'googleBusinessProfile', kind: 'option', options: yesNo },
  { step: 'roughBudget', kind: 'option', options: roughBudgets },
  { step: 'acceptTerms', kind: 'terms' },
] as const satisfies readonly StepDefinition[];

type StepEntry = (typeof quizStepList)[number];
export type QuizStep = StepEntry['step'];
export type TextStep = Extract<StepEntry, { kind: 'text' }>['step'];
export type OptionStep = Extract<StepEntry, { kind: 'option' }>['step'];

/** The step names in order (a non-empty tuple type, as zod's enum wants it). */
export const quizSteps = quizStepList.map((entry) => entry.step) as unknown as readonly [QuizStep, ...QuizStep[]];
export const QUIZ_STEP_COUNT = quizSteps.length;

const definitions = new Map<QuizStep, StepDefinition>(quizStepList.map((entry) => [entry.step, entry]));
const definitionOf = (step: QuizStep): StepDefinition => definitions.get(step)!;

export function stepKind(step: QuizStep): StepKind {
  return definitionOf(step).kind;
}

export const textSteps: readonly TextStep[] = quizSteps.filter((step): step is TextStep => stepKind(step) === 'text');

/** The canonical values each option step offers, in display order. */
export const stepOptions = Object.fromEntries(
  quizStepList.flatMap((entry) => ('options' in entry ? [[entry.step, entry.options]] : [])),
) as { [E in Extract<StepEntry, { kind: 'option' }> as E['step']]: E['options'] };

export type OptionValue<S extends OptionStep> = (typeof stepOptions)[S][number];

export function isTextStep(step: string): step is TextStep {
  return (textSteps as readonly string[]).includes(step);
}

export function isOptionStep(step: string): step is OptionStep {
  return Object.hasOwn(stepOptions, step);
}

/** Whether the step is asked only for some answers (its place in the flow is then guarded). */
export function isConditionalStep(step: QuizStep): boolean {
  return definitionOf(step).askedWhen !== undefined;
}

/**
 * Position in the full 15-step sequence (decision D1): a step always has the same number, so when a conditional
 * step is skipped the count jumps over it, and acceptTerms is always "15 of 15".
 */
export function stepNumber(step: QuizStep): number {
  return quizSteps.indexOf(step) + 1;
}

// ---- answers and draft -------------------------------------------------------------------------------------------

/** docs/product.md §3 "Quiz answers / details". Empty string means "not answered". */
export interface QuizAnswers {
  fullName: string;
  email: string;
  phone: string;
  role: Role | '';
  businessName: string;
  industry: Industry | '';
  locationType: LocationType | '';
  monthlyRevenue: MonthlyRevenue | '';
  /** Not asked by the quiz: stays empty, so the team-size rule of the recommendation does not apply (D2). */
  teamSize: string;
  goals: GoalId[];
  timelineExpectation: string;
  hasWebsite: YesNo | '';
  websiteQuality: WebsiteQuality | '';
  runningAds: YesNo | '';
  monthlyAdSpend: number;
  googleBusinessProfile: YesNo | '';
  roughBudget: RoughBudget | '';
  contactPreference: string;
  acceptTerms: boolean;
}

/** docs/product.md §3 "Get-started draft": the answers plus fields a fuller questionnaire would fill (kept for later use). */
export interface QuizDraftFields extends QuizAnswers {
  preferredEngagement: string;
  interestInAI: string;
  aiInterests: string[];
  aiUseCase: string;
  socialMedia: string[];
  postingFrequency: string;
  crmOrLeadsystem: string;
}

/** What local storage keeps under `growth.getStartedDraft` (D14): the fields, the language and where to resume. */
export interface SavedQuizDraft {
  version: 1;
  language: QuizLanguage;
  step: QuizStep;
  answers: QuizDraftFields;
  updatedAt: string;
}

export function emptyQuizDraft(): QuizDraftFields {
  return {
    fullName: '',
    email: '',
    phone: '',
    role: '',
    businessName: '',
    industry: '',
    locationType: '',
    monthlyRevenue: '',
    teamSize: '',
    goals: [],
    timelineExpectation: DEFAULT_TIMELINE_EXPECTATION,
    hasWebsite: '',
    websiteQuality: '',
    runningAds: '',
    monthlyAdSpend: DEFAULT_AD_SPEND,
    googleBusinessProfile: '',
    roughBudget: '',
    contactPreference: '',
    acceptTerms: false,
    preferredEngagement: '',
    interestInAI: '',
    aiInterests: [],
    aiUseCase: '',
    socialMedia: [],
    postingFrequency: '',
    crmOrLeadsystem: '',
  };
}

// ---- validation --------------------------------------------------------------------------------------------------

export const quizLimits = { fullName: 120, email: 254, businessName: 160, phone: 32, freeText: 500 } as const;

/** docs/product.md §5's messages, plus the one for the terms step (the brief is silent: decision 043). */
export const quizMessages = {
  nameInvalid: 'Please enter a valid name.',
  emailInvalid: 'Please enter a valid email.',
  businessNameInvalid: 'Please enter a business name.',
  goalsRequired: 'Please select at least one goal.',
  termsRequired: 'Please accept the terms to see your growth plan.',
} as const;
export type QuizErrorCode = keyof typeof quizMessages;

/** A trimmed, printable text answer with the step's own rule; one message whatever the fault. */
const textAnswer = (isValid: (value: string) => boolean, message: string) =>
  z.string().check(z.trim(), safeText(), z.refine(isValid, message));

// Schemas are built on first use, not at import (src/domain/onFirstUse.ts): the helpers below are functions.
const fullNameField = () => textAnswer((value) => value.length > 2 && value.length <= quizLimits.fullName, quizMessages.nameInvalid);
// docs/product.md §5 asks for "the simple shape"; the site's one rule (src/domain/email.ts) is that and sendable.
const emailField = () => textAnswer(isEmailAddress, quizMessages.emailInvalid);
const businessNameField = () =>
  textAnswer((value) => value.length > 1 && value.length <= quizLimits.businessName, quizMessages.businessNameInvalid);

/** Each text step's rule and the error it shows (a new text step must say both: the compiler asks). */
const textRules: Record<TextStep, { field: z.ZodMiniType<string>; error: QuizErrorCode }> = {
  fullName: { field: z.lazy(fullNameField), error: 'nameInvalid' },
  email: { field: z.lazy(emailField), error: 'emailInvalid' },
  businessName: { field: z.lazy(businessNameField), error: 'businessNameInvalid' },
};

/** The error a text step shows for `value`, or null when it may advance. */
export function textStepError(step: TextStep, value: string): QuizErrorCode | null {
  const { field, error } = textRules[step];
  return field.safeParse(value).success ? null : error;
}

const optionalText = (max: number) => z._default(z.string().check(z.trim(), safeText(), z.maxLength(max)), '');

/** A finished quiz's fields, and the rules that tie them together (which answers a branch requires). */
const quizAnswersObject = () =>
  z
    .object({
      fullName: fullNameField(),
      email: emailField(),
      phone: optionalText(quizLimits.phone),
      role: z.enum(roles),
      businessName: businessNameField(),
      industry: z.enum(industries),
      locationType: z.enum(locationTypes),
      monthlyRevenue: z.enum(monthlyRevenues),
      teamSize: optionalText(40),
      goals: z.pipe(
        z.array(z.enum(goalIds)).check(z.minLength(1, quizMessages.goalsRequired)),
        z.transform((goals: GoalId[]) => goalIds.filter((goal) => goals.includes(goal))),
      ),
      timelineExpectation: z.pipe(
        optionalText(40),
        z.transform((value: string) => value || DEFAULT_TIMELINE_EXPECTATION),
      ),
      hasWebsite: z.enum(yesNo),
      websiteQuality: z._default(z.union([z.enum(websiteQualities), z.literal('')]), ''),
      runningAds: z.enum(yesNo),
      monthlyAdSpend: z._default(
        z.number().check(
          z.refine((value) => value === DEFAULT_AD_SPEND || (adSpendOptions as readonly number[]).includes(value), {
            error: 'Please choose one of the ad-spend options.',
          }),
        ),
        DEFAULT_AD_SPEND,
      ),
      googleBusinessProfile: z.enum(yesNo),
      roughBudget: z.enum(roughBudgets),
      contactPreference: optionalText(40),
      acceptTerms: z.literal(true, { error: quizMessages.termsRequired }),
    })
    .check(
      z.superRefine((answers, context) => {
        if (answers.hasWebsite === 'Yes' && answers.websiteQuality === '') {
          context.addIssue({ code: 'custom', path: ['websiteQuality'], message: 'Please choose how your website looks today.' });
        }
        if (answers.runningAds === 'Yes' && answers.monthlyAdSpend === DEFAULT_AD_SPEND) {
          context.addIssue({ code: 'custom', path: ['monthlyAdSpend'], message: 'Please choose one of the ad-spend options.' });
        }
      }),
    );

/**
 * A finished quiz, as the browser submits it and the server stores it. Conditional answers are required only when
 * their step applies; a value left over from a branch the prospect backed out of is dropped.
 */
export const quizAnswersSchema = z.lazy(() =>
  z.pipe(
    quizAnswersObject(),
    z.transform((answers: z.output<ReturnType<typeof quizAnswersObject>>) => ({
      ...answers,
      websiteQuality: answers.hasWebsite === 'Yes' ? answers.websiteQuality : ('' as const),
      monthlyAdSpend: answers.runningAds === 'Yes' ? answers.monthlyAdSpend : DEFAULT_AD_SPEND,
    })),
  ),
);

export type CompletedQuizAnswers = z.output<typeof quizAnswersSchema>;

/** The body of POST /api/quiz-submissions. The recommendation is never taken from the browser. */
export const quizSubmissionSchema = z.lazy(() =>
  z.object({
    language: z.enum(quizLanguages),
    answers: quizAnswersSchema,
  }),
);
export type QuizSubmissionInput = z.input<typeof quizSubmissionSchema>;
export type QuizSubmission = z.output<typeof quizSubmissionSchema>;

/** First message per invalid top-level field, for an API answer. */
export function quizFieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 1 && issue.path[0] === 'answers' ? String(issue.path[1]) : String(issue.path[0] ?? 'body');
    fieldErrors[key] ??= issue.message;
  }
  return fieldErrors;
}

// ---- step flow ---------------------------------------------------------------------------------------------------

/** Whether a step is asked, given the answers so far (its `askedWhen` in the step list). */
export function isStepApplicable(step: QuizStep, answers: Partial<QuizAnswers>): boolean {
  const when = definitionOf(step).askedWhen ?? {};
  return Object.entries(when).every(([field, value]) => answers[field as keyof QuizAnswers] === value);
}

/** Whether the step holds a usable answer. */
export function isStepAnswered(step: QuizStep, answers: QuizAnswers): boolean {
  if (isTextStep(step)) return textStepError(step, answers[step]) === null;
  if (step === 'goals') return answers.goals.length > 0;
  if (step === 'acceptTerms') return answers.acceptTerms;
  return isOptionStep(step) && (stepOptions[step] as readonly (string | number)[]).includes(answers[step]);
}

/**
 * Where a saved draft resumes: the saved step, unless an earlier applicable step lacks a usable answer (a draft
 * edited by hand, or one saved by an older version), in which case that earlier step.
 */
export function resumeStep(savedStep: QuizStep, answers: QuizAnswers): QuizStep {
  for (const step of quizSteps) {
    if (step === savedStep) return isStepApplicable(step, answers) ? step : firstOpenAfter(step, answers);
    if (isStepApplicable(step, answers) && !isStepAnswered(step, answers)) return step;
  }
  return savedStep;
}

function firstOpenAfter(step: QuizStep, answers: QuizAnswers): QuizStep {
  const rest = quizSteps.slice(quizSteps.indexOf(step) + 1);
  return rest.find((candidate) => isStepApplicable(candidate, answers)) ?? 'acceptTerms';
}

// ---- draft from storage ------------------------------------------------------------------------------------------

const draftText = (max: number) => z.catch(z.string().check(z.maxLength(max)), '');
const draftEnum = <T extends readonly [string, ...string[]]>(values: T) => z.catch(z.union([z.enum(values), z.literal('')]), '' as const);

/** Each field of a saved draft on its own: a wrong value falls back to the field's default, a missing one is left out. */
const savedDraftAnswers = () =>
  z.partial(
    z.object({
      fullName: draftText(quizLimits.fullName * 2),
      email: draftText(quizLimits.email * 2),
      phone: draftText(quizLimits.phone),
      role: draftEnum(roles),
      businessName: draftText(quizLimits.businessName * 2),
      industry: draftEnum(industries),
      locationType: draftEnum(locationTypes),
      monthlyRevenue: draftEnum(monthlyRevenues),
      teamSize: draftText(40),
      goals: z.pipe(
        z.catch(z.array(z.string()), []),
        z.transform((goals: string[]) => goalIds.filter((goal) => goals.includes(goal))),
      ),
      timelineExpectation: z.pipe(
        draftText(40),
        z.transform((value: string) => value || DEFAULT_TIMELINE_EXPECTATION),
      ),
      hasWebsite: draftEnum(yesNo),
      websiteQuality: draftEnum(websiteQualities),
      runningAds: draftEnum(yesNo),
      monthlyAdSpend: z.catch(
        z.number().check(z.refine((value) => value === DEFAULT_AD_SPEND || (adSpendOptions as readonly number[]).includes(value))),
        DEFAULT_AD_SPEND,
      ),
      googleBusinessProfile: draftEnum(yesNo),
      roughBudget: draftEnum(roughBudgets),
      contactPreference: draftText(40),
      acceptTerms: z.catch(z.boolean(), false),
      preferredEngagement: draftText(quizLimits.freeText),
      interestInAI: draftText(quizLimits.freeText),
      aiInterests: z.catch(z.array(z.string().check(z.maxLength(quizLimits.freeText))).check(z.maxLength(20)), []),
      aiUseCase: draftText(quizLimits.freeText),
      socialMedia: z.catch(z.array(z.string().check(z.maxLength(quizLimits.freeText))).check(z.maxLength(20)), []),
      postingFrequency: draftText(quizLimits.freeText),
      crmOrLeadsystem: draftText(quizLimits.freeText),
    }),
  );

const savedDraftSchema = z.lazy(() =>
  z.object({
    version: z.literal(1),
    language: z.enum(quizLanguages),
    step: z.enum(quizSteps),
    updatedAt: z.catch(z.string().check(z.maxLength(40)), ''),
    answers: z.pipe(
      savedDraftAnswers(),
      z.transform((fields: z.output<ReturnType<typeof savedDraftAnswers>>) => ({ ...emptyQuizDraft(), ...stripUndefined(fields) })),
    ),
  }),
);

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}

/**
 * Reads whatever local storage held. Anything unreadable is no draft; a field with a wrong value falls back to its
 * default instead of losing the whole draft.
 */
export function parseSavedDraft(value: unknown): SavedQuizDraft | null {
  const parsed = savedDraftSchema.safeParse(value);
  if (!parsed.success) return null;
  const draft = parsed.data;
  return { ...draft, answers: draft.answers as QuizDraftFields, step: resumeStep(draft.step, draft.answers as QuizAnswers) };
}

// ---- hand-off to checkout ---------------------------------------------------------------------------------------

/** The quiz answers as the details /payment needs (CheckoutHandoff.userDetails, docs/product.md §3). */
export function customerDetailsFromAnswers(answers: QuizAnswers): CustomerDetails {
  return {
    fullName: answers.fullName.trim(),
    email: answers.email.trim(),
    phone: answers.phone.trim(),
    role: answers.role,
    businessName: answers.businessName.trim(),
    industry: answers.industry,
    locationType: answers.locationType,
    monthlyRevenue: answers.monthlyRevenue,
    teamSize: answers.teamSize,
    goals: [...answers.goals],
    timelineExpectation: answers.timelineExpectation || DEFAULT_TIMELINE_EXPECTATION,
    acceptTerms: answers.acceptTerms,
  };
}

// ---- hand-off to the report ---------------------------------------------------------------------------------------

/** Router state the quiz hands to /report; without it the report reads the saved draft. */
export interface ReportHandoff {
  answers: QuizDraftFields;
}

export function isReportHandoff(value: unknown): value is ReportHandoff {
  if (!value || typeof value !== 'object') return false;
  const answers = (value as { answers?: unknown }).answers;
  return !!answers && typeof answers === 'object' && Array.isArray((answers as { goals?: unknown }).goals);
}

/** Whether answers can make a report: without a full name or accepted terms the visitor belongs in the quiz. */
export function isReportable(answers: QuizDraftFields | null): answers is QuizDraftFields {
  return !!answers && answers.fullName.trim().length > 0 && answers.acceptTerms;
}

/**
 * What a signed-in prospect's profile learns from the quiz (docs/product.md §4 "Report entry"): name, role, business name,
 * industry and quizCompleted. Empty answers are left out rather than wiping what the profile had.
 */
export function profileUpdateFromAnswers(answers: QuizAnswers): ProfileUpdate {
  const update: ProfileUpdate = { quizCompleted: true };
  const name = answers.fullName.trim();
  const business = answers.businessName.trim();
  if (name) update.displayName = name.slice(0, quizLimits.fullName);
  if (business) update.businessName = business.slice(0, quizLimits.businessName);
  if (answers.role) update.role = answers.role;
  if (answers.industry) update.industry = answers.industry;
  return update;
}
