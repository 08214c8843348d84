import { randomBytes } from 'node:crypto';
import express, { Router, type RequestHandler, type Response } from 'express';
import type { ChatStreamEvent } from '../../src/domain/chat';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { AppError, methodNotAllowed } from '../http/errors';
import type { Logger } from '../logger';
import { createGeminiProvider } from './providers/gemini';
import { createLocalProvider } from './providers/local';
import type { ChatProvider } from './providers/types';
import { createChatService, type ChatService } from './service';
import { createTurnSigner } from './turnSignature';

/**
 * POST /chat: `{ conversationId, message, history: [{ role, text }] }` answered as server-sent events, one JSON
 * object per event (`delta`, then `done` or `error`). A refused request (limit, validation) is an ordinary JSON error
 * before any event. The stream is never compressed or cached, so each piece reaches the browser as it is written.
 */

/** A request carries at most 20 earlier messages of 2,000 characters: well under this, even in Devanagari. */
const bodyLimitBytes = 160 * 1024;

export function chatProviderFor(config: Config): ChatProvider {
  if (config.geminiApiKey) {
    return createGeminiProvider({
      apiKey: config.geminiApiKey,
      model: config.chat.geminiModel,
      baseUrl: config.chat.geminiBaseUrl,
    });
  }
  return createLocalProvider({ pieceDelayMs: config.chat.localPieceDelayMs });
}

function writeEvent(res: Response, event: ChatStreamEvent): void {
  res.write(`data: ${JSON.stringify(event)}\n\n`);
}

export function chatRouter({
  service,
  limiter,
  logger,
}: {
  service: ChatService;
  limiter: RequestHandler;
  logger: Logger;
}): Router {
  const router = Router();
  const json = express.json({ limit: bodyLimitBytes });
  const requireJson: RequestHandler = (req, _res, next) => {
    if (req.body !== undefined) return next();
    next(new AppError(415, 'unsupported_media_type', 'Send the chat request as application/json.'));
  };

  router
    .route('/chat')
    // The limiter runs first so a flood is refused before any body is read.
    .post(limiter, json, requireJson, async (req, res) => {
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

/** The chat component as app.ts mounts it: the provider the config chooses, its service and its route. */
export function chatRoutes({
  config,
  db,
  logger,
  limiter,
}: {
  config: Config;
  db: Database;
  logger: Logger;
  limiter: RequestHandler;
}): Router {
  let secret = config.chat.signingSecret;
  if (!secret) {
    // Fine for one process; several servers, or a restart, need the same secret to trust each other's replies.
    secret = randomBytes(32).toString('base64url');
    if (config.nodeEnv === 'production') {
      logger.warn('CHAT_SIGNING_SECRET is not set: chat replies are signed with a random secret for this process only');
    }
  }
  const service = createChatService({
    db,
    provider: chatProviderFor(config),
    logger,
    replyTimeoutMs: config.chat.replyTimeoutMs,
    signer: createTurnSigner(secret),
  });
  return chatRouter({ service, limiter, logger });
}
