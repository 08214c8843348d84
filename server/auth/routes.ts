import express, { Router } from 'express';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { silentLogger, type Logger } from '../logger';
import { firebasePlanClaims, type PlanClaimStore } from './claims';
import { AppError, methodNotAllowed } from '../http/errors';
import { firebaseAdminAuth } from './firebaseAdmin';
import { currentUser, firebaseTokenVerifier, requireUser, type TokenVerifier } from './requireUser';
import { createAccountService } from './service';

/**
 * GET /me: the caller's profile and entitlement. PATCH /me: the profile fields a client may change. Both verify the
 * Firebase ID token on the server first (DESIGN.md §5, D4).
 */
export function accountRoutes({
  config,
  db,
  verifier = firebaseTokenVerifier(firebaseAdminAuth(config.firebase)),
  claims = firebasePlanClaims(firebaseAdminAuth(config.firebase)),
  logger = silentLogger,
}: {
  config: Config;
  db: Database;
  verifier?: TokenVerifier;
  /** Where the plan claim is corrected from the database (the admin SDK; tests may give their own). */
  claims?: PlanClaimStore;
  logger?: Logger;
}): Router {
  const service = createAccountService({ db, claims, logger });
  const router = Router();
  router
    .route('/me')
    .get(requireUser(verifier), async (_req, res) => {
      res.json(await service.profile(currentUser(res)));
    })
    .patch(requireUser(verifier), express.json({ limit: 8 * 1024 }), async (req, res) => {
      if (!req.is('application/json')) {
        throw new AppError(415, 'unsupported_media_type', 'Send the profile changes as application/json.');
      }
      res.json(await service.update(currentUser(res), req.body));
    })
    .all(methodNotAllowed(['GET', 'PATCH']));
  return router;
}
