import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { canRetryForward, inboxMachine, openRow, type ExportAnswer, type LoadAnswer } from '../../machines/inbox.machine';
import {
  isLeadTab,
  noteChanged,
  subscriptionActionsOf,
  type ContactRow,
  type InboxPage,
  type InboxRow,
  type InboxSummary,
  type LeadStatus,
  type MailMessage,
  type MailRow,
  type StaffSubscriptionRow,
  type SubscriptionAction,
  type SubscriptionActionAnswer,
} from '../../src/domain/admin';
import { ApiError } from '../../src/lib/http';
import { deliveredContact, failedContact, inboxSummary, olderContact, paidOrder } from '../fixtures/inbox';
import { modelOf } from './testable';

/** The inbox's test model: what the server answers, the events each state offers, and what tells states apart. */

export type Snapshot = SnapshotFrom<typeof inboxMachine>;

// ---- what the server answers in the model ------------------------------------------------------------------------

/** A subscription whose client asked for a pause, and a quiet one: the Subscriptions tab's order puts the first first. */
export const askingSubscription: StaffSubscriptionRow = {
  id: 'sub_RaoStores0001',
  createdAt: '2025-02-03T08:45:00.000Z',
  mode: 'sandbox',
  plan: 'launchpad',
  monthlyPaise: 250_000,
  status: 'active',
  state: 'active',
  paidCount: 2,
  customerUid: 'uid-asha',
  customerEmail: 'asha@raostores.in',
  customerName: 'Asha Rao',
  businessName: 'Rao Stores',
  paidThrough: '2025-04-02T18:30:00.000Z',
  nextChargeAt: '2025-04-02T18:30:00.000Z',
  endsAt: null,
  pauseAt: null,
  scheduledPlan: null,
  openRequests: 1,
  requests: [
    {
      id: '6f1c2a8e-0d4b-4c55-9a51-2f0e7c1d9b11',
      kind: 'pause',
      plan: null,
      status: 'open',
      createdAt: '2025-03-01T09:00:00.000Z',
      resolvedAt: null,
    },
  ],
  invoices: [
    {
      id: 'inv_RaoStores0001',
      amountPaise: 1_250_000,
      status: 'paid',
      periodStart: '2025-02-02T18:30:00.000Z',
      periodEnd: '2025-03-02T18:30:00.000Z',
      paidAt: '2025-02-03T08:46:00.000Z',
    },
    {
      id: 'inv_RaoStores0002',
      amountPaise: 250_000,
      status: 'paid',
      periodStart: '2025-03-02T18:30:00.000Z',
      periodEnd: '2025-04-02T18:30:00.000Z',
      paidAt: '2025-03-02T18:31:00.000Z',
    },
  ],
};
export const quietSubscription: StaffSubscriptionRow = {
  ...askingSubscription,
  id: 'sub_IyerKirana0001',
  plan: 'growth-engine',
  monthlyPaise: 450_000,
  customerEmail: 'meera@kiranastore.in',
  customerName: 'Meera Iyer',
  businessName: 'Iyer Kirana',
  paidCount: 1,
  openRequests: 0,
  requests: [],
  invoices: [],
};

/** Outgoing mail on a server without SMTP_URL (kept), one the mail server refused, and an older one that went out. */
export const keptMail: MailRow = {
  id: '42',
  createdAt: '2025-03-03T08:45:02.000Z',
  to: 'asha@raostores.in',
  subject: 'We have your message — GrowthPath',
  kind: 'prospect.contactReceived',
  status: 'kept',
  lastError: null,
  sentAt: null,
};
export const refusedMail: MailRow = {
  ...keptMail,
  id: '41',
  createdAt: '2025-03-02T11:10:01.000Z',
  to: 'vikram@shahdental',
  status: 'refused',
  lastError: '550 5.1.1 <vikram@shahdental>: Recipient address rejected',
};
export const sentMail: MailRow = {
  ...keptMail,
  id: '40',
  createdAt: '2025-02-20T09:00:01.000Z',
  to: 'leads@growthpath.in',
  subject: 'New contact message: Meera Iyer',
  kind: 'staff.contact',
  status: 'sent',
  sentAt: '2025-02-20T09:00:04.000Z',
};

/** What GET /api/admin/mail/:id answers for a listed email: the row with its rendered parts (the kept one a PDF too). */
export function messageOf(row: MailRow): MailMessage {
  return {
    ...row,
    html: `<!DOCTYPE html><html><body><p>Hello from GrowthPath to ${row.to}</p></body></html>`,
    text: `Hello from GrowthPath to ${row.to}\n\n— The GrowthPath team`,
    attachments:
      row.status === 'kept' ? [{ filename: 'GrowthPath plan for Rao Stores.pdf', contentType: 'application/pdf', bytes: 86_234 }] : [],
  };
}

export const firstPages: Record<ModelTab, InboxPage> = {
  contact: { items: [failedContact, deliveredContact], nextCursor: 'p2' },
  orders: { items: [paidOrder], nextCursor: 'p2' },
  subscriptions: { items: [askingSubscription, quietSubscription], nextCursor: null },
  mail: { items: [keptMail, refusedMail], nextCursor: 'p2' },
};
export const secondPages: Record<ModelTab, InboxPage> = {
  contact: { items: [olderContact], nextCursor: null },
  orders: {
    items: [{ ...paidOrder, id: 'ord_0', status: 'failed', gatewayPaymentId: null, paidAt: null, fulfilledAt: null, fulfilledBy: null }],
    nextCursor: null,
  },
  subscriptions: { items: [], nextCursor: null },
  mail: { items: [sentMail], nextCursor: null },
};
export const emptyPage: InboxPage = { items: [], nextCursor: null };

/** The badges with monthly billing's figures, as a server sends them. */
export const modelSummary: InboxSummary = {
  ...inboxSummary,
  subscriptions: { mrrPaise: 700_000, active: 2, paused: 0, dunning: 0, cancelledThisMonth: 1, requestsWaiting: 1 },
};

export const refusals = {
  unauthorised: new ApiError(401, 'unauthorized', 'Sign in again.'),
  forbidden: new ApiError(403, 'not_staff', 'This account is not staff.'),
  unavailable: new ApiError(503, 'database_unavailable', 'The database is not available right now.'),
};
export const refusalEvents = (id: string) => Object.values(refusals).map((error) => ({ type: `xstate.error.actor.${id}`, error }));

type ModelTab = 'contact' | 'orders' | 'subscriptions' | 'mail';
const modelTabs: ModelTab[] = ['contact', 'orders', 'subscriptions', 'mail'];
export const tabOf = (snapshot: Snapshot) => snapshot.context.tab as ModelTab;
export const pageFor = (snapshot: Snapshot) => (snapshot.context.cursors.at(-1) === null ? firstPages : secondPages)[tabOf(snapshot)];

/** A status the open lead does not have yet, so the select really changes (new <-> contacted). */
export const otherStatus = (row: InboxRow | null): LeadStatus => (row && 'staffNote' in row && row.status === 'new' ? 'contacted' : 'new');
export const NOTE = 'Called back, sending a proposal.';
/** The note another member of staff saves while the model's is being written. */
export const THEIR_NOTE = 'Priya: wants a callback on Friday.';

/** The server's 409 for a note written over one another member of staff changed meanwhile, with the lead as it is. */
export function noteChangedRefusal(snapshot: Snapshot): ApiError {
  const current = { ...openRow(snapshot.context)!, staffNote: THEIR_NOTE, statusChangedAt: '2025-03-04T09:00:00.000Z' };
  return new ApiError(409, noteChanged.code, noteChanged.message, { current });
}

/** What the server answers to the change being saved, and to a retried forward (delivered on the spot). */
export function savedRow(snapshot: Snapshot): InboxRow {
  const row = openRow(snapshot.context)!;
  return { ...row, ...snapshot.context.update, statusChangedAt: '2025-03-04T10:00:00.000Z' } as InboxRow;
}
/** The action the open subscription's view offers first: on the asking one, pause, then (paused) keep running. */
export function firstAction(row: InboxRow | null): SubscriptionAction | null {
  if (!row || !('invoices' in row)) return null;
  const [kind] = subscriptionActionsOf(row);
  return kind === undefined || kind === 'change_plan' ? null : ({ kind } as SubscriptionAction);
}

/** What the server answers to the action taken: the subscription as it now stands, and the moved figures. */
export function actedAnswer(snapshot: Snapshot): SubscriptionActionAnswer {
  const row = openRow(snapshot.context) as StaffSubscriptionRow;
  const pausing = snapshot.context.action?.kind === 'pause';
  const requests = row.requests.map((request) =>
    pausing && request.kind === 'pause' ? { ...request, status: 'done' as const, resolvedAt: '2025-03-04T10:00:00.000Z' } : request,
  );
  const updated = {
    ...row,
    pauseAt: pausing ? row.paidThrough : null,
    nextChargeAt: pausing ? null : row.paidThrough,
    requests,
    openRequests: requests.filter((r) => r.status === 'open').length,
  };
  return { row: updated, summary: modelSummary };
}
export const gatewayRefusal = new ApiError(
  409,
  'gateway_refused',
  'The payment provider refused: Subscription cannot be updated in pending status',
);

export function retriedRow(snapshot: Snapshot): ContactRow {
  const row = openRow(snapshot.context) as ContactRow;
  return {
    ...row,
    forwarding: { ...row.forwarding, state: 'delivered', attempts: row.forwarding.attempts + 1, deliveredAt: '2025-03-04T10:00:00.000Z' },
  };
}

/** The events the view and the effects can cause in each state, with the payloads that matter. */
export function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  const { context } = snapshot;
  // A search typed while a list loads, with the same words as from the list.
  const searchMeanwhile: AnyEventObject[] = [{ type: 'inbox.search', query: context.tab === 'contact' && !context.query ? 'asha' : '' }];
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadInbox', output: { summary: modelSummary, page: firstPages[tabOf(snapshot)] } satisfies LoadAnswer },
      { type: 'xstate.done.actor.loadInbox', output: { summary: modelSummary, page: emptyPage } satisfies LoadAnswer },
      ...refusalEvents('loadInbox'),
      ...searchMeanwhile,
    ];
  }
  if (snapshot.matches('failed')) return [{ type: 'inbox.retry' }];
  const browse: AnyEventObject[] = [
    ...modelTabs.filter((tab) => tab !== context.tab).map((tab) => ({ type: 'inbox.selectTab', tab })),
    // Searching works alike on every tab: the model searches for a name on the contact tab only (elsewhere it submits
    // an empty search), which keeps it small. (xstate/graph sends an event the list leaves out without its payload.)
    { type: 'inbox.search', query: context.tab === 'contact' && !context.query ? 'asha' : '' },
    { type: 'inbox.newer' },
  ];
  if (snapshot.matches({ ready: 'list' })) {
    return [
      ...browse,
      { type: 'inbox.older' },
      { type: 'inbox.open', id: 'id' in context.items[0]! ? context.items[0].id : '' },
      { type: 'inbox.export' },
    ];
  }
  if (snapshot.matches({ ready: 'empty' })) return browse;
  if (snapshot.matches({ ready: 'paging' })) {
    return [
      { type: 'xstate.done.actor.loadPage', output: pageFor(snapshot) },
      { type: 'xstate.done.actor.loadPage', output: emptyPage },
      ...refusalEvents('loadPage'),
      ...searchMeanwhile,
    ];
  }
  if (snapshot.matches({ ready: 'exporting' })) {
    return [
      { type: 'xstate.done.actor.exportCsv', output: { truncated: false } satisfies ExportAnswer },
      { type: 'xstate.done.actor.exportCsv', output: { truncated: true } satisfies ExportAnswer },
      ...refusalEvents('exportCsv'),
    ];
  }
  if (snapshot.matches({ ready: { detail: 'viewing' } })) {
    const row = openRow(context);
    return [
      { type: 'inbox.close' },
      ...(isLeadTab(context.tab)
        ? [
            { type: 'inbox.changeStatus', status: otherStatus(row) },
            { type: 'inbox.saveNote', note: NOTE },
          ]
        : []),
      ...(canRetryForward(row) ? [{ type: 'inbox.retryForward' }] : []),
      ...(firstAction(row) ? [{ type: 'inbox.askAction', action: firstAction(row) }] : []),
      // An email whose rendered parts could not be read offers Try again.
      ...(context.tab === 'mail' && !context.message ? [{ type: 'inbox.retry' }] : []),
    ];
  }
  if (snapshot.matches({ ready: { detail: 'reading' } })) {
    return [
      { type: 'xstate.done.actor.loadMail', output: messageOf(openRow(context) as MailRow) },
      ...refusalEvents('loadMail'),
      { type: 'inbox.close' },
    ];
  }
  if (snapshot.matches({ ready: { detail: 'confirming' } })) return [{ type: 'inbox.confirmAction' }, { type: 'inbox.cancelAction' }];
  if (snapshot.matches({ ready: { detail: 'acting' } })) {
    return [
      { type: 'xstate.done.actor.actOnSubscription', output: actedAnswer(snapshot) },
      ...refusalEvents('actOnSubscription'),
      { type: 'xstate.error.actor.actOnSubscription', error: gatewayRefusal },
    ];
  }
  if (snapshot.matches({ ready: { detail: 'saving' } })) {
    const conflict =
      context.update && 'staffNote' in context.update ? [{ type: 'xstate.error.actor.saveLead', error: noteChangedRefusal(snapshot) }] : [];
    return [{ type: 'xstate.done.actor.saveLead', output: savedRow(snapshot) }, ...refusalEvents('saveLead'), ...conflict];
  }
  if (snapshot.matches({ ready: { detail: 'retryingForward' } })) {
    return [{ type: 'xstate.done.actor.retryForward', output: retriedRow(snapshot) }, ...refusalEvents('retryForward')];
  }
  return [];
}

/**
 * The state and the part of the context that changes behaviour or the view. The badge counts are left out: they drift
 * without end as a lead is toggled, the page left and the lead reloaded, and the checks compare them exactly anyway.
 */
export const serializeState = (snapshot: Snapshot) => {
  const { context } = snapshot;
  const row = openRow(context);
  const detail = snapshot.matches({ ready: 'detail' });
  return JSON.stringify({
    value: snapshot.value,
    tab: context.tab,
    // Browsing: where the list is. In the detail view: the open lead's status and forwarding, a kept note, an error.
    ...(detail
      ? {
          row:
            row && 'forwarding' in row
              ? [row.status, row.forwarding.state, row.staffNote === THEIR_NOTE]
              : row && 'invoices' in row
                ? [row.status, row.pauseAt !== null, row.openRequests]
                : null,
          action: context.action?.kind ?? null,
          message: context.message !== null,
          draft: context.noteDraft !== null,
          conflict: context.noteConflict,
          error: context.error !== null,
        }
      : { query: context.query, page: context.cursors.length, rows: context.items.length > 0 }),
  });
};

export const model = createTestModel(modelOf(inboxMachine), { events: eventsFor as never, serializeState });
