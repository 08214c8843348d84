import type { PendingPayment } from '../../../machines/payment.machine';
import { verifyPaymentSchema } from '../../domain/payment';
import { readJson, removeItem, safeSessionStorage, validatorOf, writeJson } from '../../lib/storage';

/**
 * A payment the checkout reported as taken, kept in this tab's session storage until verification ends
 * (docs/decisions/092-payment-page-and-resume.md): a reload meanwhile verifies it again instead of losing it.
 */
export const PENDING_PAYMENT_KEY = 'growth.pendingPayment';

// Checked with the server's own schema; the value is kept as stored, the quiz details travelling along included.
const pendingPayment = validatorOf((value) => (verifyPaymentSchema.safeParse(value).success ? (value as PendingPayment) : null));

export function loadPendingPayment(store: Storage | undefined = safeSessionStorage()): PendingPayment | null {
  return readJson(store, PENDING_PAYMENT_KEY, pendingPayment);
}

export function savePendingPayment(payment: PendingPayment, store: Storage | undefined = safeSessionStorage()): void {
  writeJson(store, PENDING_PAYMENT_KEY, payment);
}

export function forgetPendingPayment(store: Storage | undefined = safeSessionStorage()): void {
  removeItem(store, PENDING_PAYMENT_KEY);
}
