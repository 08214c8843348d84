import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Container, Section } from '../../ui/layout';
import { isQuizLanguage, type QuizLanguage } from '../../domain/quiz';
import { reportEn, type ReportCopy } from '../../content/report.en';
import { reportHi } from '../../content/report.hi';
import { AccountFeed, useFunnelAccount } from '../../lib/funnelAccount';
import { liveReportMachine, ReportActor } from './reportActor';
import { ReportScreen } from './ReportScreen';
import { ReportPrintStyle } from './ReportView.styles';

const copies: Record<QuizLanguage, ReportCopy> = { en: reportEn, hi: reportHi };

/**
 * /report?lang=en|hi: the personalised growth strategy in the quiz's language (docs/decisions/042). The report
 * machine with its real effects, started with the visitor's account facts and fed their changes.
 */
export function ReportPage() {
  const [params] = useSearchParams();
  const langParam = params.get('lang');
  const language: QuizLanguage = isQuizLanguage(langParam) ? langParam : 'en';
  const copy = copies[language];
  const location = useLocation();
  const { facts, updateProfile } = useFunnelAccount();
  const logic = useMemo(() => liveReportMachine({ routerState: location.state, updateProfile }), [location.state, updateProfile]);

  return (
    <Section $tight lang={copy.lang}>
      <ReportPrintStyle />
      <Container>
        {/* A new hand-off (the quiz finished again) is a new report. */}
        <ReportActor.Provider key={location.key} logic={logic} options={{ input: { account: facts } }}>
          <AccountFeed actorContext={ReportActor} facts={facts} />
          <ReportScreen copy={copy} language={language} />
        </ReportActor.Provider>
      </Container>
    </Section>
  );
}
