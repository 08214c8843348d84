import { createHash, randomBytes } from 'node:crypto';
import {
  createOrderSchema,
  paymentDescription,
  paymentFieldErrors,
  paymentMessages,
  priceOf,
  verifyPaymentSchema,
  verifySubscriptionSchema,
  type BuyerDetails,
  type VerifySubscriptionInput,
  type CreateOrderAnswer,
  type VerifyPaymentAnswer,
} from '../../src/domain/payment';
import type { TokenVerifier } from '../auth/requireUser';
import type { Database } from '../db/client';
import { storableJson, TooDeeplyNested } from '../db/storableJson';
import type { OrderRow } from '../db/schema';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import { createCapture } from './capture';
import { createFulfilment, paysOrderInFull, type AuthAdmin, type Fulfilment, type FulfilResult, type GrantPlan } from './fulfilment';
import { recordDispute } from './disputes';
import { disputeFromEntity, GatewayError, paymentFromEntity, refundFromEntity, type GatewayPayment, type PaymentGateway } from './gateway';
import {
  claimOrdersToReconcile,
  claimWebhookEvent,
  findOrder,
  findPayment,
  findPendingWebhookEvents,
  findUnfulfilledPaidOrders,
  insertOrder,
  insertWebhookEvent,
  isFullyRefunded,
  lockOrder,
  lockOrderIfFree,
  markWebhookEventFailed,
  releaseWebhookEvent,
  markWebhookEventProcessed,
  releaseOrderCheck,
} from './repository';
import { isOrderCheckoutSecret, isValidPaymentSignature, isValidWebhookSignature, newCheckoutSecret } from './signature';

/**
 * Online payment (docs/decisions/090-payment-fulfilment.md): orders priced here, payments verified against orders this
 * server created, webhooks stored then processed, and a reconciliation pass for everything a browser or a webhook
 * left unfinished. Knows nothing of HTTP: routes.ts translates.
 */

/** What monthly billing (server/billing/service.ts) takes from the payment pipeline. */
export interface SubscriptionPayments {
  firstCharge(body: VerifySubscriptionInput): Promise<{ order: OrderRow; payment: GatewayPayment } | VerifyOutcome>;
  applyEvent(type: string, payload: unknown, waitForHolder: boolean): Promise<'done' | 'busy' | { reason: string }>;
  reconcile(): Promise<unknown>;
}

export interface PaymentServiceDeps {
  db: Database;
  /** Built by the composition root when billing shares it; otherwise made here. */
  fulfilment?: Fulfilment;
  /** Monthly billing: subscription verifications and `subscription.*` events go there. */
  billing?: SubscriptionPayments;
  gateway: PaymentGateway;
  auth: AuthAdmin;
  logger: Logger;
  /** Verifies a signed-in buyer's ID token, so an existing account gets its sign-in token only with proof. */
  verifier?: TokenVerifier;
  grant?: GrantPlan;
  /** Unpaid orders older than this are asked about at the gateway. Default 5 minutes. */
  reconcileAfterMs?: number;
  /** A stored webhook event not processed after this long is retried by the reconciler. Default 30 s. */
  webhookRetryAfterMs?: number;
  /** How many stored webhook events are processed at once. */
  webhookConcurrency?: number;
  now?: () => Date;
}

export interface VerifyOutcome {
  status: number;
  body: VerifyPaymentAnswer;
}

export interface WebhookReceipt {
  eventId: string;
  /** False for a redelivery of an event already stored. */
  stored: boolean;
}

export interface ReconcileSummary {
  eventsRetried: number;
  ordersCompleted: number;
  ordersChecked: number;
  ordersFulfilled: number;
}

export interface PaymentService {
  readonly mode: 'sandbox' | 'live';
  createOrder(input: unknown): Promise<CreateOrderAnswer>;
  verifyPayment(input: unknown, options?: { idToken?: string }): Promise<VerifyOutcome>;
  /** Checks the signature on the raw body and stores the event; its processing starts after this resolves. */
  handleWebhook(rawBody: Buffer, signature: string | undefined, eventId: string | undefined): Promise<WebhookReceipt>;
  /** Processes one stored event (idempotent). */
  processWebhookEvent(eventId: string): Promise<void>;
  reconcile(): Promise<ReconcileSummary>;
  /** Resolves when the webhook processing started so far has finished (tests, shutdown). */
  settled(): Promise<void>;
}

/** What a verification brings to be signed in: the buyer's ID token, or the order's checkout secret. */
interface Proof {
  idToken: string | undefined;
  checkoutSecret: string | undefined;
}

/** A token is handed out without proof of identity only for an account this very order created, and only for a day. */
const tokenWindowMs = 24 * 60 * 60_000;
const orderLookbackMs = 7 * 24 * 60 * 60_000;
/** The events that change an order; others are stored and left alone. Disputes (payment.dispute.*) are handled too. */
const handledEvents = new Set(['payment.authorized', 'payment.captured', 'order.paid', 'payment.failed', 'refund.processed']);
const maxWebhookAttempts = 20;
/** Razorpay's events nest about six levels; PostgreSQL's jsonb refuses a few thousand. */
const maxWebhookDepth = 64;
/** How long one server holds a webhook event it is processing; longer than any fulfilment (its Firebase calls). */
const webhookLeaseMs = 2 * 60_000;

export function gatewayAppError(err: unknown): AppError {
  if (err instanceof GatewayError) {
    if (err.failure === 'timeout') {
      return new AppError(504, 'gateway_timeout', 'The payment provider did not answer in time. Please try again in a minute.');
    }
    if (err.failure === 'unreachable') {
      return new AppError(503, 'gateway_unavailable', 'The payment provider cannot be reached right now. Please try again in a minute.');
    }
    return new AppError(502, 'gateway_error', 'The payment provider could not create the order. Please try again in a minute.');
  }
  return new AppError(502, 'gateway_error', 'The payment provider could not create the order. Please try again in a minute.');
}

/** Something that is not an object (an array, a number) reads as an empty body, so errors always name fields. */
const asObject = (input: unknown) => (input && typeof input === 'object' && !Array.isArray(input) ? input : {});

/**
 * Random bytes from a pool refilled 4 kB at a time: one system call per 341 receipts rather than one per order
 * (`randomBytes(12)` each time cost about 3 µs, 1% of create-order's CPU). A receipt is an identifier, not a secret.
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

/** POST /api/create-order's body, checked; a 400 naming the fields otherwise (for orders and subscriptions alike). */
export function orderRequestOf(input: unknown) {
  const parsed = createOrderSchema.safeParse(asObject(input));
  if (parsed.success) return parsed.data;
  const fieldErrors = paymentFieldErrors(parsed.error);
  const message = fieldErrors.plan ?? fieldErrors.currency ?? 'Some order details are not valid.';
  throw new AppError(400, 'validation_failed', message, { fieldErrors });
}

/** A tiny in-process queue: stored events are processed a few at a time, so a burst cannot exhaust the pool. */
function createWorkQueue(concurrency: number) {
  const waiting: Array<() => Promise<void>> = [];
  const idle: Array<() => void> = [];
  let active = 0;
  const pump = () => {
    while (active < concurrency && waiting.length > 0) {
      const job = waiting.shift()!;
      active += 1;
      void job().finally(() => {
        active -= 1;
        pump();
      });
    }
    if (active === 0 && waiting.length === 0) idle.splice(0).forEach((resolve) => resolve());
  };
  return {
    push(job: () => Promise<void>) {
      waiting.push(job);
      pump();
    },
    settled: () => (active === 0 && waiting.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve))),
  };
}

export function createPaymentService(deps: PaymentServiceDeps): PaymentService {
  const {
    db,
    gateway,
    auth,
    logger,
    verifier,
    reconcileAfterMs = 5 * 60_000,
    webhookRetryAfterMs = 30_000,
    webhookConcurrency = 4,
    now = () => new Date(),
  } = deps;
  const fulfilment = deps.fulfilment ?? createFulfilment({ db, auth, logger, grant: deps.grant, now });
  const { takenPayment, captureIfDue } = createCapture({ db, gateway, logger });
  const queue = createWorkQueue(webhookConcurrency);

  async function createOrder(input: unknown): Promise<CreateOrderAnswer> {
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
  }

  const refuse = (status: number, msg: string, fieldErrors?: Record<string, string>): VerifyOutcome => ({
    status,
    body: { success: false, msg, ...(fieldErrors && { fieldErrors }) },
  });

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

  async function verifyPayment(input: unknown, { idToken }: { idToken?: string } = {}): Promise<VerifyOutcome> {
    const body = asObject(input);
    if (deps.billing && 'razorpay_subscription_id' in body) return verifySubscription(deps.billing, body, idToken);
    const parsed = verifyPaymentSchema.safeParse(body);
    if (!parsed.success) {
      const fieldErrors = paymentFieldErrors(parsed.error);
      const detailsError = Object.keys(fieldErrors).some((key) => key.startsWith('userDetails'));
      return refuse(400, detailsError ? paymentMessages.detailsInvalid : paymentMessages.verificationFailed, fieldErrors);
    }
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
  async function verifySubscription(billing: SubscriptionPayments, input: object, idToken: string | undefined): Promise<VerifyOutcome> {
    const parsed = verifySubscriptionSchema.safeParse(input);
    if (!parsed.success) {
      const fieldErrors = paymentFieldErrors(parsed.error);
      const detailsError = Object.keys(fieldErrors).some((key) => key.startsWith('userDetails'));
      return refuse(400, detailsError ? paymentMessages.detailsInvalid : paymentMessages.verificationFailed, fieldErrors);
    }
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

  async function handleWebhook(rawBody: Buffer, signature: string | undefined, eventIdHeader: string | undefined) {
    if (!isValidWebhookSignature(rawBody, signature, gateway.webhookSecret)) {
      logger.warn('webhook signature refused', { bytes: rawBody.length });
      throw new AppError(400, 'invalid_signature', 'The webhook signature does not match its body.');
    }
    let payload: unknown;
    try {
      payload = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError(400, 'invalid_json', 'The webhook body is not valid JSON.');
    }
    // What jsonb cannot hold (U+0000, a lone surrogate) is replaced; a refusal here would be retried by the gateway for days.
    try {
      payload = storableJson(payload, maxWebhookDepth);
    } catch (err) {
      if (!(err instanceof TooDeeplyNested)) throw err;
      throw new AppError(400, 'too_deeply_nested', `The webhook body is ${err.message}; Razorpay's events are a few levels deep.`);
    }
    const type = payload && typeof payload === 'object' ? (payload as { event?: unknown }).event : undefined;
    if (typeof type !== 'string') throw new AppError(400, 'invalid_event', 'The webhook body names no event.');
    // Razorpay always sends the id; without one, identical bodies still collapse into one event.
    const eventId = eventIdHeader?.trim() || `body_${createHash('sha256').update(rawBody).digest('hex')}`;
    const stored = await insertWebhookEvent(db, { eventId, type, payload });
    if (stored) queue.push(() => processWebhookEvent(eventId));
    return { eventId, stored };
  }

  /** `waitForHolder`: false for the reconciler's retries, which leave an order being fulfilled to its holder. */
  async function processWebhookEvent(eventId: string, waitForHolder = true): Promise<void> {
    try {
      // One server per attempt: on several servers the receiving one and every reconciler may reach for the same event.
      const at = now();
      const event = await claimWebhookEvent(db, eventId, { now: at, leaseUntil: new Date(at.getTime() + webhookLeaseMs) });
      if (!event) return;
      const outcome = await applyEvent(event.type, event.payload, waitForHolder);
      // Busy: another fulfiller holds the order and will finish it; not a failed attempt, so not counted as one.
      if (outcome === 'busy') await releaseWebhookEvent(db, eventId, event.claimedUntil!);
      else if (outcome !== 'done') await markWebhookEventFailed(db, eventId, `fulfilment deferred: ${outcome.reason}`);
      else await markWebhookEventProcessed(db, eventId, now());
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      logger.warn('webhook processing failed', { eventId, error: message });
      await markWebhookEventFailed(db, eventId, message).catch(() => undefined);
    }
  }

  async function applyEvent(type: string, payload: unknown, waitForHolder: boolean): Promise<'done' | 'busy' | { reason: string }> {
    const entities = (payload as { payload?: Record<string, { entity?: unknown } | undefined> }).payload;
    const payment = paymentFromEntity(entities?.payment?.entity);
    if (type.startsWith('subscription.')) return deps.billing ? deps.billing.applyEvent(type, payload, waitForHolder) : 'done';
    const isDispute = type.startsWith('payment.dispute.');
    if (!handledEvents.has(type) && !isDispute) return 'done';
    if (!payment) {
      logger.warn('webhook event without a payment entity', { type });
      return 'done';
    }
    // A subscription's renewal has no order of ours: its `subscription.*` event records it (server/billing).
    if (payment.invoiceId && !(await findOrder(db, payment.orderId))) return 'done';
    if (isDispute) return applyDispute(type, payload, payment, entities?.dispute?.entity);
    if (type === 'refund.processed') {
      const refund = refundFromEntity(entities?.refund?.entity, payment);
      if (!refund) {
        logger.warn('refund event without a usable refund entity', { paymentId: payment.id });
        return 'done';
      }
      const outcome = await fulfilment.recordRefund(payment, refund, waitForHolder ? lockOrder : lockOrderIfFree);
      if (outcome === 'unknown_order') logger.warn('refund for an order this server did not create', { orderId: payment.orderId });
      return outcome === 'busy' ? 'busy' : 'done';
    }
    if (type === 'payment.failed') {
      const order = await fulfilment.recordFailedPayment(payment, 'webhook', waitForHolder ? lockOrder : lockOrderIfFree);
      if (!order) logger.warn('payment.failed for an order this server did not create', { orderId: payment.orderId });
      return order === 'busy' ? 'busy' : 'done';
    }
    let paid: GatewayPayment = { ...payment, status: 'captured' };
    if (type === 'payment.authorized') {
      const order = await findOrder(db, payment.orderId);
      if (!order) {
        logger.warn('payment.authorized for an order this server did not create', { orderId: payment.orderId });
        return 'done';
      }
      // A gateway that cannot capture now leaves the event failed, and the reconciler retries it.
      paid = await captureIfDue(order, payment);
      if (paid.status !== 'captured') return 'done';
    }
    const request = {
      gatewayOrderId: payment.orderId,
      payment: { ...paid, email: payment.email },
      by: 'webhook',
      buyerEmail: payment.email,
    } as const;
    const result = waitForHolder ? await fulfilment.fulfilOrder(request) : await fulfilment.fulfilOrderIfFree(request);
    if (result.outcome === 'unknown_order') logger.warn('paid event for an order this server did not create', { orderId: payment.orderId });
    if (result.outcome === 'busy') return 'busy';
    return result.outcome === 'pending' ? { reason: result.reason } : 'done';
  }

  /** A `payment.dispute.*` event: the dispute stored as of the event's own time (decision 173). */
  async function applyDispute(type: string, payload: unknown, payment: GatewayPayment, entity: unknown): Promise<'done'> {
    const dispute = disputeFromEntity(entity, payment);
    if (!dispute) {
      logger.warn('dispute event without a usable dispute entity', { type, paymentId: payment.id });
      return 'done';
    }
    const createdAt = (payload as { created_at?: unknown }).created_at;
    const sent = typeof createdAt === 'number' ? new Date(createdAt * 1000) : null;
    const eventAt = sent && Number.isFinite(sent.getTime()) ? sent : now();
    const outcome = await recordDispute(db, payment, dispute, eventAt);
    if (outcome === 'unknown_order') logger.warn('dispute for an order this server did not create', { orderId: payment.orderId });
    else
      logger.warn('payment disputed', {
        orderId: payment.orderId,
        disputeId: dispute.id,
        status: dispute.status,
        respondBy: dispute.respondBy?.toISOString() ?? null,
      });
    return 'done';
  }

  async function reconcile(): Promise<ReconcileSummary> {
    const started = now();
    const summary: ReconcileSummary = { eventsRetried: 0, ordersCompleted: 0, ordersChecked: 0, ordersFulfilled: 0 };

    const events = await findPendingWebhookEvents(db, {
      receivedBefore: new Date(started.getTime() - webhookRetryAfterMs),
      now: started,
      maxAttempts: maxWebhookAttempts,
      limit: 100,
    });
    for (const event of events) {
      await processWebhookEvent(event.eventId, false);
      summary.eventsRetried += 1;
    }

    for (const order of await findUnfulfilledPaidOrders(db, new Date(started.getTime() - webhookRetryAfterMs), 50)) {
      const result = await fulfilment.completeIfFree(order.gatewayOrderId, 'reconciliation');
      if (result.outcome === 'fulfilled') summary.ordersCompleted += 1;
    }

    // Claimed (marked checked) before the gateway is asked, so two servers never ask about the same order.
    const stale = await claimOrdersToReconcile(db, {
      at: started,
      createdBefore: new Date(started.getTime() - reconcileAfterMs),
      createdAfter: new Date(started.getTime() - orderLookbackMs),
      checkedBefore: new Date(started.getTime() - reconcileAfterMs),
      limit: 50,
    });
    for (const order of stale) {
      let gatewayPayments;
      try {
        gatewayPayments = await gateway.fetchOrderPayments(order.gatewayOrderId);
      } catch (err) {
        logger.warn('reconciliation could not ask the gateway', {
          orderId: order.gatewayOrderId,
          error: err instanceof Error ? err.message : String(err),
        });
        await releaseOrderCheck(db, order.gatewayOrderId);
        continue;
      }
      summary.ordersChecked += 1;
      // An order another request holds right now (its webhook, its buyer's verification) is left to it, and asked
      // about again next sweep, instead of holding up the sweep while it finishes.
      let busy = false;
      for (const reported of gatewayPayments) {
        if (reported.orderId !== order.gatewayOrderId) continue;
        // An authorized payment whose capture the gateway cannot take now is asked about again next sweep.
        const payment = await captureIfDue(order, reported).catch((err: unknown) => {
          logger.warn('reconciliation could not capture a payment', {
            orderId: order.gatewayOrderId,
            error: err instanceof Error ? err.message : String(err),
          });
          busy = true;
          return reported;
        });
        if (payment.status === 'failed') {
          busy ||= (await fulfilment.recordFailedPayment(payment, 'reconciliation', lockOrderIfFree)) === 'busy';
        } else if (payment.status === 'captured') {
          const result = await fulfilment.fulfilOrderIfFree({
            gatewayOrderId: order.gatewayOrderId,
            payment,
            by: 'reconciliation',
            buyerEmail: payment.email,
          });
          if (result.outcome === 'fulfilled') summary.ordersFulfilled += 1;
          busy ||= result.outcome === 'busy';
        }
      }
      if (busy) await releaseOrderCheck(db, order.gatewayOrderId);
    }
    if (deps.billing) await deps.billing.reconcile();
    if (summary.eventsRetried + summary.ordersCompleted + summary.ordersFulfilled > 0) logger.info('reconciliation', { ...summary });
    return summary;
  }

  return {
    mode: gateway.mode,
    createOrder,
    verifyPayment,
    handleWebhook,
    processWebhookEvent: (eventId) => processWebhookEvent(eventId),
    reconcile,
    settled: () => queue.settled(),
  };
}
