import type { RequestHandler, Response } from 'express';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { AppError } from '../http/errors';

/** Who made the request, from an ID token the server verified itself. */
export interface VerifiedUser {
  uid: string;
  email: string | null;
  name: string | null;
  /** Every claim of the verified token, custom claims included. */
  claims: Record<string, unknown>;
}

export interface TokenVerifier {
  verify(idToken: string): Promise<VerifiedUser>;
}

const MAX_TOKEN_LENGTH = 8_192;
/** How long a client should wait after an identity-service outage; its calls give up after 8 s (firebaseAdmin.ts). */
export const authRetryAfterSeconds = 15;

const signInAgain = 'Your sign-in could not be verified. Please sign in again.';

function refusal(code: string | undefined): AppError {
  switch (code) {
    case 'auth/id-token-expired':
      return new AppError(401, 'token_expired', 'Your session has expired. Please sign in again.');
    case 'auth/id-token-revoked':
    case 'auth/user-not-found':
      return new AppError(401, 'token_revoked', 'Your session has ended. Please sign in again.');
    case 'auth/user-disabled':
      return new AppError(403, 'account_disabled', 'This account has been disabled. Please contact support.');
    case undefined:
    case 'auth/internal-error':
    case 'app/network-error':
    case 'app/network-timeout':
      // The identity service could not be asked: not the client's fault, and worth a retry.
      return new AppError(503, 'auth_unavailable', 'We could not verify your sign-in right now. Please try again shortly.');
    default:
      return new AppError(401, 'invalid_token', signInAgain);
  }
}

/**
 * firebase-admin's verification: signature (Google's keys; the emulator's tokens are unsigned), audience and issuer
 * (this project), expiry, and, with checkRevoked, that the user still exists, is enabled and was not signed out
 * everywhere since the token was issued.
 */
export function firebaseTokenVerifier(auth: Auth): TokenVerifier {
  return {
    async verify(idToken) {
      let decoded: DecodedIdToken;
      try {
        decoded = await auth.verifyIdToken(idToken, true);
      } catch (error) {
        throw refusal((error as { code?: string }).code);
      }
      return {
        uid: decoded.uid,
        email: decoded.email ?? null,
        name: typeof decoded.name === 'string' ? decoded.name : null,
        claims: decoded as unknown as Record<string, unknown>,
      };
    },
  };
}

/** The token of an `Authorization: Bearer <token>` header, for a route where signing in is optional; else undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer +([A-Za-z0-9._-]+)\s*$/.exec(header ?? '');
  return match && match[1]!.length <= MAX_TOKEN_LENGTH ? match[1] : undefined;
}

/** Every route that needs a user runs this first: no valid `Authorization: Bearer <ID token>`, no entry. */
export function requireUser(verifier: TokenVerifier): RequestHandler {
  return async (req, res, next) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer +([A-Za-z0-9._-]+)\s*$/.exec(header);
    try {
      if (!header) throw new AppError(401, 'unauthenticated', 'Please sign in to continue.');
      if (!match || match[1]!.length > MAX_TOKEN_LENGTH) throw new AppError(401, 'invalid_token', signInAgain);
      res.locals.user = await verifier.verify(match[1]!);
      next();
    } catch (error) {
      // An outage, as the database's 503 is: say when to try again (server/http/databaseUnavailable.ts).
      if (error instanceof AppError && error.status === 503) res.setHeader('Retry-After', String(authRetryAfterSeconds));
      if (error instanceof AppError && error.status === 401) {
        const detail = error.code === 'unauthenticated' ? '' : `, error="invalid_token"`;
        res.setHeader('WWW-Authenticate', `Bearer realm="growthpath"${detail}`);
      }
      next(error);
    }
  };
}

/** The user requireUser verified for this request. */
export function currentUser(res: Response): VerifiedUser {
  const user = res.locals.user as VerifiedUser | undefined;
  if (!user) throw new Error('currentUser called on a route without requireUser');
  return user;
}
