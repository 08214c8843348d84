/** What server/db/pgliteThread.ts and the embedded database's thread (server/db/pgliteWorker.ts) say to each other. */

export interface QueryRequest {
  id: number;
  op: 'query';
  sql: string;
  params?: unknown[];
  rowMode?: 'array' | 'object';
  /** Types whose values are answered as PostgreSQL's text: the ones Drizzle hands identity parsers for. */
  textTypes?: number[];
  transaction?: number;
}

export type Request =
  | QueryRequest
  | { id: number; op: 'exec'; sql: string; transaction?: number }
  /** Answered by no reply: see begin() in server/db/pgliteWorker.ts. */
  | { op: 'begin'; transaction: number }
  | { id: number; op: 'end'; transaction: number; commit: boolean }
  | { id: number; op: 'close' };

export interface SerialisedError {
  name: string;
  message: string;
  /** The error's own plain fields: PostgreSQL's code, severity, table, constraint, detail. */
  props: Record<string, unknown>;
}

/** Id 0 answers the database's start. */
export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerialisedError };
