import { Router } from 'express';
import { jsonBody } from '../http/body';
import { methodNotAllowed } from '../http/errors';
import { currentUser, requireUser, type TokenVerifier } from './requireUser';
import type { AccountService } from './service';

/** A profile is a handful of short fields. */
const PROFILE_BODY_LIMIT = 8 * 1024;

/**
 * GET /me: the caller's profile and entitlement. PATCH /me: the profile fields a client may change. Both verify the
 * Firebase ID token on the server first (docs/decisions/054-verifying-id-tokens.md), before any body is read.
 */
export function accountRoutes({ service, verifier }: { service: AccountService; verifier: TokenVerifier }): Router {
  const router = Router();
  router
    .route('/me')
    .get(requireUser(verifier), async (_req, res) => {
      res.json(await service.profile(currentUser(res)));
    })
    .patch(requireUser(verifier), ...jsonBody(PROFILE_BODY_LIMIT, 'the profile changes'), async (req, res) => {
      res.json(await service.update(currentUser(res), req.body));
    })
    .all(methodNotAllowed(['GET', 'PATCH']));
  return router;
}
