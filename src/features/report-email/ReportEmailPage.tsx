import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { CircleCheck, FileText, Link2Off, Mail } from 'lucide-react';
import { reportEmailEn, type ReportEmailCopy } from '../../content/reportEmail.en';
import { reportEmailHi } from '../../content/reportEmail.hi';
import { Button, ButtonLink } from '../../ui/Button';
import { FormAlert } from '../../ui/form';
import { Container, Section } from '../../ui/layout';
import { ReportEmailActor, liveReportEmailMachine } from './reportEmailActor';

/**
 * /report/email?token=…, opened from the quiz reply (docs/decisions/188): the owner of the address asks for the
 * report PDF by email. Its language is the quiz's (`lang=hi`); the secret never leaves this page except to the server.
 */
export function ReportEmailPage() {
  const [params] = useSearchParams();
  const words = params.get('lang') === 'hi' ? reportEmailHi : reportEmailEn;
  const input = useMemo(() => ({ token: params.get('token') }), [params]);
  return (
    <Section>
      <Container $narrow>
        <ReportEmailActor.Provider logic={liveReportEmailMachine} options={{ input }}>
          <ReportEmailPanel words={words} />
        </ReportEmailActor.Provider>
      </Container>
    </Section>
  );
}

export function ReportEmailPanel({ words }: { words: ReportEmailCopy }) {
  const state = ReportEmailActor.useSelector((snapshot) =>
    snapshot.matches('sent')
      ? 'sent'
      : snapshot.matches('alreadySent')
        ? 'alreadySent'
        : snapshot.matches('invalid')
          ? 'invalid'
          : 'asking',
  );
  const busy = ReportEmailActor.useSelector((snapshot) => snapshot.hasTag('busy'));
  const problem = ReportEmailActor.useSelector((snapshot) => snapshot.context.problem);
  const actor = ReportEmailActor.useActorRef();

  return (
    <Panel lang={words.lang} aria-labelledby="report-email-title">
      <Badge aria-hidden="true" $tone={state === 'invalid' ? 'warn' : state === 'asking' ? 'brand' : 'good'}>
        {state === 'invalid' ? <Link2Off size={28} /> : state === 'asking' ? <FileText size={28} /> : <CircleCheck size={28} />}
      </Badge>
      <h1 id="report-email-title">{state === 'invalid' ? words.invalidTitle : words.title}</h1>
      {state === 'asking' && (
        <>
          <p>{words.lead}</p>
          {problem && <FormAlert role="alert">{problem}</FormAlert>}
          <Actions>
            <Button type="button" disabled={busy} onClick={() => actor.send({ type: 'reportEmail.send' })}>
              <Mail aria-hidden="true" size={18} /> {busy ? words.sending : words.button}
            </Button>
          </Actions>
        </>
      )}
      {(state === 'sent' || state === 'alreadySent') && (
        <>
          <Outcome role="status">{state === 'sent' ? words.sent : words.alreadySent}</Outcome>
          <Actions>
            <ButtonLink to="/" $variant="secondary">
              {words.home}
            </ButtonLink>
          </Actions>
        </>
      )}
      {state === 'invalid' && (
        <>
          <Outcome role="alert">{words.invalid}</Outcome>
          <Actions>
            <ButtonLink to="/get-started">{words.retakeQuiz}</ButtonLink>
            <ButtonLink to="/" $variant="secondary">
              {words.home}
            </ButtonLink>
          </Actions>
        </>
      )}
    </Panel>
  );
}

const Panel = styled.section`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(5)};
  max-width: 36rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.line};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.md};
  text-align: center;
  h1 {
    font-size: ${({ theme }) => theme.size['2xl']};
  }
  > p {
    color: ${({ theme }) => theme.color.muted};
  }
`;

const Badge = styled.div<{ $tone: 'brand' | 'good' | 'warn' }>`
  display: grid;
  place-items: center;
  width: 3.5rem;
  height: 3.5rem;
  border-radius: 999px;
  color: ${({ theme, $tone }) => ($tone === 'good' ? theme.color.success : $tone === 'warn' ? theme.color.accentInk : theme.color.brand)};
  background: ${({ theme, $tone }) =>
    $tone === 'good' ? theme.color.successSoft : $tone === 'warn' ? theme.color.accentSoft : theme.color.brandSoft};
`;

const Outcome = styled.p`
  font-weight: 600;
  color: ${({ theme }) => theme.color.text};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
`;
