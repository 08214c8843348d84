import { describe, expect, it } from 'vitest';
import { refundFromEntity, type GatewayPayment } from '../../server/payments/gateway';

/** What a signed `refund.processed` may carry that must not count as a refund: each is ignored, not a 5xx. */
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

describe('refundFromEntity', () => {
  it('reads a refund of this payment: its own id and amount', () => {
    expect(refundFromEntity({ id: 'rfnd_1', amount: 250_000, payment_id: 'pay_1', status: 'processed' }, payment)).toEqual({ id: 'rfnd_1', amountPaise: 250_000 });
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
