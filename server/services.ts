import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createAdminService } from './admin/service';
import { firebasePlanClaims } from './auth/claims';
import { firebaseAdminAuth } from './auth/firebaseAdmin';
import { firebaseTokenVerifier } from './auth/requireUser';
import { createAccountService } from './auth/service';
import { createBillingAccount } from './billing/account';
import { createMonthlyStart } from './billing/monthlyStart';
import { chatProviderFor } from './chat/providers/choose';
import { createChatService } from './chat/service';
import { createTurnSigner } from './chat/turnSignature';
import type { Config } from './config';
import { createContactService } from './contact/service';
import type { Database } from './db/client';
import { createRateLimiters, type RateLimitSettings } from './http/rateLimits';
import { silentLogger, type Logger } from './logger';
import { outboxMaxAttempts } from './outbox/worker';
import { createPayments, type Payments } from './payments/setup';
import { createQuizService } from './quiz/service';

export interface ServiceDeps {
  config: Config;
  db: Database;
  logger?: Logger;
  /** The outbox worker, woken when a lead brings work for it (a forward, emails). */
  forwarder?: { wake(): void };
  /** Per-class overrides; tests use tiny windows. */
  rateLimits?: Partial<RateLimitSettings>;
  /** The payment component (server/payments/setup.ts); built from the config when not given (tests bring their own). */
  payments?: Payments;
}

/**
 * The composition root: every service the server runs, built once from the parsed config. server/index.ts hands them
 * to createApp (the routes) and to the background jobs (the reconciler); tests build them the same way.
 */
export function createServices({ config, db, logger = silentLogger, forwarder, rateLimits, payments: given }: ServiceDeps) {
  const firebaseAuth = firebaseAdminAuth(config.firebase);
  const payments = given ?? createPayments({ config, db, logger });
  const billingParts = { db, logger, billing: payments.billing, gateway: payments.subscriptions };
  return {
    limiters: createRateLimiters({ db, overrides: rateLimits }),
    contact: createContactService({
      db,
      forwarding: Boolean(config.contactForwardUrl),
      ipHashSecret: config.ipHashSecret,
      onQueued: () => forwarder?.wake(),
    }),
    chat: createChatService({
      db,
      provider: chatProviderFor(config),
      logger,
      replyTimeoutMs: config.chat.replyTimeoutMs,
      // Unset, this process signs with a secret of its own: several servers need CHAT_SIGNING_SECRET (decision 083).
      signer: createTurnSigner(config.chat.signingSecret ?? randomBytes(32).toString('base64url')),
      onQueued: () => forwarder?.wake(),
    }),
    account: createAccountService({ db, claims: firebasePlanClaims(firebaseAuth), logger }),
    verifier: firebaseTokenVerifier(firebaseAuth),
    quiz: createQuizService({ db, verifier: firebaseTokenVerifier(firebaseAuth), onQueued: () => forwarder?.wake() }),
    payments,
    billingAccount: createBillingAccount({ ...billingParts, keyId: payments.gateway.keyId }),
    monthlyStart: createMonthlyStart({ ...billingParts, keySecret: payments.gateway.keySecret }),
    admin: createAdminService({ db, maxAttempts: outboxMaxAttempts, onRetry: () => forwarder?.wake(), payments, logger }),
    pingDatabase: () => db.execute(sql`select 1`),
  };
}

export type Services = ReturnType<typeof createServices>;
