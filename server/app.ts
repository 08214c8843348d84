import { adminRoutes } from './admin/routes';
import express, { type Express, type RequestHandler } from 'express';
import { config as configureZod, locales } from 'zod/mini';
import { accountRoutes } from './auth/routes';
import { chatRoutes } from './chat/routes';
import type { Config } from './config';
import { contactRoutes } from './contact/routes';
import { healthRoutes } from './health/routes';
import { databaseUnavailable } from './http/databaseUnavailable';
import { errorHandler, notFound } from './http/errors';
import { refuseCrossSite } from './http/crossSite';
import { refuseUnknownHosts } from './http/allowedHosts';
import { requestLog } from './http/requestLog';
import { dynamicCompression } from './http/compress';
import { securityHeaders } from './http/security';
import { inlineScriptSources } from './http/inlineScripts';
import { staticSite } from './http/staticSite';
import { silentLogger, type Logger } from './logger';
import { paymentRoutes } from './payments/routes';
import { billingRoutes } from './billing/routes';
import { quizRoutes } from './quiz/routes';
import type { Services } from './services';

export interface AppDeps {
  config: Config;
  /** Every service, built once by the composition root (server/services.ts). */
  services: Services;
  logger?: Logger;
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
 * The whole HTTP surface, without listening: middleware, then each route module with only the service, limiter and
 * logger it uses (routes -> service -> repository; services never see req/res). Services come built from
 * server/services.ts, so tests can run this on port 0 with their own.
 */
export function createApp({ config, services, logger = silentLogger }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // Express hashes every res.send/res.json body into an ETag. Only the API answers that way here, always
  // `no-store`, so no browser or proxy ever sends the ETag back; the site's files keep theirs (express.static makes
  // its own). The hash cost small JSON answers throughput (decision 154).
  app.set('etag', false);
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);

  const { limiters, contact, chat, account, verifier, quiz, payments, billingAccount, monthlyStart, admin, pingDatabase } = services;

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
  api.use(paymentRoutes({ ...payments, limiter: limiters.payments, verifyLimiter: limiters.verify }));
  api.use(limiters.api);
  api.use(contactRoutes({ service: contact, limiter: limiters.contact }));
  api.use(chatRoutes({ service: chat, limiter: limiters.chat, logger }));
  api.use(accountRoutes({ service: account, verifier }));
  api.use(billingRoutes({ account: billingAccount, monthlyStart, verifier }));
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
