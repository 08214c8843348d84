import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePageMeta } from '../../ui/usePageMeta';
import { Container, Section } from '../../ui/layout';
import { quizEn } from '../../content/quiz.en';
import { QuizFlow } from './QuizFlow';
import { liveQuizMachine, QuizActor } from './quizActor';
import { useQuizAccount } from './useQuizAccount';

/** /get-started: the quiz machine with its real effects, fed with the visitor's entitlement from the account. */
export function QuizPage() {
  usePageMeta(quizEn.pageTitle, quizEn.pageDescription);
  const navigate = useNavigate();
  const { hasPurchasedPlan, onCompleted } = useQuizAccount();
  const logic = useMemo(() => liveQuizMachine({ navigate, onCompleted }), [navigate, onCompleted]);

  return (
    <Section $tight>
      <Container>
        <QuizActor.Provider logic={logic} options={{ input: { hasPurchasedPlan } }}>
          <AccountFeed hasPurchasedPlan={hasPurchasedPlan} />
          <QuizFlow />
        </QuizActor.Provider>
      </Container>
    </Section>
  );
}

/** Keeps the machine's guard input current when the account finishes loading or changes (DESIGN.md D4, D6). */
function AccountFeed({ hasPurchasedPlan }: { hasPurchasedPlan: boolean }) {
  const actor = QuizActor.useActorRef();
  useEffect(() => {
    actor.send({ type: 'quiz.account', hasPurchasedPlan });
  }, [actor, hasPurchasedPlan]);
  return null;
}
