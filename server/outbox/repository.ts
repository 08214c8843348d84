import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox, type OutboxRow } from '../db/schema';

/** Called inside the caller's transaction, so the row commits (or not) with the data it is about; `at`: not before. */
export async function enqueue(tx: Database, kind: string, payload: Record<string, unknown>, { at }: { at?: Date } = {}): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({ kind, payload, ...(at && { nextAttemptAt: at }) })
    .returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}

/**
 * Takes up to `limit` due rows and pushes their next attempt to `leaseUntil`, in one statement. Another worker
 * (another instance on the same PostgreSQL) skips the locked rows, and a worker that dies mid-delivery only delays
 * the row until the lease runs out. `attempts` counts attempts started.
 */
export async function claimDue(
  db: Database,
  { now, leaseUntil, limit, maxAttempts }: { now: Date; leaseUntil: Date; limit: number; maxAttempts: number },
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(isNull(outbox.deliveredAt), lte(outbox.nextAttemptAt, now), lt(outbox.attempts, maxAttempts)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(inArray(outbox.id, due))
    .returning();
}

export async function markDelivered(db: Database, id: number, at: Date): Promise<void> {
  await db.update(outbox).set({ deliveredAt: at, lastError: null }).where(eq(outbox.id, id));
}

export async function markFailed(db: Database, id: number, error: string, nextAttemptAt: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ lastError: error.slice(0, 1000), nextAttemptAt })
    .where(eq(outbox.id, id));
}
