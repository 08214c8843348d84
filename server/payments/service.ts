import type { CreateOrderAnswer } from '../../src/domain/payment';
import type { TokenVerifier } from '../auth/requireUser';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { createCapture } from './capture';
import { createFulfilment, type AuthAdmin, type Fulfilment, type GrantPlan } from './fulfilment';
import type { PaymentGateway } from './gateway';
import { createOrderCreation } from './orderCreation';
import { createReconciliation, type ReconcileSummary } from './reconciliation';
import { createVerification, type SubscriptionFirstCharge, type VerifyOutcome } from './verification';
import { createEventApplier, type SubscriptionEvents } from './webhookEvents';
import { createWebhooks, type WebhookReceipt } from './webhooks';

/**
 * Online payment (docs/decisions/090-payment-fulfilment.md): orders priced here (orderCreation.ts), payments verified
 * against orders this server created (verification.ts), webhooks stored then processed (webhooks.ts,
 * webhookEvents.ts), and a reconciliation pass for everything a browser or a webhook left unfinished
 * (reconciliation.ts). Knows nothing of HTTP: routes.ts translates.
 */

/** What monthly billing (server/billing/service.ts) takes from the payment pipeline. */
export interface SubscriptionPayments extends SubscriptionFirstCharge, SubscriptionEvents {
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

export function createPaymentService(deps: PaymentServiceDeps): PaymentService {
  const {
    db,
    gateway,
    auth,
    logger,
    verifier,
    billing,
    reconcileAfterMs = 5 * 60_000,
    webhookRetryAfterMs = 30_000,
    webhookConcurrency = 4,
    now = () => new Date(),
  } = deps;
  const fulfilment = deps.fulfilment ?? createFulfilment({ db, auth, logger, grant: deps.grant, now });
  const { takenPayment, captureIfDue } = createCapture({ db, gateway, logger });
  const applyEvent = createEventApplier({ db, logger, now, fulfilment, captureIfDue, billing });
  const webhooks = createWebhooks({ db, gateway, logger, now, applyEvent, concurrency: webhookConcurrency });
  return {
    mode: gateway.mode,
    createOrder: createOrderCreation({ db, gateway, logger }),
    verifyPayment: createVerification({ db, gateway, auth, logger, fulfilment, takenPayment, verifier, billing, now }),
    handleWebhook: webhooks.handleWebhook,
    processWebhookEvent: (eventId) => webhooks.processWebhookEvent(eventId),
    reconcile: createReconciliation({
      db,
      gateway,
      logger,
      now,
      fulfilment,
      captureIfDue,
      processWebhookEvent: webhooks.processWebhookEvent,
      billing,
      reconcileAfterMs,
      webhookRetryAfterMs,
    }),
    settled: webhooks.settled,
  };
}
