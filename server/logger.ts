import type { LogLevel } from './config';
import { summariseDatabaseError } from './db/errors';

/**
 * One JSON object per line, so a platform log viewer can filter on fields. Small on purpose: the server needs
 * levels and structured fields, nothing more, and tests pass level 'silent' or their own `write`.
 */

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface LoggerOptions {
  level?: LogLevel;
  /** Receives each finished line (without the newline); defaults to stdout, or stderr for warn and error. */
  write?: (line: string, level: Exclude<LogLevel, 'silent'>) => void;
  now?: () => Date;
}

function defaultWrite(line: string, level: Exclude<LogLevel, 'silent'>): void {
  (level === 'warn' || level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
}

/** The stack's frames without its first line, which repeats the message. */
function framesOf(error: Error): string | undefined {
  const header = `${error.name}: ${error.message}`;
  return error.stack?.startsWith(header) ? error.stack.slice(header.length).trim() : undefined;
}

/**
 * Errors do not survive JSON.stringify; keep what helps an operator. A failed query's message carries its SQL and
 * parameters (names, emails, messages), so a database error is logged as its SQL state and operation only
 * (docs/decisions/082-no-personal-data-in-logs.md).
 */
function serialise(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const database = summariseDatabaseError(value);
  if (database) return { name: 'DatabaseError', ...database, stack: framesOf(value) };
  return { name: value.name, message: value.message, stack: value.stack };
}

export function createLogger({ level = 'info', write = defaultWrite, now = () => new Date() }: LoggerOptions = {}): Logger {
  const threshold = rank[level];
  const log =
    (at: Exclude<LogLevel, 'silent'>) =>
    (message: string, fields: LogFields = {}) => {
      if (rank[at] < threshold) return;
      const entry: LogFields = { time: now().toISOString(), level: at, msg: message };
      for (const [key, value] of Object.entries(fields)) entry[key] = serialise(value);
      let line: string;
      try {
        line = JSON.stringify(entry);
      } catch {
        // A circular or BigInt field must not turn logging itself into a crash.
        line = JSON.stringify({ time: entry.time, level: at, msg: message, logError: 'unserialisable fields' });
      }
      write(line, at);
    };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

export const silentLogger: Logger = createLogger({ level: 'silent' });
