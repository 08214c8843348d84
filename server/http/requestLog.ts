import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger';

// A caller's id is kept only when it is short and plain, so it cannot forge log lines or bloat them.
const acceptableId = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Gives every request an id (echoed as `x-request-id`) and writes one log line when the response is finished or
 * the client goes away. The path is logged without its query string, which may carry personal data.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const incoming = req.get('x-request-id');
    const requestId = incoming && acceptableId.test(incoming) ? incoming : randomUUID();
    res.setHeader('x-request-id', requestId);
    res.locals.requestId = requestId;

    // 'close' comes once per response, after 'finish' when it was sent and alone when the client went away first:
    // one listener instead of one on each (every listener is a closure and an entry in the response's event table).
    res.once('close', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info('request', {
        requestId,
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: res.writableFinished ? res.statusCode : 499,
        ms: Math.round(ms * 10) / 10,
      });
    });
    next();
  };
}
