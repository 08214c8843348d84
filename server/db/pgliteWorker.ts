/**
 * The embedded database's own thread (docs/decisions/165-embedded-database-on-its-own-thread.md): one PGlite, driven
 * by messages from server/db/pgliteThread.ts. PGlite is Postgres compiled to WebAssembly; run on the server's event
 * loop, every query's work would stall every request in flight. Here it runs beside it.
 *
 * Each message is one call of PGlite's own API (a query, a script, opening or ending a transaction), so PGlite's
 * ordering holds as it would in one thread: a query outside a transaction waits for the open one to end.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { QueryRequest, Reply, Request, SerialisedError } from './pgliteMessages';

if (!parentPort) throw new Error('pgliteWorker runs as a worker thread');
const port = parentPort;
const { dataDir } = workerData as { dataDir: string | undefined };

/**
 * Only plain values cross a thread: a PostgreSQL error's code, table, constraint and the like, never a function. Not
 * every rejection is an Error (the WASM file system rejects with its own objects, errno and all).
 */
function serialise(error: unknown): SerialisedError {
  const props: Record<string, unknown> = {};
  if (typeof error !== 'object' || error === null) return { name: 'Error', message: String(error), props };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) props[key] = value;
  }
  const { name: given, message } = error as { name?: unknown; message?: unknown };
  const name = typeof given === 'string' ? given : 'Error';
  const described = typeof message === 'string' && message !== '' && message !== '[object Object]';
  return { name, message: described ? message : `${name}${props.errno === undefined ? '' : ` (errno ${props.errno})`}`, props };
}

/**
 * The types whose values are to stay text, as Drizzle asks with identity parsers (its own parse of timestamps and
 * dates). Built once per distinct list: Drizzle sends the same one with every query.
 */
const parserSets = new Map<string, Record<number, (value: string) => string>>();
function parsersFor(textTypes: number[] | undefined) {
  if (!textTypes) return undefined;
  const key = textTypes.join(',');
  let parsers = parserSets.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(textTypes.map((type) => [type, (value: string) => value]));
    parserSets.set(key, parsers);
  }
  return parsers;
}

const db = new PGlite(dataDir);

interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  ended: Promise<void>;
}
/** By the id the main thread gave: a transaction's queries may arrive before its BEGIN has run, never before its message. */
const transactions = new Map<number, Promise<OpenTransaction>>();
const rolledBack = Symbol('rolled back');

async function target(transaction: number | undefined): Promise<PGlite | Transaction> {
  if (transaction === undefined) return db;
  const open = transactions.get(transaction);
  if (!open) throw new Error(`transaction ${transaction} is not open`);
  return (await open).tx;
}

async function runQuery({ sql, params, rowMode, textTypes, transaction }: QueryRequest) {
  return (await target(transaction)).query(sql, params, { rowMode, parsers: parsersFor(textTypes) });
}

/**
 * Opens a transaction under the main thread's id, answering nothing: its first query follows in the same breath,
 * without waiting for a reply, and a BEGIN that fails fails that query (or the transaction's end).
 */
function begin(id: number): void {
  let end!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => (end = resolve));
  let opened!: (open: OpenTransaction) => void;
  const open = new Promise<OpenTransaction>((resolve) => (opened = resolve));
  const ended = db
    .transaction(async (tx) => {
      opened({ tx, end, ended });
      // Throwing makes PGlite roll back, as it does for any error in a transaction's callback.
      if (!(await decided)) throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
  // A BEGIN that fails rejects `ended` before the callback ever runs: whatever waits for the transaction gets its
  // error. Until something does, the rejection is not a crash of the thread.
  const waited = Promise.race([open, ended.then(() => open)]);
  waited.catch(() => undefined);
  ended.catch(() => undefined);
  transactions.set(id, waited);
}

/** The main thread ends every transaction it begins, whatever became of it: that is when its id is let go. */
async function endTransaction(transaction: number, commit: boolean): Promise<void> {
  const open = transactions.get(transaction);
  if (!open) throw new Error(`transaction ${transaction} is not open`);
  try {
    const { end, ended } = await open;
    end(commit);
    await ended;
  } finally {
    transactions.delete(transaction);
  }
}

async function handle(request: Exclude<Request, { op: 'begin' }>): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return runQuery(request);
    case 'exec':
      return (await target(request.transaction)).exec(request.sql);
    case 'end':
      return endTransaction(request.transaction, request.commit);
    case 'close':
      await db.close();
      return undefined;
  }
}

/** An answer that cannot be copied to the main thread is answered as an error, never left unanswered. */
function reply(message: Reply): void {
  try {
    port.postMessage(message);
  } catch (error) {
    port.postMessage({ id: message.id, ok: false, error: serialise(error) } satisfies Reply);
  }
}

port.on('message', (request: Request) => {
  if (request.op === 'begin') return begin(request.transaction);
  handle(request).then(
    (value) => reply({ id: request.id, ok: true, value }),
    (error: unknown) => reply({ id: request.id, ok: false, error: serialise(error) }),
  );
});

db.waitReady.then(
  () => reply({ id: 0, ok: true, value: undefined }),
  (error: unknown) => reply({ id: 0, ok: false, error: serialise(error) }),
);
