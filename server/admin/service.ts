import {
  csvLine,
  inboxLimits,
  noteChanged,
  type AdminTab,
  type ContactRow,
  type InboxPage,
  type InboxQuery,
  type InboxRows,
  type InboxSummary,
  type LeadTab,
  type MailMessage,
  type LeadUpdate,
  type SubscriptionAction,
  type SubscriptionActionAnswer,
} from '../../src/domain/admin';
import type { VerifiedUser } from '../auth/requireUser';
import type { BillingService } from '../billing/service';
import { createStaffBilling } from '../billing/staff';
import type { SubscriptionGateway } from '../billing/gateway';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { silentLogger, type Logger } from '../logger';
import { decodeCursor, encodeCursor, isUuid, type Cursor, type CursorIdKind } from './cursor';
import { csvColumns } from './csvColumns';
import { mailMessageOf } from './mailRows';
import { actOnSubscription } from './subscriptionActions';
import {
  countMatching,
  insertAudit,
  listRows,
  lockForward,
  lockLead,
  resetForward,
  summaryCounts,
  writeLead,
  type AuditEntry,
} from './repository';

/**
 * The staff inbox: pages of each tab, the summary badges, CSV exports, lead updates, a contact
 * forward's retry, subscription actions and one outgoing email read in full. Every change and every export is written to staff_audit (docs/decisions/102-staff-audit.md).
 */

export interface AdminServiceDeps {
  db: Database;
  /** The outbox worker's attempts (server/outbox/worker.ts outboxMaxAttempts): past them a forward is `failed`. */
  maxAttempts: number;
  /** Wakes the outbox worker after a retry, so it does not wait for its next poll. */
  onRetry?: () => void;
  /** Rows fetched per query while an export streams. */
  exportChunk?: number;
  /** Monthly billing (server/payments/setup.ts's): the Subscriptions tab's actions and clock. Without it they answer 503. */
  payments?: { billing: BillingService; subscriptions: SubscriptionGateway };
  logger?: Logger;
}

export interface CsvExport {
  filename: string;
  rows: number;
  truncated: boolean;
  /** The header line, then one line per row, fetched a chunk at a time. */
  lines: AsyncIterable<string>;
}

export interface AdminService {
  summary(): Promise<InboxSummary>;
  page<T extends AdminTab>(tab: T, query: InboxQuery): Promise<InboxPage<T>>;
  exportCsv(tab: AdminTab, q: string, staff: VerifiedUser, today?: Date): Promise<CsvExport>;
  updateLead<T extends LeadTab>(tab: T, id: string, update: LeadUpdate, staff: VerifiedUser): Promise<InboxRows[T]>;
  retryForward(id: string, staff: VerifiedUser): Promise<ContactRow>;
  actOnSubscription(id: string, action: SubscriptionAction, staff: VerifiedUser): Promise<SubscriptionActionAnswer>;
  /** One email of Outgoing mail with its rendered HTML and text; `id` as mailIdSchema checked it. */
  mailMessage(id: string): Promise<MailMessage>;
}

const idKinds: Partial<Record<AdminTab, CursorIdKind>> = {
  customers: 'uid',
  checkouts: 'checkout',
  subscriptions: 'subscription',
  mail: 'serial',
};
const idKindOf = (tab: AdminTab): CursorIdKind => idKinds[tab] ?? 'uuid';

const noSuchRow = () => new AppError(404, 'not_found', 'There is no such row. It may have been deleted.');

const who = (staff: VerifiedUser): Pick<AuditEntry, 'staffUid' | 'staffEmail'> => ({ staffUid: staff.uid, staffEmail: staff.email });

export function createAdminService({
  db,
  maxAttempts,
  onRetry,
  exportChunk = 1_000,
  payments,
  logger = silentLogger,
}: AdminServiceDeps): AdminService {
  const staffBilling = payments && createStaffBilling({ db, billing: payments.billing, gateway: payments.subscriptions, logger });
  /** The time subscriptions are judged at: the billing gateway's (the sandbox's clock can be moved on). */
  const now = async () => (staffBilling ? staffBilling.now() : new Date());

  /** `at` is read before any transaction: the sandbox's clock is a query, and PGlite's one connection is the transaction's. */
  async function rowById<T extends AdminTab>(tx: Database, tab: T, id: string, at: Date): Promise<InboxRows[T] | undefined> {
    const [found] = await listRows(tx, tab, { q: '', id, limit: 1, now: at }, maxAttempts);
    return found?.row;
  }

  async function* exportLines(tab: AdminTab, q: string, rows: number): AsyncGenerator<string> {
    const columns = csvColumns[tab] as {
      header: readonly string[];
      cells(row: InboxRows[AdminTab]): ReturnType<typeof csvColumns.customers.cells>;
    };
    const at = await now();
    // A byte-order mark first: Excel on Windows reads a CSV without one in the machine's own code page, and Hindi
    // names come out as mojibake. Other spreadsheets and CSV readers skip it.
    yield `\uFEFF${csvLine(columns.header)}`;
    let before: Cursor | undefined;
    let left = rows;
    while (left > 0) {
      const chunk = await listRows(db, tab, { q, before, limit: Math.min(exportChunk, left), now: at }, maxAttempts);
      if (chunk.length === 0) return;
      yield chunk.map(({ row }) => csvLine(columns.cells(row))).join('');
      left -= chunk.length;
      before = chunk.at(-1)!.cursor;
    }
  }

  return {
    summary: async () => summaryCounts(db, maxAttempts, await now()),

    async page(tab, { q, cursor, limit }) {
      const before = cursor === undefined ? undefined : decodeCursor(cursor, idKindOf(tab));
      // One row more than asked tells whether there is a next page without counting the table.
      const rows = await listRows(db, tab, { q, before, limit: limit + 1, now: await now() }, maxAttempts);
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return { items: items.map(({ row }) => row), nextCursor: rows.length > limit && last ? encodeCursor(last.cursor) : null };
    },

    async exportCsv(tab, q, staff, today = new Date()) {
      const cap = inboxLimits.exportRows;
      const matched = await countMatching(db, tab, q, cap + 1);
      const rows = Math.min(matched, cap);
      const truncated = matched > cap;
      await insertAudit(db, { ...who(staff), action: 'export', target: tab, details: { q, rows, truncated } });
      return {
        filename: `growthpath-${tab}-${today.toISOString().slice(0, 10)}.csv`,
        rows,
        truncated,
        lines: exportLines(tab, q, rows),
      };
    },

    async updateLead(tab, id, update, staff) {
      if (!isUuid(id)) throw noSuchRow();
      const at = await now();
      const row = await db.transaction(async (tx) => {
        const before = await lockLead(tx, tab, id);
        if (!before) return undefined;
        // Written over a note that is no longer the stored one: another member of staff saved theirs meanwhile.
        const { staffNote, staffNoteBefore } = update;
        if (
          staffNote !== undefined &&
          staffNoteBefore !== undefined &&
          before.staffNote !== staffNoteBefore &&
          before.staffNote !== staffNote
        ) {
          throw new AppError(409, noteChanged.code, noteChanged.message, { current: await rowById(tx, tab, id, at) });
        }
        const after = { status: update.status ?? before.status, staffNote: update.staffNote ?? before.staffNote };
        await writeLead(tx, tab, id, after);
        const details: Record<string, unknown> = { status: { from: before.status, to: after.status } };
        if (after.staffNote !== before.staffNote) details.noteChanged = true;
        await insertAudit(tx, { ...who(staff), action: 'lead.update', target: `${tab}/${id}`, details });
        return rowById(tx, tab, id, at);
      });
      if (!row) throw noSuchRow();
      return row;
    },

    async actOnSubscription(id, action, staff) {
      if (!staffBilling)
        throw new AppError(
          503,
          'billing_unavailable',
          'Subscriptions cannot be changed from this server: monthly billing is not set up on it.',
        );
      const row = await rowById(db, 'subscriptions', id, await now());
      if (!row) throw new AppError(404, 'not_found', 'There is no such subscription.');
      await actOnSubscription(staffBilling, row, action, who(staff));
      const after = await rowById(db, 'subscriptions', id, await now());
      return { row: after!, summary: await summaryCounts(db, maxAttempts, await now()) };
    },

    async mailMessage(id) {
      const found = await mailMessageOf(db, id);
      if (!found) throw new AppError(404, 'not_found', 'There is no such email.');
      return found;
    },

    async retryForward(id, staff) {
      if (!isUuid(id)) throw noSuchRow();
      const at = await now();
      const row = await db.transaction(async (tx) => {
        const message = await rowById(tx, 'contact', id, at);
        if (!message) throw noSuchRow();
        const forward = await lockForward(tx, id);
        const state = message.forwarding.state;
        if (!forward || (state !== 'failed' && state !== 'retrying')) {
          throw new AppError(409, 'not_retryable', retryRefusals[state === 'failed' || state === 'retrying' ? 'off' : state]);
        }
        await resetForward(tx, forward.id);
        await insertAudit(tx, {
          ...who(staff),
          action: 'contact.retry_forward',
          target: `contact/${id}`,
          details: { attempts: forward.attempts, lastError: forward.lastError },
        });
        return rowById(tx, 'contact', id, at);
      });
      onRetry?.();
      return row!;
    },
  };
}

const retryRefusals: Record<'off' | 'queued' | 'delivered', string> = {
  off: 'Forwarding is off for this message (no CONTACT_FORWARD_URL was set when it arrived), so there is nothing to retry.',
  queued: 'This message is still waiting for its first delivery attempt; there is nothing to retry yet.',
  delivered: 'This message was already delivered; there is nothing to retry.',
};
