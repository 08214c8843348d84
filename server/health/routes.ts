import { Router } from 'express';
import type { Config } from '../config';
import { databaseRetryAfterSeconds } from '../http/databaseUnavailable';
import { methodNotAllowed } from '../http/errors';

/**
 * What GET /health tells anyone who asks: whether the service and its database answer, and which providers are real
 * and which the embedded stand-ins. Never how sign-ins are verified: a world-readable "auth: emulator" would invite
 * forged tokens (docs/decisions/078-auth-emulator-by-name.md).
 */
export interface Health {
  status: 'ok' | 'unavailable';
  database: Config['modes']['database'];
  payments: Config['modes']['payments'];
  chat: Config['modes']['chat'];
  mail: Config['modes']['mail'];
  checks: { database: 'up' | 'down' };
}

export interface HealthDeps {
  modes: Pick<Config['modes'], 'database' | 'payments' | 'chat' | 'mail'>;
  /** Resolves when the database answers a trivial query; rejects or times out when it does not. */
  pingDatabase(): Promise<unknown>;
}

/** A probe that hangs is as bad as one that fails: platforms poll this every few seconds. */
const pingTimeoutMs = 2_000;

function answersInTime(ping: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), pingTimeoutMs);
  });
  const answered = Promise.resolve()
    .then(ping)
    .then(
      () => true,
      () => false,
    );
  return Promise.race([answered, timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes({ modes, pingDatabase }: HealthDeps): Router {
  const router = Router();
  router
    .route('/health')
    .get(async (_req, res) => {
      const up = await answersInTime(pingDatabase);
      const health: Health = {
        status: up ? 'ok' : 'unavailable',
        database: modes.database,
        payments: modes.payments,
        chat: modes.chat,
        mail: modes.mail,
        checks: { database: up ? 'up' : 'down' },
      };
      if (!up) res.setHeader('Retry-After', String(databaseRetryAfterSeconds));
      res.status(up ? 200 : 503).json(health);
    })
    .all(methodNotAllowed(['GET', 'HEAD']));
  return router;
}
