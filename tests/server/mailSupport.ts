import type { Config } from '../../server/config';
import type { Database } from '../../server/db/client';
import { silentLogger } from '../../server/logger';
import { reportPdf } from '../../server/mail/reportPdf';
import { createMailHandlers } from '../../server/mail/setup';
import { createOutboxWorker, type OutboxWorker } from '../../server/outbox/worker';

/**
 * The outbox worker with the server's own mail handlers (server/mail/setup.ts), on a test clock. The report PDF is
 * made in-process (the thread is tested on its own) and a new account's password link is a stand-in unless given.
 */
export function mailWorker(
  db: Database,
  config: Config,
  { now = () => new Date(Date.now() + 60_000), passwordLink }: { now?: () => Date; passwordLink?: (email: string) => Promise<string> } = {},
): OutboxWorker {
  return createOutboxWorker({
    db,
    logger: silentLogger,
    handlers: createMailHandlers({
      config,
      db,
      now,
      reportPdf,
      passwordLink: passwordLink ?? (async (email) => `https://auth.example.in/reset?email=${encodeURIComponent(email)}`),
    }),
    now,
    random: () => 0.5,
    baseDelayMs: 1_000,
    maxDelayMs: 60_000,
  });
}

/** Runs the worker until nothing is due: events composed, then their emails sent. */
export async function drain(worker: OutboxWorker): Promise<{ delivered: number; failed: number }> {
  const total = { delivered: 0, failed: 0 };
  for (;;) {
    const run = await worker.runOnce();
    total.delivered += run.delivered;
    total.failed += run.failed;
    if (run.delivered + run.failed === 0) return total;
  }
}
