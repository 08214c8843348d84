/**
 * What the rest of the server may know about a failed query: whether the database could not be reached (answered
 * 503, docs/decisions/081-database-unavailable.md), and a summary fit for a log line. Drizzle wraps a driver's error
 * in one whose message carries the SQL and every parameter (names, emails, messages), and PostgreSQL's own message
 * and detail can quote a value too, so neither is ever logged: only the SQL state, the operation and the table or
 * constraint it concerned (docs/decisions/082-no-personal-data-in-logs.md).
 */

/** Socket failures on the way to the database server. */
const unreachableErrnos = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ECONNABORTED',
]);

/** SQLSTATEs that mean "not now", not "wrong query": connection exceptions (class 08), shutdown, too many clients. */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres and pg-pool say these in plain errors without a code; PGlite after close. */
const unavailableMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^PGlite is closed$/,
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  query?: unknown;
  table?: unknown;
  constraint?: unknown;
  severity?: unknown;
}

/** The error and its causes, outermost first (Drizzle's wrapper, then the driver's error, then a socket's). */
function chain(error: unknown): ErrorLike[] {
  const links: ErrorLike[] = [];
  let current = error;
  while (typeof current === 'object' && current !== null && links.length < 8 && !links.includes(current as ErrorLike)) {
    links.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return links;
}

const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some(({ code, message }) => {
    if (typeof code === 'string' && unreachableErrnos.has(code)) return true;
    if (isSqlState(code) && (code.startsWith('08') || unavailableStates.has(code))) return true;
    return typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message));
  });
}

/** `insert into "contact_messages" ...` -> `insert contact_messages`: which statement, never its values. */
function operationOf(query: string): string | undefined {
  const match =
    /^\s*(?:with\b.*?\)\s*)?(insert)\s+into\s+"?([\w.]+)"?/is.exec(query) ??
    /^\s*(update)\s+"?([\w.]+)"?/is.exec(query) ??
    /^\s*(delete)\s+from\s+"?([\w.]+)"?/is.exec(query) ??
    /^\s*(select)\b.*?\bfrom\s+"?([\w.]+)"?/is.exec(query) ??
    /^\s*(\w+)/.exec(query);
  if (!match) return undefined;
  return [match[1]!.toLowerCase(), match[2]].filter(Boolean).join(' ');
}

export interface DatabaseErrorSummary {
  /** PostgreSQL's SQLSTATE (e.g. 23505 unique violation), or the socket's errno code. */
  sqlState?: string;
  operation?: string;
  table?: string;
  constraint?: string;
  unavailable: boolean;
}

/** Undefined when the error did not come from a query or a database connection. */
export function summariseDatabaseError(error: unknown): DatabaseErrorSummary | undefined {
  const links = chain(error);
  const query = links.find((link) => typeof link.query === 'string')?.query as string | undefined;
  const coded = links.find((link) => isSqlState(link.code) && (link.severity !== undefined || link.table !== undefined || query));
  const errno = links.find((link) => typeof link.code === 'string' && unreachableErrnos.has(link.code));
  const unavailable = isDatabaseUnavailable(error);
  if (!query && !coded && !unavailable) return undefined;
  const summary: DatabaseErrorSummary = { unavailable };
  const state = coded?.code ?? errno?.code;
  if (typeof state === 'string') summary.sqlState = state;
  const operation = query ? operationOf(query) : undefined;
  if (operation) summary.operation = operation;
  if (typeof coded?.table === 'string') summary.table = coded.table;
  if (typeof coded?.constraint === 'string') summary.constraint = coded.constraint;
  return summary;
}
