import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { brand } from '../src/content/brand';
import { authEmulatorDefaults } from './auth/emulatorDefaults';

/**
 * The server's environment, parsed once at start-up (Epic Stack style): a bad value stops the process with a
 * message naming the variable instead of surfacing later as a confusing runtime error.
 */

// `.env` files and CI templates often carry `FOO=` for "unset"; treat blank as absent so defaults apply.
const blankAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalString = z.preprocess(blankAsUndefined, z.string().trim().optional());

function urlWithProtocol(protocols: readonly string[]) {
  const names = protocols.map((protocol) => protocol.replace(':', '')).join(' or ');
  return z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
        error: `must be an absolute ${names} URL`,
      })
      .optional(),
  );
}

/** Express's own names for address ranges, besides literal addresses and subnets. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxyError =
  'must be a hop count (1) or a list of proxy addresses/subnets ("loopback, 10.0.0.0/8"); true is refused because ' +
  'it lets any client choose its own IP (docs/decisions/080-trust-proxy.md); leave it empty when clients connect directly';

/**
 * Express's `trust proxy`, limited to the two safe forms: how many proxies stand in front (a hop count), or which
 * addresses they have. Never `true`: that trusts every X-Forwarded-For, so every client could pick its own IP.
 */
const trustProxy = z.preprocess(
  blankAsUndefined,
  z
    .string()
    .trim()
    .transform((value, ctx): number | string[] => {
      if (/^\d+$/.test(value)) return Number(value);
      const entries = value.split(',').map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
      ctx.addIssue({ code: 'custom', message: trustProxyError });
      return z.NEVER;
    })
    .optional(),
);

/** Staff addresses told of every lead: a comma-separated list, each a plain address (no display names, no line breaks). */
const emailList = z.preprocess(
  blankAsUndefined,
  z
    .string()
    .transform((value, context) => {
      const addresses = value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      for (const address of addresses) {
        if (!z.email().safeParse(address).success) {
          context.addIssue({ code: 'custom', message: `"${address}" is not an email address` });
          return z.NEVER;
        }
      }
      return addresses;
    })
    .optional(),
);

/** Origins besides the server's own host that may send state-changing requests (server/http/crossSite.ts). */
const allowedOrigins = z.preprocess(
  blankAsUndefined,
  z
    .string()
    .transform((value, context) => {
      const origins: string[] = [];
      for (const entry of value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)) {
        const url = URL.canParse(entry) ? new URL(entry) : undefined;
        if (!url || !['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
          context.addIssue({ code: 'custom', message: `"${entry}" is not an origin such as https://example.in` });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    })
    .default([]),
);

/** Host names a live server answers to (server/http/allowedHosts.ts): bare names or addresses, no scheme or port. */
const allowedHosts = z.preprocess(
  blankAsUndefined,
  z
    .string()
    .transform((value, context) => {
      const hosts = value
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean);
      const bad = hosts.find(
        (host) =>
          !/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(host) && !/^\[[0-9a-f:.]+\]$/.test(host),
      );
      if (bad !== undefined || hosts.length === 0) {
        context.addIssue({ code: 'custom', message: `"${bad ?? value}" is not a host name such as growthpath.in (no scheme, no port)` });
        return z.NEVER;
      }
      return hosts;
    })
    .optional(),
);

const portError = 'must be an integer from 0 to 65535';
const defaultDistDir = fileURLToPath(new URL('../dist', import.meta.url));

const envSchema = z.object({
  PORT: z.preprocess(
    blankAsUndefined,
    z.coerce.number({ error: portError }).int(portError).min(0, portError).max(65535, portError).default(8080),
  ),
  // Default depends on the auth mode (loopback on the emulator), so it is applied below.
  HOST: z.preprocess(blankAsUndefined, z.string().trim().min(1).optional()),
  NODE_ENV: z.preprocess(blankAsUndefined, z.enum(['development', 'production', 'test']).default('development')),
  LOG_LEVEL: z.preprocess(blankAsUndefined, z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info')),
  // Multiplies every per-IP rate limit; for the end-to-end run, where every test shares 127.0.0.1 (decision 097).
  RATE_LIMIT_SCALE: z.preprocess(
    blankAsUndefined,
    z.coerce.number({ error: 'must be a whole number from 1 to 100' }).int().min(1).max(100).default(1),
  ),
  TRUST_PROXY: trustProxy,
  ALLOWED_ORIGINS: allowedOrigins,
  ALLOWED_HOSTS: allowedHosts,
  DATABASE_URL: urlWithProtocol(['postgres:', 'postgresql:']),
  // Connections each server opens to DATABASE_URL: N servers open up to N times this (docs/deployment.md).
  DATABASE_POOL_SIZE: z.preprocess(
    blankAsUndefined,
    z.coerce.number({ error: 'must be a whole number from 1 to 200' }).int().min(1).max(200).default(10),
  ),
  DATA_DIR: z.preprocess(blankAsUndefined, z.string().trim().min(1).default('.data')),
  /** Vite's build output, served as the site; parallel test runs each serve their own. */
  DIST_DIR: z.preprocess(blankAsUndefined, z.string().trim().min(1).default(defaultDistDir)),
  CONTACT_FORWARD_URL: urlWithProtocol(['http:', 'https:']),
  // Unset: every email is kept in the database and shown in the staff inbox, nothing is sent (embedded mode).
  SMTP_URL: urlWithProtocol(['smtp:', 'smtps:']),
  // Unset: the agency's own address (src/content/brand.ts) hears of every lead and payment.
  STAFF_NOTIFY_EMAILS: emailList,
  // A Slack or Google Chat incoming webhook that gets the same notices as staff's email; a secret, like SMTP_URL.
  STAFF_NOTIFY_WEBHOOK_URL: urlWithProtocol(['https:', 'http:']),
  // Staff notices sent on their own in any minute; more than this and the rest come in digests.
  STAFF_NOTIFY_PER_MINUTE: z.preprocess(
    blankAsUndefined,
    z.coerce.number({ error: 'must be a whole number from 1 to 1000' }).int().min(1).max(1000).default(3),
  ),
  // Automatic replies to the senders of leads, whose addresses nobody confirmed, in India's day: in all, and to any one
  // domain other than the big shared mailbox providers (decision 188). Past either the reply is kept, not sent.
  PROSPECT_REPLIES_PER_DAY: z.preprocess(
    blankAsUndefined,
    z.coerce.number({ error: 'must be a whole number from 0 to 100000' }).int().min(0).max(100_000).default(200),
  ),
  PROSPECT_REPLIES_PER_DOMAIN_PER_DAY: z.preprocess(
    blankAsUndefined,
    z.coerce.number({ error: 'must be a whole number from 0 to 100000' }).int().min(0).max(100_000).default(20),
  ),
  // The site's public address, for links in emails; unset: http://localhost:PORT.
  SITE_URL: urlWithProtocol(['http:', 'https:']),
  MAIL_FROM: z.preprocess(blankAsUndefined, z.string().trim().min(3).max(200).default('GrowthPath <hello@growthpath.in>')),
  IP_HASH_SECRET: optionalString,
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  // ---- payments ----
  RAZORPAY_API_URL: urlWithProtocol(['http:', 'https:']),
  ALLOW_SANDBOX_PAYMENTS: z.preprocess(blankAsUndefined, z.enum(['true', 'false']).default('false')),
  SANDBOX_KEY_SECRET: optionalString,
  SANDBOX_WEBHOOK_SECRET: optionalString,
  // Razorpay's account setting, mirrored: manual leaves each payment authorized until the server captures it.
  SANDBOX_CAPTURE: z.preprocess(blankAsUndefined, z.enum(['automatic', 'manual']).default('automatic')),
  SANDBOX_WEBHOOK_DELAY_MS: z.preprocess(
    blankAsUndefined,
    z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(60_000).default(2_000),
  ),
  PAYMENT_GATEWAY_TIMEOUT_MS: z.preprocess(
    blankAsUndefined,
    z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(500).max(30_000).default(8_000),
  ),
  PAYMENT_RECONCILE_AFTER_MINUTES: z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ error: 'must be a number of minutes' })
      .int()
      .min(1)
      .max(24 * 60)
      .default(5),
  ),
  PAYMENT_RECONCILE_INTERVAL_MS: z.preprocess(
    blankAsUndefined,
    z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(1_000).max(3_600_000).default(60_000),
  ),
  // ---- end payments ----
  // ---- chat assistant ----
  GEMINI_API_KEY: optionalString,
  GEMINI_MODEL: z.preprocess(blankAsUndefined, z.string().trim().min(1).default('gemini-flash-latest')),
  GEMINI_BASE_URL: urlWithProtocol(['http:', 'https:']),
  CHAT_REPLY_TIMEOUT_MS: z.preprocess(
    blankAsUndefined,
    z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(1_000).max(120_000).default(30_000),
  ),
  CHAT_LOCAL_PIECE_DELAY_MS: z.preprocess(
    blankAsUndefined,
    z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(1_000).default(30),
  ),
  /** Signs the chat replies the server streams (decision 083); unset, each process makes up its own. */
  CHAT_SIGNING_SECRET: z.preprocess(blankAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  // ---- end chat assistant ----
  // ---- accounts ----
  /** Names the Auth Emulator: the only way the server runs on it (docs/decisions/078-auth-emulator-by-name.md). */
  FIREBASE_AUTH_EMULATOR_HOST: optionalString,
  /** The Firebase project; on the emulator it defaults to authEmulatorDefaults.projectId. */
  FIREBASE_PROJECT_ID: optionalString,
  GOOGLE_APPLICATION_CREDENTIALS: optionalString,
  FIREBASE_SERVICE_ACCOUNT: optionalString,
  // ---- end accounts ----
});

type Env = z.infer<typeof envSchema>;
export type LogLevel = Env['LOG_LEVEL'];

/**
 * Razorpay Checkout's hosts (its script, its payment frames, its API and telemetry calls), allowed only in live mode:
 * the sandbox's checkout is the site's own code, so a sandbox server names none of them (docs/decisions/095).
 */
export const razorpayCheckoutHosts = {
  scriptSrc: ['https://checkout.razorpay.com'],
  frameSrc: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connectSrc: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
} as const;

/** Extra hosts per CSP directive: the identity provider's and, in live mode, Razorpay Checkout's. */
export interface CspSources {
  scriptSrc: string[];
  connectSrc: string[];
  frameSrc: string[];
}

export interface Config {
  port: number;
  host: string;
  nodeEnv: Env['NODE_ENV'];
  /** Every per-IP rate limit times this; 1 (the defaults) unless a local end-to-end run raises it (decision 097). */
  rateLimitScale: number;
  logLevel: LogLevel;
  /** Express's `trust proxy`: a hop count or the proxies' addresses/subnets; undefined trusts no proxy. */
  trustProxy: number | string[] | undefined;
  /** Other sites' origins allowed to post to the API; the server's own host always is (decision 085). */
  allowedOrigins: string[];
  /** The host names this server answers to; null: any (server/http/allowedHosts.ts). */
  allowedHosts: string[] | null;
  /** Set: node-postgres against this server. Unset: embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** The most connections this server holds to databaseUrl at once. */
  databasePoolSize: number;
  /** ':memory:' gives an in-memory PGlite (tests). */
  dataDir: string;
  /** The built site; nothing is served from it when it does not exist. */
  distDir: string;
  contactForwardUrl: string | undefined;
  /** Email: sent over SMTP when `smtpUrl` is set, else kept in the database (server/mail). */
  mail: {
    smtpUrl: string | undefined;
    from: string;
    staff: string[];
    staffWebhookUrl: string | undefined;
    staffPerMinute: number;
    siteUrl: string;
    prospectReplies: { perDay: number; perDomainPerDay: number };
  };
  /** Keyed hash for the sender's IP; without it no IP-derived value is stored at all. */
  ipHashSecret: string | undefined;
  modes: {
    database: 'embedded' | 'postgres';
    payments: 'sandbox' | 'live';
    chat: 'local' | 'gemini';
    auth: 'emulator' | 'live';
    mail: 'embedded' | 'smtp';
  };
  razorpay: { keyId: string; keySecret: string; webhookSecret: string } | undefined;
  /** Payments: the gateway's limits, reconciliation, and the sandbox (docs/decisions/091-sandbox-gateway.md). */
  payments: {
    /** Unset: api.razorpay.com. Set: another host speaking Razorpay's API (a local fake in tests). */
    razorpayApiUrl: string | undefined;
    gatewayTimeoutMs: number;
    reconcileAfterMs: number;
    reconcileIntervalMs: number;
    /** Unset: random per process. */
    sandboxKeySecret: string | undefined;
    sandboxWebhookSecret: string | undefined;
    sandboxWebhookDelayMs: number;
    /** Whether the sandbox's Pay now captures the payment, or leaves it authorized as a manual-capture account does. */
    sandboxCapture: 'automatic' | 'manual';
  };
  geminiApiKey: string | undefined;
  /** The chat assistant: which model, where, and how long one reply may take. */
  chat: {
    geminiModel: string;
    /** Unset: Google's endpoint. Set: another host speaking the same API (a proxy, or a local fake in tests). */
    geminiBaseUrl: string | undefined;
    /** The whole reply, from the request to the last piece; past it the visitor gets a clean error event. */
    replyTimeoutMs: number;
    /** The local assistant's pause between streamed pieces, so it reads like a model typing. */
    localPieceDelayMs: number;
    /** The HMAC key for reply signatures; undefined: a random one per process (server/chat/routes.ts). */
    signingSecret: string | undefined;
  };
  /** Accounts: how firebase-admin verifies ID tokens, against the emulator or the real project. */
  firebase: FirebaseSettings;
  csp: CspSources;
}

export type FirebaseSettings =
  | { mode: 'emulator'; projectId: string; emulatorHost: string }
  | {
      mode: 'live';
      projectId: string | undefined;
      /** The parsed FIREBASE_SERVICE_ACCOUNT, or undefined to use GOOGLE_APPLICATION_CREDENTIALS (a file path). */
      serviceAccount: Record<string, unknown> | undefined;
    };

/** The names a server on the Auth Emulator answers to: this machine's own. */
export const emulatorHostNames = ['localhost', '127.0.0.1', '[::1]'] as const;

/** The hosts the browser's Firebase Auth SDK calls on a real project (sign-in and token refresh). */
export const firebaseAuthHosts = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];

function parseServiceAccount(value: string | undefined): Record<string, unknown> | undefined {
  if (!value) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('Invalid environment: FIREBASE_SERVICE_ACCOUNT: must be the service account JSON itself');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('Invalid environment: FIREBASE_SERVICE_ACCOUNT: must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

function formatIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`).join('; ');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid environment: ${formatIssues(parsed.error)}`);
  const e = parsed.data;

  // ---- payments ----
  // Part of the keys would silently fall back to sandbox payments (or leave webhooks unverifiable); refuse instead.
  const razorpayKeys = {
    RAZORPAY_KEY_ID: e.RAZORPAY_KEY_ID,
    RAZORPAY_KEY_SECRET: e.RAZORPAY_KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: e.RAZORPAY_WEBHOOK_SECRET,
  };
  const missingKeys = Object.entries(razorpayKeys)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missingKeys.length > 0 && missingKeys.length < 3) {
    throw new Error(`Invalid environment: ${missingKeys.join(', ')}: must be set together with the other Razorpay keys`);
  }
  const razorpay =
    e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET
      ? { keyId: e.RAZORPAY_KEY_ID, keySecret: e.RAZORPAY_KEY_SECRET, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET }
      : undefined;
  // ---- end payments ----

  // ---- accounts ----
  const hasServiceAccount = Boolean(e.GOOGLE_APPLICATION_CREDENTIALS || e.FIREBASE_SERVICE_ACCOUNT);
  // The emulator's ID tokens are unsigned, so anyone can forge one: it runs only when named, never as a fallback
  // (docs/decisions/078-auth-emulator-by-name.md). Named, it wins over a service account, as in firebase-admin itself.
  if (!e.FIREBASE_AUTH_EMULATOR_HOST && !hasServiceAccount) {
    throw new Error(
      'Invalid environment: auth: no Firebase service account and no Auth Emulator named. Set FIREBASE_SERVICE_ACCOUNT ' +
        '(or GOOGLE_APPLICATION_CREDENTIALS) for a real Firebase project, or FIREBASE_AUTH_EMULATOR_HOST=' +
        `${authEmulatorDefaults.host} to run on the Auth Emulator on purpose (its tokens are unsigned: for this ` +
        'machine and tests only; `npm start` names it for you outside production)',
    );
  }
  // firebase-admin reads the raw variable: spaces alone would switch it to the emulator while we think it is unset.
  if (env.FIREBASE_AUTH_EMULATOR_HOST && !e.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error('Invalid environment: FIREBASE_AUTH_EMULATOR_HOST: holds only spaces; leave it empty or give host:port');
  }
  if (e.FIREBASE_AUTH_EMULATOR_HOST && e.NODE_ENV === 'production') {
    throw new Error(
      'Invalid environment: FIREBASE_AUTH_EMULATOR_HOST: the Auth Emulator accepts unsigned tokens, so anyone could sign ' +
        'in as anyone: it is refused in production. Unset it and set FIREBASE_SERVICE_ACCOUNT (or GOOGLE_APPLICATION_CREDENTIALS)',
    );
  }
  const auth = e.FIREBASE_AUTH_EMULATOR_HOST ? 'emulator' : 'live';
  const serviceAccount = auth === 'live' ? parseServiceAccount(e.FIREBASE_SERVICE_ACCOUNT) : undefined;
  const firebase: FirebaseSettings = e.FIREBASE_AUTH_EMULATOR_HOST
    ? {
        mode: 'emulator',
        projectId: e.FIREBASE_PROJECT_ID ?? authEmulatorDefaults.projectId,
        emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
      }
    : {
        mode: 'live',
        projectId: e.FIREBASE_PROJECT_ID ?? (typeof serviceAccount?.project_id === 'string' ? serviceAccount.project_id : undefined),
        serviceAccount,
      };
  if (auth === 'emulator' && e.ALLOWED_HOSTS) {
    throw new Error(
      'Invalid environment: ALLOWED_HOSTS: on the Auth Emulator, whose tokens anyone can forge, the server answers only ' +
        `to ${emulatorHostNames.join(', ')}; other names need a real Firebase project`,
    );
  }
  const emulatorOrigin = firebase.mode === 'emulator' ? `http://${firebase.emulatorHost}` : undefined;
  // ---- end accounts ----

  // Production keeps the real limits: raised limits are for a test run on one machine only.
  if (e.NODE_ENV === 'production' && e.RATE_LIMIT_SCALE !== 1) {
    throw new Error('Invalid environment: RATE_LIMIT_SCALE: must be 1 (unset) in production');
  }

  // Every link in every email names the site: production's would otherwise send clients to this machine's localhost.
  if (e.NODE_ENV === 'production' && !e.SITE_URL) {
    throw new Error(
      'Invalid environment: SITE_URL: required in production, where the links in every email name it (unset, they point ' +
        `at http://localhost:${e.PORT}). Set it to the site's public address, e.g. SITE_URL=https://growthpath.in`,
    );
  }

  // On the emulator anyone can forge a sign-in, staff's included, so only this machine may reach it (decision 078).
  const host = e.HOST ?? (auth === 'emulator' ? '127.0.0.1' : '0.0.0.0');
  if (auth === 'emulator' && !isLoopback(host)) {
    throw new Error(
      `Invalid environment: HOST: the Auth Emulator accepts unsigned tokens, so with HOST=${host} anyone who reaches ` +
        'this server could sign in as anyone, staff included. Leave HOST unset (127.0.0.1) on the emulator; to serve ' +
        'other machines, unset FIREBASE_AUTH_EMULATOR_HOST and set FIREBASE_SERVICE_ACCOUNT (or GOOGLE_APPLICATION_CREDENTIALS)',
    );
  }
  // The sandbox's Pay now grants a plan for a test payment and its controls move everyone's billing: never in
  // production, even when asked for (decision 190).
  if (e.NODE_ENV === 'production' && e.ALLOW_SANDBOX_PAYMENTS === 'true') {
    throw new Error(
      'Invalid environment: ALLOW_SANDBOX_PAYMENTS: true is refused with NODE_ENV=production: the sandbox gives plans ' +
        'away for test payments. Remove it and set the Razorpay keys (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, ' +
        'RAZORPAY_WEBHOOK_SECRET); a demo box runs the sandbox outside production (docs/deployment.md)',
    );
  }
  if (e.NODE_ENV === 'production' && !razorpay) {
    throw new Error(
      'Invalid environment: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: required with NODE_ENV=production; ' +
        'without them payments would run on the sandbox gateway, whose Pay now grants a plan for a test payment',
    );
  }
  // Elsewhere the sandbox runs on this machine alone, or when asked for by name (a demo box).
  const sandboxRisks = [
    auth === 'live' && 'auth is a real Firebase project (a service account is set)',
    !isLoopback(host) && `HOST=${host} lets other machines in`,
  ].filter(Boolean);
  if (!razorpay && sandboxRisks.length > 0 && e.ALLOW_SANDBOX_PAYMENTS !== 'true') {
    throw new Error(
      `Invalid environment: ALLOW_SANDBOX_PAYMENTS: payments would run on the sandbox gateway, whose Pay now grants a ` +
        `plan for a test payment, and ${sandboxRisks.join(', and ')}. Set the Razorpay keys (RAZORPAY_KEY_ID, ` +
        'RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET), or ALLOW_SANDBOX_PAYMENTS=true to run on the sandbox on purpose',
    );
  }

  return {
    port: e.PORT,
    host,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS,
    allowedHosts: auth === 'emulator' ? [...emulatorHostNames] : (e.ALLOWED_HOSTS ?? null),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: e.DATA_DIR,
    distDir: e.DIST_DIR,
    contactForwardUrl: e.CONTACT_FORWARD_URL,
    ipHashSecret: e.IP_HASH_SECRET,
    modes: {
      database: e.DATABASE_URL ? 'postgres' : 'embedded',
      payments: razorpay ? 'live' : 'sandbox',
      chat: e.GEMINI_API_KEY ? 'gemini' : 'local',
      auth,
      mail: e.SMTP_URL ? 'smtp' : 'embedded',
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      staff: e.STAFF_NOTIFY_EMAILS ?? [brand.email],
      staffWebhookUrl: e.STAFF_NOTIFY_WEBHOOK_URL,
      staffPerMinute: e.STAFF_NOTIFY_PER_MINUTE,
      siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      prospectReplies: { perDay: e.PROSPECT_REPLIES_PER_DAY, perDomainPerDay: e.PROSPECT_REPLIES_PER_DOMAIN_PER_DAY },
    },
    razorpay,
    payments: {
      razorpayApiUrl: e.RAZORPAY_API_URL,
      gatewayTimeoutMs: e.PAYMENT_GATEWAY_TIMEOUT_MS,
      reconcileAfterMs: e.PAYMENT_RECONCILE_AFTER_MINUTES * 60_000,
      reconcileIntervalMs: e.PAYMENT_RECONCILE_INTERVAL_MS,
      sandboxKeySecret: e.SANDBOX_KEY_SECRET,
      sandboxWebhookSecret: e.SANDBOX_WEBHOOK_SECRET,
      sandboxWebhookDelayMs: e.SANDBOX_WEBHOOK_DELAY_MS,
      sandboxCapture: e.SANDBOX_CAPTURE,
    },
    geminiApiKey: e.GEMINI_API_KEY,
    chat: {
      geminiModel: e.GEMINI_MODEL,
      geminiBaseUrl: e.GEMINI_BASE_URL,
      replyTimeoutMs: e.CHAT_REPLY_TIMEOUT_MS,
      localPieceDelayMs: e.CHAT_LOCAL_PIECE_DELAY_MS,
      signingSecret: e.CHAT_SIGNING_SECRET,
    },
    firebase,
    csp: {
      scriptSrc: razorpay ? [...razorpayCheckoutHosts.scriptSrc] : [],
      connectSrc: [...(emulatorOrigin ? [emulatorOrigin] : firebaseAuthHosts), ...(razorpay ? razorpayCheckoutHosts.connectSrc : [])],
      frameSrc: razorpay ? [...razorpayCheckoutHosts.frameSrc] : [],
    },
  };
}

const isSet = (value: string | undefined) => Boolean(value?.trim());

/** Whether a listening address keeps the server to this machine. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/**
 * `npm start`'s run on this machine alone (scripts/start.ts): without a service account it names the Auth Emulator at
 * its default address, so the server runs on it because it was asked to. Never in production, where a missing service
 * account is a mistake for the server to refuse, not to paper over.
 */
export function withEmbeddedAuth(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const decided =
    isSet(env.FIREBASE_AUTH_EMULATOR_HOST) || isSet(env.FIREBASE_SERVICE_ACCOUNT) || isSet(env.GOOGLE_APPLICATION_CREDENTIALS);
  if (decided || env.NODE_ENV === 'production') return env;
  return { ...env, FIREBASE_AUTH_EMULATOR_HOST: authEmulatorDefaults.host };
}
