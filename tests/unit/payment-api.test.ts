import { describe, expect, it, vi } from 'vitest';
import { PaymentProblem, type PendingPayment } from '../../machines/payment.machine';
import { profileDetails } from '../../src/domain/checkout';
import { createOrder, verifyPayment } from '../../src/lib/paymentApi';

const answer = (status: number, body: string, type = 'application/json') =>
  vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': type } })) as unknown as typeof fetch & ReturnType<typeof vi.fn>;

const buyer = profileDetails({ email: 'meera@kiranastore.in', displayName: 'Meera Iyer' });
const payment: PendingPayment = {
  razorpay_order_id: 'order_Test12345678',
  razorpay_payment_id: 'pay_Test12345678',
  razorpay_signature: 'a'.repeat(64),
  plan: 'growth-engine',
  userDetails: buyer,
};
const noWait = { sleep: async () => {} };

describe('payment API client', () => {
  it('create-order sends plan, INR and the buyer, and reads the order', async () => {
    const order = { id: 'order_X1234567', amount: 2_150_000, currency: 'INR', keyId: 'rzp_test', mode: 'sandbox', description: 'Payment for Growth Engine Plan' };
    const fetchImpl = answer(201, JSON.stringify(order));
    await expect(createOrder({ plan: 'growth-engine', userDetails: buyer }, fetchImpl)).resolves.toEqual(order);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/create-order');
    expect(JSON.parse(init.body)).toEqual({ plan: 'growth-engine', currency: 'INR', userDetails: buyer });
  });

  it('a refused order is the exact sentence with the host and the response text', async () => {
    const fetchImpl = answer(502, 'Bad gateway', 'text/plain');
    const error = await createOrder({ plan: 'growth-engine', userDetails: buyer }, fetchImpl).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProblem);
    expect((error as Error).message).toBe(
      `Failed to create payment order. Is your backend running and accessible at ${window.location.host}? Details: Bad gateway`,
    );
  });

  it('verification answers a token, or the sentence asking to sign in; the ID token goes as Bearer', async () => {
    const ok = answer(200, JSON.stringify({ success: true, token: 'custom-token' }));
    await expect(verifyPayment(payment, { fetchImpl: ok, idToken: 'id-token', ...noWait })).resolves.toEqual({ token: 'custom-token' });
    expect(ok.mock.calls[0]![1].headers.Authorization).toBe('Bearer id-token');
    const signIn = answer(200, JSON.stringify({ success: true, token: null, msg: 'Please sign in.' }));
    await expect(verifyPayment(payment, { fetchImpl: signIn, ...noWait })).resolves.toEqual({ token: null, message: 'Please sign in.' });
  });

  it("a refusal shows the answer's msg; a body without one shows status and body", async () => {
    const refused = answer(400, JSON.stringify({ success: false, msg: 'Payment verification failed.' }));
    await expect(verifyPayment(payment, { fetchImpl: refused, ...noWait })).rejects.toThrow(new PaymentProblem('Payment verification failed.'));
    const bare = answer(500, 'Internal error', 'text/plain');
    await expect(verifyPayment(payment, { fetchImpl: bare, ...noWait })).rejects.toThrow(
      'Payment verification failed. Status: 500. Body: Internal error',
    );
  });

  it('503 "payment received" is retried with backoff, then its sentence asks the buyer to sign in later', async () => {
    const pending = answer(503, JSON.stringify({ success: false, msg: 'Your payment was received.' }));
    const sleep = vi.fn(async () => {});
    await expect(verifyPayment(payment, { fetchImpl: pending, sleep, retryDelaysMs: [10, 20] })).resolves.toEqual({
      token: null,
      message: 'Your payment was received.',
    });
    expect(pending).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[10], [20]]);
  });
});
