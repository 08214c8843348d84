import type { Database } from '../db/client';
import type { OrderRow } from '../db/schema';
import type { Logger } from '../logger';
import { paysOrderInFull } from './fulfilment';
import type { GatewayPayment, PaymentGateway } from './gateway';
import { findOrder, findPayment, gatewayPaymentOf, recordPayment } from './repository';

/**
 * Whether a payment's money was taken, and taking it when it is due (docs/decisions/090, "Captured, not assumed"). A
 * checkout's signature says the payment succeeded in Checkout; on an account that captures by hand the money is then
 * only authorized, and the gateway releases it to the buyer after a few days unless it is captured.
 */
export function createCapture({ db, gateway, logger }: { db: Database; gateway: PaymentGateway; logger: Logger }) {
  /**
   * The payment as the gateway holds it, captured where it is due: one a webhook or an earlier check recorded as
   * captured (or refunded since) is taken as recorded; otherwise the gateway is asked. Rejects with GatewayError when
   * the gateway cannot say.
   */
  async function takenPayment(order: OrderRow, paymentId: string): Promise<GatewayPayment> {
    const known = await findPayment(db, paymentId);
    if (known && (known.status === 'captured' || known.status === 'refunded')) return gatewayPaymentOf(known);
    return captureIfDue(order, await gateway.fetchPayment(paymentId));
  }

  /**
   * An `authorized` payment is captured when it pays its order, still unpaid, in full; any other payment comes back
   * as it is (an uncaptured one is released to the buyer by the gateway, so a second payment is never taken). On
   * automatic capture the gateway may capture first: a refused capture is looked at again.
   */
  async function captureIfDue(order: OrderRow, payment: GatewayPayment): Promise<GatewayPayment> {
    if (payment.status !== 'authorized' || payment.orderId !== order.gatewayOrderId) return payment;
    // Events come in any order: a payment.authorized after the capture was already recorded changes nothing.
    const known = await findPayment(db, payment.id);
    if (known?.status === 'captured' || known?.status === 'refunded') return { ...gatewayPaymentOf(known), email: payment.email };
    await recordPayment(db, payment);
    const current = await findOrder(db, order.gatewayOrderId);
    if (!current || current.status === 'paid' || !paysOrderInFull(current, payment)) {
      logger.warn('authorized payment left uncaptured', {
        orderId: order.gatewayOrderId,
        paymentId: payment.id,
        orderStatus: current?.status,
      });
      return payment;
    }
    try {
      const captured = await gateway.capturePayment(payment.id, payment.amountPaise, payment.currency);
      logger.info('payment captured', { orderId: order.gatewayOrderId, paymentId: payment.id });
      return captured;
    } catch (err) {
      const after = await gateway.fetchPayment(payment.id);
      if (after.status === 'captured') return after;
      throw err;
    }
  }

  return { takenPayment, captureIfDue };
}

export type Capture = ReturnType<typeof createCapture>;
