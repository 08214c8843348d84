import { describe, expect, it } from 'vitest';
import { disputeBadge, disputeSummary, excerpt, formatAmount, forwardingBadge, labelledAnswers } from '../../src/features/admin/format';
import { reportFigures } from '../../src/features/admin/reportFigures';
import { failedContact, quizLead } from '../fixtures/inbox';
import { buildReport } from '../../src/domain/report';
import { formatInr } from '../../src/domain/money';

const forwarding = (changes: Partial<typeof failedContact.forwarding>) => ({ forwarding: { ...failedContact.forwarding, ...changes } });

describe('inbox wording', () => {
  it('words each forwarding state as a badge', () => {
    expect(forwardingBadge(forwarding({ state: 'delivered' }))).toEqual({ text: 'Delivered', tone: 'good' });
    expect(forwardingBadge(forwarding({ state: 'retrying', attempts: 2, maxAttempts: 5 }))).toEqual({
      text: 'Retrying (2 of 5)',
      tone: 'warn',
    });
    expect(forwardingBadge(forwarding({ state: 'failed', attempts: 5 }))).toEqual({ text: 'Failed after 5 attempts', tone: 'bad' });
    expect(forwardingBadge(forwarding({ state: 'failed', attempts: 1 })).text).toBe('Failed after 1 attempt');
    expect(forwardingBadge(forwarding({ state: 'queued' })).text).toBe('Queued');
    expect(forwardingBadge(forwarding({ state: 'off' })).text).toBe('Forwarding off');
  });

  it('words a dispute: an open one with the date to answer by, the rest by how it ended', () => {
    // Razorpay closes a dispute at midnight in India (4 Dec 00:00 IST here): the last day to answer is 3 Dec, whatever
    // the browser's own time zone (the unit tests run in UTC, where this moment is still 3 Dec).
    const open = {
      status: 'open' as const,
      amountPaise: 2_150_000,
      phase: 'pre_arbitration',
      reason: 'Services not received',
      respondBy: '2026-12-03T18:30:00.000Z',
    };
    expect(disputeBadge(open)).toEqual({ text: 'Dispute: answer by 3 Dec 2026', tone: 'bad' });
    expect(disputeBadge({ ...open, respondBy: null }).text).toBe('Dispute open');
    expect(disputeBadge({ ...open, status: 'under_review' })).toEqual({ text: 'Dispute under review', tone: 'warn' });
    expect(disputeBadge({ ...open, status: 'won' }).tone).toBe('good');
    expect(disputeBadge({ ...open, status: 'lost' })).toEqual({ text: 'Dispute lost', tone: 'bad' });
    expect(disputeSummary(open, 'INR')).toBe(
      `${formatInr(21_500)} disputed (pre arbitration): Services not received. Open: answer it in the Razorpay Dashboard by 3 Dec 2026, 11:59 pm IST.`,
    );
    expect(disputeBadge({ ...open, respondBy: '2026-12-04T18:29:00.000Z' }).text).toBe('Dispute: answer by 4 Dec 2026'); // 11:59 pm IST, 4 Dec
    expect(disputeSummary({ ...open, status: 'won', phase: null, reason: null }, 'INR')).toBe(
      `${formatInr(21_500)} disputed. Won: the payment stays with us.`,
    );
  });

  it('labels quiz answers with the English questions and option words, skipping what was not asked', () => {
    const rows = labelledAnswers(quizLead.answers);
    expect(rows[0]).toEqual({ question: 'What is your full name?', answer: 'Asha Verma' });
    expect(rows).toContainEqual({ question: 'Phone', answer: '+91 98765 43210' });
    expect(rows).toContainEqual({ question: 'Where do you serve your customers?', answer: 'One location' });
    expect(rows).toContainEqual({ question: 'What is your monthly revenue?', answer: 'Under ₹1 lakh' });
    expect(rows).toContainEqual({ question: 'What do you want to achieve?', answer: 'Get more leads and enquiries' });
    expect(rows).toContainEqual({ question: 'How does your website look today?', answer: 'Outdated' });
    // Not running ads: the spend question was never asked; the terms tick is not an answer to show.
    expect(rows.map((row) => row.question)).not.toContain('How much do you spend on ads each month?');
    expect(rows.map((row) => row.question).some((question) => question.startsWith('Almost done'))).toBe(false);
  });

  it('reads the stored report’s figures as the prospect saw them', () => {
    const report = buildReport(quizLead.answers as never);
    const figures = reportFigures(quizLead.report)!;
    expect(figures.plan).toBe(report.planTitle);
    expect(figures.investment[0]).toEqual({ label: 'Setup fee (one time)', value: formatInr(report.costs.setupFee) });
    expect(figures.results[0]).toEqual({ label: 'More leads', value: `+${report.kpis.leads.min}% to +${report.kpis.leads.max}%` });
    expect(figures.services).toEqual(report.services.map((service) => service.name));
    expect(reportFigures('not a report')).toBeNull();
  });

  it('formats amounts and excerpts', () => {
    expect(formatAmount({ amountPaise: 2_150_000, currency: 'INR' })).toBe('₹21,500');
    expect(formatAmount({ amountPaise: 1050, currency: 'USD' })).toBe('USD 10.50');
    expect(excerpt('short')).toBe('short');
    expect(excerpt('word '.repeat(40), 20)).toBe('word word word word…');
  });
});
