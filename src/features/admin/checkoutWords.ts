import type { CheckoutRow } from '../../domain/admin';
import { formatTime, planName, type BadgeTone } from './format';
import { formatPaise } from './subscriptionWords';

/** What the Checkouts left tab says (docs/decisions/189): what was asked for, and where the checkout stands. */

/** "LaunchPad: ₹12,500 today, then ₹2,500 a month": what the checkout asked for. */
export const checkoutPlan = (row: Pick<CheckoutRow, 'plan' | 'amountPaise' | 'monthlyPaise'>) =>
  `${planName(row.plan)}: ${formatPaise(row.amountPaise)} today, then ${formatPaise(row.monthlyPaise)} a month`;

/** The checkout at the gateway: still open, or closed by the reconciler (or by the gateway) so it cannot be paid. */
export function checkoutBadge(row: Pick<CheckoutRow, 'status'>): { text: string; tone: BadgeTone } {
  return row.status === 'created' ? { text: 'Not paid', tone: 'warn' } : { text: 'Not paid, closed', tone: 'neutral' };
}

/** When a closed checkout was closed, and what that means for the buyer. */
export const checkoutClosed = (endedAt: string | null) =>
  `${endedAt ? `${formatTime(endedAt)}. ` : ''}It can no longer be paid: pressing Pay again starts a new checkout.`;

/** Said above the list: who is in it, and how staff may reach them. */
export const checkoutsLine =
  'Buyers who gave their details and did not pay within an hour, each once, by their latest checkout. They have not agreed to emails: call them.';
