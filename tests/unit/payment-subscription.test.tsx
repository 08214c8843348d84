import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckoutRequest } from '../../machines/payment.machine';
import { checkoutOptions } from '../../src/features/payment/paymentActor';
import { loadPendingPayment, savePendingPayment } from '../../src/features/payment/pendingPayment';
import { sandboxCheckout } from '../../src/features/payment/SandboxCheckout';
import { profileDetails } from '../../src/domain/checkout';
import { formatBillingDate } from '../../src/domain/billing';
import { createOrder, sandboxPay } from '../../src/lib/paymentApi';

/**
 * Buying a monthly plan is subscribing (docs/decisions/180-monthly-billing.md): the checkout opens with the
 * subscription's id, Razorpay's widget without an amount, and the payment it reports is kept and verified by that id.
 */

const buyer = profileDetails({ email: 'meera@kiranastore.in', displayName: 'Meera Iyer' });
const subscription = {
  id: 'sub_Test12345678',
  kind: 'subscription' as const,
  amount: 2_150_000,
  monthlyAmount: 450_000,
  firstRenewalOn: '2026-12-26T18:30:00.000Z',
  currency: 'INR' as const,
  keyId: 'rzp_live_key',
  mode: 'live' as const,
  description: 'Payment for Growth Engine Plan',
  checkoutSecret: 'k'.repeat(43),
};
const request = (order: CheckoutRequest['order']): CheckoutRequest => ({
  order,
  buyer: { fullName: 'Meera Iyer', email: buyer.email, phone: '' },
});

describe('checkout for a monthly plan', () => {
  it('create-order answers a subscription with its monthly amount and first renewal, read as given', async () => {
    const fetchImpl = vi.fn(async () => Response.json(subscription, { status: 201 })) as unknown as typeof fetch;
    await expect(createOrder({ plan: 'growth-engine', userDetails: buyer }, fetchImpl)).resolves.toEqual(subscription);
  });

  it("Razorpay's widget opens with subscription_id and no amount, and says what is charged today and every month", () => {
    const options = checkoutOptions(request(subscription), vi.fn());
    expect(options).toMatchObject({ key: 'rzp_live_key', subscription_id: 'sub_Test12345678', currency: 'INR' });
    expect(options).not.toHaveProperty('order_id');
    expect(options).not.toHaveProperty('amount');
    expect(options.description).toBe('Payment for Growth Engine Plan: ₹21,500 today, then ₹4,500 every month');
  });

  it("the sandbox's dialog shows today's charge, and an order made before billing still opens with its order id", () => {
    expect(checkoutOptions(request({ ...subscription, mode: 'sandbox' }), vi.fn())).toMatchObject({
      subscription_id: subscription.id,
      amount: 2_150_000,
    });
    const order = { ...subscription, id: 'order_Test12345678', kind: undefined, monthlyAmount: undefined, firstRenewalOn: undefined };
    const options = checkoutOptions(request(order), vi.fn());
    expect(options).toMatchObject({ order_id: 'order_Test12345678', amount: 2_150_000, description: 'Payment for Growth Engine Plan' });
    expect(options).not.toHaveProperty('subscription_id');
  });

  it('the sandbox dialog pays and fails the subscription by its id', async () => {
    const paid = { razorpay_payment_id: 'pay_Test12345678', razorpay_subscription_id: subscription.id, razorpay_signature: 'a'.repeat(64) };
    const calls = { pay: vi.fn(async () => paid), fail: vi.fn() };
    const options = { ...checkoutOptions(request({ ...subscription, mode: 'sandbox' }), vi.fn()), handler: vi.fn() };
    const Checkout = sandboxCheckout(calls);
    act(() => new Checkout(options).open());
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(calls.pay).toHaveBeenCalledWith(subscription.id, buyer.email, subscription.checkoutSecret);
    expect(options.handler).toHaveBeenCalledWith(paid);
  });

  // Hardening round 3, finding 7: on a box others can reach, the sandbox's buttons answer only the page that made the
  // order, by the secret create-order gave it (decision 190); Razorpay's own widget never sees it.
  it("the sandbox dialog proves the buyer with the order's checkout secret; Razorpay's widget is never given it", async () => {
    expect(checkoutOptions(request(subscription), vi.fn())).not.toHaveProperty('checkout_secret');
    const calls = {
      pay: vi.fn(),
      fail: vi.fn(async () => ({ error: { code: 'BAD_REQUEST_ERROR', description: 'Payment declined by the test bank' } })),
    };
    const options = checkoutOptions(request({ ...subscription, mode: 'sandbox' }), vi.fn());
    expect(options.checkout_secret).toBe(subscription.checkoutSecret);
    const Checkout = sandboxCheckout(calls);
    act(() => new Checkout(options).open());
    await userEvent.click(screen.getByRole('button', { name: 'Simulate failure' }));
    expect(calls.fail).toHaveBeenCalledWith(subscription.id, subscription.checkoutSecret);

    const fetchImpl = vi.fn(async () =>
      Response.json({
        razorpay_payment_id: 'pay_Test12345678',
        razorpay_subscription_id: subscription.id,
        razorpay_signature: 'a'.repeat(64),
      }),
    );
    await sandboxPay(
      subscription.id,
      { email: buyer.email, checkoutSecret: subscription.checkoutSecret },
      fetchImpl as unknown as typeof fetch,
    );
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/sandbox/checkout/${subscription.id}/pay`);
    expect(JSON.parse(String(init.body))).toEqual({ email: buyer.email, checkoutSecret: subscription.checkoutSecret });
  });

  it("a subscription's pending payment is kept across a reload, and a malformed one is dropped", () => {
    const store = window.localStorage;
    const pending = {
      razorpay_payment_id: 'pay_Test12345678',
      razorpay_subscription_id: subscription.id,
      razorpay_signature: 'a'.repeat(64),
      plan: 'growth-engine' as const,
      userDetails: buyer,
    };
    savePendingPayment(pending, store);
    expect(loadPendingPayment(store)).toEqual(pending);
    savePendingPayment({ ...pending, razorpay_subscription_id: 'order_Test12345678' }, store);
    expect(loadPendingPayment(store)).toBeNull();
  });

  it('billing dates are said in India: a renewal at 00:00 IST is that day', () => {
    expect(formatBillingDate(subscription.firstRenewalOn)).toBe('27 December 2026');
  });
});
