import type { Config } from '../config';
import { firebaseAdminAuth } from '../auth/firebaseAdmin';
import { firebaseTokenVerifier } from '../auth/requireUser';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { firebasePlanClaims } from '../auth/claims';
import { grantSubscription } from '../billing/entitlement';
import type { SubscriptionGateway } from '../billing/gateway';
import { createRazorpaySubscriptions } from '../billing/razorpaySubscriptions';
import { createSandboxBilling, type SandboxBilling } from '../billing/sandboxSubscriptions';
import { createBillingService, type BillingService } from '../billing/service';
import { createFulfilment, type AuthAdmin } from './fulfilment';
import type { PaymentGateway } from './gateway';
import { createRazorpayGateway } from './razorpayGateway';
import { createSandboxAccess, type SandboxAccess } from './sandboxAccess';
import { createSandboxCheckout, createSandboxGateway, type SandboxCheckout } from './sandboxGateway';
import { createPaymentService, type PaymentService, type PaymentServiceDeps } from './service';

/**
 * The payment component built from the configuration: Razorpay when its keys are set, otherwise the sandbox and
 * its checkout (never both: real keys make sandbox payments impossible).
 */

export interface Payments {
  service: PaymentService;
  gateway: PaymentGateway;
  billing: BillingService;
  subscriptions: SubscriptionGateway;
  /** Only on the sandbox gateway. */
  sandbox?: SandboxCheckout;
  /** Only on the sandbox gateway: its subscriptions' checkout and clock. */
  sandboxBilling?: SandboxBilling;
  /** Only on the sandbox gateway: who may press its buttons (decision 190). */
  sandboxAccess?: SandboxAccess;
}

export function gatewayFromConfig(config: Config, db: Database): PaymentGateway {
  if (config.razorpay) {
    return createRazorpayGateway({
      ...config.razorpay,
      timeoutMs: config.payments.gatewayTimeoutMs,
      apiBaseUrl: config.payments.razorpayApiUrl,
    });
  }
  return createSandboxGateway({
    db,
    keySecret: config.payments.sandboxKeySecret,
    webhookSecret: config.payments.sandboxWebhookSecret,
  });
}

export function createPayments({
  config,
  db,
  logger,
  auth,
  gateway = gatewayFromConfig(config, db),
  deliverSandboxEvent,
  ...options
}: {
  config: Config;
  db: Database;
  logger: Logger;
  auth?: AuthAdmin;
  gateway?: PaymentGateway;
  /** Where the sandbox's billing sends its events; default this server's own webhook handler. */
  deliverSandboxEvent?: (rawBody: Buffer, signature: string, eventId: string) => Promise<unknown>;
} & Partial<Pick<PaymentServiceDeps, 'grant' | 'verifier' | 'webhookRetryAfterMs' | 'webhookConcurrency' | 'now'>>): Payments {
  const firebase = firebaseAdminAuth(config.firebase);
  const admin = auth ?? firebase;
  const verifier = options.verifier ?? firebaseTokenVerifier(firebase);
  const deliver = (rawBody: Buffer, signature: string, eventId: string) =>
    deliverSandboxEvent ? deliverSandboxEvent(rawBody, signature, eventId) : service.handleWebhook(rawBody, signature, eventId);
  const sandboxBilling =
    gateway.mode === 'sandbox'
      ? createSandboxBilling({ db, payments: gateway, logger, deliver, checkoutEventDelayMs: config.payments.sandboxWebhookDelayMs })
      : undefined;
  if (!sandboxBilling && !config.razorpay) throw new Error('a live payment gateway needs the Razorpay keys for its subscriptions too');
  const subscriptions =
    sandboxBilling?.gateway ??
    createRazorpaySubscriptions({
      ...config.razorpay!,
      timeoutMs: config.payments.gatewayTimeoutMs,
      apiBaseUrl: config.payments.razorpayApiUrl,
    });
  const fulfilment = createFulfilment({ db, auth: admin, logger, grant: options.grant, grantSubscription, now: options.now });
  const billing = createBillingService({
    db,
    gateway: subscriptions,
    payments: gateway,
    fulfilment,
    claims: firebasePlanClaims(admin),
    logger,
    firstChargeGraceMs: config.payments.reconcileAfterMs,
  });
  const service: PaymentService = createPaymentService({
    db,
    gateway,
    auth: admin,
    logger,
    fulfilment,
    billing,
    verifier,
    reconcileAfterMs: config.payments.reconcileAfterMs,
    ...options,
  });
  const sandbox =
    gateway.mode === 'sandbox'
      ? createSandboxCheckout({
          db,
          gateway,
          logger,
          deliverWebhook: (rawBody, signature, eventId) => service.handleWebhook(rawBody, signature, eventId),
          webhookDelayMs: config.payments.sandboxWebhookDelayMs,
          capture: config.payments.sandboxCapture,
        })
      : undefined;
  const sandboxAccess = gateway.mode === 'sandbox' ? createSandboxAccess({ db, verifier }) : undefined;
  return { service, gateway, billing, subscriptions, sandbox, sandboxBilling, sandboxAccess };
}
