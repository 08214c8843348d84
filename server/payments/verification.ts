import type { z } from 'zod/mini';
import {
  paymentFieldErrors,
  paymentMessages,
  priceOf,
  verifyPaymentSchema,
  verifySubscriptionSchema,
  type BuyerDetails,
  type VerifyPaymentAnswer,
  type VerifySubscriptionInput,
} from '../../src/domain/payment';
import type { TokenVerifier } from '../auth/requireUser';
import type { Database } from '../db/client';
import type { OrderRow } from '../db/schema';
import type { Logger } from '../logger';
import type { Capture } from './capture';
import { paysOrderInFull, type AuthAdmin, type Fulfilment, type FulfilResult } from './fulfilment';
import { GatewayError, type GatewayPayment, type PaymentGateway } from './gateway';
import { asObject } from './orderCreation';
import { findOrder, findPayment, isFullyRefunded } from './repository';
import { isOrderCheckoutSecret, isValidPaymentSignature } from './signature';

/**
 * POST /api/verify-payment: the checkout's signature checked against an order this server created, the gateway's word
 * that the money was taken, then the order fulfilled and the buyer answered (signed in when they may be). A monthly
 * plan's first charge comes here too: billing finds its order, and it is answered as any order.
 */

export interface VerifyOutcome {
  status: number;
  body: VerifyPaymentAnswer;
}

/** What monthly billing (server/billing/subscribe.ts) does for a subscription's first charge. */
export interface SubscriptionFirstCharge {
  firstCharge(body: VerifySubscriptionInput): Promise<{ order: OrderRow; payment: GatewayPayment } | VerifyOutcome>;
}

export interface VerificationDeps {
  db: Database;
  gateway: PaymentGateway;
  auth: AuthAdmin;
  logger: Logger;
  fulfilment: Fulfilment;
  takenPayment: Capture['takenPayment'];
  verifier?: TokenVerifier;
  billing?: SubscriptionFirstCharge;
  now: () => Date;
}

/** What a verification brings to be signed in: the buyer's ID token, or the order's checkout secret. */
interface Proof {
  idToken: string | undefined;
  checkoutSecret: string | undefined;
}

/** A token is handed out without proof of identity only for an account this very order created, and only for a day. */
const tokenWindowMs = 24 * 60 * 60_000;

/** verify-payment's own envelope (`{ success, msg }`), as the checkout expects it. */
export const refuse = (status: number, msg: string, fieldErrors?: Record<string, string>): VerifyOutcome => ({
  status,
  body: { success: false, msg, ...(fieldErrors && { fieldErrors }) },
});

/** A body its schema refused: the buyer's details are named as the trouble when they are. */
function refusedBody(error: z.core.$ZodError): VerifyOutcome {
  const fieldErrors = paymentFieldErrors(error);
  const detailsError = Object.keys(fieldErrors).some((key) => key.startsWith('userDetails'));
  return refuse(400, detailsError ? paymentMessages.detailsInvalid : paymentMessages.verificationFailed, fieldErrors);
}

export function createVerification(deps: VerificationDeps) {
  const { db, gateway, auth, logger, fulfilment, takenPayment, verifier, billing, now } = deps;

  async function verifyPayment(input: unknown, { idToken }: { idToken?: string } = {}): Promise<VerifyOutcome> {
    const body = asObject(input);
    if (billing && 'razorpay_subscription_id' in body) return verifySubscription(billing, body, idToken);
    const parsed = verifyPaymentSchema.safeParse(body);
    if (!parsed.success) return refusedBody(parsed.error);
    const { data } = parsed;
    const valid = isValidPaymentSignature(
      { orderId: data.razorpay_order_id, paymentId: data.razorpay_payment_id, signature: data.razorpay_signature },
      gateway.keySecret,
    );
    if (!valid) {
      logger.warn('payment signature refused', { orderId: data.razorpay_order_id });
      return refuse(400, paymentMessages.verificationFailed);
    }
    const order = await findOrder(db, data.razorpay_order_id);
    if (!order || order.mode !== gateway.mode) return refuse(400, paymentMessages.orderUnknown);
    if (order.plan !== data.plan) return refuse(400, paymentMessages.planMismatch);
    const price = priceOf(order.plan);
    if (!price || order.amountPaise !== price.amountPaise || order.currency !== 'INR') {
      return refuse(400, paymentMessages.amountMismatch);
    }

    // The signature says Checkout saw the payment succeed; whether its money was taken is the gateway's to say.
    let payment: GatewayPayment;
    try {
      payment = await takenPayment(order, data.razorpay_payment_id);
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      logger.warn('payment not confirmed at the gateway', { orderId: order.gatewayOrderId, error: err.message });
      // Whoever fulfils it later (the webhook, the reconciler) then knows whose account it is.
      await fulfilment.rememberBuyer(order.gatewayOrderId, data.userDetails);
      return refuse(502, paymentMessages.notConfirmed);
    }
    if (payment.orderId !== order.gatewayOrderId) return refuse(400, paymentMessages.orderUnknown);
    if (payment.status !== 'captured') return uncaptured(order, payment, data.userDetails);

    const result = await fulfilment.fulfilOrder({
      gatewayOrderId: order.gatewayOrderId,
      payment,
      by: 'verification',
      buyer: data.userDetails,
    });
    // Refunded since (a checkout resumed days later): "paid, welcome" would be false, and the account has no plan from it.
    if (result.outcome === 'fulfilled' || result.outcome === 'pending') {
      const paid = await findPayment(db, data.razorpay_payment_id);
      if (paid && isFullyRefunded(paid)) return refuse(409, paymentMessages.refunded);
    }
    return answerFor(result, { idToken, checkoutSecret: data.checkoutSecret });
  }

  /** A monthly plan's first charge: billing finds the order it paid, then it is fulfilled and answered as any order. */
  async function verifySubscription(billing: SubscriptionFirstCharge, input: object, idToken: string | undefined): Promise<VerifyOutcome> {
    const parsed = verifySubscriptionSchema.safeParse(input);
    if (!parsed.success) return refusedBody(parsed.error);
    const found = await billing.firstCharge(parsed.data);
    if ('status' in found) return found;
    const result = await fulfilment.fulfilOrder({
      gatewayOrderId: found.order.gatewayOrderId,
      payment: found.payment,
      by: 'verification',
      buyer: parsed.data.userDetails,
    });
    return answerFor(result, { idToken, checkoutSecret: parsed.data.checkoutSecret });
  }

  /** Verification of a payment whose money was not taken: why, in the buyer's words, and nothing fulfilled. */
  async function uncaptured(order: OrderRow, payment: GatewayPayment, buyer: BuyerDetails): Promise<VerifyOutcome> {
    if (payment.status === 'refunded') return refuse(409, paymentMessages.refunded);
    if (payment.status === 'failed') return refuse(400, paymentMessages.paymentFailed);
    const current = (await findOrder(db, order.gatewayOrderId)) ?? order;
    if (current.status === 'paid' && current.paidPaymentId !== payment.id) return refuse(409, paymentMessages.alreadyPaid);
    if (!paysOrderInFull(current, payment)) return refuse(400, paymentMessages.amountMismatch);
    await fulfilment.rememberBuyer(order.gatewayOrderId, buyer);
    return refuse(502, paymentMessages.notConfirmed);
  }

  async function answerFor(result: FulfilResult, proof: Proof): Promise<VerifyOutcome> {
    switch (result.outcome) {
      case 'fulfilled': {
        const token = await tokenFor(result.order, result.uid, proof);
        if (token) return { status: 200, body: { success: true, token } };
        // An account this order created has no password yet: 'Forgot password?' is how its owner sets one.
        const msg = result.order.accountCreated ? paymentMessages.signInToNewAccount : paymentMessages.signInToSeePlan;
        return { status: 200, body: { success: true, token: null, msg } };
      }
      case 'second_payment':
        return refuse(409, paymentMessages.alreadyPaid);
      case 'amount_mismatch':
        return refuse(400, paymentMessages.amountMismatch);
      case 'unknown_order':
        return refuse(400, paymentMessages.orderUnknown);
      case 'pending':
        return refuse(
          503,
          'Your payment was received. We could not finish setting up your account just now; it will be ready in a few minutes. Please sign in with your email address then.',
        );
    }
  }

  /**
   * The sign-in token for a fulfilled order, when the caller may have one: the browser that created the order (its
   * checkout secret) for the account the order created, within tokenWindowMs; or the account's own signed-in user.
   * The payment's ids and signature alone sign no one in: they are not secret enough (decision 090).
   */
  async function tokenFor(order: OrderRow, uid: string, { idToken, checkoutSecret }: Proof): Promise<string | null> {
    const fulfilledAt = order.fulfilledAt?.getTime() ?? 0;
    const ownBrowser = isOrderCheckoutSecret(order.checkoutSecretHash, checkoutSecret);
    if (ownBrowser && order.accountCreated && now().getTime() - fulfilledAt < tokenWindowMs) return auth.createCustomToken(uid);
    if (idToken && verifier) {
      const caller = await verifier.verify(idToken).catch(() => undefined);
      if (caller?.uid === uid) return auth.createCustomToken(uid);
    }
    return null;
  }

  return verifyPayment;
}
