import {
  BILLING_CYCLES,
  billingPriceOf,
  cancellationOutcome,
  finalStatuses,
  periodEnd,
  type CancellationOutcome,
  type SubscriptionStatus,
} from '../../src/domain/billing';
import { findPlan, type PlanKey } from '../../src/domain/plans';
import { paymentDescription, paymentMessages, priceOf, type SubscribeAnswer, type VerifySubscriptionInput } from '../../src/domain/payment';
import { syncPlanClaim, type PlanClaimStore } from '../auth/claims';
import { findProfile } from '../auth/repository';
import { storedPlan } from '../auth/service';
import type { Database } from '../db/client';
import type { OrderRow, SubscriptionRow } from '../db/schema';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import type { Fulfilment } from '../payments/fulfilment';
import { GatewayError, type GatewayPayment, type PaymentGateway } from '../payments/gateway';
import { findOrder } from '../payments/repository';
import { gatewayAppError, newReceipt, orderRequestOf, type VerifyOutcome } from '../payments/service';
import { isValidSubscriptionSignature, newCheckoutSecret } from '../payments/signature';
import { paidUntil, recomputeEntitlement } from './entitlement';
import { pauseScheduledSubscriptions } from './scheduledPause';
import { setupBillingPlans } from './setupPlans';
import {
  paymentOfEvent,
  subscriptionOfEvent,
  eventTime,
  type GatewayInvoice,
  type GatewaySubscription,
  type SubscriptionGateway,
} from './gateway';
import {
  accountsPastPaidPeriod,
  claimSubscriptionsToReconcile,
  ensureFirstChargeOrder,
  findBillingPlan,
  findBillingPlanById,
  findSubscription,
  insertSubscription,
  invoicesOf,
  lockSubscription,
  lockSubscriptionIfFree,
  paidThroughOf,
  recordInvoice,
  storeGatewayState,
  updateSubscription,
} from './repository';

/**
 * Monthly billing (docs/decisions/180-monthly-billing.md): subscribing, the first charge's verification, every
 * `subscription.*` event, the reconciler's pass, and the changes a client or an account manager asks for. Knows
 * nothing of HTTP. The first charge is fulfilled as the order the gateway made for it, by decision 090's fulfilment.
 */

export interface BillingServiceDeps {
  db: Database;
  gateway: SubscriptionGateway;
  /** The same gateway's payments: its key signs the checkout's answer, and it says whether a charge was taken. */
  payments: PaymentGateway;
  fulfilment: Fulfilment;
  claims: PlanClaimStore;
  logger: Logger;
  /** A subscription not asked about at the gateway for this long is asked again. Default an hour. */
  recheckAfterMs?: number;
  /** How long the buyer's browser has to verify a first charge before the reconciler looks. Default 5 minutes. */
  firstChargeGraceMs?: number;
}

export type EventOutcome = 'done' | 'busy' | { reason: string };

export interface BillingReconcileSummary {
  subscriptionsChecked: number;
  accountsRecomputed: number;
}

const HOUR_MS = 60 * 60_000;
/** Subscriptions a buyer never paid for are asked about for a week, then left. */
const UNPAID_LOOKBACK_MS = 7 * 24 * HOUR_MS;
/** Events that carry a charge: the invoice it paid is recorded from them. */
const chargeEvents = new Set(['subscription.charged', 'subscription.activated', 'subscription.completed']);

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

export function createBillingService(deps: BillingServiceDeps) {
  const { db, gateway, payments, fulfilment, claims, logger, recheckAfterMs = HOUR_MS, firstChargeGraceMs = 5 * 60_000 } = deps;

  async function syncClaim(uid: string | null) {
    if (!uid) return;
    await syncPlanClaim(claims, uid, () => storedPlan(db, uid)).catch((err: unknown) =>
      logger.warn('plan claim not set after a billing change; corrected on the next /api/me', { error: String(err) }),
    );
  }

  async function gatewayPlanFor(plan: PlanKey, monthlyPaise: number): Promise<string> {
    const stored = await findBillingPlan(db, { plan, mode: gateway.mode, monthlyPaise });
    if (stored) return stored.gatewayPlanId;
    // The sandbox's Plans cost nothing and reach nothing: made on first use. Razorpay's are made by a command.
    if (gateway.mode === 'sandbox') {
      const made = (await setupBillingPlans({ db, gateway, logger })).find(
        (setup) => setup.plan === plan && setup.monthlyPaise === monthlyPaise,
      );
      if (made) return made.gatewayPlanId;
    }
    logger.error('no gateway plan for a plan sold online: run `npm run billing:setup-plans`', { plan, mode: gateway.mode });
    throw new AppError(
      503,
      'billing_not_set_up',
      'Monthly plans cannot be bought online just now. Please contact us and we will set you up.',
    );
  }

  /** Buy Now: a subscription on the plan's gateway Plan, its setup fee charged with the first month. */
  async function subscribe(input: unknown): Promise<SubscribeAnswer> {
    const { plan, currency, userDetails } = orderRequestOf(input);
    const price = billingPriceOf(plan);
    const onePrice = priceOf(plan);
    if (!price || !onePrice) throw new AppError(400, 'plan_not_sold_online', paymentMessages.planCustom);
    const gatewayPlanId = await gatewayPlanFor(price.plan, price.monthlyPaise);
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

  const refuse = (status: number, msg: string): VerifyOutcome => ({ status, body: { success: false, msg } });

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

  interface ReportCharge {
    payment: GatewayPayment;
    /** The charge is the subscription's first: the order the gateway made for it is fulfilled as decision 090's. */
    first: boolean;
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
    { ifFree = false, fresh = false } = {},
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
        }
      }
      let firstOrderId: string | null = null;
      if (charge && charge.payment.status === 'captured' && charge.payment.invoiceId) {
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

  /** Fulfils the first charge's order (the account, the plan) as decision 090 does; 'busy' while another holds it. */
  async function fulfilFirstCharge(
    orderId: string,
    payment: GatewayPayment,
    by: 'webhook' | 'reconciliation',
    ifFree: boolean,
  ): Promise<EventOutcome> {
    const request = { gatewayOrderId: orderId, payment, by, buyerEmail: payment.email } as const;
    const result = ifFree ? await fulfilment.fulfilOrderIfFree(request) : await fulfilment.fulfilOrder(request);
    if (result.outcome === 'busy') return 'busy';
    if (result.outcome === 'pending') return { reason: result.reason };
    return 'done';
  }

  /** A stored `subscription.*` event (the payment service's webhook pipeline hands them here). */
  async function applyEvent(type: string, payload: unknown, waitForHolder: boolean): Promise<EventOutcome> {
    const state = subscriptionOfEvent(payload);
    if (!state) {
      logger.warn('subscription event without a usable subscription entity', { type });
      return 'done';
    }
    const payment = paymentOfEvent(payload);
    const charge =
      payment && chargeEvents.has(type) ? { payment, first: state.paidCount === 1 && payment.status === 'captured' } : undefined;
    const at = eventTime(payload) ?? (await gateway.now());
    const applied = await applyReport(state.id, state, at, charge, { ifFree: !waitForHolder });
    if (applied === 'busy') return 'busy';
    if (applied === null) {
      logger.warn('subscription event for a subscription this server did not create', { type, subscriptionId: state.id });
      return 'done';
    }
    if (applied.firstOrderId && payment) return fulfilFirstCharge(applied.firstOrderId, payment, 'webhook', !waitForHolder);
    return 'done';
  }

  /** The gateway's current word on one subscription, with any paid invoice we have not recorded. */
  async function reconcileOne(row: SubscriptionRow, at: Date) {
    const state = await gateway.fetchSubscription(row.gatewaySubscriptionId);
    const known = await invoicesOf(db, row.gatewaySubscriptionId);
    const knownPaid = known.filter((invoice) => invoice.status === 'paid').length;
    let invoices: GatewayInvoice[] = [];
    if (state.paidCount > knownPaid) invoices = await gateway.fetchInvoices(row.gatewaySubscriptionId);
    const paid = invoices
      .filter((invoice) => invoice.status === 'paid' && invoice.paymentId)
      .sort((a, b) => (a.periodStart?.getTime() ?? 0) - (b.periodStart?.getTime() ?? 0));
    for (const [index, invoice] of paid.entries()) {
      if (known.some((stored) => stored.gatewayInvoiceId === invoice.id && stored.status === 'paid')) continue;
      const payment = await payments.fetchPayment(invoice.paymentId!);
      const first = index === 0;
      const cycle = { ...state, currentStart: invoice.periodStart, currentEnd: invoice.periodEnd };
      const applied = await applyReport(row.gatewaySubscriptionId, cycle, invoice.paidAt ?? at, {
        payment: { ...payment, invoiceId: invoice.id },
        first,
      });
      if (applied && applied !== 'busy' && applied.firstOrderId)
        await fulfilFirstCharge(applied.firstOrderId, payment, 'reconciliation', true);
    }
    await applyReport(row.gatewaySubscriptionId, state, at, undefined, { fresh: true });
  }

  async function reconcile(): Promise<BillingReconcileSummary> {
    const at = await gateway.now();
    const summary: BillingReconcileSummary = { subscriptionsChecked: 0, accountsRecomputed: 0 };
    const due = await claimSubscriptionsToReconcile(db, {
      at,
      checkedBefore: new Date(at.getTime() - recheckAfterMs),
      createdAfter: new Date(at.getTime() - UNPAID_LOOKBACK_MS),
      // Wall time, as the row's created_at: the browser verifies in real seconds whatever the sandbox's clock says.
      createdBefore: new Date(Date.now() - firstChargeGraceMs),
      limit: 50,
    });
    await pauseScheduledSubscriptions({ db, now: at, logger, pause: (id) => act(id, (sub) => gateway.pauseSubscription(sub)) });
    for (const row of due) {
      try {
        await reconcileOne(row, at);
        summary.subscriptionsChecked += 1;
      } catch (err) {
        logger.warn('billing reconciliation could not ask the gateway', { subscriptionId: row.gatewaySubscriptionId, error: String(err) });
      }
    }
    // Time alone ends a paid period: accounts whose plan has run out are recomputed, and their claim follows.
    for (const uid of await accountsPastPaidPeriod(db, at, 100)) {
      const changed = await db.transaction(async (tx) => {
        // The row as stored, not as read now: a lapsed plan still stored is the change the claim must follow.
        const before = findPlan((await findProfile(tx, uid))?.purchasedPlan)?.key ?? null;
        const after = await recomputeEntitlement(tx, uid, '', at);
        return before !== after.plan;
      });
      summary.accountsRecomputed += 1;
      if (changed) await syncClaim(uid);
    }
    return summary;
  }

  /** The account's own subscription, or 404: a client never reaches another's. */
  async function ownSubscription(uid: string, subscriptionId: string): Promise<SubscriptionRow> {
    const row = await findSubscription(db, subscriptionId);
    if (!row || row.customerUid !== uid)
      throw new AppError(404, 'subscription_not_found', 'There is no such subscription on your account.');
    return row;
  }

  /**
   * The client cancels: at the end of the paid period when that is at least CANCEL_NOTICE_DAYS away, otherwise after
   * the next charge (src/domain/billing.ts cancellationOutcome). Asking again answers the same outcome.
   */
  async function cancel(uid: string, subscriptionId: string): Promise<CancellationOutcome> {
    const before = await ownSubscription(uid, subscriptionId);
    if (before.cancelAt) return recordedOutcome(before);
    // Decided on the gateway's word, not our last report of it: a renewal or a resume may not have reached us yet.
    try {
      await reconcileOne(before, await gateway.now());
    } catch (err) {
      throw gatewayAppError(err);
    }
    const at = await gateway.now();
    // Decided and recorded under the row's lock: a charge's report is applied wholly before or after it.
    const decided = await db.transaction(async (tx) => {
      const row = await lockSubscription(tx, subscriptionId);
      if (!row || row.customerUid !== uid)
        throw new AppError(404, 'subscription_not_found', 'There is no such subscription on your account.');
      if (row.cancelAt) return { outcome: recordedOutcome(row), recorded: false, charged: true };
      const paidThrough = paidUntil(row);
      if (!['authenticated', 'active', 'pending'].includes(row.status) || !paidThrough) {
        throw new AppError(409, 'not_cancellable', 'This subscription is not running, so there is nothing to cancel.');
      }
      const outcome = cancellationOutcome(at, paidThrough);
      await updateSubscription(tx, subscriptionId, {
        cancelAt: outcome.endsAt,
        cancelAfterCharge: outcome.kind === 'after_next_charge' ? outcome.nextChargeAt : null,
      });
      await recomputeEntitlement(tx, uid, row.customerEmail ?? '', at);
      return { outcome, recorded: true, charged: row.status !== 'authenticated' };
    });
    if (decided.recorded && decided.outcome.kind === 'at_period_end') {
      try {
        // Nothing charged yet (a start from the dashboard): it ends at once, and the month paid once runs out alone.
        const state = await gateway.cancelSubscription(subscriptionId, decided.charged);
        await applyReport(subscriptionId, state, await gateway.now(), undefined, { fresh: true });
      } catch (err) {
        // Not cancelled at the gateway: nor here, so the client may try again and is never told a false end date.
        await db.transaction(async (tx) => {
          await updateSubscription(tx, subscriptionId, { cancelAt: null, cancelAfterCharge: null });
          await recomputeEntitlement(tx, uid, before.customerEmail ?? '', at);
        });
        throw gatewayAppError(err);
      }
    }
    // The charge promised may have come in while this was decided: then no more is charged from now.
    await keepCancelPromise(subscriptionId);
    logger.info('subscription cancel requested', {
      subscriptionId,
      kind: decided.outcome.kind,
      endsAt: decided.outcome.endsAt.toISOString(),
    });
    await syncClaim(uid);
    return decided.outcome;
  }

  /** A cancellation already recorded, as the client was told it. */
  function recordedOutcome(row: SubscriptionRow): CancellationOutcome {
    return row.cancelAfterCharge
      ? { kind: 'after_next_charge', nextChargeAt: row.cancelAfterCharge, endsAt: row.cancelAt! }
      : { kind: 'at_period_end', endsAt: row.cancelAt! };
  }

  /** An account manager's action at the gateway, its answer stored as the newest report. */
  async function act(subscriptionId: string, action: (id: string) => Promise<GatewaySubscription>): Promise<SubscriptionRow> {
    const row = await findSubscription(db, subscriptionId);
    if (!row) throw new AppError(404, 'subscription_not_found', 'There is no such subscription.');
    let state: GatewaySubscription;
    try {
      state = await action(subscriptionId);
    } catch (err) {
      if (err instanceof GatewayError && err.failure === 'refused') {
        throw new AppError(409, 'gateway_refused', `The payment provider refused: ${err.message}`);
      }
      throw gatewayAppError(err);
    }
    await applyReport(subscriptionId, state, await gateway.now(), undefined, { fresh: true });
    // A resume after the paid period charges at once: its invoice is recorded now, not when its event arrives.
    if (state.paidCount > row.paidCount) await reconcileOne((await findSubscription(db, subscriptionId))!, await gateway.now());
    return (await findSubscription(db, subscriptionId))!;
  }

  /** The gateway's word on one subscription, stored as the newest report; answers the row as it now stands. */
  async function refresh(subscriptionId: string): Promise<SubscriptionRow> {
    let state: GatewaySubscription;
    try {
      state = await gateway.fetchSubscription(subscriptionId);
    } catch (err) {
      throw gatewayAppError(err);
    }
    await applyReport(subscriptionId, state, await gateway.now(), undefined, { fresh: true });
    const row = await findSubscription(db, subscriptionId);
    if (!row) throw new AppError(404, 'subscription_not_found', 'There is no such subscription.');
    return row;
  }

  return {
    subscribe,
    firstCharge,
    planFor: gatewayPlanFor,
    refresh,
    applyEvent,
    reconcile,
    cancel,
    pause: (id: string) => act(id, (sub) => gateway.pauseSubscription(sub)),
    resume: (id: string) => act(id, (sub) => gateway.resumeSubscription(sub)),
    cancelNow: (id: string) => act(id, (sub) => gateway.cancelSubscription(sub, false)),
    async changePlan(id: string, plan: string) {
      const price = billingPriceOf(plan);
      if (!price) throw new AppError(400, 'plan_not_sold_online', paymentMessages.planCustom);
      const planId = await gatewayPlanFor(price.plan, price.monthlyPaise);
      // The row's plan follows when the gateway reports the change, at the end of the cycle.
      return act(id, (sub) => gateway.changePlan(sub, planId));
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
