import { BILLING_CYCLES, billingPriceOf } from '../../src/domain/billing';
import { confirmMonthlySchema, type MonthlyStart } from '../../src/domain/billingAccount';
import { findPlan } from '../../src/domain/plans';
import type { VerifiedUser } from '../auth/requireUser';
import type { Database } from '../db/client';
import type { SubscriptionRow } from '../db/schema';
import { AppError } from '../http/errors';
import { validated } from '../http/validation';
import type { Logger } from '../logger';
import { gatewayAppError } from '../payments/gateway';
import { newReceipt } from '../payments/orderCreation';
import { isValidSubscriptionSignature } from '../payments/signature';
import { heldOneTimePlan } from './entitlement';
import type { SubscriptionGateway } from './gateway';
import { insertStartedSubscription, subscriptionsOfAccount } from './repository';
import type { BillingService } from './service';

/**
 * A client who paid once before monthly billing starts their monthly payment from the dashboard (decision 182):
 * POST /api/billing/monthly makes a subscription on their plan with no setup fee whose first charge falls when the
 * month they paid for ends; they authorise their card for it in the checkout, and POST /api/billing/monthly/confirm
 * checks the checkout's signature and the gateway's word before the page says it is set up.
 */

const finished = new Set(['cancelled', 'completed', 'expired']);

export function createMonthlyStart({
  db,
  gateway,
  billing,
  keySecret,
  logger,
}: {
  db: Database;
  gateway: SubscriptionGateway;
  billing: BillingService;
  /** The checkout's key secret: it signs the authorisation's answer. */
  keySecret: string;
  logger: Logger;
}) {
  const answerOf = (row: SubscriptionRow): MonthlyStart => ({
    subscriptionId: row.gatewaySubscriptionId,
    plan: findPlan(row.plan)!.key,
    monthlyPaise: row.monthlyPaise,
    startsAt: row.startsAt!.toISOString(),
  });

  async function start(user: VerifiedUser): Promise<MonthlyStart> {
    const now = await gateway.now();
    const rows = await subscriptionsOfAccount(db, user.uid);
    const unfinished = rows.filter((row) => !finished.has(row.status));
    // Asked again before the card was authorised (the checkout closed, a second tab): the same subscription.
    const waiting = unfinished.find((row) => row.startsAt && row.status === 'created' && row.startsAt > now);
    if (waiting) return answerOf(waiting);
    if (unfinished.some((row) => row.paidCount > 0 || row.status !== 'created')) {
      throw new AppError(409, 'already_monthly', 'Your monthly payment is already set up.');
    }
    const held = await heldOneTimePlan(db, user.uid, now);
    if (!held)
      throw new AppError(
        409,
        'nothing_to_continue',
        'There is no plan paid once on your account to continue monthly. Choose a plan on the Pricing page.',
      );
    const price = billingPriceOf(held.plan);
    if (!price) throw new AppError(409, 'plan_not_sold_online', 'This plan is set up by your account manager. Please contact us.');

    const gatewayPlanId = await billing.planFor(price.plan, price.monthlyPaise);
    const receipt = newReceipt();
    let created;
    try {
      created = await gateway.createSubscription({
        planId: gatewayPlanId,
        totalCount: BILLING_CYCLES,
        upfrontPaise: 0,
        upfrontName: '',
        startAt: held.paidThrough,
        notes: { plan: price.plan, receipt, continues: 'one-time payment' },
      });
    } catch (err) {
      logger.warn('gateway subscription for a monthly start failed', {
        plan: price.plan,
        error: err instanceof Error ? err.message : String(err),
      });
      throw gatewayAppError(err);
    }
    const stored = await insertStartedSubscription(db, {
      gatewaySubscriptionId: created.id,
      mode: gateway.mode,
      plan: price.plan,
      gatewayPlanId,
      receipt,
      setupPaise: 0,
      monthlyPaise: price.monthlyPaise,
      status: created.status,
      customerUid: user.uid,
      customerEmail: user.email || null,
      startsAt: held.paidThrough,
    });
    if (stored) {
      logger.info('subscription status', {
        subscriptionId: created.id,
        plan: price.plan,
        from: null,
        to: created.status,
        by: 'monthly-start',
      });
      return answerOf(stored);
    }
    // Another request of this account stored its own first; the one made here is never authorised and expires.
    const other = (await subscriptionsOfAccount(db, user.uid)).find((row) => row.startsAt && !finished.has(row.status));
    if (other?.status === 'created') return answerOf(other);
    throw new AppError(409, 'already_monthly', 'Your monthly payment is already set up.');
  }

  async function confirm(user: VerifiedUser, input: unknown): Promise<MonthlyStart> {
    const body = validated(confirmMonthlySchema, input);
    const subscriptionId = body.razorpay_subscription_id;
    const rows = await subscriptionsOfAccount(db, user.uid);
    const row = rows.find((candidate) => candidate.gatewaySubscriptionId === subscriptionId && candidate.startsAt);
    if (!row) throw new AppError(404, 'subscription_not_found', 'There is no such subscription on your account.');
    if (
      !isValidSubscriptionSignature({ subscriptionId, paymentId: body.razorpay_payment_id, signature: body.razorpay_signature }, keySecret)
    ) {
      logger.warn('monthly start signature refused', { subscriptionId });
      throw new AppError(400, 'signature_invalid', 'The payment provider’s answer could not be checked. Please try again.');
    }
    const now = await billing.refresh(subscriptionId);
    if (!['authenticated', 'active'].includes(now.status)) {
      throw new AppError(409, 'not_authorised', 'Your card is not authorised yet. Please try again, or contact us if this goes on.');
    }
    logger.info('monthly payment started from the dashboard', { subscriptionId, plan: now.plan, startsAt: now.startsAt?.toISOString() });
    return answerOf(now);
  }

  return { start, confirm };
}

export type MonthlyStartService = ReturnType<typeof createMonthlyStart>;
