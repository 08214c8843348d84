import { sql } from 'drizzle-orm';
import { MemoryStore, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import type { Database } from '../db/client';
import { summariseDatabaseError } from '../db/errors';
import { rateLimitHits } from '../db/schema';
import type { Logger } from '../logger';

/** How many increments pass between two sweeps of expired rows (by this store; any store's sweep clears them all). */
export const defaultCleanupEvery = 500;

interface CounterRow extends Record<string, unknown> {
  hits: number | string;
  reset_ms: number | string;
}

/** Both drivers answer `execute` with `{ rows }`; the HKT behind `Database` does not say so. */
const rowsOf = (result: unknown): CounterRow[] => (result as { rows: CounterRow[] }).rows;

const toInfo = (row: CounterRow): ClientRateLimitInfo => ({
  totalHits: Number(row.hits),
  resetTime: new Date(Number(row.reset_ms)),
});

export interface DatabaseStoreOptions {
  /** Keeps limiters apart in the one table, e.g. `contact:`; each limiter needs its own. */
  prefix: string;
  cleanupEvery?: number;
  logger?: Logger;
}

/**
 * express-rate-limit's counters in the `rate_limit_hits` table, so every server process on one database spends the
 * same budget (docs/decisions/125-rate-limits-in-the-database.md). A hit is one atomic upsert, windows are timed by
 * the database's clock (one clock for every process), and a row whose window has ended counts as absent.
 *
 * When the database cannot answer, this process counts in its own memory until it can: the budget is then per process
 * (never unlimited), a client's mistake is still answered 400 and a route that needs the database still answers its
 * own 503; the limiter itself never turns a request into a 5xx.
 */
export class DatabaseRateLimitStore implements Store {
  /** The counts live outside this process, so express-rate-limit must not treat keys as ours alone. */
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;
  private incrementsSinceCleanup = 0;
  private readonly cleanupEvery: number;
  private readonly logger: Logger | undefined;
  private readonly fallback = new MemoryStore();
  private failing = false;

  constructor(
    private readonly db: Database,
    { prefix, cleanupEvery = defaultCleanupEvery, logger }: DatabaseStoreOptions,
  ) {
    this.prefix = prefix;
    this.cleanupEvery = cleanupEvery;
    this.logger = logger;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
    this.fallback.init(options);
  }

  /** Runs on the database; on failure logs once per outage and answers from this process's own counters. */
  private async orFallback<T>(onDatabase: () => Promise<T>, inMemory: () => T | Promise<T>): Promise<T> {
    try {
      const value = await onDatabase();
      if (this.failing) this.logger?.info('rate limits counted in the database again', { prefix: this.prefix });
      this.failing = false;
      return value;
    } catch (err) {
      if (!this.failing) {
        this.logger?.warn('rate limits counted in this process while the database fails', {
          prefix: this.prefix,
          database: summariseDatabaseError(err),
        });
      }
      this.failing = true;
      return inMemory();
    }
  }

  private keyOf(key: string): string {
    return `${this.prefix}${key}`;
  }

  increment(key: string): Promise<ClientRateLimitInfo> {
    return this.orFallback(
      () => this.incrementInDatabase(key),
      () => this.fallback.increment(key),
    );
  }

  decrement(key: string): Promise<void> {
    return this.orFallback(
      () => this.decrementInDatabase(key),
      () => this.fallback.decrement(key),
    );
  }

  async resetKey(key: string): Promise<void> {
    await this.fallback.resetKey(key);
    await this.orFallback(
      () => this.resetKeyInDatabase(key),
      () => undefined,
    );
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.orFallback(
      () => this.getFromDatabase(key),
      () => this.fallback.get(key),
    );
  }

  private async incrementInDatabase(key: string): Promise<ClientRateLimitInfo> {
    const expired = sql`${rateLimitHits}.reset_at <= now()`;
    const result = await this.db.execute<CounterRow>(sql`
      insert into ${rateLimitHits} (key, hits, reset_at)
      values (${this.keyOf(key)}, 1, now() + ${this.windowMs}::float8 * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when ${expired} then 1 else ${rateLimitHits}.hits + 1 end,
        reset_at = case when ${expired} then excluded.reset_at else ${rateLimitHits}.reset_at end
      returning hits, (extract(epoch from reset_at) * 1000)::float8 as reset_ms`);
    this.countTowardsCleanup();
    return toInfo(rowsOf(result)[0]!);
  }

  private async decrementInDatabase(key: string): Promise<void> {
    await this.db.execute(sql`
      update ${rateLimitHits} set hits = greatest(hits - 1, 0)
      where key = ${this.keyOf(key)} and reset_at > now()`);
  }

  private async resetKeyInDatabase(key: string): Promise<void> {
    await this.db.execute(sql`delete from ${rateLimitHits} where key = ${this.keyOf(key)}`);
  }

  private async getFromDatabase(key: string): Promise<ClientRateLimitInfo | undefined> {
    const result = await this.db.execute<CounterRow>(sql`
      select hits, (extract(epoch from reset_at) * 1000)::float8 as reset_ms from ${rateLimitHits}
      where key = ${this.keyOf(key)} and reset_at > now()`);
    const row = rowsOf(result)[0];
    return row ? toInfo(row) : undefined;
  }

  /** Deletes every expired row, whatever its limiter; an expired row means nothing, so racing a hit is harmless. */
  async deleteExpired(): Promise<number> {
    const result = await this.db.execute(sql`delete from ${rateLimitHits} where reset_at <= now()`);
    return (result as { rowCount?: number | null; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
  }

  /** Every Nth hit sweeps, off the request's path: no timer to stop, and a quiet server has nothing to sweep. */
  private countTowardsCleanup(): void {
    this.incrementsSinceCleanup += 1;
    if (this.incrementsSinceCleanup < this.cleanupEvery) return;
    this.incrementsSinceCleanup = 0;
    this.deleteExpired().catch((err: unknown) =>
      this.logger?.warn('rate limit cleanup failed', { database: summariseDatabaseError(err) }),
    );
  }
}
