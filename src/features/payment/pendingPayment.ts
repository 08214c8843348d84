import type { PendingPayment } from '../../../machines/payment.machine';
import { verifyPaymentSchema, verifySubscriptionSchema } from '../../domain/payment';
import { readJson, readText, removeItem, safeLocalStorage, validatorOf, writeJson } from '../../lib/storage';
import { PENDING_PAYMENT_KEY } from './pendingPaymentKey';

/**
 * A payment the checkout reported as taken, kept until verification ends (docs/decisions/092-payment-page-and-resume.md):
 * a reload meanwhile verifies it again instead of losing it. In local storage, not the tab's session, so a buyer whose
 * tab closed before the answer came finishes in this browser later, signed in with the order's checkout secret.
 */
export { PENDING_PAYMENT_KEY };

// Checked with the server's own schema; the value is kept as stored, the quiz details travelling along included.
const pendingPayment = validatorOf((value) =>
  verifyPaymentSchema.safeParse(value).success || verifySubscriptionSchema.safeParse(value).success ? (value as PendingPayment) : null,
);

/** The pending payment; one that cannot be read is dropped, so the site stops offering to finish it. */
export function loadPendingPayment(store: Storage | undefined = safeLocalStorage()): PendingPayment | null {
  const payment = readJson(store, PENDING_PAYMENT_KEY, pendingPayment);
  if (!payment && readText(store, PENDING_PAYMENT_KEY) !== null) removeItem(store, PENDING_PAYMENT_KEY);
  return payment;
}

export function savePendingPayment(payment: PendingPayment, store: Storage | undefined = safeLocalStorage()): void {
  writeJson(store, PENDING_PAYMENT_KEY, payment);
}

export function forgetPendingPayment(store: Storage | undefined = safeLocalStorage()): void {
  removeItem(store, PENDING_PAYMENT_KEY);
}
