import { z } from 'zod';

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

/** Express's `trust proxy`: true/false, a hop count, or a list of addresses/subnets ("loopback, 10.0.0.0/8"). */
const trustProxy = z.preprocess(
  blankAsUndefined,
  z
    .string()
    .trim()
    .transform((value): boolean | number | string => {
      if (value === 'true') return true;
      if (value === 'false') return false;
      if (/^\d+$/.test(value)) return Number(value);
      return value;
    })
    .optional(),
);

const portError = 'must be an integer from 0 to 65535';

const envSchema = z.object({
  PORT: z.preprocess(
    blankAsUndefined,
    z.coerce.number({ error: portError }).int(portError).min(0, portError).max(65535, portError).default(8080),
  ),
  HOST: z.preprocess(blankAsUndefined, z.string().trim().min(1).default('0.0.0.0')),
  NODE_ENV: z.preprocess(blankAsUndefined, z.enum(['development', 'production', 'test']).default('development')),
  LOG_LEVEL: z.preprocess(blankAsUndefined, z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info')),
  TRUST_PROXY: trustProxy,
  DATABASE_URL: urlWithProtocol(['postgres:', 'postgresql:']),
  DATA_DIR: z.preprocess(blankAsUndefined, z.string().trim().min(1).default('.data')),
  CONTACT_FORWARD_URL: urlWithProtocol(['http:', 'https:']),
  IP_HASH_SECRET: optionalString,
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  GEMINI_API_KEY: optionalString,
  FIREBASE_AUTH_EMULATOR_HOST: optionalString,
  GOOGLE_APPLICATION_CREDENTIALS: optionalString,
  FIREBASE_SERVICE_ACCOUNT: optionalString,
});

type Env = z.infer<typeof envSchema>;
export type LogLevel = Env['LOG_LEVEL'];

/** Extra hosts per CSP directive; later issues add Razorpay Checkout and Firebase hosts here. */
export interface CspSources {
  scriptSrc: string[];
  connectSrc: string[];
  frameSrc: string[];
}

export interface Config {
  port: number;
  host: string;
  nodeEnv: Env['NODE_ENV'];
  logLevel: LogLevel;
  trustProxy: boolean | number | string | undefined;
  /** Set: node-postgres against this server. Unset: embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** ':memory:' gives an in-memory PGlite (tests). */
  dataDir: string;
  contactForwardUrl: string | undefined;
  /** Keyed hash for the sender's IP; without it no IP-derived value is stored at all. */
  ipHashSecret: string | undefined;
  modes: {
    database: 'embedded' | 'postgres';
    payments: 'sandbox' | 'live';
    chat: 'local' | 'gemini';
    auth: 'emulator' | 'live';
  };
  razorpay: { keyId: string; keySecret: string; webhookSecret: string | undefined } | undefined;
  geminiApiKey: string | undefined;
  csp: CspSources;
}

function formatIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`).join('; ');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid environment: ${formatIssues(parsed.error)}`);
  const e = parsed.data;

  // Half a key pair would silently fall back to sandbox payments; refuse instead.
  if (Boolean(e.RAZORPAY_KEY_ID) !== Boolean(e.RAZORPAY_KEY_SECRET)) {
    const missing = e.RAZORPAY_KEY_ID ? 'RAZORPAY_KEY_SECRET' : 'RAZORPAY_KEY_ID';
    throw new Error(`Invalid environment: ${missing}: must be set together with its pair`);
  }
  const razorpay =
    e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
      ? { keyId: e.RAZORPAY_KEY_ID, keySecret: e.RAZORPAY_KEY_SECRET, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET }
      : undefined;

  const hasServiceAccount = Boolean(e.GOOGLE_APPLICATION_CREDENTIALS || e.FIREBASE_SERVICE_ACCOUNT);
  // The emulator wins when both are present: that is how firebase-admin itself behaves.
  const auth = e.FIREBASE_AUTH_EMULATOR_HOST || !hasServiceAccount ? 'emulator' : 'live';
  const emulatorOrigin = auth === 'emulator' ? `http://${e.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}` : undefined;

  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    contactForwardUrl: e.CONTACT_FORWARD_URL,
    ipHashSecret: e.IP_HASH_SECRET,
    modes: {
      database: e.DATABASE_URL ? 'postgres' : 'embedded',
      payments: razorpay ? 'live' : 'sandbox',
      chat: e.GEMINI_API_KEY ? 'gemini' : 'local',
      auth,
    },
    razorpay,
    geminiApiKey: e.GEMINI_API_KEY,
    csp: {
      scriptSrc: [],
      connectSrc: emulatorOrigin ? [emulatorOrigin] : [],
      frameSrc: [],
    },
  };
}
