import type { StaffSubscriptionRow, SubscriptionAction, SubscriptionRequestRow } from '../../domain/admin';
import { billingPriceOf } from '../../domain/billing';
import { formatInr } from '../../domain/money';
import { planName, type BadgeTone } from './format';

/** What the Subscriptions tab says: a subscription's standing, the clients' requests, and each action before it is taken. */

const indiaDay = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

/** "27 Dec 2026": a billing date as India reads it (billing periods turn at 00:00 IST), whatever the browser's zone. */
export function formatDay(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : indiaDay.format(date);
}

export const formatPaise = (paise: number) => formatInr(paise / 100);

/** The subscription's standing in a few words: what is wrong or about to change first. */
export function subscriptionBadge(row: Pick<StaffSubscriptionRow, 'status' | 'endsAt' | 'nextChargeAt' | 'pauseAt'>): {
  text: string;
  tone: BadgeTone;
} {
  switch (row.status) {
    case 'pending':
      return { text: 'Charge failed, retrying', tone: 'bad' };
    case 'halted':
      return { text: 'Charges stopped (halted)', tone: 'bad' };
    case 'paused':
      return { text: 'Paused', tone: 'warn' };
    case 'cancelled':
      return { text: 'Cancelled', tone: 'neutral' };
    case 'completed':
      return { text: 'Completed', tone: 'neutral' };
    case 'active':
      if (row.pauseAt) return { text: `Pauses ${formatDay(row.pauseAt)}`, tone: 'warn' };
      if (row.endsAt && !row.nextChargeAt) return { text: `Ends ${formatDay(row.endsAt)}`, tone: 'warn' };
      if (row.endsAt) return { text: `Ends ${formatDay(row.endsAt)}, after one more charge`, tone: 'warn' };
      return { text: 'Active', tone: 'good' };
    default:
      return { text: row.status[0]!.toUpperCase() + row.status.slice(1), tone: 'neutral' };
  }
}

export function requestLabel(request: Pick<SubscriptionRequestRow, 'kind' | 'plan'>): string {
  if (request.kind === 'pause') return 'Pause from the next cycle';
  if (request.kind === 'resume') return 'Resume';
  return `Change to ${planName(request.plan)}`;
}

export const requestStatusBadges: Record<SubscriptionRequestRow['status'], { text: string; tone: BadgeTone }> = {
  open: { text: 'Waiting', tone: 'warn' },
  done: { text: 'Done', tone: 'good' },
  declined: { text: 'Declined', tone: 'neutral' },
};

/** The action's button. */
export function actionButton(kind: SubscriptionAction['kind'], row: Pick<StaffSubscriptionRow, 'status'>): string {
  switch (kind) {
    case 'pause':
      return 'Pause from next cycle';
    case 'resume':
      return row.status === 'paused' ? 'Resume' : 'Keep running (drop the pause)';
    case 'change_plan':
      return 'Change plan at cycle end';
    case 'cancel_at_period_end':
      return 'Cancel at period end';
    case 'cancel_now':
      return 'Cancel now';
    case 'decline_request':
      return 'Decline';
  }
}

export interface Confirmation {
  question: string;
  /** What happens, said before it does. */
  detail: string;
  yes: string;
}

/** What confirming an action commits to, in full. */
export function confirmationOf(action: SubscriptionAction, row: StaffSubscriptionRow): Confirmation {
  const until = formatDay(row.paidThrough);
  switch (action.kind) {
    case 'pause':
      return {
        question: `Pause from ${until}?`,
        detail: `No charge is taken on ${until}. The client keeps ${planName(row.plan)} until then. Razorpay pauses only at once, so the pause is made there a day before.`,
        yes: 'Yes, pause',
      };
    case 'resume':
      return row.status === 'paused'
        ? {
            question: 'Resume now?',
            detail: `Razorpay charges ${formatPaise(row.monthlyPaise)} for a new month now if the paid period has ended, otherwise on ${until} as usual.`,
            yes: 'Yes, resume',
          }
        : {
            question: 'Keep it running?',
            detail: `The pause from ${formatDay(row.pauseAt)} is dropped and the charge on ${until} goes ahead.`,
            yes: 'Yes, keep running',
          };
    case 'change_plan': {
      const price = billingPriceOf(action.plan);
      return {
        question: `Change to ${planName(action.plan)} from ${until}?`,
        detail: `${price ? formatPaise(price.monthlyPaise) : 'The new price'} a month from the next cycle; this month stays as paid. Razorpay refuses plan changes on Indian cards and UPI: if it does, its answer is shown here.`,
        yes: 'Yes, change plan',
      };
    }
    case 'cancel_at_period_end':
      return {
        question: 'Cancel at the end of the period?',
        detail: `No more charges. The service ends on ${until}.`,
        yes: 'Yes, cancel at period end',
      };
    case 'cancel_now':
      return {
        question: 'Cancel now?',
        detail: `Razorpay stops the subscription at once and charges nothing more. The client keeps the plan to ${until}, which is paid for. This cannot be undone.`,
        yes: 'Yes, cancel now',
      };
    case 'decline_request': {
      const request = row.requests.find((candidate) => candidate.id === action.requestId);
      return {
        question: `Decline “${request ? requestLabel(request) : 'the request'}”?`,
        detail: 'The request is closed as declined; the subscription is not changed. Tell the client why.',
        yes: 'Yes, decline',
      };
    }
  }
}
