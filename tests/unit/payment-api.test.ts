import { describe, expect, it, vi } from 'vitest';
import { PaymentProblem, PaymentUnconfirmed, paymentFailures, type PendingPayment } from '../../machines/payment.machine';
import { profileDetails } from '../../src/domain/checkout';
import { createOrder, verifyPayment } from '../../src/lib/paymentApi';

const answer = (status: number, body: string, type = 'application/json') =>
  vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': type } })) as unknown as typeof fetch &
    ReturnType<typeof vi.fn>;

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
    const order = {
      id: 'order_X1234567',
      amount: 2_150_000,
      currency: 'INR',
      keyId: 'rzp_test',
      mode: 'sandbox',
      description: 'Payment for Growth Engine Plan',
      checkoutSecret: 'k'.repeat(43),
    };
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
    await expect(verifyPayment(payment, { fetchImpl: refused, ...noWait })).rejects.toThrow(
      new PaymentProblem('Payment verification failed.'),
    );
    const bare = answer(400, 'Bad request', 'text/plain');
    await expect(verifyPayment(payment, { fetchImpl: bare, ...noWait })).rejects.toThrow(
      'Payment verification failed. Status: 400. Body: Bad request',
    );
  });

  it('an answer that is no verdict (none, 429, 5xx) is asked again, then leaves the payment unconfirmed, never failed', async () => {
    const outcomes = {
      'no answer': vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch & ReturnType<typeof vi.fn>,
      'rate limited': answer(429, JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests.' } })),
      'server error': answer(500, 'Internal error', 'text/plain'),
      'bad gateway': answer(502, '<html>Bad gateway</html>', 'text/html'),
      "a portal's page": answer(200, '<html>Sign in to the Wi-Fi</html>', 'text/html'),
    };
    for (const [name, fetchImpl] of Object.entries(outcomes)) {
      const error = await verifyPayment(payment, { fetchImpl, sleep: async () => {}, retryDelaysMs: [10, 20] }).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(PaymentUnconfirmed);
      expect((error as Error).message).toBe(paymentFailures.unconfirmed);
      expect(fetchImpl, name).toHaveBeenCalledTimes(3);
    }
  });

  it("a 429's Retry-After sets the wait before asking again, within maxWaitMs", async () => {
    let calls = 0;
    const fetchImpl = vi.fn(async () => {
      calls += 1;
      if (calls === 1)
        return new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Wait.' } }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '7' },
        });
      if (calls === 2)
        return new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Wait.' } }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '60' },
        });
      return new Response(JSON.stringify({ success: true, token: 'custom-token' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }) as unknown as typeof fetch;
    const sleep = vi.fn(async () => {});
    await expect(verifyPayment(payment, { fetchImpl, sleep, retryDelaysMs: [1_000, 2_000, 4_000], maxWaitMs: 10_000 })).resolves.toEqual({
      token: 'custom-token',
    });
    expect(sleep.mock.calls).toEqual([[7_000], [10_000]]);
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
