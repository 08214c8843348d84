import type { Server } from 'node:http';
import type { Express } from 'express';
import { createApp } from './app';
import { scaledRateLimits } from './http/rateLimits';
import { loadConfig } from './config';
import { contactForwardKind, createContactForwardHandler } from './contact/forwarder';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/dataDirLock';
import { runMigrations } from './db/migrate';
import { createLogger } from './logger';
import { createOutboxWorker, type OutboxHandler } from './outbox/worker';
import { createMailHandlers } from './mail/setup';
import { createReconciler } from './payments/reconciler';
import { createServices } from './services';

/**
 * `node --import tsx server/index.ts`. Start-up order: config (fail fast), database and migrations, HTTP, outbox
 * worker. Shutdown on SIGINT/SIGTERM runs it backwards; a second signal, a second or more later, exits at once.
 */

const shutdownGraceMs = 10_000;
/** A signal this soon after the first is the same stop request, not an impatient second one. */
const duplicateSignalMs = 1_000;

function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (err?: Error) => (err ? reject(err) : resolve(server)));
  });
}

function closeServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // In-flight requests get a grace period; idle keep-alive sockets would otherwise hold close() open.
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), shutdownGraceMs).unref();
  return closed.finally(() => clearTimeout(force));
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel });
  const database = await openDatabase(config, logger);
  // The outbox's side effects: email always (kept in the database when embedded), forwarding when configured.
  const handlers: Record<string, OutboxHandler> = createMailHandlers({ config, db: database.db });
  if (config.contactForwardUrl)
    handlers[contactForwardKind] = createContactForwardHandler({ url: config.contactForwardUrl, db: database.db });
  const worker = createOutboxWorker({ db: database.db, logger, handlers });

  const services = createServices({
    config,
    db: database.db,
    logger,
    forwarder: worker,
    rateLimits: scaledRateLimits(config.rateLimitScale),
  });
  const reconciler = createReconciler({ service: services.payments.service, logger, intervalMs: config.payments.reconcileIntervalMs });

  let server: Server;
  try {
    await runMigrations(database);
    const app = createApp({ config, services, logger });
    server = await listen(app, config.port, config.host);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  worker.start();
  reconciler.start();

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${port}`;
  logger.info(`listening on ${url}`, {
    url,
    database: database.kind,
    auth: config.modes.auth,
    payments: config.modes.payments,
    forwarding: Boolean(config.contactForwardUrl),
    mail: config.modes.mail,
  });

  let stoppingSince: number | undefined;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stoppingSince !== undefined) {
      // Ctrl-C reaches the whole process group, so `npm start` passes on a signal this process already has.
      if (Date.now() - stoppingSince < duplicateSignalMs) return;
      logger.warn('second signal, exiting now', { signal });
      process.exit(1);
    }
    stoppingSince = Date.now();
    logger.info('shutting down', { signal });
    await closeServer(server);
    await worker.stop();
    await reconciler.stop();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
}

main().catch((err: unknown) => {
  // Config errors name the variable: print them plainly, without a stack, so the fix is obvious from the terminal.
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`Server failed to start: ${message}\n`);
  const explained = message.startsWith('Invalid environment') || err instanceof DataDirInUseError;
  if (err instanceof Error && !explained) process.stderr.write(`${err.stack}\n`);
  process.exit(1);
});
