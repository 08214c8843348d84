import type { PaymentInput } from '../../../machines/payment.machine';
import { isCheckoutHandoff } from '../../domain/checkout';
import { priceOf } from '../../domain/payment';
import { loadQuizDraft } from '../../lib/draftStorage';
import { loadPendingPayment } from './pendingPayment';

/**
 * What the payment machine starts with, or null to send the visitor back to /pricing: a payment taken before a reload
 * and not yet verified outranks the router's hand-off (its money is already taken); the quiz's draft prefills the
 * buyer's contact details.
 */
export function paymentInputFor(routerState: unknown): PaymentInput | null {
  const pending = loadPendingPayment();
  if (pending) return { plan: pending.plan, customer: pending.userDetails, pending };
  const handoff = isCheckoutHandoff(routerState) ? routerState : null;
  if (!handoff || !priceOf(handoff.plan)) return null;
  const draft = loadQuizDraft()?.answers;
  const prefill = draft ? { fullName: draft.fullName, email: draft.email, phone: draft.phone } : null;
  return { plan: handoff.plan, customer: handoff.userDetails, prefill };
}
