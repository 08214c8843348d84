import { randomBytes } from 'node:crypto';
import {
  createOrderSchema,
  paymentDescription,
  paymentFieldErrors,
  paymentMessages,
  priceOf,
  type CreateOrderAnswer,
} from '../../src/domain/payment';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import { gatewayAppError, type PaymentGateway } from './gateway';
import { insertOrder } from './repository';
import { newCheckoutSecret } from './signature';

/**
 * POST /api/create-order for a plan paid once: the order priced here, made at the gateway, then stored. The request's
 * check and the receipt are shared with a monthly plan's subscription (server/billing/subscribe.ts).
 */

/** Something that is not an object (an array, a number) reads as an empty body, so errors always name fields. */
export const asObject = (input: unknown) => (input && typeof input === 'object' && !Array.isArray(input) ? input : {});

/** POST /api/create-order's body, checked; a 400 naming the fields otherwise (for orders and subscriptions alike). */
export function orderRequestOf(input: unknown) {
  const parsed = createOrderSchema.safeParse(asObject(input));
  if (parsed.success) return parsed.data;
  const fieldErrors = paymentFieldErrors(parsed.error);
  const message = fieldErrors.plan ?? fieldErrors.currency ?? 'Some order details are not valid.';
  throw new AppError(400, 'validation_failed', message, { fieldErrors });
}

/**
 * Random bytes from a pool refilled 4 kB at a time: one system call per 341 receipts rather than one per order.
 * A receipt is an identifier, not a secret.
 */
let randomPool = Buffer.alloc(0);
let randomOffset = 0;
function randomHex(bytes: number): string {
  if (randomOffset + bytes > randomPool.length) {
    randomPool = randomBytes(4096);
    randomOffset = 0;
  }
  randomOffset += bytes;
  return randomPool.toString('hex', randomOffset - bytes, randomOffset);
}

/** Razorpay limits receipts to 40 characters; 24 random hex characters make a collision practically impossible. */
export function newReceipt(): string {
  return `rcpt_${randomHex(12)}`;
}

export function createOrderCreation({ db, gateway, logger }: { db: Database; gateway: PaymentGateway; logger: Logger }) {
  return async function createOrder(input: unknown): Promise<CreateOrderAnswer> {
    const { plan, currency, userDetails } = orderRequestOf(input);
    const price = priceOf(plan);
    if (!price) throw new AppError(400, 'plan_not_sold_online', paymentMessages.planCustom);

    const receipt = newReceipt();
    let gatewayOrder;
    try {
      gatewayOrder = await gateway.createOrder({ amountPaise: price.amountPaise, currency, receipt, notes: { plan } });
    } catch (err) {
      logger.warn('gateway order creation failed', { plan, error: err instanceof Error ? err.message : String(err) });
      throw gatewayAppError(err);
    }
    // The row is written only once the gateway answered: a failed or slow gateway leaves nothing half-made.
    const { email, ...details } = userDetails ?? { email: null };
    const checkoutSecret = newCheckoutSecret();
    const order = await insertOrder(db, {
      gatewayOrderId: gatewayOrder.id,
      receipt,
      plan,
      amountPaise: price.amountPaise,
      currency,
      mode: gateway.mode,
      customerEmail: email,
      customerDetails: userDetails ? details : null,
      checkoutSecretHash: checkoutSecret.hash,
    });
    logger.info('order status', { orderId: order.gatewayOrderId, plan, from: null, to: 'created', by: 'create-order' });
    return {
      id: order.gatewayOrderId,
      amount: order.amountPaise,
      currency,
      keyId: gateway.keyId,
      mode: gateway.mode,
      description: paymentDescription(price),
      checkoutSecret: checkoutSecret.secret,
    };
  };
}
