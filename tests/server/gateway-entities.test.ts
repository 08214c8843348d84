import { describe, expect, it } from 'vitest';
import {
  disputeFromEntity,
  paymentFromEntity,
  RAZORPAY_NO_EMAIL,
  refundFromEntity,
  type GatewayPayment,
} from '../../server/payments/gateway';

/**
 * What a signed `refund.processed` or `payment.dispute.*` may carry that must not count as a refund or a dispute:
 * each is ignored, not a 5xx.
 */
const payment: GatewayPayment = {
  id: 'pay_1',
  orderId: 'order_1',
  status: 'captured',
  amountPaise: 1_000_000,
  currency: 'INR',
  method: 'card',
  email: null,
  errorCode: null,
  errorDescription: null,
};

describe("paymentFromEntity: the buyer's email", () => {
  const entity = (email: unknown) => ({ id: 'pay_1', order_id: 'order_1', status: 'captured', amount: 100, email });

  it('reads an address, trimmed and in lower case', () => {
    expect(paymentFromEntity(entity(' Asha.Rao@Example.IN '))?.email).toBe('asha.rao@example.in');
  });

  it.each([
    ["Razorpay's placeholder for a buyer who gave none", RAZORPAY_NO_EMAIL],
    ['the placeholder in capitals', 'Void@Razorpay.com'],
    ['our own guest placeholder', 'guest@example.com'],
    ['not an address', 'asha at example'],
    ['empty', ''],
    ['not text', 42],
    ['missing', undefined],
  ])('takes %s as no address, keeping the payment', (_label, email) => {
    const payment = paymentFromEntity(entity(email));
    expect(payment).toMatchObject({ id: 'pay_1', email: null });
  });
});

describe('refundFromEntity', () => {
  it('reads a refund of this payment: its own id and amount', () => {
    expect(refundFromEntity({ id: 'rfnd_1', amount: 250_000, payment_id: 'pay_1', status: 'processed' }, payment)).toEqual({
      id: 'rfnd_1',
      amountPaise: 250_000,
    });
  });

  it.each([
    ['no entity', undefined],
    ['not an object', 'rfnd_1'],
    ['no id', { amount: 100, payment_id: 'pay_1' }],
    ['an empty id', { id: '', amount: 100, payment_id: 'pay_1' }],
    ['an id that is not text', { id: 7, amount: 100, payment_id: 'pay_1' }],
    ["another payment's refund", { id: 'rfnd_1', amount: 100, payment_id: 'pay_2' }],
    ['an amount as text', { id: 'rfnd_1', amount: '100', payment_id: 'pay_1' }],
    ['a fractional amount', { id: 'rfnd_1', amount: 10.5, payment_id: 'pay_1' }],
    ['a zero amount', { id: 'rfnd_1', amount: 0, payment_id: 'pay_1' }],
    ['a negative amount', { id: 'rfnd_1', amount: -100, payment_id: 'pay_1' }],
    ['more than the payment', { id: 'rfnd_1', amount: 1_000_001, payment_id: 'pay_1' }],
    ['a huge amount', { id: 'rfnd_1', amount: 2 ** 53, payment_id: 'pay_1' }],
  ])('ignores %s', (_name, entity) => {
    expect(refundFromEntity(entity, payment)).toBeNull();
  });
});

describe('disputeFromEntity', () => {
  const open = {
    id: 'disp_1',
    payment_id: 'pay_1',
    amount: 1_000_000,
    currency: 'INR',
    status: 'open',
    phase: 'chargeback',
    reason_code: 'fraud',
    reason_description: 'Card not present fraud',
    respond_by: 1_764_786_600,
  };

  it('reads a dispute of this payment: status, amount, phase, reason and the date to answer by', () => {
    expect(disputeFromEntity(open, payment)).toEqual({
      id: 'disp_1',
      amountPaise: 1_000_000,
      currency: 'INR',
      status: 'open',
      phase: 'chargeback',
      reasonCode: 'fraud',
      reason: 'Card not present fraud',
      respondBy: new Date(1_764_786_600_000),
    });
    expect(disputeFromEntity({ ...open, respond_by: null, phase: '', reason_description: undefined }, payment)).toMatchObject({
      respondBy: null,
      phase: null,
      reason: null,
    });
    expect(disputeFromEntity({ ...open, reason_description: 'x'.repeat(5_000) }, payment)?.reason).toHaveLength(200);
  });

  it.each([
    ['no entity', undefined],
    ['no id', { ...open, id: undefined }],
    ['an empty id', { ...open, id: ' ' }],
    ["another payment's dispute", { ...open, payment_id: 'pay_2' }],
    ['an unknown status', { ...open, status: 'pending' }],
    ['an amount as text', { ...open, amount: '100' }],
    ['a zero amount', { ...open, amount: 0 }],
    ['more than the payment', { ...open, amount: 1_000_001 }],
  ])('ignores %s', (_name, entity) => {
    expect(disputeFromEntity(entity, payment)).toBeNull();
  });
});
