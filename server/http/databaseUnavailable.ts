import type { ErrorRequestHandler } from 'express';
import { isDatabaseUnavailable, summariseDatabaseError } from '../db/errors';
import type { Logger } from '../logger';
import { AppError, toAppError } from './errors';

/** How long a client should wait before trying again; a restarted database is usually back within this. */
export const databaseRetryAfterSeconds = 30;

/**
 * A database that cannot be reached is an outage, not a bug: 503 with Retry-After and a sentence a visitor can act
 * on, in the usual error envelope, logged as a warning with the SQL state only
 * (docs/decisions/081-database-unavailable.md). Everything else goes on to the general error handler.
 */
export function databaseUnavailable(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    // A client's own failure first: an abandoned upload is ECONNABORTED too, which reads as a lost database socket.
    if (res.headersSent || toAppError(err) || !isDatabaseUnavailable(err)) return next(err);
    logger.warn('database unavailable', { method: req.method, path: req.path, database: summariseDatabaseError(err) });
    res.setHeader('Retry-After', String(databaseRetryAfterSeconds));
    next(
      new AppError(503, 'database_unavailable', 'We cannot reach our database right now. Nothing was saved; please try again in a minute.'),
    );
  };
}
