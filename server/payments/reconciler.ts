import type { Logger } from '../logger';
import type { ReconcileSummary } from './reconciliation';
import type { PaymentService } from './service';

/**
 * Runs the payment service's reconciliation every `intervalMs`: stored webhooks that failed, paid orders whose account
 * is still owed, and unpaid orders whose browser never came back (docs/decisions/090-payment-fulfilment.md).
 * start/stop like the outbox worker.
 */

export interface Reconciler {
  start(): void;
  /** Finishes the pass in progress, then stops. */
  stop(): Promise<void>;
  runOnce(): Promise<ReconcileSummary>;
}

export function createReconciler({
  service,
  logger,
  intervalMs,
}: {
  service: Pick<PaymentService, 'reconcile' | 'settled'>;
  logger: Logger;
  intervalMs: number;
}): Reconciler {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  function schedule() {
    if (stopped) return;
    // unref: a pending pass alone must not keep the process alive.
    timer = setTimeout(tick, intervalMs).unref();
  }

  function tick() {
    timer = undefined;
    if (stopped || running) return;
    running = service
      .reconcile()
      .catch((err: unknown) => logger.error('reconciliation failed', { err }))
      .finally(() => {
        running = undefined;
        schedule();
      });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
      await service.settled();
    },
    runOnce: () => service.reconcile(),
  };
}
