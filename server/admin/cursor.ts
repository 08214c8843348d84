import { AppError } from '../http/errors';

/**
 * The inbox's page cursor (docs/decisions/100-inbox-keyset-cursor.md): the last row's created_at as PostgreSQL
 * wrote it, to the microsecond in UTC, and its id, joined by a space and base64url-encoded. Opaque to the browser;
 * checked here so that nothing malformed ever reaches a query (a bad cursor is a 400, never a 500). The Subscriptions
 * tab's rows are ordered by a rank first (decision 181), so its cursor starts with the rank: `rank at id`.
 */

export interface Cursor {
  /** `YYYY-MM-DDTHH:MM:SS.ffffffZ`, microseconds kept: a JS Date would round them away and skip or repeat rows. */
  at: string;
  id: string;
  /** The Subscriptions tab's rank of the row (0 to 2). */
  rank?: number;
}

/** `checkout`: a subscription id in a newest-first list (Checkouts left); `subscription`: with the rank before it. */
export type CursorIdKind = 'uuid' | 'uid' | 'subscription' | 'checkout' | 'serial';

const atPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{6})Z$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A Firebase uid: at most 128 characters, none of them control characters (PostgreSQL refuses a NUL in text). */
const uidPattern = /^[^\p{Cc}\uFFFD]{1,128}$/u;
const subscriptionIdPattern = /^sub_[A-Za-z0-9]{6,40}$/;
/** An identity column's value, short enough that PostgreSQL's bigint always holds it. */
const serialPattern = /^[1-9][0-9]{0,17}$/;

export const isUuid = (value: string): boolean => uuidPattern.test(value);

export function encodeCursor({ at, id, rank }: Cursor): string {
  return Buffer.from(rank === undefined ? `${at} ${id}` : `${rank} ${at} ${id}`, 'utf8').toString('base64url');
}

const invalid = () =>
  new AppError(400, 'validation_failed', 'That page link is not valid. Open the first page again.', {
    fieldErrors: { cursor: 'That page link is not valid. Open the first page again.' },
  });

/** A real calendar time PostgreSQL will accept (no 31 February, no year 0). */
function isValidTime(at: string): boolean {
  const match = atPattern.exec(at);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < 1970 || year > 9999) return false;
  const seconds = at.slice(0, 19);
  const date = new Date(`${seconds}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === seconds;
}

const idPatterns: Record<CursorIdKind, RegExp> = {
  uuid: uuidPattern,
  uid: uidPattern,
  subscription: subscriptionIdPattern,
  checkout: subscriptionIdPattern,
  serial: serialPattern,
};

export function decodeCursor(cursor: string, idKind: CursorIdKind): Cursor {
  if (idKind === 'subscription') return decodeRanked(cursor);
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const space = text.indexOf(' ');
  if (space < 0) throw invalid();
  const at = text.slice(0, space);
  const id = text.slice(space + 1);
  if (!isValidTime(at)) throw invalid();
  if (!idPatterns[idKind].test(id)) throw invalid();
  return { at, id };
}

function decodeRanked(cursor: string): Cursor {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split(' ');
  if (parts.length !== 3) throw invalid();
  const [rank, at, id] = parts as [string, string, string];
  if (!/^[0-2]$/.test(rank) || !isValidTime(at) || !subscriptionIdPattern.test(id)) throw invalid();
  return { rank: Number(rank), at, id };
}
