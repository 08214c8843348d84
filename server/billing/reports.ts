import { finalStatuses, type SubscriptionStatus } from '../../src/domain/billing';
import { findPlan } from '../../src/domain/plans';
import { syncPlanClaim, type PlanClaimStore } from '../auth/claims';
import { storedPlan } from '../auth/service';
import type { Database } from '../db/client';
import type { SubscriptionRow } from '../db/schema';
import type { Logger } from '../logger';
import { recordMailEvent } from '../mail/events';
import { GatewayError, type GatewayPayment } from '../payments/gateway';
import { recomputeEntitlement } from './entitlement';
import type { GatewaySubscription, SubscriptionGateway } from './gateway';
import {
  ensureFirstChargeOrder,
  findBillingPlanById,
  findSubscription,
  isInvoicePaid,
  lockSubscription,
  lockSubscriptionIfFree,
  paidThroughOf,
  recordInvoice,
  storeGatewayState,
  updateSubscription,
} from './repository';

/**
 * The gateway's reports on a subscription (an event, a fetch, an action's answer) applied to our row: every way in
 * goes through applyReport, so an older report never undoes a newer one, and the account's plan and claim follow.
 */

export interface ReportCharge {
  payment: GatewayPayment;
  /** The charge is the subscription's first: the order the gateway made for it is fulfilled as decision 090's. */
  first: boolean;
}

export interface ReportOptions {
  /** 'busy' instead of waiting when another holds the row. */
  ifFree?: boolean;
  /** The report is an answer the gateway just gave. */
  fresh?: boolean;
}

/**
 * How the gateway's report `incoming`, true at `at`, stands to what the row holds: more cycles paid, then a later cycle,
 * then a later second (Razorpay's events are stamped in whole seconds). An older event delivered late never undoes a
 * newer one, and nothing leaves a final status. `same_second`: a different status reported in the second the row's
 * state is from, which only the gateway can order. `fresh`: the report is an answer the gateway just gave.
 */
export function compareReport(
  row: SubscriptionRow,
  incoming: GatewaySubscription,
  at: Date,
  fresh = false,
): 'newer' | 'older' | 'same_second' {
  if (finalStatuses.has(row.status as SubscriptionStatus)) return 'older';
  if (incoming.paidCount !== row.paidCount) return incoming.paidCount > row.paidCount ? 'newer' : 'older';
  const incomingEnd = incoming.currentEnd?.getTime() ?? 0;
  const storedEnd = row.currentEnd?.getTime() ?? 0;
  if (incomingEnd !== storedEnd) return incomingEnd > storedEnd ? 'newer' : 'older';
  if (!row.gatewayAt || fresh) return !row.gatewayAt || at.getTime() >= row.gatewayAt.getTime() ? 'newer' : 'older';
  const second = (date: Date) => Math.floor(date.getTime() / 1000);
  if (second(at) !== second(row.gatewayAt)) return second(at) > second(row.gatewayAt) ? 'newer' : 'older';
  return incoming.status === row.status ? 'older' : 'same_second';
}

export function createReports({
  db,
  gateway,
  claims,
  logger,
}: {
  db: Database;
  gateway: SubscriptionGateway;
  claims: PlanClaimStore;
  logger: Logger;
}) {
  /** The account's plan claim, set to its stored plan after a billing change. */
  async function syncClaim(uid: string | null) {
    if (!uid) return;
    await syncPlanClaim(claims, uid, () => storedPlan(db, uid)).catch((err: unknown) =>
      logger.warn('plan claim not set after a billing change; corrected on the next /api/me', { error: String(err) }),
    );
  }

  /**
   * One report from the gateway (an event, or with `fresh` a fetch or an action's answer), applied under the
   * subscription's lock: its state when newer, the charge it carries as a paid invoice, the paid period, the account's
   * entitlement. Answers the order to fulfil when `charge.first` is a checkout's first charge (a subscription started
   * from the dashboard has none: its account exists), 'busy' when `ifFree` and another holds the row, null for a
   * subscription this server did not make. A report whose order only the gateway knows (`same_second`) is settled by
   * asking it.
   */
  async function applyReport(
    subscriptionId: string,
    state: GatewaySubscription,
    at: Date,
    charge?: ReportCharge,
    { ifFree = false, fresh = false }: ReportOptions = {},
  ): Promise<{ firstOrderId: string | null } | 'busy' | null> {
    const now = await gateway.now();
    const result = await db.transaction(async (tx) => {
      const row = ifFree ? await lockSubscriptionIfFree(tx, subscriptionId) : await lockSubscription(tx, subscriptionId);
      if (row === 'busy' || !row) return row ?? null;
      const standing = compareReport(row, state, at, fresh);
      if (standing === 'newer') {
        await storeGatewayState(tx, subscriptionId, state, at);
        if (state.planId !== row.gatewayPlanId) await followPlanChange(tx, row, state.planId);
        if (row.status !== state.status) {
          logger.info('subscription status', { subscriptionId, plan: row.plan, from: row.status, to: state.status });
          // A monthly payment set up from the dashboard (it has no checkout order to tell staff of it).
          if (row.startsAt && row.status === 'created' && !finalStatuses.has(state.status)) {
            await recordMailEvent(tx, { type: 'subscription.started', subscriptionId });
          }
          // A charge the gateway could not take: the client hears what to do, staff hear of it.
          if (state.status === 'pending' || state.status === 'halted') {
            await recordMailEvent(tx, {
              type: 'charge.failed',
              subscriptionId,
              status: state.status,
              chargeAt: row.chargeAt?.toISOString() ?? null,
            });
          }
        }
      }
      let firstOrderId: string | null = null;
      if (charge && charge.payment.status === 'captured' && charge.payment.invoiceId) {
        const paidBefore = await isInvoicePaid(tx, charge.payment.invoiceId);
        await recordInvoice(tx, {
          id: charge.payment.invoiceId,
          subscriptionId,
          orderId: charge.payment.orderId,
          paymentId: charge.payment.id,
          amountPaise: charge.payment.amountPaise,
          status: 'paid',
          periodStart: state.currentStart,
          periodEnd: state.currentEnd,
          paidAt: at,
        });
        if (charge.first && !row.startsAt) {
          await ensureFirstChargeOrder(tx, {
            gatewayOrderId: charge.payment.orderId,
            subscription: row,
            amountPaise: row.setupPaise + row.monthlyPaise,
            receipt: `${row.receipt}_1`,
          });
          firstOrderId = charge.payment.orderId;
        } else if (!paidBefore) {
          // A monthly charge: its receipt (the first charge's is the checkout order's, sent at fulfilment).
          await recordMailEvent(tx, { type: 'invoice.paid', invoiceId: charge.payment.invoiceId });
        }
      }
      const paidThrough = await paidThroughOf(tx, subscriptionId);
      if (paidThrough?.getTime() !== row.paidThrough?.getTime()) await updateSubscription(tx, subscriptionId, { paidThrough });
      if (row.customerUid) await recomputeEntitlement(tx, row.customerUid, row.customerEmail ?? '', now);
      return { row: { ...row, paidThrough }, firstOrderId, standing };
    });
    if (result === 'busy' || result === null) return result;
    await syncClaim(result.row.customerUid);
    await keepCancelPromise(subscriptionId);
    if (result.standing === 'same_second') {
      await applyReport(subscriptionId, await gateway.fetchSubscription(subscriptionId), await gateway.now(), undefined, { fresh: true });
    }
    return { firstOrderId: result.firstOrderId };
  }

  /**
   * A client who cancelled inside the notice is charged once more, then no more: once that charge is in, the
   * subscription is cancelled at the end of the period it paid for (decision 180, "Cancelling").
   */
  async function keepCancelPromise(subscriptionId: string) {
    // Read after the caller's commit: a cancel and a charge recorded at the same moment each see the other here.
    const row = await findSubscription(db, subscriptionId);
    if (!row) return;
    const due = row.cancelAfterCharge;
    if (!due || !row.paidThrough || row.paidThrough.getTime() <= due.getTime()) return;
    try {
      await gateway.cancelSubscription(row.gatewaySubscriptionId, true);
    } catch (err) {
      // Already cancelled (a repeat) is fine; anything else is tried again by the reconciler's next pass.
      if (!(err instanceof GatewayError) || err.failure !== 'refused') throw err;
    }
    const at = await gateway.now();
    await db.transaction(async (tx) => {
      await updateSubscription(tx, row.gatewaySubscriptionId, { cancelAfterCharge: null, cancelAt: row.paidThrough });
      if (row.customerUid) await recomputeEntitlement(tx, row.customerUid, row.customerEmail ?? '', at);
    });
    logger.info('subscription cancelled at the end of the period the last charge paid for', { subscriptionId: row.gatewaySubscriptionId });
  }

  /** The gateway moved the subscription to another of our Plans (a change at cycle end): its plan and price follow. */
  async function followPlanChange(tx: Database, row: SubscriptionRow, gatewayPlanId: string) {
    const billingPlan = await findBillingPlanById(tx, gatewayPlanId);
    const plan = findPlan(billingPlan?.plan)?.key;
    if (!billingPlan || !plan) {
      logger.error('subscription moved to a gateway plan this server does not know', {
        subscriptionId: row.gatewaySubscriptionId,
        gatewayPlanId,
      });
      return;
    }
    await updateSubscription(tx, row.gatewaySubscriptionId, { plan, monthlyPaise: billingPlan.monthlyPaise });
    logger.info('subscription plan changed', { subscriptionId: row.gatewaySubscriptionId, from: row.plan, to: plan });
  }

  return { applyReport, keepCancelPromise, syncClaim };
}

export type Reports = ReturnType<typeof createReports>;
