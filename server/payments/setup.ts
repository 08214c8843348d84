import type { Config } from '../config';
import { firebaseAdminAuth } from '../auth/firebaseAdmin';
import { firebaseTokenVerifier } from '../auth/requireUser';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { AuthAdmin } from './fulfilment';
import type { PaymentGateway } from './gateway';
import { createRazorpayGateway } from './razorpayGateway';
import { createSandboxCheckout, createSandboxGateway, type SandboxCheckout } from './sandboxGateway';
import { createPaymentService, type PaymentService, type PaymentServiceDeps } from './service';

/**
 * The payment component built from the configuration: Razorpay when its keys are set, otherwise the sandbox and
 * its checkout (never both: real keys make sandbox payments impossible).
 */

export interface Payments {
  service: PaymentService;
  gateway: PaymentGateway;
  /** Only on the sandbox gateway. */
  sandbox?: SandboxCheckout;
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
  ...options
}: {
  config: Config;
  db: Database;
  logger: Logger;
  auth?: AuthAdmin;
  gateway?: PaymentGateway;
} & Partial<Pick<PaymentServiceDeps, 'grant' | 'verifier' | 'webhookRetryAfterMs' | 'webhookConcurrency' | 'now'>>): Payments {
  const firebase = firebaseAdminAuth(config.firebase);
  const service = createPaymentService({
    db,
    gateway,
    auth: auth ?? firebase,
    logger,
    verifier: options.verifier ?? firebaseTokenVerifier(firebase),
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
  return { service, gateway, sandbox };
}
