import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePageMeta } from '../../ui/usePageMeta';
import { Container, Section } from '../../ui/layout';
import { quizEn } from '../../content/quiz.en';
import { AccountFeed, useFunnelAccount } from '../../lib/funnelAccount';
import { QuizFlow } from './QuizFlow';
import { liveQuizMachine, QuizActor } from './quizActor';

/** /get-started: the quiz machine with its real effects, started with the visitor's account facts and fed their changes. */
export function QuizPage() {
  usePageMeta(quizEn.pageTitle, quizEn.pageDescription);
  const navigate = useNavigate();
  const { facts, updateProfile } = useFunnelAccount();
  const logic = useMemo(() => liveQuizMachine({ navigate, updateProfile }), [navigate, updateProfile]);

  return (
    <Section $tight>
      <Container>
        <QuizActor.Provider logic={logic} options={{ input: { account: facts } }}>
          <AccountFeed actorContext={QuizActor} facts={facts} />
          <QuizFlow />
        </QuizActor.Provider>
      </Container>
    </Section>
  );
}
