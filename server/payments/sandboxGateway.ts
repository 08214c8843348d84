import { randomBytes, randomInt } from 'node:crypto';
import { PAYMENT_CURRENCY } from '../../src/domain/payment';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { and, eq } from 'drizzle-orm';
import { sandboxEntities } from '../db/schema';
import { GatewayError, paymentFromEntity, type GatewayPayment, type PaymentGateway } from './gateway';
import { findOrder, findPayment, findPaymentsOfOrder, gatewayPaymentOf, recordPayment } from './repository';
import { paymentSignature, webhookSignature } from './signature';

/**
 * The local stand-in for Razorpay (docs/decisions/091-sandbox-gateway.md), active only when no Razorpay keys are
 * configured. Its orders are the server's own order rows, its payments the payment rows the sandbox checkout writes,
 * so reconciliation asks it exactly as it asks Razorpay. It signs with secrets of its own, never Razorpay's.
 */

export const SANDBOX_KEY_ID = 'rzp_test_sandbox';

const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay-shaped ids: a prefix and 14 base62 characters. */
export function sandboxId(prefix: 'order' | 'pay' | 'evt' | 'sub' | 'inv' | 'plan' | 'cust'): string {
  let id = '';
  for (let i = 0; i < 14; i += 1) id += base62[randomInt(base62.length)];
  return `${prefix}_${id}`;
}

export interface SandboxGatewayOptions {
  db: Database;
  /** Unset: a random secret per process (a restart between paying and verifying then fails verification). */
  keySecret?: string;
  webhookSecret?: string;
}

/** Razorpay's refusal of a capture, in its words. */
const notCapturable = 'Only payments which have been authorized and not yet captured can be captured';

export function createSandboxGateway({ db, keySecret, webhookSecret }: SandboxGatewayOptions): PaymentGateway {
  async function knownPayment(paymentId: string): Promise<GatewayPayment> {
    const row = await findPayment(db, paymentId);
    // A subscription's charge is one of the sandbox billing's own entities: it knows the invoice it paid.
    const [charge] = await db
      .select()
      .from(sandboxEntities)
      .where(and(eq(sandboxEntities.id, paymentId), eq(sandboxEntities.kind, 'payment')));
    const billed = paymentFromEntity(charge?.entity);
    if (row) return { ...gatewayPaymentOf(row), invoiceId: billed?.invoiceId ?? null };
    if (!billed) throw new GatewayError('refused', 'The id provided does not exist', 400, 'BAD_REQUEST_ERROR');
    return billed;
  }
  return {
    mode: 'sandbox',
    keyId: SANDBOX_KEY_ID,
    keySecret: keySecret ?? randomBytes(32).toString('hex'),
    webhookSecret: webhookSecret ?? randomBytes(32).toString('hex'),
    async createOrder({ amountPaise, currency, receipt }) {
      if (currency !== PAYMENT_CURRENCY) throw new GatewayError('refused', `the sandbox takes ${PAYMENT_CURRENCY} only`, 400);
      return { id: sandboxId('order'), amountPaise, currency, receipt };
    },
    fetchOrderPayments: async (orderId) => (await findPaymentsOfOrder(db, orderId)).map(gatewayPaymentOf),
    fetchPayment: knownPayment,
    async capturePayment(paymentId, amountPaise, currency) {
      const payment = await knownPayment(paymentId);
      if (payment.status !== 'authorized') throw new GatewayError('refused', notCapturable, 400, 'BAD_REQUEST_ERROR');
      if (payment.amountPaise !== amountPaise || payment.currency !== currency) {
        throw new GatewayError('refused', 'Capture amount must be equal to the amount authorized', 400, 'BAD_REQUEST_ERROR');
      }
      const captured = { ...payment, status: 'captured' };
      await recordPayment(db, captured);
      return captured;
    },
  };
}

/** What the sandbox checkout dialog's buttons call, and the webhook it then delivers to this same server. */
export interface SandboxCheckout {
  /** 'Pay now': a captured payment (authorized only, on manual capture), signed as Razorpay Checkout's handler receives it. */
  pay(
    orderId: string,
    prefill?: { email?: string },
  ): Promise<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>;
  /** 'Simulate failure': a failed payment, as Razorpay's payment.failed reports it. */
  fail(orderId: string): Promise<{ code: string; description: string; razorpay_payment_id: string; razorpay_order_id: string }>;
  /** Resolves when the webhooks scheduled so far were delivered. */
  settled(): Promise<void>;
}

export const sandboxFailure = { code: 'BAD_REQUEST_ERROR', description: 'Payment declined by the test bank' } as const;

export interface SandboxCheckoutOptions {
  db: Database;
  gateway: PaymentGateway;
  logger: Logger;
  /** Razorpay's account setting: 'automatic' captures each payment; 'manual' leaves it authorized for the server. */
  capture: 'automatic' | 'manual';
  /** The server's own webhook handler, called in-process with a correctly signed raw body. */
  deliverWebhook(rawBody: Buffer, signature: string, eventId: string): Promise<unknown>;
  /** How long after paying the webhook arrives (Razorpay's come within seconds). */
  webhookDelayMs: number;
}

export class SandboxError extends Error {
  constructor(
    readonly reason: 'unknown_order' | 'already_paid',
    message: string,
  ) {
    super(message);
  }
}

export function createSandboxCheckout({
  db,
  gateway,
  logger,
  deliverWebhook,
  webhookDelayMs,
  capture,
}: SandboxCheckoutOptions): SandboxCheckout {
  if (gateway.mode !== 'sandbox') throw new Error('the sandbox checkout runs on the sandbox gateway only');
  const pending = new Set<Promise<void>>();

  function schedule(event: string, payment: GatewayPayment & { email: string | null }) {
    const entity = {
      id: payment.id,
      entity: 'payment',
      amount: payment.amountPaise,
      currency: payment.currency,
      status: payment.status,
      order_id: payment.orderId,
      method: payment.method,
      email: payment.email,
      error_code: payment.errorCode,
      error_description: payment.errorDescription,
    };
    const rawBody = Buffer.from(
      JSON.stringify({
        entity: 'event',
        account_id: 'acc_sandbox',
        event,
        contains: ['payment'],
        payload: { payment: { entity } },
        created_at: Math.floor(Date.now() / 1000),
      }),
    );
    const delivery = new Promise<void>((resolve) => {
      setTimeout(() => {
        deliverWebhook(rawBody, webhookSignature(rawBody, gateway.webhookSecret), sandboxId('evt'))
          .catch((err: unknown) => logger.warn('sandbox webhook delivery failed', { event, error: String(err) }))
          .finally(resolve);
      }, webhookDelayMs).unref();
    });
    pending.add(delivery);
    void delivery.finally(() => pending.delete(delivery));
  }

  async function payableOrder(orderId: string) {
    const order = await findOrder(db, orderId);
    if (!order || order.mode !== 'sandbox') throw new SandboxError('unknown_order', 'No sandbox order has this id.');
    if (order.status === 'paid') throw new SandboxError('already_paid', 'This order is already paid.');
    return order;
  }

  return {
    async pay(orderId, prefill = {}) {
      const order = await payableOrder(orderId);
      const payment: GatewayPayment = {
        id: sandboxId('pay'),
        orderId: order.gatewayOrderId,
        status: capture === 'automatic' ? 'captured' : 'authorized',
        amountPaise: order.amountPaise,
        currency: order.currency,
        method: 'card',
        email: prefill.email?.trim().toLowerCase() || order.customerEmail,
        errorCode: null,
        errorDescription: null,
      };
      await recordPayment(db, payment);
      schedule(capture === 'automatic' ? 'payment.captured' : 'payment.authorized', payment);
      return {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.gatewayOrderId,
        razorpay_signature: paymentSignature(order.gatewayOrderId, payment.id, gateway.keySecret),
      };
    },
    async fail(orderId) {
      const order = await payableOrder(orderId);
      const payment: GatewayPayment = {
        id: sandboxId('pay'),
        orderId: order.gatewayOrderId,
        status: 'failed',
        amountPaise: order.amountPaise,
        currency: order.currency,
        method: 'card',
        email: order.customerEmail,
        errorCode: sandboxFailure.code,
        errorDescription: sandboxFailure.description,
      };
      await recordPayment(db, payment);
      schedule('payment.failed', payment);
      return { ...sandboxFailure, razorpay_payment_id: payment.id, razorpay_order_id: order.gatewayOrderId };
    },
    settled: async () => {
      await Promise.all([...pending]);
    },
  };
}
