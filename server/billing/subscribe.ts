import { BILLING_CYCLES, billingPriceOf, periodEnd } from '../../src/domain/billing';
import { paymentDescription, paymentMessages, priceOf, type SubscribeAnswer, type VerifySubscriptionInput } from '../../src/domain/payment';
import type { Database } from '../db/client';
import type { OrderRow } from '../db/schema';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import { GatewayError, gatewayAppError, type GatewayPayment, type PaymentGateway } from '../payments/gateway';
import { newReceipt, orderRequestOf } from '../payments/orderCreation';
import { findOrder } from '../payments/repository';
import { isValidSubscriptionSignature, newCheckoutSecret } from '../payments/signature';
import { refuse, type VerifyOutcome } from '../payments/verification';
import type { GatewaySubscription, SubscriptionGateway } from './gateway';
import type { Reports } from './reports';
import { findSubscription, insertSubscription, lockSubscription, updateSubscription } from './repository';
import { gatewayPlanFor } from './setupPlans';

/**
 * Buying a monthly plan online: POST /api/create-order makes a subscription on the plan's gateway Plan (Buy Now), and
 * POST /api/verify-payment hands its first charge here, to be checked before the payment service fulfils its order.
 */

export function createSubscribe({
  db,
  gateway,
  payments,
  logger,
  applyReport,
}: {
  db: Database;
  gateway: SubscriptionGateway;
  payments: PaymentGateway;
  logger: Logger;
  applyReport: Reports['applyReport'];
}) {
  /** Buy Now: a subscription on the plan's gateway Plan, its setup fee charged with the first month. */
  async function subscribe(input: unknown): Promise<SubscribeAnswer> {
    const { plan, currency, userDetails } = orderRequestOf(input);
    const price = billingPriceOf(plan);
    const onePrice = priceOf(plan);
    if (!price || !onePrice) throw new AppError(400, 'plan_not_sold_online', paymentMessages.planCustom);
    const gatewayPlanId = await gatewayPlanFor({ db, gateway, logger }, price.plan, price.monthlyPaise);
    const receipt = newReceipt();
    let created: GatewaySubscription;
    try {
      created = await gateway.createSubscription({
        planId: gatewayPlanId,
        totalCount: BILLING_CYCLES,
        upfrontPaise: price.setupPaise,
        upfrontName: `${price.title} setup fee`,
        notes: { plan, receipt },
      });
    } catch (err) {
      logger.warn('gateway subscription creation failed', { plan, error: err instanceof Error ? err.message : String(err) });
      throw gatewayAppError(err);
    }
    const { email, ...details } = userDetails ?? { email: null };
    const checkoutSecret = newCheckoutSecret();
    await insertSubscription(db, {
      gatewaySubscriptionId: created.id,
      mode: gateway.mode,
      plan,
      gatewayPlanId,
      receipt,
      setupPaise: price.setupPaise,
      monthlyPaise: price.monthlyPaise,
      status: created.status,
      customerEmail: email,
      customerDetails: userDetails ? details : null,
      checkoutSecretHash: checkoutSecret.hash,
    });
    logger.info('subscription status', { subscriptionId: created.id, plan, from: null, to: created.status, by: 'create-order' });
    return {
      id: created.id,
      kind: 'subscription',
      amount: price.firstChargePaise,
      currency,
      keyId: payments.keyId,
      mode: gateway.mode,
      description: paymentDescription(onePrice),
      checkoutSecret: checkoutSecret.secret,
      monthlyAmount: price.monthlyPaise,
      firstRenewalOn: periodEnd(await gateway.now()).toISOString(),
    };
  }

  /**
   * Verification's first half for a subscription: the checkout's signature against our own subscription, then the
   * gateway's word that the first charge was taken. Answers the order the gateway made for that charge (written here
   * if no event wrote it first), for decision 090's fulfilment; or why there is none.
   */
  async function firstCharge(body: VerifySubscriptionInput): Promise<{ order: OrderRow; payment: GatewayPayment } | VerifyOutcome> {
    const subscriptionId = body.razorpay_subscription_id;
    const stored = await findSubscription(db, subscriptionId);
    const signed = isValidSubscriptionSignature(
      { subscriptionId, paymentId: body.razorpay_payment_id, signature: body.razorpay_signature },
      payments.keySecret,
    );
    if (!signed) {
      logger.warn('subscription payment signature refused', { subscriptionId });
      return refuse(400, paymentMessages.verificationFailed);
    }
    // A subscription started from the dashboard is confirmed there (monthlyStart.ts), never bought here.
    if (!stored || stored.mode !== gateway.mode || stored.startsAt) return refuse(400, paymentMessages.orderUnknown);
    if (stored.plan !== body.plan) return refuse(400, paymentMessages.planMismatch);

    let state: GatewaySubscription;
    let payment: GatewayPayment;
    try {
      [state, payment] = await Promise.all([gateway.fetchSubscription(subscriptionId), payments.fetchPayment(body.razorpay_payment_id)]);
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      logger.warn('subscription charge not confirmed at the gateway', { subscriptionId, error: err.message });
      await rememberBuyer(subscriptionId, body.userDetails);
      return refuse(502, paymentMessages.notConfirmed);
    }
    if (payment.status === 'failed') return refuse(400, paymentMessages.paymentFailed);
    if (payment.status === 'refunded') return refuse(409, paymentMessages.refunded);
    if (payment.status !== 'captured' || state.paidCount < 1 || !payment.invoiceId) {
      await rememberBuyer(subscriptionId, body.userDetails);
      return refuse(502, paymentMessages.notConfirmed);
    }
    const at = await gateway.now();
    await rememberBuyer(subscriptionId, body.userDetails);
    const applied = await applyReport(subscriptionId, state, at, { payment, first: true }, { fresh: true });
    const orderId = applied && applied !== 'busy' ? applied.firstOrderId : null;
    if (!orderId) return refuse(400, paymentMessages.orderUnknown);
    const order = await findOrder(db, orderId);
    return order ? { order, payment } : refuse(400, paymentMessages.orderUnknown);
  }

  /** The buyer's own details, until the subscription has an account; the checkout's are better than the gateway's. */
  async function rememberBuyer(subscriptionId: string, buyer: VerifySubscriptionInput['userDetails']) {
    await db.transaction(async (tx) => {
      const row = await lockSubscription(tx, subscriptionId);
      if (!row || row.customerUid) return;
      const { email, ...details } = buyer;
      await updateSubscription(tx, subscriptionId, { customerEmail: email, customerDetails: details });
    });
  }

  return { subscribe, firstCharge };
}
