import { Router, type RequestHandler } from 'express';
import { jsonBody } from '../http/body';
import { bearerToken } from '../auth/requireUser';
import { methodNotAllowed } from '../http/errors';
import type { QuizService } from './service';

/** A finished quiz is a few KB of answers; anything far larger is not one. */
const QUIZ_BODY_LIMIT = 16 * 1024;
/** `{ "token": "<32 characters>" }`. */
const REPORT_EMAIL_BODY_LIMIT = 1024;

/**
 * POST /quiz-submissions: a finished quiz, stored with its recomputed report as a lead. POST /report-emails: the
 * reply's link asks for the report by email (decision 188).
 */
export function quizRoutes({
  service,
  limiter,
}: {
  service: QuizService;
  /** The leads budget (server/http/rateLimits.ts). */ limiter: RequestHandler;
}): Router {
  const router = Router();
  router
    .route('/quiz-submissions')
    // The limiter runs first so a flood is refused before any body is read.
    .post(limiter, ...jsonBody(QUIZ_BODY_LIMIT, 'the quiz answers'), async (req, res) => {
      res.status(201).json(await service.submit(req.body, { idToken: bearerToken(req.get('authorization')) }));
    })
    .all(methodNotAllowed(['POST']));
  router
    .route('/report-emails')
    .post(limiter, ...jsonBody(REPORT_EMAIL_BODY_LIMIT, 'the request'), async (req, res) => {
      const receipt = await service.requestReportEmail(req.body);
      res.status(receipt.result === 'sent' ? 202 : 200).json(receipt);
    })
    .all(methodNotAllowed(['POST']));
  return router;
}
