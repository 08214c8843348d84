import type { Request, RequestHandler } from 'express';
import { STAFF_CLAIM } from '../../src/domain/admin';
import type { TokenVerifier } from '../auth/requireUser';
import { findSubscription } from '../billing/repository';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { isFromThisMachine } from '../http/fromThisMachine';
import { findOrder } from './repository';
import { isOrderCheckoutSecret } from './signature';

/**
 * Who may press the sandbox's buttons (docs/decisions/190-sandbox-controls-for-their-owners.md). This machine (the
 * developer, `npm run billing:advance`, the tests) and staff may press any; from anywhere else the checkout's Pay now
 * and Simulate failure answer only the buyer, and a failed charge's retry only the subscription's own client. Each
 * runs after the route's body parser, so the checkout's secret can travel in the body as verify-payment's does.
 */

export interface SandboxAccess {
  /** The billing clock and fail-next-charges: tools for developers and tests, never a visitor's. */
  tools: RequestHandler;
  /** retry-charge: also the client whose subscription it is (the dashboard's card change in the sandbox). */
  ownSubscription: RequestHandler;
  /**
   * The checkout's Pay now and Simulate failure: also the page that made the order (the secret create-order gave it)
   * or, for a subscription started on the dashboard, its signed-in client.
   */
  ownCheckout: RequestHandler;
}

const refusal = (message: string) => new AppError(403, 'sandbox_forbidden', message);
const toolsRefusal = "The sandbox's test controls answer only on the server's own machine, or to staff.";
const notYours = 'This test payment belongs to another checkout. Start again from the plan you want.';
const notYourSubscription = 'Only the client whose subscription this is can retry its charge: sign in as them.';

/** The verified caller, or null without a token; a token that fails verification is refused as every route refuses it. */
async function caller(req: Request, verifier: TokenVerifier) {
  const match = /^Bearer +([A-Za-z0-9._-]+)\s*$/.exec(req.get('authorization') ?? '');
  return match ? verifier.verify(match[1]!) : null;
}

export function createSandboxAccess({ db, verifier }: { db: Database; verifier: TokenVerifier }): SandboxAccess {
  /** This machine or staff; otherwise whether `allowed` lets the caller (maybe null) through. */
  function guard(
    denial: string,
    allowed: (req: Request, user: Awaited<ReturnType<typeof caller>>) => Promise<boolean> = async () => false,
  ): RequestHandler {
    return async (req, _res, next) => {
      if (isFromThisMachine(req)) return next();
      const user = await caller(req, verifier);
      if (user?.claims[STAFF_CLAIM] === true || (await allowed(req, user))) return next();
      next(refusal(denial));
    };
  }

  const id = (req: Request) => String(req.params.id);

  return {
    tools: guard(toolsRefusal),
    ownSubscription: guard(notYourSubscription, async (req, user) => {
      if (!user) return false;
      return (await findSubscription(db, id(req)))?.customerUid === user.uid;
    }),
    ownCheckout: guard(notYours, async (req, user) => {
      const checkout = id(req).startsWith('sub_') ? await findSubscription(db, id(req)) : await findOrder(db, id(req));
      if (!checkout) return false;
      const secret: unknown = req.body?.checkoutSecret;
      if (typeof secret === 'string' && isOrderCheckoutSecret(checkout.checkoutSecretHash, secret)) return true;
      return Boolean(user && checkout.customerUid === user.uid);
    }),
  };
}
