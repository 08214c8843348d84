import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { PdfLibraryMissing, reportMachine, type PdfRequest, type PreparedReport } from '../../../machines/report.machine';
import type { UpdateProfileLogic } from '../../../machines/visitorAccount';
import { isReportHandoff, type QuizDraftFields } from '../../domain/quiz';
import { buildReport, pdfFileName } from '../../domain/report';
import { loadQuizDraft } from '../../lib/draftStorage';
import { PdfLibraryError } from '../../lib/pdfLibraryError';

/** The report's actor: the bare machine by default; the page provides the live one below. */
export const ReportActor = createActorContext(reportMachine);

/** The element the report is rendered into (ReportView), which the PDF is drawn from. */
export const REPORT_DOCUMENT_ID = 'growth-report';

export interface ReportPageEffects {
  /** The router state the page was opened with: the quiz's hand-off, or anything else (then the saved draft). */
  routerState: unknown;
  /** From the page's provider edge (src/lib/funnelAccount.tsx). */
  updateProfile: UpdateProfileLogic;
}

/** The machine with its real effects: router state or storage, the pure report, the PDF, the profile. */
export function liveReportMachine({ routerState, updateProfile }: ReportPageEffects) {
  return reportMachine.provide({
    actors: {
      loadAnswers: fromPromise<QuizDraftFields | null>(async () =>
        isReportHandoff(routerState) ? routerState.answers : (loadQuizDraft()?.answers ?? null),
      ),
      buildReport: fromPromise<PreparedReport, QuizDraftFields>(async ({ input }) => {
        // After the first paint, so "Generating your personalized growth plan..." is on screen meanwhile.
        await nextFrame();
        return { report: buildReport(input), preparedOn: new Date() };
      }),
      exportPdf: fromPromise<void, PdfRequest>(({ input }) => exportReportPdf(document.getElementById(REPORT_DOCUMENT_ID), input)),
      updateProfile,
    },
  });
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/**
 * Loads src/lib/pdf.ts and its libraries only now (docs/decisions/046-pdf-export.md); a load that fails is the
 * machine's PdfLibraryMissing, anything else a failed PDF.
 */
async function exportReportPdf(root: HTMLElement | null, { businessName }: PdfRequest): Promise<void> {
  if (!root) throw new Error('The report is not on the page.');
  const pdf = await import('../../lib/pdf').catch((error: unknown) => {
    throw new PdfLibraryMissing(error);
  });
  try {
    await pdf.exportElementToPdf(root, {
      fileName: pdfFileName(businessName),
      // The PDF's info dictionary has no Devanagari font: a non-Latin business name stays out of the title.
      title: /^[\x20-\x7e]+$/.test(businessName) ? `Growth Strategy - ${businessName}` : 'Growth Strategy',
      footer: 'GrowthPath - Personalised Growth Strategy',
    });
  } catch (error) {
    throw error instanceof PdfLibraryError ? new PdfLibraryMissing(error) : error;
  }
}
