import express, { Router, type RequestHandler } from 'express';
import { jsonBody } from '../http/body';
import { AppError, methodNotAllowed } from '../http/errors';
import { sandboxBillingRoutes } from '../billing/sandboxRoutes';
import type { SandboxBilling } from '../billing/sandboxSubscriptions';
import type { BillingService } from '../billing/service';
import { GatewayError } from './gateway';
import type { SandboxAccess } from './sandboxAccess';
import { SandboxError, type SandboxCheckout } from './sandboxGateway';
import type { PaymentService } from './service';

/**
 * POST /create-order (a monthly plan's subscription, docs/decisions/180), POST /verify-payment, POST /razorpay/webhook,
 * and in sandbox mode only the sandbox checkout's two buttons and its billing clock. Mounted before any JSON parser of
 * the app: the webhook's signature is over the raw bytes.
 */

export interface PaymentRoutesDeps {
  service: PaymentService;
  billing: Pick<BillingService, 'subscribe'>;
  /** Present only on the sandbox gateway. */
  sandboxBilling?: SandboxBilling;
  /** Present only on the sandbox gateway; without it the sandbox routes do not exist (404). */
  sandbox?: SandboxCheckout;
  /** Present only on the sandbox gateway: who may press its buttons beyond this machine (decision 190). */
  sandboxAccess?: SandboxAccess;
  /** The payments rate-limit class. The webhook is exempt: Razorpay delivers bursts from few addresses. */
  limiter: RequestHandler;
  /** verify-payment's own class (server/http/rateLimits.ts): order attempts never spend a paid buyer's budget. */
  verifyLimiter: RequestHandler;
}

function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

function sandboxAppError(err: unknown): unknown {
  // The sandbox billing refuses as Razorpay does (a subscription not payable at this stage, an unknown id).
  if (err instanceof GatewayError && err.failure === 'refused') return new AppError(409, 'subscription_not_payable', err.message);
  if (err instanceof SandboxError) {
    return err.reason === 'unknown_order'
      ? new AppError(404, 'order_not_found', err.message)
      : new AppError(409, 'order_already_paid', err.message);
  }
  return err;
}

export function paymentRoutes({
  service,
  billing,
  sandbox,
  sandboxBilling,
  sandboxAccess,
  limiter,
  verifyLimiter,
}: PaymentRoutesDeps): Router {
  const router = Router();
  const bodyLimit = 16 * 1024;

  router
    .route('/razorpay/webhook')
    .post(express.raw({ type: 'application/json', limit: '256kb' }), async (req, res) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError(415, 'unsupported_media_type', 'Send the event as application/json.');
      // Stored (or recognised as a redelivery) before answering; processed after the answer is on its way.
      const receipt = await service.handleWebhook(req.body, req.get('x-razorpay-signature'), req.get('x-razorpay-event-id'));
      res.status(200).json({ status: receipt.stored ? 'accepted' : 'duplicate' });
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/create-order')
    .post(limiter, ...jsonBody(bodyLimit, 'the order'), async (req, res) => {
      res.status(201).json(await billing.subscribe(req.body));
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/verify-payment')
    .post(verifyLimiter, ...jsonBody(bodyLimit, 'the payment'), async (req, res) => {
      const outcome = await service.verifyPayment(req.body, { idToken: bearer(req.get('authorization')) });
      res.status(outcome.status).json(outcome.body);
    })
    .all(methodNotAllowed(['POST']));

  if (sandbox && sandboxBilling && sandboxAccess) {
    // The checkout's buttons, for an order (`order_…`, made before monthly billing) or a subscription (`sub_…`).
    const isSubscription = (id: string) => id.startsWith('sub_');
    router
      .route('/sandbox/checkout/:id/pay')
      .post(limiter, express.json({ limit: 4 * 1024 }), sandboxAccess.ownCheckout, async (req, res) => {
        const id = String(req.params.id);
        const email = typeof req.body?.email === 'string' ? req.body.email : undefined;
        const answer = await (isSubscription(id) ? sandboxBilling.pay(id, { email }) : sandbox.pay(id, { email })).catch((err: unknown) => {
          throw sandboxAppError(err);
        });
        res.json(answer);
      })
      .all(methodNotAllowed(['POST']));
    router
      .route('/sandbox/checkout/:id/fail')
      .post(limiter, express.json({ limit: 4 * 1024 }), sandboxAccess.ownCheckout, async (req, res) => {
        const id = String(req.params.id);
        const answer = await (isSubscription(id) ? sandboxBilling.fail(id) : sandbox.fail(id)).catch((err: unknown) => {
          throw sandboxAppError(err);
        });
        const metadata = 'razorpay_order_id' in answer ? { order_id: answer.razorpay_order_id } : { subscription_id: id };
        res.json({
          error: { code: answer.code, description: answer.description, metadata: { ...metadata, payment_id: answer.razorpay_payment_id } },
        });
      })
      .all(methodNotAllowed(['POST']));
    router.use('/sandbox/billing', sandboxBillingRoutes(sandboxBilling, sandboxAccess, limiter));
  }
  return router;
}
