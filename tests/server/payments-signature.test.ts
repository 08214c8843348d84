import { describe, expect, it } from 'vitest';
import {
  isValidPaymentSignature,
  isValidWebhookSignature,
  paymentSignature,
  safeEqualHex,
  webhookSignature,
} from '../../server/payments/signature';

/**
 * Known vectors, computed outside this code:
 *   printf '%s' 'order_DBJOWzybf0sJbb|pay_DBJOWzybf0sJbc' | openssl dgst -sha256 -hmac 'test_secret_key'
 *   printf '%s' '{"entity":"event","event":"payment.captured"}' | openssl dgst -sha256 -hmac 'webhook_secret'
 * and the webhook example of Razorpay's own SDK tests (razorpay-node test/utils/razorpay-utils.spec.js), which
 * openssl reproduces: printf '%s' '{"a":1,"b":2,"c":{"d":3}}' | openssl dgst -sha256 -hmac '123456'
 */
const paymentVector = {
  orderId: 'order_DBJOWzybf0sJbb',
  paymentId: 'pay_DBJOWzybf0sJbc',
  secret: 'test_secret_key',
  signature: '7eb408a3b5a2d0520a91463f73c40ba966dc260fce4cdb46bd460617aea64a94',
};
const webhookVector = {
  body: '{"entity":"event","event":"payment.captured"}',
  secret: 'webhook_secret',
  signature: '6d6a4e1c25e740448e2f31d7a6a18b53244be96aeefc467f5302166ad760501d',
};
const razorpaySdkVector = {
  body: '{"a":1,"b":2,"c":{"d":3}}',
  secret: '123456',
  signature: '2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc',
};

describe('payment signature (order_id|payment_id with the key secret)', () => {
  it('matches the known vector', () => {
    expect(paymentSignature(paymentVector.orderId, paymentVector.paymentId, paymentVector.secret)).toBe(paymentVector.signature);
    expect(isValidPaymentSignature(paymentVector, paymentVector.secret)).toBe(true);
  });

  it('refuses any change to the order, the payment, the secret or the signature', () => {
    expect(isValidPaymentSignature({ ...paymentVector, orderId: 'order_DBJOWzybf0sJbB' }, paymentVector.secret)).toBe(false);
    expect(isValidPaymentSignature({ ...paymentVector, paymentId: 'pay_DBJOWzybf0sJbd' }, paymentVector.secret)).toBe(false);
    expect(isValidPaymentSignature(paymentVector, 'test_secret_kez')).toBe(false);
    const flipped = `${paymentVector.signature.slice(0, -1)}5`;
    expect(isValidPaymentSignature({ ...paymentVector, signature: flipped }, paymentVector.secret)).toBe(false);
    // The separator matters: 'a|bc' and 'ab|c' differ.
    expect(paymentSignature('order_a', 'bc', 's')).not.toBe(paymentSignature('order_ab', 'c', 's'));
  });

  it('never throws on a signature of another length or type', () => {
    for (const signature of ['', 'abc', paymentVector.signature + '00', undefined, null, 42, {}, ['x']]) {
      expect(isValidPaymentSignature({ ...paymentVector, signature }, paymentVector.secret)).toBe(false);
    }
    expect(safeEqualHex('ab', '€')).toBe(false);
  });
});

describe('webhook signature (the raw body with the webhook secret)', () => {
  it('matches the known vectors, Razorpay SDK example included', () => {
    expect(webhookSignature(Buffer.from(webhookVector.body), webhookVector.secret)).toBe(webhookVector.signature);
    expect(webhookSignature(razorpaySdkVector.body, razorpaySdkVector.secret)).toBe(razorpaySdkVector.signature);
    expect(isValidWebhookSignature(Buffer.from(razorpaySdkVector.body), razorpaySdkVector.signature, razorpaySdkVector.secret)).toBe(true);
  });

  it('is over the bytes: the same JSON re-serialised (spaces, key order) does not verify', () => {
    const reserialised = JSON.stringify(JSON.parse(razorpaySdkVector.body), null, 1);
    expect(isValidWebhookSignature(Buffer.from(reserialised), razorpaySdkVector.signature, razorpaySdkVector.secret)).toBe(false);
    expect(isValidWebhookSignature(Buffer.from(`${razorpaySdkVector.body}\n`), razorpaySdkVector.signature, razorpaySdkVector.secret)).toBe(
      false,
    );
  });

  it('accepts the signature in upper case (hex is hex) and refuses a missing one', () => {
    const body = Buffer.from(razorpaySdkVector.body);
    expect(isValidWebhookSignature(body, razorpaySdkVector.signature.toUpperCase(), razorpaySdkVector.secret)).toBe(true);
    expect(isValidWebhookSignature(body, undefined, razorpaySdkVector.secret)).toBe(false);
  });
});
