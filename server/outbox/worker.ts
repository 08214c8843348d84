import type { Database } from '../db/client';
import type { OutboxRow } from '../db/schema';
import type { Logger } from '../logger';
import { claimDue, markDelivered, markFailed } from './repository';

/**
 * Attempts before a row is left for a person to look at. One number for the worker and for the staff inbox, which
 * calls a contact message's forwarding `failed` once its row has used them all.
 */
export const outboxMaxAttempts = 8;

/** Delivers one row's side effect; throwing means "try again later". */
export type OutboxHandler = (payload: unknown, row: OutboxRow) => Promise<void>;

export interface OutboxWorkerOptions {
  db: Database;
  handlers: Record<string, OutboxHandler>;
  logger: Logger;
  /** After this many failed attempts a row stays undelivered, with its last error, for a person to look at. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  pollIntervalMs?: number;
  batchSize?: number;
  /**
   * Must exceed the slowest batch: a claimed row another server takes after its lease would run twice. A batch is up
   * to `batchSize` handlers one after another (a forward is cut at 10 s, an email at 40 s).
   */
  leaseMs?: number;
  now?: () => Date;
  random?: () => number;
}

export interface OutboxWorker {
  /** Polls until stopped. */
  start(): void;
  /** Finishes the run in progress, then stops polling. */
  stop(): Promise<void>;
  /** Runs soon instead of at the next poll (after something was enqueued). */
  wake(): void;
  /** One pass over the rows due now; what tests call. */
  runOnce(): Promise<{ delivered: number; failed: number }>;
}

/** Exponential backoff with ±20% jitter, so many failed rows do not retry in lockstep. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    db,
    handlers,
    logger,
    maxAttempts = outboxMaxAttempts,
    baseDelayMs = 30_000,
    maxDelayMs = 60 * 60_000,
    pollIntervalMs = 5_000,
    batchSize = 10,
    leaseMs = 10 * 60_000,
    now = () => new Date(),
    random = Math.random,
  } = options;

  async function deliver(row: OutboxRow): Promise<boolean> {
    const handler = handlers[row.kind];
    try {
      if (!handler) throw new Error(`no handler for outbox kind '${row.kind}'`);
      await handler(row.payload, row);
      await markDelivered(db, row.id, now());
      logger.info('outbox delivered', { id: row.id, kind: row.kind, attempts: row.attempts });
      return true;
    } catch (err) {
      const retryAt = new Date(now().getTime() + backoffDelay(row.attempts, baseDelayMs, maxDelayMs, random));
      await markFailed(db, row.id, describe(err), retryAt);
      const givingUp = row.attempts >= maxAttempts;
      (givingUp ? logger.error : logger.warn)(givingUp ? 'outbox gave up' : 'outbox attempt failed', {
        id: row.id,
        kind: row.kind,
        attempts: row.attempts,
        error: describe(err),
      });
      return false;
    }
  }

  async function runOnce() {
    const started = now();
    const rows = await claimDue(db, {
      now: started,
      leaseUntil: new Date(started.getTime() + leaseMs),
      limit: batchSize,
      maxAttempts,
    });
    let delivered = 0;
    // Oldest first: UPDATE ... RETURNING gives the claimed rows in no particular order.
    rows.sort((a, b) => a.id - b.id);
    for (const row of rows) if (await deliver(row)) delivered += 1;
    return { delivered, failed: rows.length - delivered };
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let wokenWhileRunning = false;

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    // unref: a pending poll alone must not keep the process alive.
    timer = setTimeout(tick, delayMs).unref();
  }

  function tick() {
    timer = undefined;
    if (stopped || running) return;
    wokenWhileRunning = false;
    running = runOnce()
      // A delivery may have queued follow-up work (an event's emails, then their sending): look again at once.
      .then(({ delivered, failed }) => delivered > 0 || delivered + failed >= batchSize)
      .catch((err: unknown) => {
        logger.error('outbox run failed', { err });
        return false;
      })
      .then((moreWaiting) => {
        running = undefined;
        schedule(moreWaiting || wokenWhileRunning ? 0 : pollIntervalMs);
      });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
    wake() {
      if (stopped) return;
      if (running) wokenWhileRunning = true;
      else schedule(0);
    },
    runOnce,
  };
}
