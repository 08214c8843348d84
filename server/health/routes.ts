import { Router } from 'express';
import type { Config } from '../config';
import { methodNotAllowed } from '../http/errors';

export interface Health {
  status: 'ok';
  database: Config['modes']['database'];
  payments: Config['modes']['payments'];
  chat: Config['modes']['chat'];
  auth: Config['modes']['auth'];
}

/** GET /health: liveness plus which providers are real and which are the embedded stand-ins (DESIGN.md §6). */
export function healthRoutes(config: Config): Router {
  const router = Router();
  const health: Health = { status: 'ok', ...config.modes };
  router.route('/health').get((_req, res) => {
    res.json(health);
  }).all(methodNotAllowed(['GET', 'HEAD']));
  return router;
}
