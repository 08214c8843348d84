import { z } from 'zod/mini';
import { errorEnvelopeSchema, type FieldErrors } from '../domain/wire';

/**
 * The browser's one way to call /api: JSON out, JSON in, and every failure as an ApiError
 * (docs/decisions/076-one-wire-contract.md). A refusal the server explained carries the envelope's code, sentence
 * and per-field errors; failures the server could not explain get the client codes below.
 */

export const clientErrorCodes = {
  /** No answer: offline, DNS, refused connection, CORS. */
  network: 'network',
  /** No answer within the time allowed. */
  timeout: 'timeout',
  /** The caller's signal cancelled the request. */
  aborted: 'aborted',
  /** A failure status whose body is not our error envelope (a proxy's page, a bare text). */
  unexpectedStatus: 'unexpected_status',
  /** A success status whose body is not what the schema expects. */
  invalidResponse: 'invalid_response',
} as const;

/** What a client may show or log of a body that is not ours. */
const BODY_TEXT_LIMIT = 200;

export interface ApiErrorDetails {
  /** One sentence per refused field, when the server refused some. */
  fieldErrors?: FieldErrors;
  /** For unexpected_status and invalid_response: the start of the body as received. */
  bodyText?: string;
  /** A refusal's Retry-After, in seconds, when it gave one (a 429 or 503). */
  retryAfterSeconds?: number;
  /** A 409's resource as it now stands, unchecked: the caller checks it with that resource's schema. */
  current?: unknown;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly fieldErrors: FieldErrors | undefined;
  readonly bodyText: string;
  readonly retryAfterSeconds: number | undefined;
  readonly current: unknown;

  constructor(
    /** The HTTP status; 0 when no answer arrived. */
    readonly status: number,
    /** The envelope's code, or one of clientErrorCodes. */
    readonly code: string,
    message: string,
    { fieldErrors, bodyText = '', retryAfterSeconds, current, cause }: ApiErrorDetails = {},
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.fieldErrors = fieldErrors;
    this.bodyText = bodyText;
    this.retryAfterSeconds = retryAfterSeconds;
    this.current = current;
  }

  /**
   * The server's own sentence for a refusal it explained in the envelope; null when the failure came from elsewhere
   * (no answer, a proxy's page, an unreadable body). Every API client reads a refusal through this, then adds its own
   * words for the rest.
   */
  get serverSentence(): string | null {
    const ours = !(Object.values(clientErrorCodes) as string[]).includes(this.code);
    return ours && this.message ? this.message : null;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** A Firebase ID token, sent as a Bearer credential. */
  token?: string;
  signal?: AbortSignal;
  /** Fails with `timeout` when the answer has not arrived (and, for requestJson, been read) by then. */
  timeoutMs?: number;
  /** Lets the request outlive the page (a lead sent while the browser moves on). */
  keepalive?: boolean;
  accept?: string;
  fetchImpl?: typeof fetch;
}

/** Allowed for an ordinary JSON call; a caller with a reason passes its own. */
export const defaultTimeoutMs = 20_000;

function requestInit(
  { method = 'GET', body, token, keepalive, accept = 'application/json' }: RequestOptions,
  signal?: AbortSignal,
): RequestInit {
  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (keepalive) init.keepalive = true;
  if (signal) init.signal = signal;
  return init;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A failure status as an ApiError: the envelope's words when the body is one, else the status and the body's start. */
async function refusalOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  // Seconds only: the server sends seconds (express-rate-limit, the 503s); an HTTP date is read as none.
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  const retry = Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {};
  const envelope = errorEnvelopeSchema.safeParse(parseJson(text));
  if (envelope.success) {
    const { code, message, details } = envelope.data.error;
    return new ApiError(response.status, code, message, {
      ...(details?.fieldErrors && { fieldErrors: details.fieldErrors }),
      ...(details?.current !== undefined && { current: details.current }),
      ...retry,
    });
  }
  return new ApiError(response.status, clientErrorCodes.unexpectedStatus, `The server answered ${response.status}.`, {
    bodyText: text.trim().slice(0, BODY_TEXT_LIMIT),
    ...retry,
  });
}

/** A timer that aborts its own signal, which also follows the caller's. */
function deadline(timeoutMs: number, outer: AbortSignal | undefined) {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, timeoutMs);
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', () => controller.abort(), { once: true });
  return { signal: controller.signal, expired: () => expired, stop: () => clearTimeout(timer) };
}

/** Sends the request and hands an OK response to `read`; every failure on the way becomes an ApiError. */
async function exchange<T>(url: string, options: RequestOptions, read: (response: Response) => Promise<T>): Promise<T> {
  const { fetchImpl = fetch, signal, timeoutMs } = options;
  const timer = timeoutMs ? deadline(timeoutMs, signal) : undefined;
  try {
    const response = await fetchImpl(url, requestInit(options, timer?.signal ?? signal));
    if (!response.ok) throw await refusalOf(response);
    return await read(response);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timer?.expired()) throw new ApiError(0, clientErrorCodes.timeout, 'The server took too long to answer.', { cause: error });
    if (signal?.aborted) throw new ApiError(0, clientErrorCodes.aborted, 'The request was cancelled.', { cause: error });
    throw new ApiError(0, clientErrorCodes.network, 'The server could not be reached.', { cause: error });
  } finally {
    timer?.stop();
  }
}

/**
 * Calls a JSON endpoint and resolves with its body, checked by `schema`; rejects with an ApiError. Times out after
 * defaultTimeoutMs unless told otherwise.
 */
export function requestJson<T>(url: string, options: RequestOptions & { schema: z.core.$ZodType<T> }): Promise<T> {
  const { schema, timeoutMs = defaultTimeoutMs } = options;
  return exchange(url, { ...options, timeoutMs }, async (response) => {
    const text = await response.text();
    const parsed = z.safeParse(schema, parseJson(text));
    if (parsed.success) return parsed.data;
    throw new ApiError(response.status, clientErrorCodes.invalidResponse, 'The server sent an answer we could not read.', {
      bodyText: text.trim().slice(0, BODY_TEXT_LIMIT),
    });
  });
}

/**
 * Sends a request and resolves with the OK response unread, for a body that is not one JSON document (a stream);
 * rejects with an ApiError. No time limit unless given one, and then only until the answer starts.
 */
export function openRequest(url: string, options: RequestOptions): Promise<Response> {
  return exchange(url, options, async (response) => response);
}
