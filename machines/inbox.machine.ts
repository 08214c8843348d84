import { assertEvent, assign, fromPromise, setup, type EventObject } from 'xstate';
import {
  inboxLimits,
  isLeadTab,
  noteChanged,
  subscriptionActionsOf,
  type AdminTab,
  type ContactRow,
  type InboxPage,
  type InboxRow,
  type InboxSummary,
  type LeadStatus,
  type LeadTab,
  type LeadUpdate,
  type MailMessage,
  type StaffSubscriptionRow,
  type SubscriptionAction,
  type SubscriptionActionAnswer,
} from '../src/domain/admin';

/**
 * The staff inbox on /admin (docs/decisions/110-staff-inbox-ui.md):
 *
 *   loading (summary + the tab's first page) -> ready.list | ready.empty, or forbidden (403), sessionExpired (401),
 *   failed (Try again). In ready: paging (Older/Newer), exporting (CSV), detail (a row open: viewing, saving a status or
 *   note, retrying a contact's forwarding, on a subscription confirming then taking an account manager's action, or on
 *   Outgoing mail reading the email's rendered parts first, which a page of the list leaves out).
 *   Tabs and search start loading again from the first page; a search sent while loading or paging replaces that load.
 *   A note refused because another member of staff saved theirs meanwhile (409) shows theirs beside the kept draft
 *   (docs/decisions/172-staff-notes-do-not-overwrite-each-other.md); a subscription action refused says why
 *   (Razorpay's words for the gateway's refusals, docs/decisions/181-staff-subscriptions.md).
 *
 * The server pages by keyset only forwards, so the machine keeps the stack of cursors that opened each page: Newer
 * pops one, Older pushes the page's nextCursor. Effects are named here and provided by src/features/admin.
 */

export interface LoadRequest {
  tab: AdminTab;
  q: string;
  cursor: string | null;
}
export interface LoadAnswer {
  summary: InboxSummary;
  page: InboxPage;
}
export interface SaveRequest {
  tab: LeadTab;
  id: string;
  update: LeadUpdate;
}
export interface ExportRequest {
  tab: AdminTab;
  q: string;
}
export interface ExportAnswer {
  /** The server capped the export (X-Export-Truncated). */
  truncated: boolean;
}
export interface ActRequest {
  id: string;
  action: SubscriptionAction;
}

export interface InboxContext {
  tab: AdminTab;
  /** The search as submitted; '' for none. */
  query: string;
  /** The cursor that opened each page so far; the first page's is null. Page N = cursors.length. */
  cursors: (string | null)[];
  /** The stack before a page move, restored when the move fails. */
  cursorsBefore: (string | null)[];
  items: InboxRow[];
  nextCursor: string | null;
  summary: InboxSummary | null;
  /** The id (uid for customers) of the row open in the detail view. */
  openId: string | null;
  /** The note as last submitted, kept while it is being saved and after a failed save. */
  noteDraft: string | null;
  /**
   * Another member of staff saved the open lead's note while this one wrote theirs (a save refused with 409): the
   * lead now shows their note, and the view shows it beside the kept draft until a note is saved.
   */
  noteConflict: boolean;
  /** The change being saved (or that last failed to save). */
  update: LeadUpdate | null;
  /** The subscription action being confirmed or taken. */
  action: SubscriptionAction | null;
  /** The open email's rendered HTML and text (Outgoing mail), once read; null before, or when reading it failed. */
  message: MailMessage | null;
  /** The sentence of the last failure: loading, paging, saving, retrying or exporting. */
  error: string | null;
  /** A sentence after an export that the server cut short. */
  notice: string | null;
}

export type InboxEvent =
  | { type: 'inbox.selectTab'; tab: AdminTab }
  | { type: 'inbox.search'; query: string }
  | { type: 'inbox.older' }
  | { type: 'inbox.newer' }
  | { type: 'inbox.open'; id: string }
  | { type: 'inbox.close' }
  /** `noteDraft`: the note as typed and not saved, which the status's save must not lose. */
  | { type: 'inbox.changeStatus'; status: LeadStatus; noteDraft?: string }
  | { type: 'inbox.saveNote'; note: string }
  | { type: 'inbox.retryForward' }
  | { type: 'inbox.export' }
  /** Try again: the inbox that failed to load, or the open email that could not be read. */
  | { type: 'inbox.retry' }
  /** An action on the open subscription, asked for: it waits for a confirmation. */
  | { type: 'inbox.askAction'; action: SubscriptionAction }
  | { type: 'inbox.confirmAction' }
  | { type: 'inbox.cancelAction' };

export const inboxFailures = {
  load: 'We could not load the inbox.',
  page: 'We could not load that page.',
  save: 'We could not save your change.',
  retryForward: 'We could not retry forwarding this message.',
  export: 'We could not export this list.',
  act: 'We could not change this subscription.',
  message: 'We could not load this email.',
} as const;

/** The cap is the contract's, written out the Indian way (50,000). */
export const exportTruncatedNotice = `The export holds the first ${inboxLimits.exportRows.toLocaleString('en-IN')} rows that match; narrow the search to export the rest.`;

/** A row's own key: customers are keyed by account uid, everything else by id. */
export function rowId(row: InboxRow): string {
  return 'uid' in row ? row.uid : row.id;
}

export function openRow(context: Pick<InboxContext, 'items' | 'openId'>): InboxRow | null {
  return context.items.find((row) => rowId(row) === context.openId) ?? null;
}

/** Only a forward that failed or is between attempts can be retried (the server answers 409 otherwise). */
export function canRetryForward(row: InboxRow | null): row is ContactRow {
  return !!row && 'forwarding' in row && (row.forwarding.state === 'failed' || row.forwarding.state === 'retrying');
}

/** Whether the open row is a subscription that allows `action` now (src/domain/admin.ts subscriptionActionsOf). */
export function canTakeAction(row: InboxRow | null, action: SubscriptionAction): row is StaffSubscriptionRow {
  if (!row || !('invoices' in row)) return false;
  if (action.kind === 'decline_request')
    return row.requests.some((request) => request.id === action.requestId && request.status === 'open');
  return (subscriptionActionsOf(row) as string[]).includes(action.kind);
}

function errorOf(event: EventObject): unknown {
  return (event as { error?: unknown }).error;
}

/** The lead as it now stands, which a note refused as written over another's carries (the API checked it). */
function currentLeadOf(event: EventObject): InboxRow | null {
  const error = errorOf(event) as { status?: unknown; current?: unknown } | null;
  const current = error?.status === 409 ? error.current : undefined;
  return current && typeof current === 'object' && 'staffNote' in current ? (current as InboxRow) : null;
}

/** The HTTP status of a refusal (an ApiError carries one); 0 for anything else. */
function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}

/** "We could not …. <the server's or client's sentence>" */
function sentence(event: EventObject, lead: string): string {
  const error = errorOf(event);
  const detail = error instanceof Error && error.message ? ` ${error.message}` : '';
  return `${lead}${detail}`;
}

/** The summary after one lead moved from `before` to `after`: the tab's new count follows the `new` status. */
function followNewCount(summary: InboxSummary | null, tab: AdminTab, before: InboxRow | null, after: InboxRow): InboxSummary | null {
  if (!summary || !isLeadTab(tab) || !before || !('staffNote' in before) || !('staffNote' in after)) return summary;
  const delta = (after.status === 'new' ? 1 : 0) - (before.status === 'new' ? 1 : 0);
  const failedDelta =
    'forwarding' in before && 'forwarding' in after
      ? (after.forwarding.state === 'failed' ? 1 : 0) - (before.forwarding.state === 'failed' ? 1 : 0)
      : 0;
  if (delta === 0 && failedDelta === 0) return summary;
  return {
    ...summary,
    newLeads: { ...summary.newLeads, [tab]: Math.max(0, summary.newLeads[tab] + delta) },
    failedForwards: Math.max(0, summary.failedForwards + failedDelta),
  };
}

/** The refusals every effect shares: a refused token ends the session, a non-staff token is not allowed. */
const refused = [
  { guard: 'unauthorised', target: '#inbox.sessionExpired' },
  { guard: 'forbidden', target: '#inbox.forbidden' },
] as const;

export const inboxMachine = setup({
  types: {
    context: {} as InboxContext,
    events: {} as InboxEvent,
    /** The tab and search it opens on (a link from a staff email); the contact tab, unsearched, when not given. */
    input: {} as { tab: AdminTab; query: string } | undefined,
  },
  actors: {
    loadInbox: fromPromise<LoadAnswer, LoadRequest>(async () => {
      throw new Error('loadInbox must be provided by the app');
    }),
    loadPage: fromPromise<InboxPage, LoadRequest>(async () => {
      throw new Error('loadPage must be provided by the app');
    }),
    saveLead: fromPromise<InboxRow, SaveRequest>(async () => {
      throw new Error('saveLead must be provided by the app');
    }),
    retryForward: fromPromise<ContactRow, { id: string }>(async () => {
      throw new Error('retryForward must be provided by the app');
    }),
    exportCsv: fromPromise<ExportAnswer, ExportRequest>(async () => {
      throw new Error('exportCsv must be provided by the app');
    }),
    actOnSubscription: fromPromise<SubscriptionActionAnswer, ActRequest>(async () => {
      throw new Error('actOnSubscription must be provided by the app');
    }),
    loadMail: fromPromise<MailMessage, { id: string }>(async () => {
      throw new Error('loadMail must be provided by the app');
    }),
  },
  guards: {
    unauthorised: ({ event }) => statusOf(errorOf(event)) === 401,
    forbidden: ({ event }) => statusOf(errorOf(event)) === 403,
    noteChangedElsewhere: ({ event }) => currentLeadOf(event) !== null,
    hasItems: ({ context }) => context.items.length > 0,
    loadedItems: ({ event }) => (event as unknown as { output: LoadAnswer }).output.page.items.length > 0,
    pageHasItems: ({ event }) => (event as unknown as { output: InboxPage }).output.items.length > 0,
    hasOlder: ({ context }) => context.nextCursor !== null,
    hasNewer: ({ context }) => context.cursors.length > 1,
    isLead: ({ context }) => isLeadTab(context.tab),
    canRetryForward: ({ context }) => canRetryForward(openRow(context)),
    canTakeAction: ({ context, event }) => {
      assertEvent(event, 'inbox.askAction');
      return canTakeAction(openRow(context), event.action);
    },
    rowExists: ({ context, event }) => {
      assertEvent(event, 'inbox.open');
      return context.items.some((row) => rowId(row) === event.id);
    },
    opensMail: ({ context, event }) => {
      assertEvent(event, 'inbox.open');
      return context.tab === 'mail' && context.items.some((row) => rowId(row) === event.id);
    },
    messageMissing: ({ context }) => context.tab === 'mail' && context.message === null,
  },
  actions: {
    chooseTab: assign(({ event }) => {
      assertEvent(event, 'inbox.selectTab');
      return { tab: event.tab, query: '', cursors: [null], error: null, notice: null };
    }),
    chooseQuery: assign(({ event }) => {
      assertEvent(event, 'inbox.search');
      return { query: event.query.trim(), cursors: [null], error: null, notice: null };
    }),
    clearError: assign({ error: null, notice: null }),
    showLoaded: assign(({ event }) => {
      const { summary, page } = (event as unknown as { output: LoadAnswer }).output;
      return { summary, items: page.items, nextCursor: page.nextCursor, openId: null };
    }),
    failLoad: assign({ error: ({ event }) => sentence(event, inboxFailures.load) }),
    goOlder: assign(({ context }) => ({
      cursorsBefore: context.cursors,
      cursors: [...context.cursors, context.nextCursor],
      error: null,
      notice: null,
    })),
    goNewer: assign(({ context }) => ({
      cursorsBefore: context.cursors,
      cursors: context.cursors.slice(0, -1),
      error: null,
      notice: null,
    })),
    showPage: assign(({ event }) => {
      const page = (event as unknown as { output: InboxPage }).output;
      return { items: page.items, nextCursor: page.nextCursor };
    }),
    failPage: assign(({ context, event }) => ({ cursors: context.cursorsBefore, error: sentence(event, inboxFailures.page) })),
    open: assign(({ event }) => {
      assertEvent(event, 'inbox.open');
      return {
        openId: event.id,
        noteDraft: null,
        noteConflict: false,
        update: null,
        action: null,
        message: null,
        error: null,
        notice: null,
      };
    }),
    close: assign({ openId: null, noteDraft: null, noteConflict: false, update: null, action: null, message: null, error: null }),
    keepNote: assign(({ context, event }) => {
      assertEvent(event, 'inbox.saveNote');
      // The note it was written over: the server refuses it if another member of staff has saved theirs since.
      const row = openRow(context);
      const before = row && 'staffNote' in row ? { staffNoteBefore: row.staffNote } : {};
      return { noteDraft: event.note, update: { staffNote: event.note, ...before }, error: null, notice: null };
    }),
    keepStatus: assign(({ context, event }) => {
      assertEvent(event, 'inbox.changeStatus');
      return {
        update: { status: event.status },
        noteDraft: event.noteDraft ?? context.noteDraft,
        // Another's note is still to combine with the draft: its sentence stays until a note is saved.
        error: context.noteConflict ? context.error : null,
        notice: null,
      };
    }),
    replaceRow: assign(({ context, event }) => {
      const updated = (event as unknown as { output: InboxRow }).output;
      const before = openRow(context);
      const savedNote = 'staffNote' in (context.update ?? {});
      // A status saved while a note was being typed, and the lead came back with a note someone else saved meanwhile:
      // theirs is shown beside the draft, which the next save would otherwise write over it.
      const noteChangedMeanwhile =
        !savedNote &&
        context.noteDraft !== null &&
        !!before &&
        'staffNote' in before &&
        'staffNote' in updated &&
        updated.staffNote !== before.staffNote;
      const noteConflict = savedNote ? false : context.noteConflict || noteChangedMeanwhile;
      return {
        items: context.items.map((row) => (rowId(row) === rowId(updated) ? updated : row)),
        summary: followNewCount(context.summary, context.tab, before, updated),
        noteDraft: savedNote ? null : context.noteDraft,
        noteConflict,
        update: null,
        error: noteConflict ? (context.error ?? noteChanged.message) : null,
      };
    }),
    failSave: assign({ error: ({ event }) => sentence(event, inboxFailures.save) }),
    showNoteConflict: assign(({ context, event }) => {
      const current = currentLeadOf(event)!;
      return {
        items: context.items.map((row) => (rowId(row) === rowId(current) ? current : row)),
        summary: followNewCount(context.summary, context.tab, openRow(context), current),
        noteConflict: true,
        error: sentence(event, inboxFailures.save),
      };
    }),
    failRetryForward: assign({ error: ({ event }) => sentence(event, inboxFailures.retryForward) }),
    showExported: assign({
      notice: ({ event }) => ((event as unknown as { output: ExportAnswer }).output.truncated ? exportTruncatedNotice : null),
    }),
    failExport: assign({ error: ({ event }) => sentence(event, inboxFailures.export) }),
    keepAction: assign(({ event }) => {
      assertEvent(event, 'inbox.askAction');
      return { action: event.action, error: null, notice: null };
    }),
    dropAction: assign({ action: null }),
    showActed: assign(({ context, event }) => {
      const { row, summary } = (event as unknown as { output: SubscriptionActionAnswer }).output;
      return { items: context.items.map((item) => (rowId(item) === row.id ? row : item)), summary, action: null, error: null };
    }),
    failAction: assign({ action: null, error: ({ event }) => sentence(event, inboxFailures.act) }),
    showMessage: assign({ message: ({ event }) => (event as unknown as { output: MailMessage }).output, error: null }),
    failMessage: assign({ error: ({ event }) => sentence(event, inboxFailures.message) }),
  },
}).createMachine({
  id: 'inbox',
  context: ({ input }) => ({
    tab: input?.tab ?? 'contact',
    query: input?.query ?? '',
    cursors: [null],
    cursorsBefore: [null],
    items: [],
    nextCursor: null,
    summary: null,
    openId: null,
    noteDraft: null,
    noteConflict: false,
    update: null,
    action: null,
    message: null,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadInbox',
        src: 'loadInbox',
        input: ({ context }) => ({ tab: context.tab, q: context.query, cursor: null }),
        onDone: [
          { guard: 'loadedItems', target: 'ready.list', actions: 'showLoaded' },
          { target: 'ready.empty', actions: 'showLoaded' },
        ],
        onError: [...refused, { target: 'failed', actions: 'failLoad' }],
      },
      // A search typed while the list loads is the one that counts: the load starts again with it (the box showed
      // the new words over the old list when it was dropped).
      on: { 'inbox.search': { target: 'loading', reenter: true, actions: 'chooseQuery' } },
    },
    failed: {
      on: { 'inbox.retry': { target: 'loading', actions: 'clearError' } },
    },
    forbidden: { type: 'final' },
    sessionExpired: { type: 'final' },
    ready: {
      // Entered only through its children (list or empty, as the answer says); never on its own.
      initial: 'list',
      states: {
        list: {
          on: {
            'inbox.selectTab': { target: '#inbox.loading', actions: 'chooseTab' },
            'inbox.search': { target: '#inbox.loading', actions: 'chooseQuery' },
            'inbox.older': { guard: 'hasOlder', target: 'paging', actions: 'goOlder' },
            'inbox.newer': { guard: 'hasNewer', target: 'paging', actions: 'goNewer' },
            'inbox.open': [
              { guard: 'opensMail', target: 'detail.reading', actions: 'open' },
              { guard: 'rowExists', target: 'detail', actions: 'open' },
            ],
            'inbox.export': { target: 'exporting', actions: 'clearError' },
          },
        },
        empty: {
          on: {
            'inbox.selectTab': { target: '#inbox.loading', actions: 'chooseTab' },
            'inbox.search': { target: '#inbox.loading', actions: 'chooseQuery' },
            // A page past the newest can be empty when its rows were deleted; Newer leads back.
            'inbox.newer': { guard: 'hasNewer', target: 'paging', actions: 'goNewer' },
          },
        },
        paging: {
          tags: ['busy'],
          on: { 'inbox.search': { target: '#inbox.loading', actions: 'chooseQuery' } },
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ tab: context.tab, q: context.query, cursor: context.cursors.at(-1) ?? null }),
            onDone: [
              { guard: 'pageHasItems', target: 'list', actions: 'showPage' },
              { target: 'empty', actions: 'showPage' },
            ],
            onError: [...refused, { guard: 'hasItems', target: 'list', actions: 'failPage' }, { target: 'empty', actions: 'failPage' }],
          },
        },
        exporting: {
          tags: ['exporting'],
          invoke: {
            id: 'exportCsv',
            src: 'exportCsv',
            input: ({ context }) => ({ tab: context.tab, q: context.query }),
            onDone: { target: 'list', actions: 'showExported' },
            onError: [...refused, { target: 'list', actions: 'failExport' }],
          },
        },
        detail: {
          initial: 'viewing',
          states: {
            viewing: {
              on: {
                'inbox.close': { target: '#inbox.ready.list', actions: 'close' },
                'inbox.changeStatus': { guard: 'isLead', target: 'saving', actions: 'keepStatus' },
                'inbox.saveNote': { guard: 'isLead', target: 'saving', actions: 'keepNote' },
                'inbox.retryForward': { guard: 'canRetryForward', target: 'retryingForward', actions: 'clearError' },
                'inbox.askAction': { guard: 'canTakeAction', target: 'confirming', actions: 'keepAction' },
                'inbox.retry': { guard: 'messageMissing', target: 'reading', actions: 'clearError' },
              },
            },
            // An email's rendered parts are read when it is opened; it can be closed meanwhile.
            reading: {
              on: { 'inbox.close': { target: '#inbox.ready.list', actions: 'close' } },
              invoke: {
                id: 'loadMail',
                src: 'loadMail',
                input: ({ context }) => ({ id: context.openId! }),
                onDone: { target: 'viewing', actions: 'showMessage' },
                onError: [...refused, { target: 'viewing', actions: 'failMessage' }],
              },
            },
            // Every action on a subscription is said in full and confirmed before it is taken.
            confirming: {
              on: {
                'inbox.confirmAction': { target: 'acting' },
                'inbox.cancelAction': { target: 'viewing', actions: 'dropAction' },
              },
            },
            acting: {
              tags: ['busy'],
              invoke: {
                id: 'actOnSubscription',
                src: 'actOnSubscription',
                input: ({ context }) => ({ id: context.openId!, action: context.action! }),
                onDone: { target: 'viewing', actions: 'showActed' },
                onError: [...refused, { target: 'viewing', actions: 'failAction' }],
              },
            },
            saving: {
              tags: ['busy'],
              invoke: {
                id: 'saveLead',
                src: 'saveLead',
                input: ({ context }) => ({ tab: context.tab as LeadTab, id: context.openId!, update: context.update! }),
                onDone: { target: 'viewing', actions: 'replaceRow' },
                onError: [
                  ...refused,
                  { guard: 'noteChangedElsewhere', target: 'viewing', actions: 'showNoteConflict' },
                  { target: 'viewing', actions: 'failSave' },
                ],
              },
            },
            retryingForward: {
              tags: ['busy'],
              invoke: {
                id: 'retryForward',
                src: 'retryForward',
                input: ({ context }) => ({ id: context.openId! }),
                onDone: { target: 'viewing', actions: 'replaceRow' },
                onError: [...refused, { target: 'viewing', actions: 'failRetryForward' }],
              },
            },
          },
        },
      },
    },
  },
});
