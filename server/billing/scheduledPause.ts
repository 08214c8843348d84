import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { subscriptions } from '../db/schema';
import type { Logger } from '../logger';

/**
 * "Pause from the next cycle" (docs/decisions/181-staff-subscriptions.md): Razorpay pauses only at once, so an account
 * manager's pause is stored as `pause_at` (the paid period's end) and made at the gateway by the reconciler shortly
 * before that date, ahead of the charge the gateway would take on it. The client keeps the plan to the end of the
 * period paid for, as with any pause.
 */

/** How long before `pause_at` the pause is made: the reconciler runs at least hourly, and the charge falls on the day. */
export const PAUSE_LEAD_MS = 24 * 60 * 60_000;

export interface ScheduledPauseDeps {
  db: Database;
  /** The gateway's time (the sandbox's clock can be moved on). */
  now: Date;
  /** Pauses the subscription at the gateway now and stores its answer (the billing service's pause). */
  pause(subscriptionId: string): Promise<unknown>;
  logger: Logger;
  /** Only this subscription (an account manager's pause that is due at once). */
  only?: string;
}

/** Pauses every active subscription whose scheduled pause is due; answers how many were paused. */
export async function pauseScheduledSubscriptions({ db, now, pause, logger, only }: ScheduledPauseDeps): Promise<number> {
  const due = await db
    .select({ id: subscriptions.gatewaySubscriptionId, cancelAt: subscriptions.cancelAt })
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.pauseAt),
        eq(subscriptions.status, 'active'),
        lte(subscriptions.pauseAt, new Date(now.getTime() + PAUSE_LEAD_MS)),
        only === undefined ? undefined : eq(subscriptions.gatewaySubscriptionId, only),
      ),
    );
  let paused = 0;
  for (const { id, cancelAt } of due) {
    // A cancel made since wins: the subscription ends, and a pause would keep the gateway from ending it.
    if (!cancelAt) {
      try {
        await pause(id);
        paused += 1;
        logger.info('subscription paused as scheduled', { subscriptionId: id });
      } catch (err) {
        // Kept scheduled: the next pass tries again, until the subscription is no longer active.
        logger.warn('scheduled pause not made at the gateway', {
          subscriptionId: id,
          error: err instanceof Error ? err.message : String(err),
        });
        continue;
      }
    }
    await db
      .update(subscriptions)
      .set({ pauseAt: null, updatedAt: sql`now()` })
      .where(eq(subscriptions.gatewaySubscriptionId, id));
  }
  return paused;
}
