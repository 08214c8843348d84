import { Router, type RequestHandler, type Response } from 'express';
import type { ChatStreamEvent } from '../../src/domain/chat';
import { jsonBody } from '../http/body';
import { methodNotAllowed } from '../http/errors';
import type { Logger } from '../logger';
import type { ChatService } from './service';

/**
 * POST /chat: `{ conversationId, message, history: [{ role, text }] }` answered as server-sent events, one JSON
 * object per event (`delta`, then `done` or `error`). A refused request (limit, validation) is an ordinary JSON error
 * before any event. The stream is never compressed or cached, so each piece reaches the browser as it is written.
 */

/** A request carries at most 20 earlier messages of 2,000 characters: well under this, even in Devanagari. */
const bodyLimitBytes = 160 * 1024;

function writeEvent(res: Response, event: ChatStreamEvent): void {
  res.write(`data: ${JSON.stringify(event)}\n\n`);
}

export function chatRoutes({ service, limiter, logger }: { service: ChatService; limiter: RequestHandler; logger: Logger }): Router {
  const router = Router();

  router
    .route('/chat')
    // The limiter runs first so a flood is refused before any body is read.
    .post(limiter, ...jsonBody(bodyLimitBytes, 'the chat request'), async (req, res) => {
      // The visitor closing the tab (or the widget aborting) ends the request before the response finishes.
      const visitorGone = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) visitorGone.abort();
      });
      const events = service.reply(req.body, visitorGone.signal); // throws the 400 before anything is streamed

      res.status(200);
      res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      // no-transform keeps compression() from buffering the stream; X-Accel-Buffering does the same for nginx.
      res.setHeader('Cache-Control', 'no-store, no-transform');
      res.setHeader('X-Accel-Buffering', 'no');
      res.setHeader('Connection', 'keep-alive');
      res.flushHeaders();

      try {
        for await (const event of events) {
          if (visitorGone.signal.aborted) break;
          writeEvent(res, event);
        }
      } catch (error) {
        // The service turns every known failure into an error event; this is a bug, so say so once and end cleanly.
        logger.error('chat stream crashed', { err: error });
        if (!visitorGone.signal.aborted) writeEvent(res, { type: 'error', message: 'The assistant could not answer just now.' });
      }
      res.end();
    })
    .all(methodNotAllowed(['POST']));
  return router;
}
