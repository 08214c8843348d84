import { Router, type RequestHandler } from 'express';
import { formBody } from '../http/body';
import { methodNotAllowed } from '../http/errors';
import { contactReceipt } from '../../src/domain/wire';
import type { ContactService } from './service';

/** POST /contact: the contact form, as JSON, urlencoded or multipart fields (docs/product.md §7.4). */
export function contactRoutes({ service, limiter }: { service: ContactService; limiter: RequestHandler }): Router {
  const router = Router();
  router
    .route('/contact')
    // The limiter runs first so a flood is refused before any body is read.
    .post(limiter, ...formBody(), async (req, res) => {
      await service.submit(req.body, req.ip);
      res.status(201).json(contactReceipt);
    })
    .all(methodNotAllowed(['POST']));
  return router;
}
