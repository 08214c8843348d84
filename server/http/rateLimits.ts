import { rateLimit } from 'express-rate-limit';
import type { RequestHandler } from 'express';
import type { Database } from '../db/client';
import { AppError } from './errors';
import { databaseCounter, FlexibleStore } from './rateLimitStore';

/**
 * Each class of route has its own budget per client IP. `leads` is for the routes that store a prospect's details
 * (the quiz submission); the contact form keeps its own class, the chat's lead capture rides on `chat`. `verify`
 * (verify-payment) is apart from `payments` (create-order, the sandbox checkout): a buyer whose money was taken must
 * not be refused its confirmation because order attempts, theirs or their network's, spent the budget.
 */
export type LimitClass = 'api' | 'contact' | 'leads' | 'chat' | 'payments' | 'verify';

export interface LimitRule {
  windowMs: number;
  limit: number;
}

export type RateLimitSettings = Record<LimitClass, LimitRule>;

export const defaultRateLimits: RateLimitSettings = {
  api: { windowMs: 60_000, limit: 120 },
  contact: { windowMs: 60_000, limit: 5 },
  leads: { windowMs: 60_000, limit: 5 },
  chat: { windowMs: 60_000, limit: 20 },
  payments: { windowMs: 60_000, limit: 20 },
  // A signature is checked before anything else, so a forged one costs an HMAC; many buyers share one carrier IP.
  verify: { windowMs: 60_000, limit: 60 },
};

const messages: Record<LimitClass, string> = {
  api: 'Too many requests. Please wait a moment and try again.',
  contact: 'Too many messages from this address. Please wait a minute and try again.',
  leads: 'Too many submissions from this address. Please wait a minute and try again.',
  chat: 'Too many chat messages. Please wait a moment and try again.',
  payments: 'Too many payment attempts. Please wait a minute and try again.',
  verify: 'Too many payment confirmations from this address. Your payment is safe: please wait a moment and check again.',
};

/** Every class's limit times `scale` (the windows unchanged): RATE_LIMIT_SCALE for an end-to-end run (decision 097). */
export function scaledRateLimits(scale: number): Partial<RateLimitSettings> {
  if (scale === 1) return {};
  const entries = (Object.keys(defaultRateLimits) as LimitClass[]).map((name) => [
    name,
    { ...defaultRateLimits[name], limit: defaultRateLimits[name].limit * scale },
  ]);
  return Object.fromEntries(entries) as Partial<RateLimitSettings>;
}

export type RateLimiters = Record<LimitClass, RequestHandler>;

const limiterClasses = new WeakMap<RequestHandler, LimitClass>();

/** The class of a limiter this module built, so a test can find every rate-limited route in the app's routers. */
export function limitClassOf(handler: unknown): LimitClass | undefined {
  return typeof handler === 'function' ? limiterClasses.get(handler as RequestHandler) : undefined;
}

export interface RateLimiterDeps {
  db: Database;
  overrides?: Partial<RateLimitSettings>;
}

/**
 * One limiter per class, its counters in the database so that every server process on it spends one budget
 * (docs/decisions/184-rate-limits-on-rate-limiter-flexible.md); while the database fails, each process counts on its
 * own. The key stays express-rate-limit's default: the client IP as express sees it, so only a trusted proxy
 * (TRUST_PROXY) can name another client. express-rate-limit sets Retry-After itself before calling the handler; the
 * handler only routes the refusal through the one error handler so the body has the usual shape.
 */
export function createRateLimiters({ db, overrides = {} }: RateLimiterDeps): RateLimiters {
  const build = (name: LimitClass): RequestHandler => {
    const rule = { ...defaultRateLimits[name], ...overrides[name] };
    // One class's timer sweeps the shared table for all of them.
    const counter = databaseCounter(db, { prefix: name, ...rule, sweeps: name === 'api' });
    const limiter = rateLimit({
      windowMs: rule.windowMs,
      limit: rule.limit,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      // A client's own X-Forwarded-For is ignored unless TRUST_PROXY names the proxy (docs/decisions/080-trust-proxy.md):
      // expected, not the misconfiguration this check would print to stderr once per limiter.
      validate: { xForwardedForHeader: false },
      store: new FlexibleStore(counter),
      handler: (_req, _res, next) => next(new AppError(429, 'rate_limited', messages[name])),
    });
    limiterClasses.set(limiter, name);
    return limiter;
  };
  return {
    api: build('api'),
    contact: build('contact'),
    leads: build('leads'),
    chat: build('chat'),
    payments: build('payments'),
    verify: build('verify'),
  };
}
