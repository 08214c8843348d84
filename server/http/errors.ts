import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { errorEnvelope, type ErrorDetails } from '../../src/domain/wire';
import type { Logger } from '../logger';

/**
 * The one error type handlers throw, answered as the wire's error envelope (src/domain/wire.ts); everything else is
 * treated as a bug and answered with a generic 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** body-parser and raw-body tag their errors with `type`; these are the client's fault, not ours. */
const bodyParserErrors: Record<string, [number, string, string]> = {
  'entity.parse.failed': [400, 'invalid_json', 'The request body is not valid JSON.'],
  'entity.too.large': [413, 'payload_too_large', 'The request body is too large.'],
  'parameters.too.many': [413, 'payload_too_large', 'The request has too many fields.'],
  'charset.unsupported': [415, 'unsupported_media_type', 'The request body uses an unsupported charset.'],
  'encoding.unsupported': [415, 'unsupported_media_type', 'The request body uses an unsupported content encoding.'],
  'request.aborted': [400, 'request_aborted', 'The request was aborted.'],
  'request.size.invalid': [400, 'bad_request', 'The request body does not match its Content-Length.'],
};

function statusOf(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { status, statusCode } = err as { status?: unknown; statusCode?: unknown };
  const value = typeof status === 'number' ? status : statusCode;
  return typeof value === 'number' ? value : undefined;
}

/** Turns anything thrown into an AppError; undefined means "unexpected", i.e. a 500. */
export function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  const type = typeof err === 'object' && err !== null ? (err as { type?: unknown }).type : undefined;
  const known = typeof type === 'string' ? bodyParserErrors[type] : undefined;
  if (known) return new AppError(...known);
  // Other http-errors style client errors (e.g. a malformed URL in a route parameter).
  const status = statusOf(err);
  if (status !== undefined && status >= 400 && status < 500) {
    return new AppError(status, 'bad_request', 'The request could not be understood.');
  }
  return undefined;
}

export function sendError(res: Response, error: AppError): void {
  res.status(error.status).json(errorEnvelope(error.code, error.message, error.details));
}

export function notFound(): RequestHandler {
  return (_req, _res, next) => next(new AppError(404, 'not_found', 'Nothing is served at this address.'));
}

export function methodNotAllowed(allowed: readonly string[]): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Allow', allowed.join(', '));
    next(new AppError(405, 'method_not_allowed', `${req.method} is not allowed here; use ${allowed.join(' or ')}.`));
  };
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    // Headers already gone (e.g. a failure mid-stream): Express's own handler closes the connection.
    if (res.headersSent) return next(err);
    const known = toAppError(err);
    if (known) return sendError(res, known);
    logger.error('unhandled error', { requestId: res.getHeader('x-request-id'), method: req.method, path: req.path, err });
    sendError(res, new AppError(500, 'internal', 'Something went wrong on our side. Please try again later.'));
  };
}
