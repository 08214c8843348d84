import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { reportEn, type ReportCopy } from '../../src/content/report.en';
import { reportHi } from '../../src/content/report.hi';
import { formatInr } from '../../src/domain/money';
import type { GrowthReport, KpiRange } from '../../src/domain/report';
import type { MailLanguage } from './words';

/**
 * The growth report as a PDF the quiz's auto-reply carries: the same words as the page (src/content/report.*.ts),
 * laid out as text with pdfkit, whose font engine shapes Devanagari. Noto Sans Devanagari's static files come in a
 * Devanagari and a Latin part, so each line is written in runs, each in the part that has its characters.
 */

const copies: Record<MailLanguage, ReportCopy> = { en: reportEn, hi: reportHi };

const fontFile = (part: 'devanagari' | 'latin', weight: 400 | 700) =>
  createRequire(import.meta.url).resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${part}-${weight}-normal.woff`);

/** Devanagari, its extensions and the rupee sign live in the Devanagari part; everything else in the Latin one. */
const devanagariRanges = [
  [0x0900, 0x097f],
  [0xa8e0, 0xa8ff],
  [0x1cd0, 0x1cff],
  [0x20b9, 0x20b9],
] as const;
const isDevanagari = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return devanagariRanges.some(([from, to]) => code >= from && code <= to);
};
const neutral = /\s|\u200C|\u200D/u;

/** `text` split into runs of one script; spaces stay with the run they are in. */
export function scriptRuns(text: string): { deva: boolean; text: string }[] {
  const runs: { deva: boolean; text: string }[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    const deva = neutral.test(char) && last ? last.deva : isDevanagari(char);
    if (last && last.deva === deva) last.text += char;
    else runs.push({ deva, text: char });
  }
  return runs;
}

const colours = { ink: '#111827', muted: '#4b5563', brand: '#1d4ed8', rule: '#e5e7eb' } as const;

export interface ReportPdfInput {
  language: MailLanguage;
  fullName: string;
  businessName: string;
  report: GrowthReport;
  createdAt: Date;
}

export function reportPdf({ language, fullName, businessName, report, createdAt }: ReportPdfInput): Promise<Buffer> {
  const copy = copies[language];
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `${businessName} Growth Strategy`, Author: 'GrowthPath' } });
  doc.registerFont('deva', fontFile('devanagari', 400));
  doc.registerFont('deva-bold', fontFile('devanagari', 700));
  doc.registerFont('latin', fontFile('latin', 400));
  doc.registerFont('latin-bold', fontFile('latin', 700));

  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  function line(text: string, { size = 11, bold = false, colour = colours.ink as string, after = 6 } = {}) {
    const runs = scriptRuns(text);
    doc.fillColor(colour).fontSize(size);
    runs.forEach((run, index) => {
      doc.font(`${run.deva ? 'deva' : 'latin'}${bold ? '-bold' : ''}`);
      doc.text(run.text, { continued: index < runs.length - 1, lineGap: 2 });
    });
    doc.moveDown(after / size);
  }
  const heading = (text: string) => {
    // A heading never ends a page: it moves to the next one with the first lines under it.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 110) doc.addPage();
    else doc.moveDown(0.6);
    line(text, { size: 15, bold: true, colour: colours.brand, after: 8 });
  };
  const range = (value: KpiRange) => (value.max > 0 ? copy.results.range(value.min, value.max) : copy.results.notInPlanTitle);

  const firstName = fullName.trim().split(/\s+/)[0] ?? fullName;
  const date = new Intl.DateTimeFormat(copy.locale, { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(createdAt);
  const { costs, kpis } = report;

  line('GrowthPath', { size: 18, bold: true, colour: colours.brand, after: 2 });
  line(copy.preparedOn(date), { size: 9, colour: colours.muted, after: 14 });
  line(copy.eyebrow, { size: 10, bold: true, colour: colours.muted, after: 2 });
  line(copy.title, { size: 22, bold: true, after: 4 });
  line(copy.preparedFor(businessName), { size: 12, colour: colours.muted, after: 12 });
  line(`${copy.greeting(firstName)} ${copy.intro(businessName)}`);

  heading(`${copy.plan.title}: ${report.planTitle}`);
  line(copy.plan.subtitles[report.plan], { bold: true });
  line(copy.plan.lead(kpis.timelineMonths));
  line(copy.plan.servicesTitle, { size: 12, bold: true, after: 4 });
  for (const service of report.services) {
    line(`• ${copy.services[service.key]}`, { bold: true, after: 1 });
    line(copy.reasons[service.reason], { colour: colours.muted });
  }

  heading(copy.investment.title);
  line(`${copy.investment.setup}: ${report.contactSales ? `${copy.investment.startingFrom} ` : ''}${formatInr(costs.setupFee)}`);
  line(
    `${copy.investment.monthly}: ${report.contactSales ? `${copy.investment.startingFrom} ` : ''}${formatInr(costs.monthlyFee)} ${copy.investment.perMonth}`,
  );
  if (report.contactSales) line(copy.investment.customNote, { colour: colours.muted });

  heading(copy.results.title(kpis.timelineMonths));
  line(`${copy.results.leads}: ${range(kpis.leads)}`);
  line(`${copy.results.conversion}: ${range(kpis.conversion)}`);
  line(`${copy.results.trust}: ${range(kpis.trust)}`);
  line(copy.results.disclaimer, { size: 9, colour: colours.muted });

  heading(copy.nextSteps.title);
  copy.nextSteps.steps(report.planTitle, report.contactSales).forEach((step, index) => line(`${index + 1}. ${step}`));

  doc.moveDown(1);
  line(copy.footer, { size: 9, colour: colours.muted });
  doc.end();
  return done;
}
