import { adminRoutes } from './admin/routes';
import { createAdminService } from './admin/service';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import express, { type Express, type RequestHandler } from 'express';
import { config as configureZod, locales } from 'zod/mini';
import { firebaseAdminAuth } from './auth/firebaseAdmin';
import { firebaseTokenVerifier } from './auth/requireUser';
import { accountRoutes } from './auth/routes';
import { createAccountService } from './auth/service';
import { firebasePlanClaims } from './auth/claims';
import { chatProviderFor } from './chat/providers/choose';
import { chatRoutes } from './chat/routes';
import { createChatService } from './chat/service';
import { createTurnSigner } from './chat/turnSignature';
import type { Config } from './config';
import { contactRoutes } from './contact/routes';
import { createContactService } from './contact/service';
import type { Database } from './db/client';
import { healthRoutes } from './health/routes';
import { outboxMaxAttempts } from './outbox/worker';
import { databaseUnavailable } from './http/databaseUnavailable';
import { errorHandler, notFound } from './http/errors';
import { refuseCrossSite } from './http/crossSite';
import { refuseUnknownHosts } from './http/allowedHosts';
import { createRateLimiters, type RateLimitSettings } from './http/rateLimits';
import { requestLog } from './http/requestLog';
import { dynamicCompression } from './http/compress';
import { securityHeaders } from './http/security';
import { inlineScriptSources } from './http/inlineScripts';
import { staticSite } from './http/staticSite';
import { silentLogger, type Logger } from './logger';
import { paymentRoutes } from './payments/routes';
import { createPayments, type Payments } from './payments/setup';
import { createBillingAccount } from './billing/account';
import { createMonthlyStart } from './billing/monthlyStart';
import { billingRoutes } from './billing/routes';
import { quizRoutes } from './quiz/routes';
import { createQuizService } from './quiz/service';

export interface AppDeps {
  config: Config;
  db: Database;
  logger?: Logger;
  /** The outbox worker, woken when a contact message is queued for forwarding. */
  forwarder?: { wake(): void };
  /** Per-class overrides; tests use tiny windows. */
  rateLimits?: Partial<RateLimitSettings>;
  /** The payment component (server/payments/setup.ts); built from the config when not given. */
  payments?: Payments;
}

// The shared schemas are zod/mini (decision 155), which brings no sentences of its own: the API's default ones (a field
// of the wrong type, say) are zod's English. Said here rather than left to classic zod's import elsewhere doing it.
configureZod(locales.en());

// API answers are per-request data: never let a browser or proxy cache them.
const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * The composition root: every service is built here from the parsed config, and each route module gets only the
 * service, limiter and logger it uses (routes -> service -> repository; services never see req/res). The whole HTTP
 * surface, without listening, so tests can run it on port 0 with their own dependencies.
 */
export function createApp({ config, db, logger = silentLogger, forwarder, rateLimits, payments }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // Express hashes every res.send/res.json body into an ETag. Only the API answers that way here, always
  // `no-store`, so no browser or proxy ever sends the ETag back; the site's files keep theirs (express.static makes
  // its own). Measured: the hash cost a small JSON answer 3-8% of its throughput (decision 154).
  app.set('etag', false);
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);

  // ---- services ----
  const limiters = createRateLimiters({ db, overrides: rateLimits, logger });
  const contact = createContactService({
    db,
    forwarding: Boolean(config.contactForwardUrl),
    ipHashSecret: config.ipHashSecret,
    onQueued: () => forwarder?.wake(),
  });
  const chat = createChatService({
    db,
    provider: chatProviderFor(config),
    logger,
    replyTimeoutMs: config.chat.replyTimeoutMs,
    // Unset, this process signs with a secret of its own: several servers need CHAT_SIGNING_SECRET (decision 083).
    signer: createTurnSigner(config.chat.signingSecret ?? randomBytes(32).toString('base64url')),
  });
  const firebaseAuth = firebaseAdminAuth(config.firebase);
  const account = createAccountService({ db, claims: firebasePlanClaims(firebaseAuth), logger });
  const verifier = firebaseTokenVerifier(firebaseAuth);
  const quiz = createQuizService({ db });
  const paymentComponent = payments ?? createPayments({ config, db, logger });
  const admin = createAdminService({ db, maxAttempts: outboxMaxAttempts, onRetry: () => forwarder?.wake(), payments: paymentComponent, logger });
  const pingDatabase = () => db.execute(sql`select 1`);

  // ---- middleware ----
  app.use(requestLog(logger));
  app.use(refuseUnknownHosts(config.allowedHosts));
  // The prerendered page's inline script is allowed by its hash, never by 'unsafe-inline'.
  const csp = { ...config.csp, scriptSrc: [...config.csp.scriptSrc, ...inlineScriptSources(config.distDir)] };
  app.use(securityHeaders(csp, { production: config.nodeEnv === 'production' }));
  // Only where an answer can pass compression's 1 kB threshold: the site's files and the staff inbox's lists and
  // export. Every other API answer is a few hundred bytes, and hooking each response cost the small routes 2-3% of
  // their throughput for nothing (decision 150).
  const compress = dynamicCompression();

  // ---- routes ----
  const api = express.Router();
  api.use(noStore);
  api.use(refuseCrossSite(config.allowedOrigins));
  // Health is cheap and polled by platforms from one address, so it sits before the general limit.
  api.use(healthRoutes({ modes: config.modes, pingDatabase }));
  // Payments bring their own body parsers (the webhook reads raw bytes) and the payments rate-limit class.
  api.use(paymentRoutes({ ...paymentComponent, limiter: limiters.payments, verifyLimiter: limiters.verify }));
  api.use(limiters.api);
  api.use(contactRoutes({ service: contact, limiter: limiters.contact }));
  api.use(chatRoutes({ service: chat, limiter: limiters.chat, logger }));
  api.use(accountRoutes({ service: account, verifier }));
  const billingParts = { db, logger, billing: paymentComponent.billing, gateway: paymentComponent.subscriptions };
  api.use(
    billingRoutes({
      account: createBillingAccount({ ...billingParts, keyId: paymentComponent.gateway.keyId }),
      monthlyStart: createMonthlyStart({ ...billingParts, keySecret: paymentComponent.gateway.keySecret }),
      verifier,
    }),
  );
  api.use(quizRoutes({ service: quiz, limiter: limiters.leads }));
  // The staff inbox: every address under /admin checks the token and the staff claim first.
  api.use('/admin', compress, adminRoutes({ service: admin, verifier }));
  api.use(notFound());
  app.use('/api', api);

  app.use(compress, staticSite(config.distDir));
  app.use(notFound());
  app.use(databaseUnavailable(logger));
  app.use(errorHandler(logger));
  return app;
}
