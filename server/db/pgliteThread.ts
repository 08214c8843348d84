import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { Reply, Request, SerialisedError } from './pgliteMessages';

/** A request that is answered, before its id is given. */
type Call = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** The part of PGlite's API that Drizzle's PGlite driver and server/db/rawStatement.ts use, on a transaction too. */
export interface PGliteQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/** What an error from a query closed database says, word for word as PGlite says it (server/db/errors.ts). */
const closedMessage = 'PGlite is closed';

/**
 * The thread runs server/db/pgliteWorker.ts through tsx, as the server itself runs (`node --import tsx`). Node 20
 * carries neither a module loader nor `--import` into a worker thread, and tsx's ESM loader registered inside one
 * does not apply there; its CommonJS require hook does.
 */
function startWorker(dataDir: string | undefined): Worker {
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs');
  const source = fileURLToPath(new URL('./pgliteWorker.ts', import.meta.url));
  return new Worker(`require(${JSON.stringify(tsx)}); require(${JSON.stringify(source)});`, {
    eval: true,
    workerData: { dataDir },
    // Whatever flags started this process (a test runner's, a profiler's) are not the thread's business.
    execArgv: [],
  });
}

function revive(serialised: SerialisedError): Error {
  const error = Object.assign(new Error(serialised.message), serialised.props);
  error.name = serialised.name;
  return error;
}

/**
 * PGlite on a thread of its own (docs/decisions/165-embedded-database-on-its-own-thread.md), behind the same calls as
 * PGlite itself: `query`, `exec` and `transaction`, so Drizzle's PGlite driver works on it unchanged. A query's work
 * runs in server/db/pgliteWorker.ts; here each call costs a message each way.
 */
export class PGliteThread implements PGliteQueries {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private nextTransaction = 1;
  private stopped: Error | undefined;
  private started = false;
  readonly waitReady: Promise<void>;

  /**
   * `dataDir` undefined: in memory. `onLost` hears of a thread that stopped on its own once started (it crashed):
   * every query fails from then on, and the server answers 503 until it is restarted.
   */
  constructor(dataDir: string | undefined, { onLost }: { onLost?: (error: Error) => void } = {}) {
    // Referenced while a call is waiting (the start is the first): see forget().
    this.worker = startWorker(dataDir);
    const started = new Promise<void>((resolve, reject) => this.pending.set(0, { resolve: () => resolve(), reject }));
    // A database that cannot start (a damaged directory, say) fails with its own error, once nothing runs behind it
    // (its caller then lets go of the directory's lock).
    this.waitReady = started.then(
      () => {
        this.started = true;
      },
      async (error: Error) => {
        this.stop(error);
        await this.worker.terminate();
        throw error;
      },
    );
    const lost = (error: Error) => {
      if (this.started && !this.stopped) onLost?.(error);
      this.stop(error);
    };
    this.worker.on('message', (reply: Reply) => this.settle(reply));
    this.worker.on('error', lost);
    this.worker.on('exit', (code) => lost(new Error(`the database's thread exited with code ${code}`)));
    // An answer that cannot be read says nothing of whose it was: no call could be trusted to get its own after it.
    this.worker.on('messageerror', (error) => {
      lost(error);
      void this.worker.terminate();
    });
  }

  get closed(): boolean {
    return this.stopped !== undefined;
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.forget(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(revive(reply.error));
  }

  /** An idle thread must not keep the process alive; one with work in flight must (a script awaiting its query). */
  private forget(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  /** Every call in flight, and every later one, fails as a query on a closed PGlite does; the start with its cause. */
  private stop(cause: Error): void {
    this.stopped ??= cause;
    for (const [id, { reject }] of this.pending) reject(id === 0 ? cause : new Error(closedMessage, { cause }));
    this.pending.clear();
  }

  private call<T>(request: Call): Promise<T> {
    if (this.stopped) return Promise.reject(new Error(closedMessage, { cause: this.stopped }));
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.worker.postMessage({ ...request, id } as Request);
      } catch (error) {
        // A parameter that cannot be copied to the thread (a function, say): this call fails, nothing waits for it.
        this.forget(id);
        reject(error as Error);
      }
    });
  }

  /** A message that is answered by none: a stopped thread's next call reports it. */
  private post(request: Request): void {
    if (!this.stopped) this.worker.postMessage(request);
  }

  private queryOn<T>(transaction: number | undefined, sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const textTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.call({ op: 'query', sql, params, rowMode: options?.rowMode, textTypes, transaction });
  }

  /**
   * Parsers are honoured as Drizzle uses them, to keep a type's value as PostgreSQL's text: a function cannot cross
   * to the thread, so every type given one is answered as text.
   */
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queryOn(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.execOn(undefined, sql);
  }

  private execOn(transaction: number | undefined, sql: string): Promise<Results[]> {
    return this.call({ op: 'exec', sql, transaction });
  }

  /** As PGlite's: commits when `callback` resolves, rolls back when it throws (or calls `rollback`). */
  async transaction<T>(callback: (tx: PGliteQueries & { rollback(): Promise<void> }) => Promise<T>): Promise<T> {
    const transaction = this.nextTransaction++;
    // Not waited for: the first query goes right behind it, and a BEGIN that failed fails that query.
    this.post({ op: 'begin', transaction });
    let ended = false;
    const end = async (commit: boolean) => {
      if (ended) return;
      ended = true;
      await this.call({ op: 'end', transaction, commit });
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.queryOn<R>(transaction, sql, params, options),
      exec: (sql: string) => this.execOn(transaction, sql),
      rollback: () => end(false),
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await end(false).catch(() => undefined);
      throw error;
    }
    await end(true);
    return result;
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.stop(new Error('closed'));
      await this.worker.terminate();
    }
  }
}
