import express, { Router, type RequestHandler } from 'express';
import { z } from 'zod/mini';
import { periodEnd } from '../../src/domain/billing';
import { AppError, methodNotAllowed } from '../http/errors';
import { validated } from '../http/validation';
import { GatewayError } from '../payments/gateway';
import type { SandboxAccess } from '../payments/sandboxAccess';
import type { SandboxBilling } from './sandboxSubscriptions';

/**
 * The sandbox billing's controls, for `npm run billing:advance` and the tests (docs/decisions/180, "The sandbox"):
 * move its clock on, make a subscription's next charges fail, retry an unpaid charge as a client's new card would.
 * Mounted only on the sandbox gateway, never in production (decision 091); beyond this machine only staff may move
 * the clock or fail charges, and a client may retry only their own charge (decision 190).
 */

const DAY_MS = 24 * 60 * 60_000;
const advanceSchema = z.object({
  months: z.optional(z.int().check(z.minimum(0), z.maximum(24))),
  days: z.optional(z.int().check(z.minimum(0), z.maximum(400))),
  hours: z.optional(z.int().check(z.minimum(0), z.maximum(24 * 400))),
});
const failSchema = z.object({ charges: z.int().check(z.minimum(0), z.maximum(10)) });

const refusal = (err: unknown) =>
  err instanceof GatewayError && err.failure === 'refused' ? new AppError(409, 'sandbox_refused', err.message) : err;

export function sandboxBillingRoutes(sandbox: SandboxBilling, access: SandboxAccess, limiter: RequestHandler): Router {
  const router = Router();
  const json = express.json({ limit: 1024 });

  router
    .route('/advance')
    .post(limiter, access.tools, json, async (req, res) => {
      const { months = 0, days = 0, hours = 0 } = validated(advanceSchema, req.body);
      const now = await sandbox.gateway.now();
      const monthsMs = months > 0 ? periodEnd(now, months).getTime() - now.getTime() : 0;
      const ms = monthsMs + days * DAY_MS + hours * (DAY_MS / 24);
      if (ms <= 0) throw new AppError(400, 'validation_failed', 'Say how far to move the clock: months, days or hours.');
      const result = await sandbox.advance(ms);
      res.json({ now: result.now.toISOString(), charged: result.charged, failed: result.failed });
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/subscriptions/:id/fail-next-charges')
    .post(limiter, access.tools, json, async (req, res) => {
      const { charges } = validated(failSchema, req.body);
      await sandbox.failNextCharges(String(req.params.id), charges).catch((err: unknown) => {
        throw refusal(err);
      });
      res.json({ ok: true });
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/subscriptions/:id/retry-charge')
    .post(limiter, access.ownSubscription, async (req, res) => {
      await sandbox.retryCharge(String(req.params.id)).catch((err: unknown) => {
        throw refusal(err);
      });
      res.json({ ok: true });
    })
    .all(methodNotAllowed(['POST']));
  return router;
}
