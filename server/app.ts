import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import { accountRoutes } from './auth/routes';
import { chatRoutes } from './chat/routes';
import type { Config } from './config';
import { contactRoutes } from './contact/routes';
import { createContactService } from './contact/service';
import type { Database } from './db/client';
import { healthRoutes } from './health/routes';
import { errorHandler, notFound } from './http/errors';
import { createRateLimiters, type RateLimitSettings } from './http/rateLimits';
import { requestLog } from './http/requestLog';
import { securityHeaders } from './http/security';
import { staticSite } from './http/staticSite';
import { silentLogger, type Logger } from './logger';
import { paymentRoutes } from './payments/routes';
import { createPayments, type Payments } from './payments/setup';
import { quizRoutes } from './quiz/routes';

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
  /** Vite's build output; nothing is served from it when it does not exist. */
  staticDir?: string;
}

// API answers are per-request data: never let a browser or proxy cache them.
const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** The whole HTTP surface, without listening, so tests can run it on port 0 with their own dependencies. */
export function createApp({ config, db, logger = silentLogger, forwarder, rateLimits, payments, staticDir }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);

  const limiters = createRateLimiters(rateLimits);
  const contact = createContactService({
    db,
    forwarding: Boolean(config.contactForwardUrl),
    ipHashSecret: config.ipHashSecret,
    onQueued: () => forwarder?.wake(),
  });

  app.use(requestLog(logger));
  app.use(securityHeaders(config.csp, { production: config.nodeEnv === 'production' }));
  app.use(compression());

  const api = express.Router();
  api.use(noStore);
  // Health is cheap and polled by platforms from one address, so it sits before the general limit.
  api.use(healthRoutes(config));
  // Payments bring their own body parsers (the webhook reads raw bytes) and the payments rate-limit class.
  api.use(paymentRoutes({ ...(payments ?? createPayments({ config, db, logger })), limiter: limiters.payments }));
  api.use(limiters.api);
  api.use(contactRoutes({ service: contact, limiter: limiters.contact }));
  api.use(chatRoutes({ config, db, logger, limiter: limiters.chat }));
  api.use(accountRoutes({ config, db }));
  api.use(quizRoutes({ db }));
  api.use(notFound());
  app.use('/api', api);

  if (staticDir) app.use(staticSite(staticDir));
  app.use(notFound());
  app.use(errorHandler(logger));
  return app;
}
