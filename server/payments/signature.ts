import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's signatures, HMAC-SHA256 in lowercase hex. The SDK's own helpers compare with `===`, which leaks timing;
 * these compare in constant time and never throw, whatever the caller hands in.
 */

export function hmacSha256Hex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** The checkout's signature: `order_id|payment_id` signed with the key secret. */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);
}

/**
 * A subscription checkout's signature: `payment_id|subscription_id`, payment first, the reverse of an order's
 * (docs/billing/razorpay-subscriptions.md §4.2).
 */
export function subscriptionPaymentSignature(paymentId: string, subscriptionId: string, keySecret: string): string {
  return hmacSha256Hex(keySecret, `${paymentId}|${subscriptionId}`);
}

export function isValidSubscriptionSignature(
  { subscriptionId, paymentId, signature }: { subscriptionId: string; paymentId: string; signature: unknown },
  keySecret: string,
): boolean {
  return safeEqualHex(subscriptionPaymentSignature(paymentId, subscriptionId, keySecret), signature);
}

/** The webhook's signature: the raw request body, byte for byte, signed with the webhook secret. */
export function webhookSignature(rawBody: Buffer | string, webhookSecret: string): string {
  return hmacSha256Hex(webhookSecret, rawBody);
}

/** Constant-time equality of two hex strings; different lengths (or no value) are simply unequal. */
export function safeEqualHex(expected: string, received: unknown): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received.trim().toLowerCase(), 'utf8');
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}

export function isValidPaymentSignature(
  { orderId, paymentId, signature }: { orderId: string; paymentId: string; signature: unknown },
  keySecret: string,
): boolean {
  return safeEqualHex(paymentSignature(orderId, paymentId, keySecret), signature);
}

export function isValidWebhookSignature(rawBody: Buffer, signature: unknown, webhookSecret: string): boolean {
  return safeEqualHex(webhookSignature(rawBody, webhookSecret), signature);
}

/** A new checkout secret for one order's browser (256 bits, URL-safe), and the hash the order keeps of it. */
export function newCheckoutSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: checkoutSecretHash(secret) };
}

export function checkoutSecretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Whether a verification carries the secret of the order's own browser; an order without one has none to match. */
export function isOrderCheckoutSecret(storedHash: string | null, given: string | undefined): boolean {
  return Boolean(storedHash && given) && safeEqualHex(storedHash!, checkoutSecretHash(given!));
}
