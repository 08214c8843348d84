import type { ClientRateLimitInfo, Store } from 'express-rate-limit';
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';

export interface CounterOptions {
  /** The limiter's class, e.g. `contact`: keys are `contact:<client>`, so classes share the table apart. */
  prefix: string;
  windowMs: number;
  limit: number;
  /** Whether this counter's timer sweeps rows expired over an hour ago (every class's, as they share the table). */
  sweeps: boolean;
}

/**
 * rate-limiter-flexible's counter in `rate_limit_counters`: one atomic upsert per hit, so every server process on one
 * database spends the same budget. A client refused once is refused from this process's memory until its window
 * ends, so a flood costs the database nothing; while the database fails, a counter in memory takes over.
 */
export function databaseCounter(db: Database, { prefix, windowMs, limit, sweeps }: CounterOptions): RateLimiterDrizzle {
  const shape = { keyPrefix: prefix, points: limit, duration: windowMs / 1000 };
  return new RateLimiterDrizzle({
    ...shape,
    storeClient: db,
    schema: rateLimitCounters,
    inMemoryBlockOnConsumed: limit + 1,
    clearExpiredByTimeout: sweeps,
    insuranceLimiter: new RateLimiterMemory(shape),
  });
}

const infoOf = (res: RateLimiterRes, totalHits = res.consumedPoints): ClientRateLimitInfo => ({
  totalHits,
  resetTime: new Date(Date.now() + res.msBeforeNext),
});

/**
 * express-rate-limit's store on a rate-limiter-flexible counter: express-rate-limit keeps the client key, the headers
 * and the refusal's answer; the counter counts, and says when a client is over its limit.
 */
export class FlexibleStore implements Store {
  /** The counts live outside this process, so express-rate-limit must not treat keys as ours alone. */
  readonly localKeys = false;
  /** Tells express-rate-limit's double-count check one class's counter from another's. */
  readonly prefix: string;

  constructor(readonly counter: RateLimiterDrizzle) {
    this.prefix = `${counter.keyPrefix}:`;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    try {
      return infoOf(await this.counter.consume(key, 1));
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      // A refusal from memory counts nothing (0 points): it is over the limit all the same.
      return infoOf(refusal, Math.max(refusal.consumedPoints, this.counter.points + 1));
    }
  }

  async decrement(key: string): Promise<void> {
    await this.counter.reward(key, 1);
  }

  async resetKey(key: string): Promise<void> {
    await this.counter.delete(key);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const res = await this.counter.get(key);
    return res ? infoOf(res) : undefined;
  }
}
