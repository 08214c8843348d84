import { describe, expect, it } from 'vitest';
import {
  buyerDetailsSchema,
  canMoveOrder,
  createOrderSchema,
  orderStatusAfter,
  orderStatuses,
  paymentDescription,
  paymentMessages,
  priceOf,
  verifyPaymentSchema,
  type OrderStatus,
} from '../../src/domain/payment';

const buyer = {
  fullName: 'Asha Verma',
  email: 'Asha@Example.in',
  phone: '+91 98765 43210',
  businessName: 'Asha Clinic',
  role: 'Owner',
  industry: 'Clinic/Healthcare',
  // Other quiz fields travel along and are dropped.
  goals: ['increase-leads'],
};

describe('priceOf', () => {
  it('prices the plans sold online: setup fee plus the first month, in rupees and paise', () => {
    expect(priceOf('launchpad')).toEqual({
      plan: 'launchpad',
      title: 'LaunchPad',
      setupFee: 10000,
      monthlyFee: 2500,
      totalRupees: 12500,
      amountPaise: 1_250_000,
    });
    expect(priceOf('growth-engine')).toMatchObject({ totalRupees: 21500, amountPaise: 2_150_000 });
  });

  it('refuses Scale Up (sold through sales) and anything that is not a plan', () => {
    for (const key of ['scale-up', 'Launchpad', '', 'launchpad ', '__proto__', null, undefined]) expect(priceOf(key)).toBeNull();
  });

  it('describes the payment as the checkout shows it', () => {
    expect(paymentDescription(priceOf('growth-engine')!)).toBe('Payment for Growth Engine Plan');
  });
});

describe('create-order body', () => {
  it('takes the plan and INR, and ignores an amount sent by the browser', () => {
    const parsed = createOrderSchema.parse({ plan: 'launchpad', currency: 'INR', amount: 1 });
    expect(parsed).toEqual({ plan: 'launchpad', currency: 'INR' });
  });

  it.each([
    [{ plan: 'scale-up', currency: 'INR' }, 'plan', paymentMessages.planCustom],
    [{ plan: 'gold', currency: 'INR' }, 'plan', paymentMessages.planUnknown],
    [{ currency: 'INR' }, 'plan', paymentMessages.planRequired],
    [{ plan: 'launchpad', currency: 'USD' }, 'currency', paymentMessages.currencyOnly],
    [{ plan: 'launchpad' }, 'currency', paymentMessages.currencyOnly],
  ])('refuses %j with a clear message', (body, field, message) => {
    const result = createOrderSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });
});

describe('buyer details', () => {
  it('keeps what the account needs, trimmed, with the email in lower case', () => {
    expect(buyerDetailsSchema.parse(buyer)).toEqual({
      fullName: 'Asha Verma',
      email: 'asha@example.in',
      phone: '+91 98765 43210',
      businessName: 'Asha Clinic',
      role: 'Owner',
      industry: 'Clinic/Healthcare',
    });
    expect(buyerDetailsSchema.parse({ fullName: 'Ravi K', email: 'ravi@example.in' })).toMatchObject({ phone: '', businessName: '' });
  });

  it.each([
    [{ ...buyer, email: 'guest@example.com' }, 'email', paymentMessages.emailPlaceholder],
    [{ ...buyer, email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
    [{ ...buyer, email: '' }, 'email', 'Email address is required.'],
    [{ ...buyer, fullName: 'A ' }, 'fullName', 'Please enter a valid name.'],
    [{ ...buyer, phone: '12345' }, 'phone', 'Please enter a valid phone number format.'],
    [{ ...buyer, businessName: 'x'.repeat(161) }, 'businessName', 'Business name must be 160 characters or fewer.'],
  ])('refuses %j', (details, field, message) => {
    const result = buyerDetailsSchema.safeParse(details);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });
});

describe('verify-payment body', () => {
  const valid = {
    razorpay_payment_id: 'pay_29QQoUBi66xm2f',
    razorpay_order_id: 'order_9A33XWu170gUtm',
    razorpay_signature: 'A'.repeat(64),
    userDetails: buyer,
    plan: 'launchpad',
  };

  it('accepts Razorpay-shaped ids and a hex signature (lower-cased)', () => {
    expect(verifyPaymentSchema.parse(valid).razorpay_signature).toBe('a'.repeat(64));
  });

  it.each([
    ['razorpay_payment_id', 'order_29QQoUBi66xm2f'],
    ['razorpay_order_id', "order_1' or 1=1"],
    ['razorpay_signature', 'z'.repeat(64)],
    ['razorpay_signature', 'a'.repeat(63)],
    ['plan', 'scale-up'],
  ])('refuses %s = %j', (field, value) => {
    expect(verifyPaymentSchema.safeParse({ ...valid, [field]: value }).success).toBe(false);
  });
});

describe('order status', () => {
  it('moves only forward: created -> paid, created -> failed -> paid, never back from paid', () => {
    const allowed = new Set(['created>paid', 'created>failed', 'failed>paid']);
    for (const from of orderStatuses) {
      for (const to of orderStatuses) expect(canMoveOrder(from, to)).toBe(allowed.has(`${from}>${to}`));
    }
  });

  it('ends paid whatever order the outcomes arrive in, once any of them is a payment', () => {
    const outcomes: Array<'paid' | 'failed'> = ['failed', 'paid', 'failed', 'failed', 'paid'];
    // Every ordering of the outcomes (120 of them) ends paid.
    const permutations = (items: typeof outcomes): Array<typeof outcomes> =>
      items.length <= 1
        ? [items]
        : items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
    for (const order of permutations(outcomes)) {
      expect(order.reduce<OrderStatus>((status, outcome) => orderStatusAfter(status, outcome), 'created')).toBe('paid');
    }
    expect(orderStatusAfter('created', 'failed')).toBe('failed');
    expect(orderStatusAfter('paid', 'failed')).toBe('paid');
  });
});
