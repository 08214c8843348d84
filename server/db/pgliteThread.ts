import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { Reply, Request, SerialisedError } from './pgliteMessages';

/** A request that is answered, before its id is given. */
type Call = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** The part of PGlite's API that Drizzle's PGlite driver uses, on a transaction too. */
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

/**
 * The name of a value's type when a structured copy would not carry it whole to the thread, where PGlite reads it: an
 * instance of a class other than Date or a byte array arrives as a plain object of its own fields (a `URL` as `{}`),
 * and would be stored as that without a word. Plain values, arrays and plain objects (JSON) cross whole.
 */
function uncopiable(value: unknown, depth = 0): string | undefined {
  if (typeof value !== 'object' || value === null || value instanceof Date || ArrayBuffer.isView(value)) return undefined;
  if (depth > 8) return undefined;
  const prototype = Object.getPrototypeOf(value) as object | null;
  const items: unknown[] | undefined = Array.isArray(value)
    ? value
    : prototype === Object.prototype || prototype === null
      ? Object.values(value)
      : undefined;
  if (!items) return (value as object).constructor?.name ?? 'object';
  for (const item of items) {
    const name = uncopiable(item, depth + 1);
    if (name) return name;
  }
  return undefined;
}

function revive(serialised: SerialisedError): Error {
  const error = Object.assign(new Error(serialised.message), serialised.props);
  error.name = serialised.name;
  return error;
}

/** What the owner hears of a thread that stopped by itself once started (it crashed), and of its way back. */
export interface ThreadEvents {
  /** The thread stopped: every call fails as unavailable until it is back (a directory's) or for good (in memory). */
  onLost?: (error: Error, { restarting }: { restarting: boolean }) => void;
  /** A new thread on the same directory could not open it: another try follows after `retryInMs`. */
  onRestartFailed?: (error: Error, { retryInMs }: { retryInMs: number }) => void;
  /** A new thread has the directory's database open: calls succeed again. */
  onBack?: () => void;
}

/**
 * How long to wait before each new start after a crash, the last repeated while starts keep failing: soon at first,
 * then rarely, so a directory that cannot be opened does not have a thread started ten times a second.
 */
export const restartDelaysMs = [100, 1_000, 5_000, 30_000] as const;

type State = 'starting' | 'up' | 'restarting' | 'closed';

/**
 * PGlite on a thread of its own (docs/decisions/165-embedded-database-on-its-own-thread.md), behind the same calls as
 * PGlite itself: `query`, `exec` and `transaction`, so Drizzle's PGlite driver works on it unchanged. A query's work
 * runs in server/db/pgliteWorker.ts; here each call costs a message each way.
 *
 * A thread that crashes once started fails the calls in flight. One on a directory is started again on it, as a
 * PostgreSQL server restarts after a crash and replays its log, and calls fail as unavailable (503) only until it is
 * back; one in memory had its data in the thread, so it stays down.
 */
export class PGliteThread implements PGliteQueries {
  private worker!: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private nextTransaction = 1;
  private state: State = 'starting';
  /** Why calls fail now; unset while the thread is up (and while it first starts: calls wait for it). */
  private down: Error | undefined;
  private failedRestarts = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  /** Counts the threads started: a transaction begun on one is not open on the next. */
  private generation = 0;
  private closing: Promise<void> | undefined;
  readonly waitReady: Promise<void>;

  /** `dataDir` undefined: in memory. */
  constructor(
    private readonly dataDir: string | undefined,
    private readonly events: ThreadEvents = {},
  ) {
    // A database that cannot start (a damaged directory, say) fails with its own error, once nothing runs behind it
    // (its caller then lets go of the directory's lock).
    this.waitReady = this.launch().then(
      () => {
        // close() may have been called meanwhile: it stays closed.
        if (this.state === 'starting') this.state = 'up';
      },
      async (error: Error) => {
        this.state = 'closed';
        this.stop(error);
        await this.worker.terminate();
        throw error;
      },
    );
  }

  /**
   * Starts a thread and makes it the current one: only its answers and its end count from now on. Resolves once its
   * database is open. Referenced while a call is waiting (the start is the first): see forget().
   */
  private launch(): Promise<void> {
    const worker = startWorker(this.dataDir);
    this.worker = worker;
    this.generation += 1;
    const opened = new Promise<void>((resolve, reject) => this.pending.set(0, { resolve: () => resolve(), reject }));
    const current = () => worker === this.worker;
    worker.on('message', (reply: Reply) => current() && this.settle(reply));
    worker.on('error', (error) => current() && this.lose(error));
    worker.on('exit', (code) => current() && this.lose(new Error(`the database's thread exited with code ${code}`)));
    // An answer that cannot be read says nothing of whose it was: no call could be trusted to get its own after it.
    worker.on('messageerror', (error) => {
      if (!current()) return;
      this.lose(error);
      void worker.terminate();
    });
    return opened;
  }

  /** The current thread stopped, or can no longer be trusted, without close(). */
  private lose(error: Error): void {
    const wasUp = this.state === 'up';
    this.stop(error);
    // Closed, or a start that failed: whoever started it hears of it through its promise.
    if (!wasUp) return;
    const restarting = this.dataDir !== undefined;
    this.state = restarting ? 'restarting' : 'closed';
    if (restarting) this.restartLater();
    this.events.onLost?.(error, { restarting });
  }

  /** The wait before the next start: longer with each start that failed in a row. */
  private get restartDelay(): number {
    return restartDelaysMs[Math.min(this.failedRestarts, restartDelaysMs.length - 1)]!;
  }

  private restartLater(): void {
    this.restartTimer = setTimeout(() => void this.restart(), this.restartDelay);
    // A server holds its process open by itself; a script that let go of its database should not be held by this.
    this.restartTimer.unref();
  }

  private async restart(): Promise<void> {
    if (this.state !== 'restarting') return;
    // Never two threads on one directory: the last one must be gone (one that sent an unreadable answer may still run).
    await this.worker.terminate();
    if (this.state !== 'restarting') return;
    // A directory that is gone (deleted, a volume not mounted) would be made afresh, empty and without the schema.
    const cluster = path.join(this.dataDir!, 'PG_VERSION');
    if (!existsSync(cluster)) {
      this.restartFailed(new Error(`the embedded database's directory has no database in it (${cluster} is missing)`));
      return;
    }
    this.launch().then(
      () => {
        if (this.state !== 'restarting') return;
        this.state = 'up';
        this.down = undefined;
        this.failedRestarts = 0;
        this.events.onBack?.();
      },
      (error: Error) => {
        if (this.state !== 'restarting') return;
        void this.worker.terminate();
        this.restartFailed(error);
      },
    );
    // Nothing waits on a start after a crash (calls fail meanwhile): it must not hold the process open.
    this.worker.unref();
  }

  private restartFailed(error: Error): void {
    this.failedRestarts += 1;
    this.restartLater();
    this.events.onRestartFailed?.(error, { retryInMs: this.restartDelay });
  }

  /** Calls fail now as on a closed PGlite: closed, crashed in memory, or on its way back after a crash. */
  get closed(): boolean {
    return this.down !== undefined;
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

  /**
   * Every call in flight, and every later one until the thread is back, fails as a query on a closed PGlite does; a
   * start with its cause.
   */
  private stop(cause: Error): void {
    this.down ??= cause;
    for (const [id, { reject }] of this.pending) reject(id === 0 ? cause : new Error(closedMessage, { cause }));
    this.pending.clear();
  }

  private call<T>(request: Call): Promise<T> {
    if (this.down) return Promise.reject(new Error(closedMessage, { cause: this.down }));
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
    if (!this.down) this.worker.postMessage(request);
  }

  private queryOn<T>(transaction: number | undefined, sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const strange = params?.map(uncopiable).find((name) => name !== undefined);
    if (strange) return Promise.reject(new TypeError(`a parameter of type ${strange} cannot be copied to the database's thread`));
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
    // A transaction lives on the thread it began on: after a crash and a new start (a callback that awaited something
    // else meanwhile) it is open on none, and each of its calls fails as unavailable, as in the outage itself.
    const generation = this.generation;
    const onItsThread = <R>(run: () => Promise<R>): Promise<R> =>
      generation === this.generation
        ? run()
        : Promise.reject(new Error(closedMessage, { cause: new Error("the database's thread crashed during this transaction") }));
    let ended = false;
    const end = async (commit: boolean) => {
      if (ended) return;
      ended = true;
      await onItsThread(() => this.call({ op: 'end', transaction, commit }));
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        onItsThread(() => this.queryOn<R>(transaction, sql, params, options)),
      exec: (sql: string) => onItsThread(() => this.execOn(transaction, sql)),
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

  /** Resolves once the thread is gone, for every caller (the directory's lock is let go after it). */
  close(): Promise<void> {
    this.closing ??= this.closeNow();
    return this.closing;
  }

  private async closeNow(): Promise<void> {
    if (this.state === 'closed') return; // a start that failed: its thread is ended already
    const wasUp = !this.down;
    this.state = 'closed';
    clearTimeout(this.restartTimer);
    try {
      // A thread on its way back has nothing open worth closing: a crash's log is replayed at the next start.
      if (wasUp) await this.call({ op: 'close' });
    } finally {
      this.stop(new Error('closed'));
      await this.worker.terminate();
    }
  }
}
