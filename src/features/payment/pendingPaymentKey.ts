/** Where a taken, not yet verified payment waits (pendingPayment.ts); alone here, so the site's layout can look cheaply. */
export const PENDING_PAYMENT_KEY = 'growth.pendingPayment';
