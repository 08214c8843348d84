import type { Auth } from 'firebase-admin/auth';
import type { BuyerDetails } from '../../src/domain/payment';
import { orderStatusAfter, PAYMENT_CURRENCY, priceOf } from '../../src/domain/payment';
import { findPlan, type PlanKey } from '../../src/domain/plans';
import { findProfile, upsertProfile } from '../auth/repository';
import { firebasePlanClaims, syncPlanClaim } from '../auth/claims';
import { grantPlan, storedPlan, withdrawPlan } from '../auth/service';
import type { Database } from '../db/client';
import type { OrderRow } from '../db/schema';
import type { Logger } from '../logger';
import { recordMailEvent } from '../mail/events';
import { RAZORPAY_NO_EMAIL, type GatewayPayment } from './gateway';
import {
  attachCreatedAccount,
  clearRefundFlag,
  findPayment,
  isFullyRefunded,
  keptPurchases,
  leaseOrder,
  flagPaymentForRefund,
  lockOrder,
  lockOrderIfFree,
  markOrderFulfilled,
  recordFulfilmentError,
  recordPayment,
  recordProcessedRefund,
  setOrderCustomer,
  setOrderStatus,
  type FulfilledBy,
} from './repository';

/**
 * THE fulfilment (docs/decisions/090-payment-fulfilment.md): verify-payment, the webhook and the reconciler all
 * call `fulfilOrder`, so whichever arrives first does the work and the others find it done. Two transactions,
 * each holding the order's row lock:
 *   1. claim: record the payment and mark the order paid (committed before anything outside the database happens,
 *      so a taken payment is never lost);
 *   2. complete: find or create the Firebase user (outside any transaction), then grant the plan, store the profile
 *      and mark the order fulfilled (a second short transaction), then set the token's plan claim.
 * If step 2 fails the order stays paid-but-unfulfilled and the reconciler completes it later.
 */

/** The firebase-admin calls fulfilment makes; tests may hand in an in-memory double with the same methods. */
export type AuthAdmin = Pick<Auth, 'getUserByEmail' | 'createUser' | 'getUser' | 'setCustomUserClaims' | 'createCustomToken'>;

export type GrantPlan = typeof grantPlan;

/**
 * For the first charge of a subscription (an order with `subscription_id`): the account joins the subscription, and
 * its plan is recomputed from its subscriptions instead of granted by this one payment (docs/decisions/180).
 */
export type GrantSubscription = (tx: Database, order: OrderRow, account: { uid: string; email: string; at: Date }) => Promise<void>;

export interface FulfilmentDeps {
  db: Database;
  auth: AuthAdmin;
  logger: Logger;
  grant?: GrantPlan;
  grantSubscription?: GrantSubscription;
  now?: () => Date;
  /** How long a completion waits for another that holds the order before leaving it pending. */
  leaseWaitMs?: number;
}

export interface FulfilRequest {
  gatewayOrderId: string;
  /** A captured payment of that order, as the checkout (verification) or the gateway (webhook, reconciler) reports it. */
  payment: GatewayPayment;
  by: FulfilledBy;
  /** The buyer's own details (verification) or the address the gateway saw (webhook, reconciler). */
  buyer?: BuyerDetails;
  buyerEmail?: string | null;
}

export type FulfilResult =
  | { outcome: 'fulfilled'; order: OrderRow; uid: string }
  | { outcome: 'unknown_order' }
  | { outcome: 'amount_mismatch'; order: OrderRow }
  | { outcome: 'second_payment'; order: OrderRow }
  /** Paid, but the account or the grant is still owed (the reason is on the order); the reconciler finishes it. */
  | { outcome: 'pending'; order: OrderRow; reason: string };

/** How a transaction takes an order's row: waiting for it (`lockOrder`), or 'busy' when another holds it. */
type OrderLock = (tx: Database, gatewayOrderId: string) => Promise<OrderRow | 'busy' | undefined>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function describe(err: unknown): string {
  if (err && typeof err === 'object' && 'code' in err && typeof (err as { code: unknown }).code === 'string') {
    return `${(err as { code: string }).code}: ${err instanceof Error ? err.message : ''}`.trim();
  }
  return err instanceof Error ? err.message : String(err);
}

function errorCode(err: unknown): string | undefined {
  const code = err && typeof err === 'object' ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether the order names its buyer. Before the gateway's placeholder was refused (decision 090), a webhook could store
 * `void@razorpay.com` as an order's email: such an order waits for its buyer too, not for the one shared account.
 */
function hasBuyerEmail(order: OrderRow): order is OrderRow & { customerEmail: string } {
  return !!order.customerEmail && order.customerEmail !== RAZORPAY_NO_EMAIL;
}

/** Whether the payment is for the order's full price, and the order for its plan's price. */
export function paysOrderInFull(order: OrderRow, payment: Pick<GatewayPayment, 'amountPaise' | 'currency'>): boolean {
  const price = priceOf(order.plan);
  const orderPriced = price !== null && order.amountPaise === price.amountPaise && order.currency === PAYMENT_CURRENCY;
  return orderPriced && payment.amountPaise === order.amountPaise && payment.currency === order.currency;
}

/** One buyer, one account: the user with this email, created (without a password) when there is none. */
export async function findOrCreateUser(
  auth: AuthAdmin,
  email: string,
  displayName: string | undefined,
): Promise<{ uid: string; created: boolean }> {
  try {
    return { uid: (await auth.getUserByEmail(email)).uid, created: false };
  } catch (err) {
    if (errorCode(err) !== 'auth/user-not-found') throw err;
  }
  try {
    const user = await auth.createUser({ email, emailVerified: false, ...(displayName && { displayName }) });
    return { uid: user.uid, created: true };
  } catch (err) {
    // Another fulfilment (another order of the same buyer) created it a moment ago.
    if (errorCode(err) !== 'auth/email-already-exists') throw err;
    return { uid: (await auth.getUserByEmail(email)).uid, created: false };
  }
}

function detailsOf(order: OrderRow): Partial<BuyerDetails> {
  const details = order.customerDetails;
  return details && typeof details === 'object' ? (details as Partial<BuyerDetails>) : {};
}

/** How long a fulfiller holds an order while it finds or creates the account (a crashed one is overtaken after it). */
const LEASE_SECONDS = 30;
const LEASE_POLL_MS = 100;
/** Why an order is left pending while another fulfiller holds it. */
const HELD_ELSEWHERE = 'another request is setting up its account';

export function createFulfilment({
  db,
  auth,
  logger,
  grant = grantPlan,
  grantSubscription,
  now = () => new Date(),
  leaseWaitMs = 10_000,
}: FulfilmentDeps) {
  const planClaims = firebasePlanClaims(auth);
  function logMove(order: OrderRow, to: string, by: string) {
    logger.info('order status', { orderId: order.gatewayOrderId, plan: order.plan, from: order.status, to, by });
  }

  /**
   * Transaction 1: the payment is recorded and the order is paid, or the reason it cannot be. `lock` is
   * `lockOrderIfFree` for background retries, which leave an order whose row another transaction holds ('busy').
   */
  async function claim(
    request: FulfilRequest,
    lock: OrderLock = lockOrder,
  ): Promise<FulfilResult | { outcome: 'claimed'; order: OrderRow } | { outcome: 'busy' }> {
    const { gatewayOrderId, payment, by } = request;
    return db.transaction(async (tx) => {
      const order = await lock(tx, gatewayOrderId);
      if (order === 'busy') return { outcome: 'busy' as const };
      if (!order) return { outcome: 'unknown_order' as const };
      if (payment.orderId !== order.gatewayOrderId) return { outcome: 'unknown_order' as const };

      // The payment must match the order, and the order the plan's price: nothing else is ever fulfilled. Every caller
      // reports the payment as the gateway holds it, so its amount is the gateway's.
      if (!paysOrderInFull(order, payment)) {
        await recordPayment(tx, payment, { refundNeeded: true });
        logger.error('payment amount does not match its order', {
          orderId: order.gatewayOrderId,
          paymentId: payment.id,
          expected: order.amountPaise,
          paid: payment.amountPaise,
          by,
        });
        return { outcome: 'amount_mismatch' as const, order };
      }
      if (order.status === 'paid' && order.paidPaymentId !== payment.id) {
        await recordPayment(tx, payment, { refundNeeded: true });
        logger.warn('second payment for a paid order, flagged for refund', {
          orderId: order.gatewayOrderId,
          paymentId: payment.id,
          paidWith: order.paidPaymentId,
          by,
        });
        return { outcome: 'second_payment' as const, order };
      }
      await recordPayment(tx, payment);

      await noteBuyer(tx, order, request);
      const next = orderStatusAfter(order.status as 'created' | 'failed' | 'paid', 'paid');
      if (next !== order.status) {
        await setOrderStatus(tx, gatewayOrderId, next, { paymentId: payment.id, at: now() });
        logMove(order, next, by);
      }
      return { outcome: 'claimed' as const, order };
    });
  }

  /**
   * The buyer's own details (verification) win until the order is fulfilled; a gateway's address only fills a gap.
   * Once an account is attached (a fulfilment stopped after finding or creating it), the order's email is fixed: a
   * later verification naming another address must not turn the order, and its sign-in token, to that account.
   */
  async function noteBuyer(tx: Database, order: OrderRow, request: Pick<FulfilRequest, 'buyer' | 'buyerEmail'>) {
    if (order.fulfilledAt) return;
    if (request.buyer) {
      const { email, ...details } = request.buyer;
      const attached = order.customerUid && order.customerEmail;
      await setOrderCustomer(tx, order.gatewayOrderId, { email: attached ? order.customerEmail! : email, details });
    } else if (!hasBuyerEmail(order) && request.buyerEmail) {
      await setOrderCustomer(tx, order.gatewayOrderId, { email: request.buyerEmail.trim().toLowerCase(), details: null });
    }
  }

  /** A verification whose payment the gateway could not confirm yet: its buyer is kept for whoever fulfils it later. */
  async function rememberBuyer(gatewayOrderId: string, buyer: BuyerDetails): Promise<void> {
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, gatewayOrderId);
      if (order) await noteBuyer(tx, order, { buyer });
    });
  }

  /**
   * For a paid order: account, grant, profile, fulfilled_at. One fulfiller at a time holds the order (its lease)
   * while it finds or creates the account; a completion that finds it held waits for it (a verification racing the
   * webhook then answers with the holder's result), up to `leaseWaitMs`, after which the order is left pending for
   * the reconciler. Never called for an order that is not paid.
   */
  async function complete(gatewayOrderId: string, by: FulfilledBy): Promise<FulfilResult> {
    const started = Date.now();
    for (;;) {
      const result = await completeLocked(gatewayOrderId, by, lockOrder);
      if (result.outcome === 'busy') throw new Error('lockOrder never answers busy');
      if (result.outcome !== 'held') return result;
      if (Date.now() - started >= leaseWaitMs) {
        return { outcome: 'pending', order: result.order, reason: `${HELD_ELSEWHERE} (waited ${leaseWaitMs} ms)` };
      }
      await sleep(LEASE_POLL_MS);
    }
  }

  /**
   * `complete` for the reconciler's sweep: an order another server is fulfilling right now is left to it ('busy')
   * instead of waiting on its lock or its lease (docs/decisions/126-one-job-one-server.md).
   */
  async function completeIfFree(gatewayOrderId: string, by: FulfilledBy): Promise<FulfilResult | { outcome: 'busy' }> {
    const result = await completeLocked(gatewayOrderId, by, lockOrderIfFree);
    return result.outcome === 'held' ? { outcome: 'busy' } : result;
  }

  async function completeLocked(
    gatewayOrderId: string,
    by: FulfilledBy,
    lock: OrderLock,
  ): Promise<FulfilResult | { outcome: 'busy' } | { outcome: 'held'; order: OrderRow }> {
    let account: { uid: string; created: boolean; email: string } | undefined;
    let lease: Date | null = null;
    try {
      // Firebase is called between two short transactions, never inside one: a slow Firebase would otherwise hold a
      // connection (on PGlite, the only one) and stop every other request's database work meanwhile. The lease taken
      // in the first keeps the account's creation to one fulfiller, as the row lock did when it was held throughout.
      const due = await db.transaction(async (tx) => {
        const order = await lock(tx, gatewayOrderId);
        if (order === 'busy') return { outcome: 'busy' as const };
        if (!order) return { outcome: 'unknown_order' as const };
        if (order.status !== 'paid') throw new Error(`order ${gatewayOrderId} is ${order.status}, not paid`);
        if (order.fulfilledAt && order.customerUid) return { outcome: 'fulfilled' as const, order, uid: order.customerUid };
        const plan = findPlan(order.plan);
        if (!plan) throw new Error(`order ${gatewayOrderId} names no known plan`);
        if (!hasBuyerEmail(order)) throw new Error('no buyer email yet: waiting for verification or an address from the gateway');
        lease = await leaseOrder(tx, gatewayOrderId, LEASE_SECONDS);
        if (!lease) return { outcome: 'held' as const, order };
        return { outcome: 'due' as const, order, plan: plan.key as PlanKey, email: order.customerEmail };
      });
      if (due.outcome === 'fulfilled') await syncClaim(gatewayOrderId, due.uid);
      if (due.outcome !== 'due') return due;
      const details = detailsOf(due.order);
      const found = await findOrCreateUser(auth, due.email, details.fullName);
      account = { ...found, email: due.email };
      if (found.created) await attachCreatedAccount(db, gatewayOrderId, { uid: found.uid, email: due.email });

      const done = await db.transaction(async (tx) => {
        // Under the lock again: a holder whose lease ran out may have been overtaken, or the buyer changed.
        const order = await lockOrder(tx, gatewayOrderId);
        if (!order) return { outcome: 'unknown_order' as const };
        if (order.fulfilledAt && order.customerUid) return { outcome: 'fulfilled' as const, order, uid: order.customerUid };
        if (order.customerEmail !== due.email) {
          account = undefined; // the account found is not this order's any more: nothing to attach
          throw new Error("the order's buyer changed while their account was looked up: trying again");
        }
        const paidAt = order.paidAt ?? now();
        // Refunded before its account was ready (the gateway's refund came first): the account, but no plan.
        const paidWith = order.paidPaymentId ? await findPayment(tx, order.paidPaymentId) : undefined;
        if (paidWith && isFullyRefunded(paidWith)) {
          logger.warn('order refunded before fulfilment: account set up, no plan granted', { orderId: gatewayOrderId });
        } else {
          await grantFor(tx, order, { uid: found.uid, email: due.email, plan: due.plan, paidAt });
        }
        await fillProfile(tx, found.uid, due.email, details);
        const fulfilled = await markOrderFulfilled(tx, gatewayOrderId, {
          uid: found.uid,
          // Only the account this order created, never another one its email was later changed to (signs in unasked).
          accountCreated: found.created || (order.accountCreated && order.customerUid === found.uid),
          by,
          at: now(),
        });
        // The receipt, a new account's welcome and staff's notice (server/mail).
        await recordMailEvent(tx, { type: 'order.fulfilled', orderId: gatewayOrderId });
        logger.info('order fulfilled', { orderId: gatewayOrderId, plan: order.plan, by, accountCreated: fulfilled.accountCreated });
        return { outcome: 'fulfilled' as const, order: fulfilled, uid: found.uid };
      });
      if (done.outcome === 'fulfilled') await syncClaim(gatewayOrderId, done.uid);
      return done;
    } catch (err) {
      const reason = describe(err);
      await recordFulfilmentError(db, gatewayOrderId, reason, { account, lease });
      logger.warn('order paid, fulfilment deferred', { orderId: gatewayOrderId, by, error: reason });
      const [order] = await db.transaction(async (tx) => [await lockOrder(tx, gatewayOrderId)]);
      if (!order) return { outcome: 'unknown_order' };
      return { outcome: 'pending', order, reason };
    }
  }

  /** The plan for a fulfilled order: raised or renewed, never lowered; a payment for a lower plan is flagged. */
  async function grantFor(
    tx: Database,
    order: OrderRow,
    { uid, email, plan, paidAt }: { uid: string; email: string; plan: PlanKey; paidAt: Date },
  ) {
    if (order.subscriptionId) {
      if (!grantSubscription) throw new Error(`order ${order.gatewayOrderId} is a subscription's, and billing is not set up`);
      return grantSubscription(tx, order, { uid, email, at: now() });
    }
    const held = await grant({ db: tx }, { uid, email, plan, at: paidAt });
    if (held.plan !== plan && paidAt >= held.purchasedAt && order.paidPaymentId) {
      // A payment never lowers a plan: downgrades go through the account manager (SPEC), who settles this payment.
      // (An older order fulfilled late, after a higher plan was bought, is simply superseded: nothing to settle.)
      await flagPaymentForRefund(tx, order.paidPaymentId);
      logger.warn('payment for a lower plan than the account holds: plan kept, payment flagged for a refund', {
        orderId: order.gatewayOrderId,
        paid: plan,
        held: held.plan,
      });
    }
  }

  /**
   * The token's plan claim from the committed row, before anyone is told "fulfilled": a verification that found the
   * order finished by the webhook a moment ago signs the buyer in at once, and their first token must carry the plan.
   * Should Firebase fail here, the order stays fulfilled (the row is the record) and the account's next /api/me
   * corrects the claim (server/auth/service.ts, healClaim).
   */
  async function syncClaim(gatewayOrderId: string, uid: string): Promise<void> {
    try {
      await syncPlanClaim(planClaims, uid, () => storedPlan(db, uid));
    } catch (err) {
      logger.warn('plan claim not set after fulfilment; corrected on the next /api/me', { orderId: gatewayOrderId, error: describe(err) });
    }
  }

  /** Profile fields the buyer gave, written only where the profile has none (an existing client keeps theirs). */
  async function fillProfile(tx: Database, uid: string, email: string, details: Partial<BuyerDetails>) {
    const existing = await findProfile(tx, uid);
    const pick = (value: string | undefined, current: string | null | undefined) => (value && !current ? value : undefined);
    await upsertProfile(tx, uid, email, {
      displayName: pick(details.fullName, existing?.displayName),
      businessName: pick(details.businessName, existing?.businessName),
      role: pick(details.role, existing?.role),
      industry: pick(details.industry, existing?.industry),
    });
  }

  async function fulfilOrder(request: FulfilRequest): Promise<FulfilResult> {
    const claimed = await claim(request);
    if (claimed.outcome === 'busy') throw new Error('lockOrder never answers busy');
    if (claimed.outcome !== 'claimed') return claimed;
    return complete(request.gatewayOrderId, request.by);
  }

  /**
   * `fulfilOrder` for background retries (the reconciler's): an order another fulfiller holds right now, by its row
   * lock or its lease, is left to it at once ('busy') instead of waited for, which would hold up the whole sweep.
   */
  async function fulfilOrderIfFree(request: FulfilRequest): Promise<FulfilResult | { outcome: 'busy' }> {
    const claimed = await claim(request, lockOrderIfFree);
    if (claimed.outcome !== 'claimed') return claimed;
    return completeIfFree(request.gatewayOrderId, request.by);
  }

  /**
   * A failed payment: recorded; the order moves created -> failed, never away from paid. With `lockOrderIfFree`
   * (background retries), 'busy' when another transaction holds the order.
   */
  async function recordFailedPayment(
    payment: GatewayPayment,
    by: FulfilledBy,
    lock: OrderLock = lockOrder,
  ): Promise<OrderRow | 'busy' | undefined> {
    return db.transaction(async (tx) => {
      const order = await lock(tx, payment.orderId);
      if (order === 'busy' || !order) return order;
      await recordPayment(tx, payment);
      const next = orderStatusAfter(order.status as 'created' | 'failed' | 'paid', 'failed');
      if (next !== order.status) {
        await setOrderStatus(tx, order.gatewayOrderId, next);
        logMove(order, next, by);
      }
      return order;
    });
  }

  /**
   * A refund the gateway processed (docs/decisions/171-refunds-withdraw-the-plan.md), by its own id. A partial refund
   * changes no plan (a credit); the refund that makes the payment behind a fulfilled order refunded in full withdraws
   * the plan that order bought, once: a repeat, or a later refund of a payment already refunded, changes nothing (the
   * account manager may have set a plan by hand since). Under the order's lock, so a fulfilment of the same order
   * runs wholly before or after it.
   */
  async function recordRefund(
    payment: GatewayPayment,
    refund: { id: string; amountPaise: number },
    lock: OrderLock = lockOrder,
  ): Promise<'recorded' | 'unknown_order' | 'busy'> {
    const withdrawn = await db.transaction(async (tx) => {
      const order = await lock(tx, payment.orderId);
      if (order === 'busy') return 'busy' as const;
      if (!order) return 'unknown_order' as const;
      await recordPayment(tx, payment);
      const before = await findPayment(tx, payment.id);
      const row = await recordProcessedRefund(tx, {
        gatewayRefundId: refund.id,
        gatewayPaymentId: payment.id,
        amountPaise: refund.amountPaise,
      });
      const nowFull = row && isFullyRefunded(row) && !(before && isFullyRefunded(before));
      if (!nowFull || order.paidPaymentId !== payment.id || !order.fulfilledAt || !order.customerUid) return null;
      const uid = order.customerUid;
      const after = await withdrawPlan({ db: tx }, { uid, plan: order.plan, keptPurchases: () => keptPurchases(tx, uid) });
      // The payment now behind the plan was kept after all: it no longer has to go back (decision 170's flag).
      if (after.keptFrom) await clearRefundFlag(tx, after.keptFrom.paymentId);
      logger.warn('payment refunded in full', {
        orderId: order.gatewayOrderId,
        plan: order.plan,
        planNow: after.plan,
        planChanged: after.changed,
      });
      return after.changed ? uid : null;
    });
    if (withdrawn === 'unknown_order' || withdrawn === 'busy') return withdrawn;
    if (withdrawn) await syncClaim(payment.orderId, withdrawn);
    return 'recorded';
  }

  return { fulfilOrder, fulfilOrderIfFree, complete, completeIfFree, recordFailedPayment, recordRefund, rememberBuyer };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
