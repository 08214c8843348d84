import { sql } from 'drizzle-orm';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Database } from '../db/client';
import { summariseDatabaseError } from '../db/errors';
import { rateLimitHits } from '../db/schema';
import type { Logger } from '../logger';

/** How many increments pass between two sweeps of expired rows (by this store; any store's sweep clears them all). */
export const defaultCleanupEvery = 500;

/**
 * How long this process trusts its last look at a client's shared count, and how often it sends the hits it counted
 * meanwhile. A client slower than one request per this interval per server is counted exactly
 * (docs/decisions/140-rate-limit-hits-batched.md).
 */
export const defaultSyncEveryMs = 100;

interface CounterRow extends Record<string, unknown> {
  key: string;
  hits: number | string;
  reset_ms: number | string;
  window_id: string;
}

/** Both drivers answer `execute` with `{ rows }`; the HKT behind `Database` does not say so. */
const rowsOf = (result: unknown): CounterRow[] => (result as { rows: CounterRow[] }).rows;

/** One client's count as this process sees it: the shared count at the last sync plus the hits not yet sent. */
interface Counter {
  /** The count in the database when this process last wrote to it (every process's hits up to then). */
  shared: number;
  /** Hits (a decrement is -1) this process counted since, not yet sent. */
  pending: number;
  /** Hits this process sent whose statement has not answered yet. */
  inFlight: number;
  /** When the window ends, in this process's clock (read from the database's answer). */
  resetMs: number;
  /** The window's id in the database ('' until read): unsent hits go to this window only. */
  windowId: string;
  /** When `shared` was read; 0 while this process has never read it (the database failed). */
  syncedAt: number;
  /** A synchronous sync is on its way: later hits meanwhile are counted here and sent with the next batch. */
  syncing: boolean;
}

export interface DatabaseStoreOptions {
  /** Keeps limiters apart in the one table, e.g. `contact:`; each limiter needs its own. */
  prefix: string;
  cleanupEvery?: number;
  syncEveryMs?: number;
  logger?: Logger;
}

/**
 * express-rate-limit's counters in the `rate_limit_hits` table, so every server process on one database spends the
 * same budget (docs/decisions/125-rate-limits-in-the-database.md), without one database write per request
 * (docs/decisions/140-rate-limit-hits-batched.md):
 * - a client's first hit, and any hit once this process's view of its count is older than `syncEveryMs`, is one
 *   atomic upsert that adds the hits counted here meanwhile and reads the shared total: exact, as before;
 * - a hit while the view is fresh is counted in memory and answered at once (the shared total as last read plus
 *   this process's hits since); every `syncEveryMs` one statement adds all such hits of all clients.
 * So a client can pass its limit only by the hits it lands on other servers within one interval, and no hit is lost.
 * Windows are timed by the database's clock; a row whose window has ended counts as absent.
 *
 * When the database cannot answer, this process counts in its own memory until it can (the unsent hits are sent
 * then): the budget is per process meanwhile (never unlimited), a client's mistake is still answered 400 and a route
 * that needs the database still answers its own 503; the limiter itself never turns a request into a 5xx.
 */
export class DatabaseRateLimitStore implements Store {
  /** The counts live outside this process, so express-rate-limit must not treat keys as ours alone. */
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;
  private incrementsSinceCleanup = 0;
  private readonly cleanupEvery: number;
  private readonly syncEveryMs: number;
  private readonly logger: Logger | undefined;
  private readonly counters = new Map<string, Counter>();
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private failing = false;

  constructor(
    private readonly db: Database,
    { prefix, cleanupEvery = defaultCleanupEvery, syncEveryMs = defaultSyncEveryMs, logger }: DatabaseStoreOptions,
  ) {
    this.prefix = prefix;
    this.cleanupEvery = cleanupEvery;
    this.syncEveryMs = syncEveryMs;
    this.logger = logger;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private keyOf(key: string): string {
    return `${this.prefix}${key}`;
  }

  /** The counter of a window still open, or undefined (an ended window's unsent hits belong to no one any more). */
  private live(key: string, now = Date.now()): Counter | undefined {
    const counter = this.counters.get(key);
    if (counter && counter.resetMs > now) return counter;
    if (counter) this.counters.delete(key);
    return undefined;
  }

  private infoOf(counter: Counter): ClientRateLimitInfo {
    return { totalHits: Math.max(counter.shared + counter.inFlight + counter.pending, 0), resetTime: new Date(counter.resetMs) };
  }

  private noteDatabase<T>(value: T): T {
    if (this.failing) this.logger?.info('rate limits counted in the database again', { prefix: this.prefix });
    this.failing = false;
    return value;
  }

  private noteFailure(err: unknown): void {
    if (!this.failing) {
      this.logger?.warn('rate limits counted in this process while the database fails', {
        prefix: this.prefix,
        database: summariseDatabaseError(err),
      });
    }
    this.failing = true;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    this.countTowardsCleanup();
    const now = Date.now();
    const counter = this.live(key, now);
    if (counter && (counter.syncing || now - counter.syncedAt < this.syncEveryMs)) {
      counter.pending += 1;
      this.scheduleFlush();
      return this.infoOf(counter);
    }
    // Synchronous: this hit plus the ones counted here since the last sync, and the shared total back.
    const current = counter ?? {
      shared: 0,
      pending: 0,
      inFlight: 0,
      resetMs: now + this.windowMs,
      windowId: '',
      syncedAt: 0,
      syncing: false,
    };
    this.counters.set(key, current);
    const sent = current.pending + 1;
    current.pending = 0;
    current.inFlight += sent;
    current.syncing = true;
    try {
      const [row] = await this.addInDatabase([[key, sent]]);
      this.noteDatabase(undefined);
      current.syncing = false;
      current.inFlight -= sent;
      this.applyRow(current, row!, now);
      // Hits counted here while the statement ran are later than this one.
      return { totalHits: Number(row!.hits), resetTime: new Date(Number(row!.reset_ms)) };
    } catch (err) {
      this.noteFailure(err);
      current.syncing = false;
      current.inFlight -= sent;
      current.pending += sent;
      this.scheduleFlush();
      return this.infoOf(current);
    }
  }

  async decrement(key: string): Promise<void> {
    const counter = this.live(key);
    if (counter) {
      counter.pending -= 1;
      this.scheduleFlush();
      return;
    }
    try {
      await this.db.execute(sql`
        update ${rateLimitHits} set hits = greatest(hits - 1, 0)
        where key = ${this.keyOf(key)} and reset_at > now()`);
      this.noteDatabase(undefined);
    } catch (err) {
      this.noteFailure(err);
    }
  }

  async resetKey(key: string): Promise<void> {
    // A batch on its way could otherwise write the old hits back after the delete.
    await this.flushing;
    this.counters.delete(key);
    try {
      await this.db.execute(sql`delete from ${rateLimitHits} where key = ${this.keyOf(key)}`);
      this.noteDatabase(undefined);
    } catch (err) {
      this.noteFailure(err);
    }
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const counter = this.live(key);
    if (counter) return this.infoOf(counter);
    try {
      const result = await this.db.execute<CounterRow>(sql`
        select key, hits, (extract(epoch from reset_at) * 1000)::float8 as reset_ms from ${rateLimitHits}
        where key = ${this.keyOf(key)} and reset_at > now()`);
      const row = rowsOf(result)[0];
      this.noteDatabase(undefined);
      return row ? { totalHits: Number(row.hits), resetTime: new Date(Number(row.reset_ms)) } : undefined;
    } catch (err) {
      this.noteFailure(err);
      return undefined;
    }
  }

  /** Sends every hit counted here so far and not yet in the database, in one statement; resolves when done or failed. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.flushing = this.sendPending().finally(() => {
      this.flushing = undefined;
      if (this.hasPending()) this.scheduleFlush();
    });
    await this.flushing;
  }

  /** express-rate-limit's hook for a limiter that is put away: the hits counted here still reach the database. */
  shutdown(): Promise<void> {
    return this.flush();
  }

  private hasPending(): boolean {
    for (const counter of this.counters.values()) if (counter.pending !== 0) return true;
    return false;
  }

  /** One timer at most, only while something waits to be sent, and never keeping the process alive. */
  private scheduleFlush(): void {
    if (this.flushTimer || this.flushing) return;
    this.flushTimer = setTimeout(() => void this.flush(), this.syncEveryMs);
    this.flushTimer.unref();
  }

  private async sendPending(): Promise<void> {
    const now = Date.now();
    const batch: Array<[string, Counter, number]> = [];
    for (const key of [...this.counters.keys()]) {
      const counter = this.live(key, now);
      // A window this process never read from the database is opened by the next synchronous hit, which carries these.
      if (!counter || counter.pending === 0 || counter.syncing || counter.syncedAt === 0) continue;
      batch.push([key, counter, counter.pending]);
      counter.inFlight += counter.pending;
      counter.pending = 0;
    }
    if (batch.length === 0) return;
    try {
      const rows = await this.addToWindows(batch.map(([key, counter, hits]) => ({ k: this.keyOf(key), n: hits, w: counter.windowId })));
      this.noteDatabase(undefined);
      const byKey = new Map(rows.map((row) => [row.key, row]));
      for (const [key, counter, hits] of batch) {
        counter.inFlight -= hits;
        const row = byKey.get(this.keyOf(key));
        // No row in that window any more (reset, swept, ended): those hits counted towards a window that is gone, and
        // this process's view is wrong, so the next hit reads the database again.
        if (row) this.applyRow(counter, row, now);
        else counter.syncedAt = 0;
      }
    } catch (err) {
      this.noteFailure(err);
      for (const [, counter, hits] of batch) {
        counter.inFlight -= hits;
        counter.pending += hits;
      }
    }
  }

  /** Two statements of this process may answer out of order: within one window the count only grows. */
  private applyRow(counter: Counter, row: CounterRow, readAt: number): void {
    const hits = Number(row.hits);
    counter.shared = row.window_id === counter.windowId ? Math.max(counter.shared, hits) : hits;
    counter.windowId = row.window_id;
    counter.resetMs = Number(row.reset_ms);
    counter.syncedAt = Math.max(counter.syncedAt, readAt);
  }

  /**
   * Adds each key's hits to the window this process read, in one statement; a key whose row is gone or holds another
   * window by now is left alone (and not answered). The row lock makes concurrent additions count exactly once each.
   */
  private async addToWindows(additions: Array<{ k: string; n: number; w: string }>): Promise<CounterRow[]> {
    const resetMs = sql`(extract(epoch from ${rateLimitHits}.reset_at) * 1000)::float8`;
    const result = await this.db.execute<CounterRow>(sql`
      update ${rateLimitHits} set hits = greatest(${rateLimitHits}.hits + additions.n, 0)
      from jsonb_to_recordset(${JSON.stringify(additions)}::jsonb) as additions(k text, n integer, w uuid)
      where ${rateLimitHits}.key = additions.k and ${rateLimitHits}.reset_at > now() and ${rateLimitHits}.window_id = additions.w
      returning ${rateLimitHits}.key, ${rateLimitHits}.hits, ${resetMs} as reset_ms, ${rateLimitHits}.window_id`);
    return rowsOf(result);
  }

  /**
   * Adds each key's hits in one atomic upsert (the row lock of `on conflict` makes simultaneous additions from any
   * number of processes count exactly once each) and answers each key's shared count and window end.
   */
  private async addInDatabase(additions: Array<[string, number]>): Promise<CounterRow[]> {
    const expired = sql`${rateLimitHits}.reset_at <= now()`;
    const json = JSON.stringify(additions.map(([key, hits]) => ({ k: this.keyOf(key), n: hits })));
    const result = await this.db.execute<CounterRow>(sql`
      insert into ${rateLimitHits} (key, hits, reset_at)
      select k, greatest(n, 0), now() + ${this.windowMs}::float8 * interval '1 millisecond'
      from jsonb_to_recordset(${json}::jsonb) as additions(k text, n integer)
      on conflict (key) do update set
        hits = case when ${expired} then excluded.hits else greatest(${rateLimitHits}.hits + excluded.hits, 0) end,
        reset_at = case when ${expired} then excluded.reset_at else ${rateLimitHits}.reset_at end,
        window_id = case when ${expired} then excluded.window_id else ${rateLimitHits}.window_id end
      returning key, hits, (extract(epoch from reset_at) * 1000)::float8 as reset_ms, window_id`);
    return rowsOf(result);
  }

  /** Deletes every expired row, whatever its limiter; an expired row means nothing, so racing a hit is harmless. */
  async deleteExpired(): Promise<number> {
    const result = await this.db.execute(sql`delete from ${rateLimitHits} where reset_at <= now()`);
    return (
      (result as { rowCount?: number | null; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0
    );
  }

  /** Every Nth hit sweeps, off the request's path: the database's expired rows and this process's ended windows. */
  private countTowardsCleanup(): void {
    this.incrementsSinceCleanup += 1;
    if (this.incrementsSinceCleanup < this.cleanupEvery) return;
    this.incrementsSinceCleanup = 0;
    const now = Date.now();
    for (const key of [...this.counters.keys()]) this.live(key, now);
    this.deleteExpired().catch((err: unknown) => this.logger?.warn('rate limit cleanup failed', { database: summariseDatabaseError(err) }));
  }
}
