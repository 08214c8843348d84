import { useEffect, useRef, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ArrowRight, Check, Languages, RotateCcw } from 'lucide-react';
import { Button } from '../../ui/Button';
import { FieldError, Input } from '../../ui/form';
import {
  goalIds,
  isOptionStep,
  isTextStep,
  QUIZ_STEP_COUNT,
  stepKind,
  stepNumber,
  stepOptions,
  type OptionStep,
  type QuizStep,
  type TextStep,
} from '../../domain/quiz';
import { quizEn, type QuizCopy } from '../../content/quiz.en';
import { quizHi } from '../../content/quiz.hi';
import { QuizActor } from './quizActor';
import * as S from './QuizFlow.styles';

const copies: Record<'en' | 'hi', QuizCopy> = { en: quizEn, hi: quizHi };

const inputTypes: Record<TextStep, { type: string; autoComplete: string; inputMode?: 'email' }> = {
  fullName: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  businessName: { type: 'text', autoComplete: 'organization' },
};

/** Renders the quiz machine: the language choice, one question per screen, or the hand-over to the report. */
export function QuizFlow() {
  const choosing = QuizActor.useSelector((snapshot) => snapshot.matches('chooseLanguage'));
  const leaving = QuizActor.useSelector((snapshot) => snapshot.hasTag('leaving'));
  const step = QuizActor.useSelector((snapshot) => (snapshot.matches('questions') ? snapshot.context.step : null));
  const language = QuizActor.useSelector((snapshot) => snapshot.context.language);
  const copy = copies[language];
  const panel = useScreenFocus(choosing ? 'language' : step);

  return (
    <S.Wrap lang={step || leaving ? copy.lang : undefined}>
      <S.Intro>
        <h1>{step || leaving ? copy.heading : quizEn.heading}</h1>
        {choosing && (
          <p lang="hi" className="alt">
            {quizHi.heading}
          </p>
        )}
      </S.Intro>
      <S.Panel ref={panel}>
        {choosing && <LanguageChoice />}
        {step && <Question step={step} copy={copy} />}
        {leaving && (
          <S.Leaving role="status">
            <S.Spinner aria-hidden="true" /> {copy.opening}
          </S.Leaving>
        )}
      </S.Panel>
    </S.Wrap>
  );
}

/** The two languages to answer in. */
function LanguageChoice() {
  const actor = QuizActor.useActorRef();
  return (
    <S.LanguageChoice role="group" aria-labelledby="quiz-language-prompt">
      <div id="quiz-language-prompt" tabIndex={-1} data-autofocus>
        <p>{quizEn.languagePrompt}</p>
        <p lang="hi">{quizHi.languagePrompt}</p>
      </div>
      <S.LanguageButtons>
        <S.LanguageButton type="button" onClick={() => actor.send({ type: 'quiz.language', language: 'en' })}>
          <span aria-hidden="true">{quizEn.languageMark}</span>
          {quizEn.languageName}
        </S.LanguageButton>
        <S.LanguageButton type="button" lang="hi" onClick={() => actor.send({ type: 'quiz.language', language: 'hi' })}>
          <span aria-hidden="true">{quizHi.languageMark}</span>
          {quizHi.languageName}
        </S.LanguageButton>
      </S.LanguageButtons>
      <S.Lead>{quizEn.lead}</S.Lead>
    </S.LanguageChoice>
  );
}

function Question({ step, copy }: { step: QuizStep; copy: QuizCopy }) {
  const actor = QuizActor.useActorRef();
  const direction = QuizActor.useSelector((snapshot) => snapshot.context.direction);
  const language = QuizActor.useSelector((snapshot) => snapshot.context.language);
  const canGoBack = QuizActor.useSelector((snapshot) => snapshot.can({ type: 'quiz.back' }));
  const number = stepNumber(step);
  const text = copy.steps[step];
  const otherLanguage = language === 'en' ? 'hi' : 'en';

  return (
    <>
      <S.Top>
        <S.StepCount id="quiz-progress-label">{copy.progress(number, QUIZ_STEP_COUNT)}</S.StepCount>
        <S.TextButton type="button" lang={otherLanguage} onClick={() => actor.send({ type: 'quiz.language', language: otherLanguage })}>
          <Languages aria-hidden="true" size={16} /> {copy.switchLanguage}
        </S.TextButton>
      </S.Top>
      <S.Progress
        role="progressbar"
        aria-label={copy.progressLabel}
        aria-valuemin={1}
        aria-valuemax={QUIZ_STEP_COUNT}
        aria-valuenow={number}
        aria-valuetext={copy.progress(number, QUIZ_STEP_COUNT)}
      >
        <S.ProgressFill style={{ width: `${(number / QUIZ_STEP_COUNT) * 100}%` }} />
      </S.Progress>

      <S.Slide key={step} $direction={direction} data-step={step}>
        {isTextStep(step) ? (
          <TextQuestion step={step} copy={copy} canGoBack={canGoBack} />
        ) : (
          <>
            <S.QuestionHeading id="quiz-question" tabIndex={-1} data-autofocus>
              {text.question}
            </S.QuestionHeading>
            {text.hint && <S.Hint id="quiz-hint">{text.hint}</S.Hint>}
            {isOptionStep(step) && <OptionQuestion step={step} copy={copy} canGoBack={canGoBack} />}
            {stepKind(step) === 'goals' && <GoalsQuestion copy={copy} canGoBack={canGoBack} />}
            {stepKind(step) === 'terms' && <TermsQuestion copy={copy} canGoBack={canGoBack} />}
          </>
        )}
      </S.Slide>

      <S.Footer>
        <S.Saved>
          <Check aria-hidden="true" size={16} /> {copy.savedNote}
        </S.Saved>
        <S.TextButton type="button" onClick={() => actor.send({ type: 'quiz.clear' })}>
          <RotateCcw aria-hidden="true" size={16} /> {copy.startOver}
        </S.TextButton>
      </S.Footer>
    </>
  );
}

/**
 * Moves focus to each new screen (the language choice's prompt, a question's input or its heading), so a keyboard or
 * screen-reader user lands on what changed, but not on the first screen the page opens with: a reader arriving at the
 * page starts at the top as usual. Switching the language keeps the screen, and focus where it was.
 */
function useScreenFocus(screen: string | null) {
  const panel = useRef<HTMLDivElement>(null);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (screen === null) return;
    const previous = shown.current;
    shown.current = screen;
    if (previous !== null && previous !== screen) panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [screen]);
  return panel;
}

function Nav({ copy, canGoBack, primary }: { copy: QuizCopy; canGoBack: boolean; primary?: React.ReactNode }) {
  const actor = QuizActor.useActorRef();
  return (
    <S.Nav>
      <Button type="button" $variant="secondary" disabled={!canGoBack} onClick={() => actor.send({ type: 'quiz.back' })}>
        <ArrowLeft aria-hidden="true" size={18} /> {copy.back}
      </Button>
      {primary}
    </S.Nav>
  );
}

function TextQuestion({ step, copy, canGoBack }: { step: TextStep; copy: QuizCopy; canGoBack: boolean }) {
  const actor = QuizActor.useActorRef();
  const inputRef = useRef<HTMLInputElement>(null);
  const value = QuizActor.useSelector((snapshot) => snapshot.context.answers[step]);
  const error = QuizActor.useSelector((snapshot) => snapshot.context.error);
  const text = copy.steps[step];
  const describedBy = [text.hint ? 'quiz-hint' : '', error ? 'quiz-error' : ''].filter(Boolean).join(' ') || undefined;

  function next(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'quiz.next' });
    if (actor.getSnapshot().context.error) inputRef.current?.focus();
  }

  return (
    <form noValidate onSubmit={next} aria-labelledby="quiz-question">
      <S.QuestionHeading id="quiz-question">
        <label htmlFor="quiz-answer">{text.question}</label>
      </S.QuestionHeading>
      {text.hint && <S.Hint id="quiz-hint">{text.hint}</S.Hint>}
      <S.Field>
        <Input
          ref={inputRef}
          data-autofocus
          id="quiz-answer"
          name={step}
          {...inputTypes[step]}
          placeholder={text.placeholder}
          value={value}
          onChange={(event) => actor.send({ type: 'quiz.change', value: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          required
          enterKeyHint="next"
        />
        {error && (
          <FieldError id="quiz-error" role="alert">
            {copy.errors[error]}
          </FieldError>
        )}
      </S.Field>
      <Nav
        copy={copy}
        canGoBack={canGoBack}
        primary={
          <Button type="submit">
            {copy.next} <ArrowRight aria-hidden="true" size={18} />
          </Button>
        }
      />
    </form>
  );
}

function OptionQuestion({ step, copy, canGoBack }: { step: OptionStep; copy: QuizCopy; canGoBack: boolean }) {
  const actor = QuizActor.useActorRef();
  const chosen = QuizActor.useSelector((snapshot) => snapshot.context.answers[step]);
  const labels = copy.options[step] as Record<string | number, string>;
  const options = stepOptions[step] as readonly (string | number)[];
  return (
    <>
      {/* The group is named by the question; the list inside keeps its list semantics (axe: listitem). */}
      <div role="group" aria-labelledby="quiz-question">
        <S.Options $count={options.length}>
          {options.map((value) => (
            <li key={value}>
              <S.Option type="button" aria-pressed={chosen === value} onClick={() => actor.send({ type: 'quiz.select', value })}>
                <span>{labels[value]}</span>
                {chosen === value && <Check aria-hidden="true" size={18} />}
              </S.Option>
            </li>
          ))}
        </S.Options>
      </div>
      <Nav copy={copy} canGoBack={canGoBack} />
    </>
  );
}

function GoalsQuestion({ copy, canGoBack }: { copy: QuizCopy; canGoBack: boolean }) {
  const actor = QuizActor.useActorRef();
  const goals = QuizActor.useSelector((snapshot) => snapshot.context.answers.goals);
  const error = QuizActor.useSelector((snapshot) => snapshot.context.error);
  return (
    <>
      <S.Options as="div" role="group" aria-labelledby="quiz-question" aria-describedby="quiz-hint" $count={goalIds.length}>
        {goalIds.map((goal) => (
          <S.Check key={goal} $checked={goals.includes(goal)}>
            <input
              type="checkbox"
              name="goals"
              value={goal}
              checked={goals.includes(goal)}
              onChange={() => actor.send({ type: 'quiz.toggleGoal', goal })}
            />
            <span>{copy.goals[goal]}</span>
          </S.Check>
        ))}
      </S.Options>
      <S.Status aria-live="polite">{goals.length > 0 ? copy.selectedCount(goals.length) : ''}</S.Status>
      {error && (
        <FieldError id="quiz-error" role="alert">
          {copy.errors[error]}
        </FieldError>
      )}
      <Nav
        copy={copy}
        canGoBack={canGoBack}
        primary={
          <Button type="button" disabled={goals.length === 0} onClick={() => actor.send({ type: 'quiz.confirm' })}>
            {copy.confirm} <ArrowRight aria-hidden="true" size={18} />
          </Button>
        }
      />
    </>
  );
}

function TermsQuestion({ copy, canGoBack }: { copy: QuizCopy; canGoBack: boolean }) {
  const actor = QuizActor.useActorRef();
  const accepted = QuizActor.useSelector((snapshot) => snapshot.context.answers.acceptTerms);
  const error = QuizActor.useSelector((snapshot) => snapshot.context.error);
  return (
    <form
      noValidate
      aria-labelledby="quiz-question"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'quiz.submit' });
      }}
    >
      <S.Check $checked={accepted} $wide>
        <input
          type="checkbox"
          name="acceptTerms"
          checked={accepted}
          onChange={(event) => actor.send({ type: 'quiz.setTerms', accepted: event.target.checked })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'quiz-error' : undefined}
        />
        <span>
          {copy.terms.before}
          <Link to="/legal/terms" target="_blank" rel="noopener">
            {copy.terms.termsLink}
          </Link>
          {copy.terms.middle}
          <Link to="/legal/privacy" target="_blank" rel="noopener">
            {copy.terms.privacyLink}
          </Link>
          {copy.terms.after}
        </span>
      </S.Check>
      {error && (
        <FieldError id="quiz-error" role="alert">
          {copy.errors[error]}
        </FieldError>
      )}
      <Nav
        copy={copy}
        canGoBack={canGoBack}
        primary={
          <Button type="submit">
            {copy.submit} <ArrowRight aria-hidden="true" size={18} />
          </Button>
        }
      />
    </form>
  );
}
