import { Router, type Request, type Response } from 'express';
import {
  adminTabs,
  inboxQuerySchema,
  isLeadTab,
  leadUpdateSchema,
  mailIdSchema,
  subscriptionActionSchema,
  type AdminTab,
  type LeadTab,
} from '../../src/domain/admin';
import { currentUser, type TokenVerifier } from '../auth/requireUser';
import { jsonBody } from '../http/body';
import { AppError, methodNotAllowed } from '../http/errors';
import { validated } from '../http/validation';
import { requireStaff } from './requireStaff';
import type { AdminService } from './service';

/**
 * /api/admin/*: the staff inbox. requireStaff guards the whole router, so even an address that does not
 * exist answers 401 or 403 to someone who is not staff.
 *   GET   /admin/summary                       the tabs' badges
 *   GET   /admin/:tab?q=&cursor=&limit=        one page, newest first
 *   GET   /admin/:tab/export.csv?q=            every matching row as CSV
 *   PATCH /admin/leads/:tab/:id                a lead's status and note
 *   POST  /admin/contact/:id/retry-forward     a failed forward tried again now
 *   POST  /admin/subscriptions/:id/actions     an account manager's action on a subscription (decision 181)
 *   GET   /admin/mail/:id                      one outgoing email with its rendered HTML and text (decision 185)
 */

/** A status and a note of at most 2,000 characters. */
const updateBodyLimit = 8 * 1024;
/** An action's kind and a plan or a request id. */
const actionBodyLimit = 1024;

const notFound = () => new AppError(404, 'not_found', 'Nothing is served at this address.');

function tabOf(req: Request): AdminTab {
  const tab = req.params.tab;
  if (typeof tab !== 'string' || !(adminTabs as readonly string[]).includes(tab)) throw notFound();
  return tab as AdminTab;
}

const queryOf = (req: Request) => validated(inboxQuerySchema, req.query, 'query');

/**
 * Writes to the response, waiting while its buffer is full (or until it is gone). One drain listener for the whole
 * response: compression() hands drain listeners to its gzip stream, where res.off cannot remove them again.
 */
function bufferedWriter(res: Response): (chunk: string) => Promise<void> {
  let waiting: (() => void) | undefined;
  const release = () => {
    const resume = waiting;
    waiting = undefined;
    resume?.();
  };
  res.on('drain', release);
  res.on('close', release);
  return async (chunk) => {
    if (!res.write(chunk) && !res.destroyed) await new Promise<void>((resolve) => (waiting = resolve));
  };
}

export function adminRoutes({ service, verifier }: { service: AdminService; verifier: TokenVerifier }): Router {
  const router = Router();
  router.use(...requireStaff(verifier));

  router
    .route('/summary')
    .get(async (_req, res) => {
      res.json(await service.summary());
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/leads/:tab/:id')
    .patch(...jsonBody(updateBodyLimit, 'the status or note'), async (req, res) => {
      const tab = tabOf(req);
      if (!isLeadTab(tab)) throw notFound();
      res.json(await service.updateLead(tab as LeadTab, String(req.params.id), validated(leadUpdateSchema, req.body), currentUser(res)));
    })
    .all(methodNotAllowed(['PATCH']));

  router
    .route('/contact/:id/retry-forward')
    .post(async (req, res) => {
      res.json(await service.retryForward(String(req.params.id), currentUser(res)));
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/subscriptions/:id/actions')
    .post(...jsonBody(actionBodyLimit, 'the action'), async (req, res) => {
      res.json(await service.actOnSubscription(String(req.params.id), validated(subscriptionActionSchema, req.body), currentUser(res)));
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/:tab/export.csv')
    .get(async (req, res) => {
      const tab = tabOf(req);
      const { q } = queryOf(req);
      const csv = await service.exportCsv(tab, q, currentUser(res));
      res.status(200);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${csv.filename}"`);
      if (csv.truncated) res.setHeader('X-Export-Truncated', 'true');
      // A chunk at a time, waiting for the socket to drain: 50,000 rows never sit in memory at once.
      const gone = new AbortController();
      res.on('close', () => gone.abort());
      const write = bufferedWriter(res);
      for await (const chunk of csv.lines) {
        if (gone.signal.aborted) return;
        await write(chunk);
      }
      res.end();
    })
    .all(methodNotAllowed(['GET']));

  // After export.csv, which would otherwise be taken for an email's id.
  router
    .route('/mail/:id')
    .get(async (req, res) => {
      const { id } = validated(mailIdSchema, req.params, 'id');
      res.json(await service.mailMessage(id));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/:tab')
    .get(async (req, res) => {
      const tab = tabOf(req);
      res.json(await service.page(tab, queryOf(req)));
    })
    .all(methodNotAllowed(['GET']));

  return router;
}
