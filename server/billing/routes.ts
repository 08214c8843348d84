import { Router } from 'express';
import { currentUser, requireUser, type TokenVerifier } from '../auth/requireUser';
import { jsonBody } from '../http/body';
import { methodNotAllowed } from '../http/errors';
import type { BillingAccount } from './account';
import type { MonthlyStartService } from './monthlyStart';

const BODY_LIMIT = 2 * 1024;

/**
 * The client's billing (docs/decisions/180-monthly-billing.md): GET /billing, POST /billing/cancel,
 * POST /billing/requests, and for a plan paid once before monthly billing POST /billing/monthly and
 * /billing/monthly/confirm. Each verifies the Firebase ID token first; a client only ever reaches their own.
 */
export function billingRoutes({
  account,
  monthlyStart,
  verifier,
}: {
  account: BillingAccount;
  monthlyStart: MonthlyStartService;
  verifier: TokenVerifier;
}): Router {
  const router = Router();
  router
    .route('/billing')
    .get(requireUser(verifier), async (_req, res) => {
      res.json(await account.overview(currentUser(res)));
    })
    .all(methodNotAllowed(['GET']));
  router
    .route('/billing/cancel')
    .post(requireUser(verifier), ...jsonBody(BODY_LIMIT, 'the cancellation'), async (req, res) => {
      res.json(await account.cancel(currentUser(res), req.body));
    })
    .all(methodNotAllowed(['POST']));
  router
    .route('/billing/requests')
    .post(requireUser(verifier), ...jsonBody(BODY_LIMIT, 'the request'), async (req, res) => {
      res.status(201).json(await account.request(currentUser(res), req.body));
    })
    .all(methodNotAllowed(['POST']));
  router
    .route('/billing/monthly')
    .post(requireUser(verifier), async (_req, res) => {
      res.status(201).json(await monthlyStart.start(currentUser(res)));
    })
    .all(methodNotAllowed(['POST']));
  router
    .route('/billing/monthly/confirm')
    .post(requireUser(verifier), ...jsonBody(BODY_LIMIT, 'the authorisation'), async (req, res) => {
      res.json(await monthlyStart.confirm(currentUser(res), req.body));
    })
    .all(methodNotAllowed(['POST']));
  return router;
}
