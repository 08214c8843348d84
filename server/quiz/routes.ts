import express, { Router, type RequestHandler } from 'express';
import { AppError, methodNotAllowed } from '../http/errors';
import type { Database } from '../db/client';
import { createQuizService, type QuizService } from './service';

/** A finished quiz is a few KB of answers; anything far larger is not one. */
const QUIZ_BODY_LIMIT = 16 * 1024;

/** POST /quiz-submissions: a finished quiz, stored with its recomputed report as a lead. */
export function quizRoutes({
  db,
  limiter,
  service = createQuizService({ db }),
}: {
  db: Database;
  /** The leads budget (server/http/rateLimits.ts). */
  limiter: RequestHandler;
  service?: QuizService;
}): Router {
  const router = Router();
  router
    .route('/quiz-submissions')
    // The limiter runs first so a flood is refused before any body is read.
    .post(limiter, express.json({ limit: QUIZ_BODY_LIMIT }), async (req, res) => {
      if (!req.is('application/json')) {
        throw new AppError(415, 'unsupported_media_type', 'Send the quiz answers as application/json.');
      }
      res.status(201).json(await service.submit(req.body));
    })
    .all(methodNotAllowed(['POST']));
  return router;
}
