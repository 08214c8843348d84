import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportEn } from '../../src/content/report.en';
import { reportHi } from '../../src/content/report.hi';
import type { QuizAnswers } from '../../src/domain/quiz';
import { buildReport } from '../../src/domain/report';
import { scriptRuns } from '../../server/mail/reportPdf';
import { quizProspect } from '../fixtures/quizProspect';
import { reportPdfOnThread } from '../../server/mail/reportPdfThread';

/** The report PDF the quiz's reply carries: the page's own words, Hindi shaped, made off the server's event loop. */

const answers = quizProspect() as QuizAnswers;

function textOf(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'report-pdf-')), 'report.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-']).toString();
}

describe('the report PDF', () => {
  it.each([
    ['en', reportEn, 'Rao Stores'],
    ['hi', reportHi, 'राव स्टोर्स'],
  ] as const)(
    'in %s: the plan, its services, the investment and the next steps, as text a reader can copy',
    async (language, copy, business) => {
      const report = buildReport(answers);
      const pdf = await reportPdfOnThread({
        language,
        fullName: 'Asha Verma',
        businessName: business,
        report,
        createdAt: new Date('2026-11-28T10:00:00Z'),
      });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = textOf(pdf).replace(/\s+/g, ' ');
      expect(text).toContain(report.planTitle);
      expect(text).toContain('₹10,000');
      expect(text).toContain(copy.nextSteps.title);
      // Extracted text puts Devanagari's pre-base vowel signs where they are drawn, not where they are typed (the
      // PDF's glyph order); so whole sentences are compared in English, and the Hindi picture is looked at.
      if (language === 'en') {
        expect(text).toContain(copy.title);
        expect(text).toContain(copy.preparedFor(business));
        expect(text).toContain(copy.services[report.services[0]!.key]);
      }
    },
  );

  it('writes Devanagari and the rupee sign in the Devanagari font, everything else in the Latin one', () => {
    expect(scriptRuns('Plan: ₹2,500 प्रति माह (GST)')).toEqual([
      { deva: false, text: 'Plan: ' },
      { deva: true, text: '₹' },
      { deva: false, text: '2,500 ' },
      { deva: true, text: 'प्रति माह ' },
      { deva: false, text: '(GST)' },
    ]);
  });
});
