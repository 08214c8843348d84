import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../ui/usePageMeta';
import { Container, Section } from '../../ui/layout';
import { buildReport, pdfFileName, type GrowthReport } from '../../domain/report';
import { isQuizLanguage, isReportHandoff, type QuizDraftFields, type QuizLanguage } from '../../domain/quiz';
import { loadQuizDraft } from '../../lib/draftStorage';
import { reportEn, type ReportCopy } from '../../content/report.en';
import { reportHi } from '../../content/report.hi';
import { ReportView } from './ReportView';
import { ReportPrintStyle } from './ReportView.styles';
import { useProfileUpdateFromReport } from './useProfileUpdateFromReport';
import * as S from './ReportView.styles';

const copies: Record<QuizLanguage, ReportCopy> = { en: reportEn, hi: reportHi };

/** The answers the report is made from: those handed over by the quiz, else the draft saved on this device. */
function useReportAnswers(): QuizDraftFields | null {
  const { state } = useLocation();
  return useMemo(() => (isReportHandoff(state) ? state.answers : (loadQuizDraft()?.answers ?? null)), [state]);
}

/**
 * /report?lang=en|hi (SPEC.md §2 Report, §4 Report entry): the personalised growth strategy in the quiz's language.
 * Without a full name or accepted terms there is nothing to report on, so the visitor goes to the quiz.
 */
export function ReportPage() {
  const [params] = useSearchParams();
  const langParam = params.get('lang');
  const language: QuizLanguage = isQuizLanguage(langParam) ? langParam : 'en';
  const copy = copies[language];
  usePageMeta(copy.pageTitle, copy.pageDescription);
  const answers = useReportAnswers();
  const ready = !!answers && answers.fullName.trim().length > 0 && answers.acceptTerms;

  useProfileUpdateFromReport(ready ? answers : null);

  // The report is computed after the first paint, which shows SPEC.md §2's "Generating..." line meanwhile.
  const [report, setReport] = useState<GrowthReport | null>(null);
  useEffect(() => {
    if (!ready || !answers) return;
    const frame = requestAnimationFrame(() => setReport(buildReport(answers)));
    return () => cancelAnimationFrame(frame);
  }, [ready, answers]);

  const [today] = useState(() => new Date());
  const documentRef = useRef<HTMLDivElement>(null);
  const [pdfBusy, setPdfBusy] = useState(false);

  if (!ready || !answers) return <Navigate to="/get-started" replace />;

  async function savePdf() {
    if (!documentRef.current || !answers) return;
    setPdfBusy(true);
    try {
      const { exportElementToPdf, PdfLibraryError } = await import('../../lib/pdf').catch(() => ({
        exportElementToPdf: null,
        PdfLibraryError: null,
      }));
      if (!exportElementToPdf) {
        window.alert(copy.actions.libraryMissing);
        return;
      }
      const business = answers.businessName.trim();
      try {
        await exportElementToPdf(documentRef.current, {
          fileName: pdfFileName(business),
          title: /^[\x20-\x7e]+$/.test(business) ? `Growth Strategy - ${business}` : 'Growth Strategy',
          footer: 'GrowthPath - Personalised Growth Strategy',
        });
      } catch (error) {
        window.alert(PdfLibraryError && error instanceof PdfLibraryError ? copy.actions.libraryMissing : copy.actions.pdfFailed);
      }
    } finally {
      setPdfBusy(false);
    }
  }

  return (
    <Section $tight lang={copy.lang}>
      <ReportPrintStyle />
      <Container>
        {report ? (
          <ReportView
            ref={documentRef}
            copy={copy}
            language={language}
            answers={answers}
            report={report}
            date={today}
            pdfBusy={pdfBusy}
            onSavePdf={savePdf}
          />
        ) : (
          <S.Loading role="status">
            <S.Spinner aria-hidden="true" />
            {copy.loading}
          </S.Loading>
        )}
      </Container>
    </Section>
  );
}
