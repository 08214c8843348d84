import type { RequestHandler } from 'express';
import { STAFF_CLAIM } from '../../src/domain/admin';
import { currentUser, requireUser, type TokenVerifier } from '../auth/requireUser';
import { AppError } from '../http/errors';

/**
 * Every /api/admin route runs this first, before any body is read: no valid ID token is a 401 (requireUser's, with
 * WWW-Authenticate); a valid one without the `admin: true` custom claim is a 403. The claim is only ever set by
 * `npm run grant-admin` with the admin SDK, so a client can neither write nor forge it.
 */
export function requireStaff(verifier: TokenVerifier): RequestHandler[] {
  const isStaff: RequestHandler = (_req, res, next) => {
    if (currentUser(res).claims[STAFF_CLAIM] === true) return next();
    next(
      new AppError(
        403,
        'not_staff',
        'This account does not have staff access. Ask the agency to grant it, then sign out and sign in again.',
      ),
    );
  };
  return [requireUser(verifier), isStaff];
}
