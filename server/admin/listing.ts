import { or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AdminTab, InboxRows } from '../../src/domain/admin';
import type { Database } from '../db/client';
import type { Cursor } from './cursor';

/** What every tab's list shares: the filter it takes, the rows it answers with their cursors, and the search. */

export interface ListFilter {
  /** Case-insensitive substring search; '' matches everything. */
  q: string;
  /** Only rows after this one in the tab's order (the previous page's last row). */
  before?: Cursor;
  /** One row by id (a lead update's answer). */
  id?: string;
  limit: number;
  /** The time a row's standing is judged at (the billing gateway's clock for subscriptions); default now. */
  now?: Date;
}

export interface Keyed<R> {
  row: R;
  cursor: Cursor;
}

export type Lister<T extends AdminTab> = (db: Database, filter: ListFilter, maxAttempts: number) => Promise<Keyed<InboxRows[T]>[]>;

/** The rows strictly after the cursor's in newest-first (created_at, id) order; no cursor, no condition. */
export function keysetOf(
  createdAt: AnyPgColumn,
  id: AnyPgColumn,
  before: Cursor | undefined,
  idType: 'uuid' | 'text' | 'bigint',
): SQL | undefined {
  if (!before) return undefined;
  const cursorId = sql`${before.id}::${sql.raw(idType)}`;
  return sql`(${createdAt}, ${id}) < (${before.at}::timestamptz, ${cursorId})`;
}

/** A time as text to the microsecond in UTC: the cursor's half that a JS Date cannot carry. */
export const cursorTime = (column: AnyPgColumn | SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** `%` and `_` (and the escape itself) match literally: a search for "100%" finds "100%", not everything. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export interface SearchColumns {
  text: readonly (AnyPgColumn | SQL)[];
  phones: readonly (AnyPgColumn | SQL)[];
}

/** A search that looks like (part of) a phone number: digits, spaces, +, -, brackets, and at least 4 digits. */
function phoneDigitsOf(q: string): string | null {
  if (!/^[\d\s+()-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  return digits.length >= 4 ? digits : null;
}

/**
 * Case-insensitive substring search over a tab's text, and over its phone numbers by their digits alone: staff
 * type a number as the caller says it ("98765 43210"), whatever spacing or +91 the lead wrote it with.
 */
export function searchOf(q: string, { text, phones }: SearchColumns): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  const digits = phoneDigitsOf(q);
  return or(
    ...text.map((column) => sql`${column} ilike ${pattern} escape '\\'`),
    ...(digits ? phones.map((column) => sql`regexp_replace(${column}, '[^0-9]', '', 'g') like ${`%${digits}%`}`) : []),
  );
}

export const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
export const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
export const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
