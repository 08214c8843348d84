import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Container, Section } from '../../ui/layout';
import { AccountFeed, useFunnelAccount } from '../../lib/funnelAccount';
import { loadQuizDraft } from '../../lib/draftStorage';
import { QuizFlow } from './QuizFlow';
import { liveQuizMachine, QuizActor } from './quizActor';

/**
 * /get-started: the quiz machine with its real effects, started with the visitor's account facts (then fed their
 * changes) and the draft saved on this device, read before the first render so a returning visitor's question is the
 * first thing drawn (reading local storage is synchronous and never throws).
 */
export function QuizPage() {
  const navigate = useNavigate();
  const { facts, updateProfile, idTokenIfSignedIn } = useFunnelAccount();
  const logic = useMemo(
    () => liveQuizMachine({ navigate, updateProfile, idTokenIfSignedIn }),
    [navigate, updateProfile, idTokenIfSignedIn],
  );
  const draft = useMemo(() => loadQuizDraft(), []);

  return (
    <Section $tight>
      <Container>
        <QuizActor.Provider logic={logic} options={{ input: { account: facts, draft } }}>
          <AccountFeed actorContext={QuizActor} facts={facts} />
          <QuizFlow />
        </QuizActor.Provider>
      </Container>
    </Section>
  );
}
