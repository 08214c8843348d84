import type { Auth } from 'firebase-admin/auth';
import type { BuyerDetails } from '../../src/domain/payment';
import { orderStatusAfter, PAYMENT_CURRENCY, priceOf } from '../../src/domain/payment';
import { findPlan, type PlanKey } from '../../src/domain/plans';
import { findProfile, upsertProfile } from '../auth/repository';
import { grantPlan } from '../auth/service';
import type { Database } from '../db/client';
import type { OrderRow } from '../db/schema';
import type { Logger } from '../logger';
import type { GatewayPayment } from './gateway';
import {
  findPayment,
  flagPaymentForRefund,
  lockOrder,
  lockOrderIfFree,
  markOrderFulfilled,
  recordFulfilmentError,
  recordPayment,
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
 *   2. complete: find or create the Firebase user, grant the plan, store the profile, mark fulfilled.
 * If step 2 fails the order stays paid-but-unfulfilled and the reconciler completes it later.
 */

/** The firebase-admin calls fulfilment makes; tests may hand in an in-memory double with the same methods. */
export type AuthAdmin = Pick<Auth, 'getUserByEmail' | 'createUser' | 'getUser' | 'setCustomUserClaims' | 'createCustomToken'>;

export type GrantPlan = typeof grantPlan;

export interface FulfilmentDeps {
  db: Database;
  auth: AuthAdmin;
  logger: Logger;
  grant?: GrantPlan;
  now?: () => Date;
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

export function createFulfilment({ db, auth, logger, grant = grantPlan, now = () => new Date() }: FulfilmentDeps) {
  function logMove(order: OrderRow, to: string, by: string) {
    logger.info('order status', { orderId: order.gatewayOrderId, plan: order.plan, from: order.status, to, by });
  }

  /** Transaction 1: the payment is recorded and the order is paid, or the reason it cannot be. */
  async function claim(request: FulfilRequest): Promise<FulfilResult | { outcome: 'claimed'; order: OrderRow }> {
    const { gatewayOrderId, payment, by } = request;
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, gatewayOrderId);
      if (!order) return { outcome: 'unknown_order' as const };
      if (payment.orderId !== order.gatewayOrderId) return { outcome: 'unknown_order' as const };

      // The payment must match the order, and the order the plan's price: nothing else is ever fulfilled.
      const price = priceOf(order.plan);
      const orderPriced = price !== null && order.amountPaise === price.amountPaise && order.currency === PAYMENT_CURRENCY;
      // What the gateway already reported for this payment counts over what a verification assumes (the order's amount).
      const known = await findPayment(tx, payment.id);
      const amount = known ? { amountPaise: known.amountPaise, currency: known.currency } : payment;
      if (!orderPriced || amount.amountPaise !== order.amountPaise || amount.currency !== order.currency) {
        await recordPayment(tx, payment, { refundNeeded: true });
        logger.error('payment amount does not match its order', {
          orderId: order.gatewayOrderId,
          paymentId: payment.id,
          expected: order.amountPaise,
          paid: amount.amountPaise,
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

      // The buyer's own details (verification) win until the order is fulfilled; a gateway's address only fills a gap.
      // Once an account is attached (a fulfilment stopped after finding or creating it), the order's email is fixed:
      // a later verification naming another address must not turn the order, and its sign-in token, to that account.
      if (!order.fulfilledAt) {
        if (request.buyer) {
          const { email, ...details } = request.buyer;
          const attached = order.customerUid && order.customerEmail;
          await setOrderCustomer(tx, gatewayOrderId, { email: attached ? order.customerEmail! : email, details });
        } else if (!order.customerEmail && request.buyerEmail) {
          await setOrderCustomer(tx, gatewayOrderId, { email: request.buyerEmail.trim().toLowerCase(), details: null });
        }
      }
      const next = orderStatusAfter(order.status as 'created' | 'failed' | 'paid', 'paid');
      if (next !== order.status) {
        await setOrderStatus(tx, gatewayOrderId, next, { paymentId: payment.id, at: now() });
        logMove(order, next, by);
      }
      return { outcome: 'claimed' as const, order };
    });
  }

  /**
   * Transaction 2, for a paid order: account, grant, profile, fulfilled_at. The row lock makes a concurrent
   * completion wait and then find the work done. Never called for an order that is not paid.
   */
  async function complete(gatewayOrderId: string, by: FulfilledBy): Promise<FulfilResult> {
    return completeLocked(gatewayOrderId, by, lockOrder) as Promise<FulfilResult>;
  }

  /**
   * `complete` for the reconciler's sweep: an order another server is fulfilling right now is left to it ('busy')
   * instead of waiting on its lock (docs/decisions/126-one-job-one-server.md).
   */
  async function completeIfFree(gatewayOrderId: string, by: FulfilledBy): Promise<FulfilResult | { outcome: 'busy' }> {
    return completeLocked(gatewayOrderId, by, lockOrderIfFree);
  }

  async function completeLocked(
    gatewayOrderId: string,
    by: FulfilledBy,
    lock: (tx: Database, gatewayOrderId: string) => Promise<OrderRow | 'busy' | undefined>,
  ): Promise<FulfilResult | { outcome: 'busy' }> {
    let account: { uid: string; created: boolean } | undefined;
    try {
      return await db.transaction(async (tx) => {
        const order = await lock(tx, gatewayOrderId);
        if (order === 'busy') return { outcome: 'busy' as const };
        if (!order) return { outcome: 'unknown_order' as const };
        if (order.status !== 'paid') throw new Error(`order ${gatewayOrderId} is ${order.status}, not paid`);
        if (order.fulfilledAt && order.customerUid) return { outcome: 'fulfilled' as const, order, uid: order.customerUid };
        const plan = findPlan(order.plan);
        if (!plan) throw new Error(`order ${gatewayOrderId} names no known plan`);
        const email = order.customerEmail;
        if (!email) throw new Error('no buyer email yet: waiting for verification or an address from the gateway');
        const details = detailsOf(order);
        account = await findOrCreateUser(auth, email, details.fullName);
        const paidAt = order.paidAt ?? now();
        const held = await grant({ db: tx, auth }, { uid: account.uid, email, plan: plan.key as PlanKey, at: paidAt });
        if (held.plan !== plan.key && paidAt >= held.purchasedAt && order.paidPaymentId) {
          // A payment never lowers a plan: downgrades go through the account manager (SPEC), who settles this payment.
          // (An older order fulfilled late, after a higher plan was bought, is simply superseded: nothing to settle.)
          await flagPaymentForRefund(tx, order.paidPaymentId);
          logger.warn('payment for a lower plan than the account holds: plan kept, payment flagged for a refund', {
            orderId: gatewayOrderId,
            paid: plan.key,
            held: held.plan,
          });
        }
        await fillProfile(tx, account.uid, email, details);
        const fulfilled = await markOrderFulfilled(tx, gatewayOrderId, {
          uid: account.uid,
          // Only the account this order created, never another one its email was later changed to (signs in unasked).
          accountCreated: account.created || (order.accountCreated && order.customerUid === account.uid),
          by,
          at: now(),
        });
        logger.info('order fulfilled', {
          orderId: gatewayOrderId,
          plan: order.plan,
          by,
          accountCreated: fulfilled.accountCreated,
        });
        return { outcome: 'fulfilled' as const, order: fulfilled, uid: account.uid };
      });
    } catch (err) {
      const reason = describe(err);
      await recordFulfilmentError(db, gatewayOrderId, reason, account);
      logger.warn('order paid, fulfilment deferred', { orderId: gatewayOrderId, by, error: reason });
      const [order] = await db.transaction(async (tx) => [await lockOrder(tx, gatewayOrderId)]);
      if (!order) return { outcome: 'unknown_order' };
      return { outcome: 'pending', order, reason };
    }
  }

  /** Profile fields the buyer gave, written only where the profile has none (an existing client keeps theirs). */
  async function fillProfile(tx: Database, uid: string, email: string, details: Partial<BuyerDetails>) {
    const existing = await findProfile(tx, uid);
    const pick = (value: string | undefined, current: string | null | undefined) =>
      value && !current ? value : undefined;
    await upsertProfile(tx, uid, email, {
      displayName: pick(details.fullName, existing?.displayName),
      businessName: pick(details.businessName, existing?.businessName),
      role: pick(details.role, existing?.role),
      industry: pick(details.industry, existing?.industry),
    });
  }

  async function fulfilOrder(request: FulfilRequest): Promise<FulfilResult> {
    const claimed = await claim(request);
    if (claimed.outcome !== 'claimed') return claimed;
    return complete(request.gatewayOrderId, request.by);
  }

  /** A failed payment: recorded; the order moves created -> failed, never away from paid. */
  async function recordFailedPayment(payment: GatewayPayment, by: FulfilledBy): Promise<OrderRow | undefined> {
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, payment.orderId);
      if (!order) return undefined;
      await recordPayment(tx, payment);
      const next = orderStatusAfter(order.status as 'created' | 'failed' | 'paid', 'failed');
      if (next !== order.status) {
        await setOrderStatus(tx, order.gatewayOrderId, next);
        logMove(order, next, by);
      }
      return order;
    });
  }

  return { fulfilOrder, complete, completeIfFree, recordFailedPayment };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
