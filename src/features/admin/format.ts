import type { ContactRow, OrderRow } from '../../domain/admin';
import { formatInr } from '../../domain/money';
import { findPlan } from '../../domain/plans';
import { quizStepList, type GoalId } from '../../domain/quiz';
import { quizEn } from '../../content/quiz.en';

/** Words and figures the inbox shows, kept out of the views so they can be tested on their own. */

const timeFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** "3 Mar 2025, 2:15 pm" in the staff member's own time zone; the ISO text itself if it is not a date. */
export function formatTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

export function planName(key: string | null): string {
  if (!key) return '—';
  return findPlan(key)?.title ?? key;
}

/** An order's amount as the buyer paid it: paise in INR as rupees, any other currency as its code and units. */
export function formatAmount({ amountPaise, currency }: Pick<OrderRow, 'amountPaise' | 'currency'>): string {
  if (currency === 'INR') return formatInr(amountPaise / 100);
  return `${currency} ${(amountPaise / 100).toFixed(2)}`;
}

export type BadgeTone = 'good' | 'warn' | 'bad' | 'neutral';

/** A contact message's forwarding as a badge: its words and how worrying it is. */
export function forwardingBadge({ forwarding }: Pick<ContactRow, 'forwarding'>): { text: string; tone: BadgeTone } {
  switch (forwarding.state) {
    case 'delivered':
      return { text: 'Delivered', tone: 'good' };
    case 'retrying':
      return { text: `Retrying (${forwarding.attempts} of ${forwarding.maxAttempts})`, tone: 'warn' };
    case 'failed':
      return { text: `Failed after ${forwarding.attempts} ${forwarding.attempts === 1 ? 'attempt' : 'attempts'}`, tone: 'bad' };
    case 'queued':
      return { text: 'Queued', tone: 'neutral' };
    case 'off':
      return { text: 'Forwarding off', tone: 'neutral' };
  }
}

export const orderStatusLabels: Record<OrderRow['status'], string> = { created: 'Created', paid: 'Paid', failed: 'Failed' };

/** An order's dispute as a badge; an open one needs an answer by its date, so it is the worrying kind. */
export function disputeBadge(dispute: NonNullable<OrderRow['dispute']>): { text: string; tone: BadgeTone } {
  switch (dispute.status) {
    case 'open':
      return { text: dispute.respondBy ? `Dispute: answer by ${lastDayToAnswer(dispute.respondBy)}` : 'Dispute open', tone: 'bad' };
    case 'under_review':
      return { text: 'Dispute under review', tone: 'warn' };
    case 'won':
      return { text: 'Dispute won', tone: 'good' };
    case 'lost':
      return { text: 'Dispute lost', tone: 'bad' };
    case 'closed':
      return { text: 'Dispute closed', tone: 'neutral' };
  }
}

const disputeOutcomes: Record<NonNullable<OrderRow['dispute']>['status'], string> = {
  open: 'Open: answer it in the Razorpay Dashboard',
  under_review: 'Answered; the bank is reviewing it',
  won: 'Won: the payment stays with us',
  lost: 'Lost: the amount went back to the buyer',
  closed: 'Closed',
};

/** "₹21,500 disputed (chargeback): Product not received. Open: answer it in the Razorpay Dashboard by 3 Dec 2026." */
export function disputeSummary(dispute: NonNullable<OrderRow['dispute']>, currency: string): string {
  const phase = dispute.phase ? ` (${dispute.phase.replaceAll('_', ' ')})` : '';
  const reason = dispute.reason ? `: ${dispute.reason}` : '';
  const by = dispute.status === 'open' && dispute.respondBy ? ` by ${lastMomentToAnswer(dispute.respondBy)}` : '';
  return `${formatAmount({ amountPaise: dispute.amountPaise, currency })} disputed${phase}${reason}. ${disputeOutcomes[dispute.status]}${by}.`;
}

/**
 * A dispute's deadline as Razorpay sets it: `respond_by` is the moment it closes, midnight in India, so the last day to
 * answer is the day before it. Shown in India's time whatever the staff member's browser is set to, so everyone reads
 * the same day (and the day Razorpay's Dashboard shows).
 */
const indiaDay = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
const indiaTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
const lastMoment = (iso: string) => new Date(Date.parse(iso) - 1_000);

/** "3 Dec 2026": the last day, in India, to answer a dispute that closes at `iso`. */
export function lastDayToAnswer(iso: string): string {
  const moment = lastMoment(iso);
  return Number.isNaN(moment.getTime()) ? iso : indiaDay.format(moment);
}

/** "3 Dec 2026, 11:59 pm IST": the last minute, in India, to answer a dispute that closes at `iso`. */
export function lastMomentToAnswer(iso: string): string {
  const moment = lastMoment(iso);
  return Number.isNaN(moment.getTime()) ? iso : `${indiaTime.format(moment)} IST`;
}

export const fulfilledByLabels: Record<NonNullable<OrderRow['fulfilledBy']>, string> = {
  verification: 'Verification',
  webhook: 'Webhook',
  reconciliation: 'Reconciliation',
};

export const languageLabels: Record<'en' | 'hi', string> = { en: 'English', hi: 'Hindi' };

/** The first characters of a long text, cut at a word, for a list cell. */
export function excerpt(text: string, length = 90): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export interface LabelledAnswer {
  question: string;
  answer: string;
}

function optionLabel(step: string, value: unknown): string {
  const labels = (quizEn.options as Record<string, Record<string, string>>)[step];
  return labels?.[String(value)] ?? String(value);
}

/**
 * The stored quiz answers as the English quiz asked them, in the quiz's order: option values in their English
 * words, goals one per line. Steps the prospect was not asked (conditional ones) and the terms tick are left out;
 * the phone, which the quiz's lead form adds, comes after the name and email.
 */
export function labelledAnswers(answers: Record<string, unknown>): LabelledAnswer[] {
  const rows: LabelledAnswer[] = [];
  for (const { step } of quizStepList) {
    if (step === 'acceptTerms') continue;
    const value = answers[step];
    if (value === undefined || value === null || value === '') continue;
    if (step === 'websiteQuality' && answers.hasWebsite !== 'Yes') continue;
    if (step === 'monthlyAdSpend' && answers.runningAds !== 'Yes') continue;
    const question = quizEn.steps[step].question;
    if (step === 'goals') {
      const goals = Array.isArray(value) ? value : [];
      rows.push({ question, answer: goals.map((goal) => quizEn.goals[goal as GoalId] ?? String(goal)).join('\n') });
    } else {
      rows.push({ question, answer: optionLabel(step, value) });
    }
    if (step === 'email' && typeof answers.phone === 'string' && answers.phone) {
      rows.push({ question: 'Phone', answer: answers.phone });
    }
  }
  return rows;
}
