import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { createActor, fromPromise, waitFor as waitForActor, type AnyEventObject } from 'xstate';
import {
  canRetryForward,
  exportTruncatedNotice,
  inboxMachine,
  openRow,
  type ActRequest,
  type ExportAnswer,
  type ExportRequest,
  type InboxEvent,
  type LoadAnswer,
  type LoadRequest,
  type SaveRequest,
} from '../../machines/inbox.machine';
import {
  inboxTabLabels,
  leadStatusLabels,
  noteChanged,
  subscriptionActionsOf,
  tabOrders,
  type ContactRow,
  type InboxPage,
  type InboxRow,
  type MailMessage,
  type MailRow,
  type StaffSubscriptionRow,
  type SubscriptionActionAnswer,
} from '../../src/domain/admin';
import type { ApiError } from '../../src/lib/http';
import { InboxActor } from '../../src/features/admin/inboxActor';
import { InboxScreen } from '../../src/features/admin/InboxScreen';
import { emptyLines, nothingMatches } from '../../src/features/admin/columns';
import { forwardingBadge } from '../../src/features/admin/format';
import { searchLabels } from '../../src/features/admin/InboxHeader';
import { attachmentLine, mailBadge, mailStanding } from '../../src/features/admin/mailWords';
import { actionButton, confirmationOf, formatPaise, subscriptionBadge } from '../../src/features/admin/subscriptionWords';
import { authStoreAt } from '../authSnapshots';
import { renderWithApp } from '../render';
import { expectFullCoverage } from './coverage';
import { coveringPaths } from './paths';
import { firstPages, model, noteChangedRefusal, secondPages, serializeState, THEIR_NOTE, type Snapshot } from './inboxModel';
import { inboxSummary } from '../fixtures/inbox';

type ModelStep = { event: AnyEventObject; state?: Snapshot };

const paths = coveringPaths(model, inboxMachine, serializeState);

// ---- fake effects ------------------------------------------------------------------------------------------------

type Settle<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };

function fakeEffects() {
  const pending: Record<string, Settle<unknown> | null> = {};
  const record = {
    loads: [] as LoadRequest[],
    pages: [] as LoadRequest[],
    saves: [] as SaveRequest[],
    retries: [] as string[],
    exports: [] as ExportRequest[],
    acts: [] as ActRequest[],
    mails: [] as string[],
  };
  const waiting = <T,>(id: string) =>
    new Promise<T>((resolve, reject) => (pending[id] = { resolve: resolve as (value: unknown) => void, reject }));
  const logic = inboxMachine.provide({
    actors: {
      loadInbox: fromPromise(({ input }) => (record.loads.push(input), waiting<LoadAnswer>('loadInbox'))),
      loadPage: fromPromise(({ input }) => (record.pages.push(input), waiting<InboxPage>('loadPage'))),
      saveLead: fromPromise(({ input }) => (record.saves.push(input), waiting<InboxRow>('saveLead'))),
      retryForward: fromPromise(({ input }) => (record.retries.push(input.id), waiting<ContactRow>('retryForward'))),
      exportCsv: fromPromise(({ input }) => (record.exports.push(input), waiting<ExportAnswer>('exportCsv'))),
      actOnSubscription: fromPromise(({ input }) => (record.acts.push(input), waiting<SubscriptionActionAnswer>('actOnSubscription'))),
      loadMail: fromPromise(({ input }) => (record.mails.push(input.id), waiting<MailMessage>('loadMail'))),
    },
  });
  /** Settles the effect the model event names, as its done or error event says. */
  const settle = (event: AnyEventObject) => {
    const [, kind, , id] = event.type.split('.') as [string, 'done' | 'error', string, string];
    const settler = pending[id]!;
    pending[id] = null;
    if (kind === 'done') settler.resolve(event.output);
    else settler.reject(event.error);
  };
  return { logic, record, settle };
}

/** The inbox screen on fake effects, for a signed-in member of staff. */
function renderInbox() {
  const fake = fakeEffects();
  const { user } = renderWithApp(
    <InboxActor.Provider logic={fake.logic}>
      <InboxScreen />
    </InboxActor.Provider>,
    { auth: authStoreAt('signedIn') },
  );
  return { fake, user };
}

const nameOf = (path: (typeof paths)[number]) =>
  `${JSON.stringify(path.state.value)} via ${path.steps
    .map(({ event }) => event as AnyEventObject)
    .filter((event) => event.type !== 'xstate.init')
    .map(
      (event) =>
        event.type.replace(/^xstate\.(done|error)\.actor\./, (_, kind: string) => `${kind}:`) +
        (event.type.includes('error') ? `(${(event.error as ApiError).status})` : ''),
    )
    .join(' → ')}`;

const settledEvents = ['loadInbox', 'loadPage', 'saveLead', 'retryForward', 'exportCsv', 'actOnSubscription', 'loadMail'].flatMap((id) => [
  `xstate.done.actor.${id}`,
  `xstate.error.actor.${id}`,
]);
const userEvents: InboxEvent['type'][] = [
  'inbox.selectTab',
  'inbox.search',
  'inbox.older',
  'inbox.newer',
  'inbox.open',
  'inbox.close',
  'inbox.changeStatus',
  'inbox.saveNote',
  'inbox.retryForward',
  'inbox.export',
  'inbox.retry',
  'inbox.askAction',
  'inbox.confirmAction',
  'inbox.cancelAction',
];

describe('inbox machine: model-based paths', () => {
  it('generates paths and they reach every state and every transition', () => {
    expectFullCoverage('inbox', inboxMachine, paths);
  });

  describe('on the actor', () => {
    for (const path of paths) {
      it(nameOf(path), async () => {
        const fake = fakeEffects();
        const actor = createActor(fake.logic, { input: undefined }).start();
        const matchesModel = (expected: Snapshot) => {
          const actual = actor.getSnapshot();
          expect(actual.value).toEqual(expected.value);
          expect(actual.context).toEqual(expected.context);
          expect(actual.hasTag('busy')).toBe(expected.hasTag('busy'));
        };
        const events = Object.fromEntries([
          ...userEvents.map((type) => [type, ({ event }: ModelStep) => void actor.send(event as InboxEvent)]),
          ...settledEvents.map((type) => [
            type,
            async ({ event }: ModelStep) => {
              const before = actor.getSnapshot().value;
              fake.settle(event);
              await waitForActor(actor, (snapshot) => JSON.stringify(snapshot.value) !== JSON.stringify(before));
            },
          ]),
        ]);
        await path.test({
          events: events as never,
          states: {
            loading: (expected: Snapshot) => {
              matchesModel(expected);
              expect(fake.record.loads.at(-1)).toEqual({ tab: expected.context.tab, q: expected.context.query, cursor: null });
            },
            failed: matchesModel,
            forbidden: matchesModel,
            sessionExpired: matchesModel,
            'ready.list': matchesModel,
            'ready.empty': matchesModel,
            'ready.paging': (expected: Snapshot) => {
              matchesModel(expected);
              expect(fake.record.pages.at(-1)).toEqual({
                tab: expected.context.tab,
                q: expected.context.query,
                cursor: expected.context.cursors.at(-1),
              });
            },
            'ready.exporting': (expected: Snapshot) => {
              matchesModel(expected);
              expect(fake.record.exports.at(-1)).toEqual({ tab: expected.context.tab, q: expected.context.query });
            },
            'ready.detail.viewing': matchesModel,
            'ready.detail.saving': (expected: Snapshot) => {
              matchesModel(expected);
              expect(fake.record.saves.at(-1)).toEqual({
                tab: expected.context.tab,
                id: expected.context.openId,
                update: expected.context.update,
              });
            },
            'ready.detail.retryingForward': (expected: Snapshot) => {
              matchesModel(expected);
              expect(fake.record.retries.at(-1)).toBe(expected.context.openId);
            },
            'ready.detail.confirming': matchesModel,
            'ready.detail.acting': (expected: Snapshot) => {
              matchesModel(expected);
              expect(fake.record.acts.at(-1)).toEqual({ id: expected.context.openId, action: expected.context.action });
            },
            'ready.detail.reading': (expected: Snapshot) => {
              matchesModel(expected);
              expect(fake.record.mails.at(-1)).toBe(expected.context.openId);
            },
          } as never,
        });
        actor.stop();
      });
    }
  });

  describe('on the rendered inbox (phone layout)', () => {
    for (const path of paths) {
      it(nameOf(path), async () => {
        const { fake, user } = renderInbox();
        const dialog = () => screen.getByRole('dialog');
        const tabButton = (tab: string) => screen.getByRole('button', { name: new RegExp(`^${tab}`) });

        /** The list, the tabs with their badge, the page number and the buttons the state allows. */
        const browsing = (expected: Snapshot) => {
          const { context } = expected;
          expect(tabButton(inboxTabLabels[context.tab])).toHaveAttribute('aria-current', 'true');
          const badge = context.summary!.newLeads.contact;
          expect(tabButton('Contact messages')).toHaveAccessibleName(badge > 0 ? `Contact messages ${badge} new` : 'Contact messages');
          const search = searchLabels[context.tab === 'mail' ? 'mail' : 'people'].label;
          expect(screen.getByRole('searchbox', { name: search })).toHaveValue(context.query);
          for (const [name, type] of [
            ['Newer', 'inbox.newer'],
            ['Older', 'inbox.older'],
          ] as const) {
            const button = screen.getByRole('button', { name });
            expect(button).toHaveAttribute('aria-disabled', String(!expected.can({ type })));
            expect(button).toHaveProperty('disabled', false); // still focusable: a disabled button drops the focus
          }
          if (!expected.matches({ ready: 'paging' })) expect(screen.getByText(`Page ${context.cursors.length}`)).toBeInTheDocument();
          if (context.error && !expected.matches({ ready: 'detail' })) expect(screen.getByRole('alert')).toHaveTextContent(context.error);
          if (context.notice) expect(screen.getByText(exportTruncatedNotice)).toBeInTheDocument();
          // Monthly billing's figures head the Subscriptions tab, and only it.
          const figures = screen.queryByLabelText('Subscriptions at a glance');
          if (context.tab === 'subscriptions')
            expect(figures).toHaveTextContent(`Monthly recurring revenue${formatPaise(context.summary!.subscriptions!.mrrPaise)}`);
          else expect(figures).toBeNull();
        };
        const listShown = (expected: Snapshot) => {
          browsing(expected);
          const cards = within(
            screen.getByRole('list', { name: `${inboxTabLabels[expected.context.tab]}, ${tabOrders[expected.context.tab]}` }),
          ).getAllByRole('listitem');
          expect(cards).toHaveLength(expected.context.items.length);
          for (const [index, row] of expected.context.items.entries()) {
            if ('forwarding' in row) {
              expect(cards[index]).toHaveTextContent(row.name);
              expect(cards[index]).toHaveTextContent(forwardingBadge(row).text);
              expect(cards[index]).toHaveTextContent(leadStatusLabels[row.status]);
            } else if ('gatewayOrderId' in row) {
              expect(cards[index]).toHaveTextContent(row.gatewayOrderId);
            } else if ('invoices' in row) {
              expect(cards[index]).toHaveTextContent(row.businessName!);
              expect(cards[index]).toHaveTextContent(subscriptionBadge(row).text);
            } else if ('kind' in row) {
              expect(cards[index]).toHaveTextContent(row.subject);
              expect(cards[index]).toHaveTextContent(row.to);
              expect(cards[index]).toHaveTextContent(mailBadge(row).text);
            }
          }
        };
        const detailShown = (expected: Snapshot) => {
          const row = openRow(expected.context)!;
          const title =
            'invoices' in row
              ? row.businessName
              : 'kind' in row
                ? row.subject
                : 'name' in row && typeof row.name === 'string'
                  ? row.name
                  : 'Growth Engine order';
          expect(dialog()).toHaveAccessibleName(title);
          if (expected.context.error) expect(within(dialog()).getByRole('alert')).toHaveTextContent(expected.context.error);
          else expect(within(dialog()).queryByRole('alert')).toBeNull();
          if ('forwarding' in row) {
            expect(within(dialog()).getByLabelText('Status')).toHaveValue(row.status);
            expect(within(dialog()).getByLabelText('Staff note')).toHaveValue(expected.context.noteDraft ?? row.staffNote);
            // Refused as written over another's note: theirs is shown above the kept draft until a note is saved.
            const theirs = within(dialog()).queryByRole('region', { name: 'Saved meanwhile by another member of staff' });
            if (expected.context.noteConflict) expect(theirs).toHaveTextContent(row.staffNote);
            else expect(theirs).toBeNull();
            expect(within(dialog()).getByText(row.message)).toBeInTheDocument();
            const retry = within(dialog()).queryByRole('button', { name: /Retry/ });
            if (canRetryForward(row)) expect(retry).not.toBeNull();
            else expect(retry).toBeNull();
          } else {
            expect(within(dialog()).queryByLabelText('Status')).toBeNull();
          }
          if ('invoices' in row) subscriptionShown(expected, row);
          if ('kind' in row) mailShown(expected, row);
        };
        /** The envelope and its standing; once read, the HTML in a sandboxed frame and the plain text; else Try again. */
        const mailShown = (expected: Snapshot, row: MailRow) => {
          expect(dialog()).toHaveTextContent(row.to);
          expect(dialog()).toHaveTextContent(mailBadge(row).text);
          expect(dialog()).toHaveTextContent(mailStanding(row));
          const frame = within(dialog()).queryByTitle(`The email to ${row.to}`);
          const { message } = expected.context;
          const retry = within(dialog()).queryByRole('button', { name: 'Try again' });
          if (message) {
            expect(frame!.tagName).toBe('IFRAME');
            // No scripts, no same-origin: the email can neither run code nor reach this page.
            expect(frame).toHaveAttribute('sandbox', '');
            expect(frame).toHaveAttribute('srcdoc', message.html);
            for (const file of message.attachments) expect(dialog()).toHaveTextContent(attachmentLine(file));
            expect(within(dialog()).getByText('Show the plain text').closest('details')).toHaveTextContent(
              message.text.replace(/\s+/g, ' '),
            );
            expect(retry).toBeNull();
          } else {
            expect(frame).toBeNull();
            if (expected.matches({ ready: { detail: 'reading' } })) expect(retry).toBeNull();
            else expect(retry).toBeEnabled();
          }
        };
        /** The subscription's standing, and either the actions it allows or the one asked for, said in full. */
        const subscriptionShown = (expected: Snapshot, row: StaffSubscriptionRow) => {
          expect(within(dialog()).getByText(subscriptionBadge(row).text)).toBeInTheDocument();
          const { action } = expected.context;
          if (action) {
            const { question, yes } = confirmationOf(action, row);
            expect(within(dialog()).getByRole('heading', { name: question })).toBeInTheDocument();
            expect(
              within(dialog()).getByRole('button', { name: expected.matches({ ready: { detail: 'acting' } }) ? 'Working…' : yes }),
            ).toBeInTheDocument();
            expect(within(dialog()).queryByRole('button', { name: actionButton('cancel_now', row) })).toBeNull();
            return;
          }
          for (const kind of subscriptionActionsOf(row)) {
            expect(within(dialog()).getByRole('button', { name: actionButton(kind, row) })).toBeEnabled();
          }
          expect(within(dialog()).queryAllByRole('button', { name: /^Decline: / })).toHaveLength(row.openRequests);
        };

        const clickUserEvent = async ({ event, state }: ModelStep) => {
          const sent = event as InboxEvent;
          switch (sent.type) {
            case 'inbox.selectTab':
              return user.click(tabButton(inboxTabLabels[sent.tab]));
            case 'inbox.search': {
              if (!sent.query) {
                // Clear search when there are words to clear; otherwise an empty search, submitted from the box.
                const clear = screen.queryByRole('button', { name: 'Clear search' });
                if (clear) return user.click(clear);
                await user.clear(screen.getByRole('searchbox'));
                return user.type(screen.getByRole('searchbox'), '{Enter}');
              }
              const box = screen.getByRole('searchbox');
              await user.clear(box);
              return user.type(box, `${sent.query}{Enter}`);
            }
            case 'inbox.older':
              return user.click(screen.getByRole('button', { name: 'Older' }));
            case 'inbox.newer': {
              // On the first page Newer is aria-disabled: the click does nothing, as the event does in the model.
              return user.click(screen.getByRole('button', { name: 'Newer' }));
            }
            case 'inbox.open': {
              const first = within(screen.getByRole('list', { name: /, (newest first|failed charges first)/ })).getAllByRole(
                'listitem',
              )[0]!;
              return user.click(within(first).getByRole('button'));
            }
            case 'inbox.close':
              return user.keyboard('{Escape}');
            case 'inbox.changeStatus':
              return user.selectOptions(within(dialog()).getByLabelText('Status'), sent.status);
            case 'inbox.saveNote': {
              const note = within(dialog()).getByLabelText('Staff note');
              await user.clear(note);
              await user.type(note, sent.note);
              return user.click(within(dialog()).getByRole('button', { name: 'Save note' }));
            }
            case 'inbox.retryForward':
              return user.click(within(dialog()).getByRole('button', { name: 'Retry forwarding' }));
            case 'inbox.export':
              return user.click(screen.getByRole('button', { name: 'Export CSV' }));
            case 'inbox.retry':
              return user.click(screen.getByRole('button', { name: 'Try again' }));
            case 'inbox.askAction': {
              // The step's state is the one the event leads to: the same open row.
              const row = openRow(state!.context) as StaffSubscriptionRow;
              return user.click(within(dialog()).getByRole('button', { name: actionButton(sent.action.kind, row) }));
            }
            case 'inbox.confirmAction':
              return user.click(within(dialog()).getByRole('button', { name: /^Yes, / }));
            case 'inbox.cancelAction':
              return user.click(within(dialog()).getByRole('button', { name: 'Keep as is' }));
          }
        };
        const events = Object.fromEntries([
          ...userEvents.map((type) => [type, clickUserEvent]),
          ...settledEvents.map((type) => [type, async ({ event }: ModelStep) => act(async () => fake.settle(event))]),
        ]);

        await path.test({
          events: events as never,
          states: {
            loading: () => {
              expect(screen.getByRole('status')).toHaveTextContent('Loading the inbox…');
            },
            failed: (expected: Snapshot) => {
              expect(screen.getByRole('alert')).toHaveTextContent(expected.context.error!);
              expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
            },
            forbidden: () => {
              expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This page is for GrowthPath staff.');
              expect(screen.getByText(/sign out and sign in again/)).toBeInTheDocument();
              expect(screen.getByRole('button', { name: 'Sign out' })).toBeEnabled();
              expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
              expect(screen.queryByRole('navigation', { name: 'Inbox sections' })).toBeNull();
            },
            sessionExpired: () => {
              expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your session has ended.');
              // Signing out is what lets /admin send staff to sign in and back (a held session would bounce off /signin).
              expect(screen.getByRole('button', { name: 'Sign in again' })).toBeEnabled();
            },
            'ready.list': (expected: Snapshot) => {
              listShown(expected);
              expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveAttribute('aria-disabled', 'false');
              expect(screen.queryByRole('dialog')).toBeNull();
            },
            'ready.empty': (expected: Snapshot) => {
              browsing(expected);
              const line = expected.context.query ? nothingMatches(expected.context.query) : emptyLines[expected.context.tab];
              expect(screen.getByText(line)).toBeInTheDocument();
              expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveAttribute('aria-disabled', 'true');
            },
            'ready.paging': (expected: Snapshot) => {
              browsing(expected);
              expect(screen.getByText('Loading page…')).toBeInTheDocument();
              expect(screen.getByRole('button', { name: 'Older' })).toHaveAttribute('aria-disabled', 'true');
            },
            'ready.exporting': (expected: Snapshot) => {
              listShown(expected);
              expect(screen.getByRole('button', { name: 'Exporting…' })).toHaveAttribute('aria-disabled', 'true');
            },
            'ready.detail.viewing': (expected: Snapshot) => {
              detailShown(expected);
              expect(within(dialog()).getByRole('button', { name: 'Close' })).toBeEnabled();
              expect(dialog().contains(document.activeElement)).toBe(true);
            },
            'ready.detail.saving': (expected: Snapshot) => {
              detailShown(expected);
              expect(within(dialog()).getByRole('status')).toHaveTextContent('Saving…');
              expect(within(dialog()).getByRole('button', { name: 'Save note' })).toBeDisabled();
              // Announced as unavailable but still focusable: a keyboard user changing it keeps their place.
              expect(within(dialog()).getByLabelText('Status')).toHaveAttribute('aria-disabled', 'true');
              expect(within(dialog()).getByLabelText('Status')).toBeEnabled();
            },
            'ready.detail.retryingForward': (expected: Snapshot) => {
              detailShown(expected);
              expect(within(dialog()).getByRole('status')).toHaveTextContent('Retrying forwarding…');
              expect(within(dialog()).getByRole('button', { name: 'Retrying…' })).toBeDisabled();
            },
            'ready.detail.confirming': (expected: Snapshot) => {
              detailShown(expected);
              // The question is read first: focus is on it, and Keep as is backs out.
              expect(document.activeElement).toHaveAccessibleName(
                confirmationOf(expected.context.action!, openRow(expected.context) as StaffSubscriptionRow).question,
              );
              expect(within(dialog()).getByRole('button', { name: 'Keep as is' })).toBeEnabled();
            },
            'ready.detail.reading': (expected: Snapshot) => {
              detailShown(expected);
              expect(within(dialog()).getByRole('status')).toHaveTextContent('Loading the email…');
              // Reading an email can be left at once: Close and Escape stay available.
              expect(within(dialog()).getByRole('button', { name: 'Close' })).toBeEnabled();
            },
            'ready.detail.acting': (expected: Snapshot) => {
              detailShown(expected);
              expect(within(dialog()).getByRole('status')).toHaveTextContent('Changing the subscription…');
              expect(within(dialog()).getByRole('button', { name: 'Working…' })).toBeDisabled();
              expect(within(dialog()).getByRole('button', { name: 'Close' })).toBeDisabled();
            },
          } as never,
        });
      });
    }
  });
});

describe('a note another member of staff saved meanwhile', () => {
  it('is not overwritten: each save names the note it was written over, and the retry names theirs', async () => {
    const fake = fakeEffects();
    const actor = createActor(fake.logic, { input: undefined }).start();
    const settled = async (event: AnyEventObject) => {
      const before = JSON.stringify(actor.getSnapshot().value);
      fake.settle(event);
      await waitForActor(actor, (snapshot) => JSON.stringify(snapshot.value) !== before);
    };
    await settled({ type: 'xstate.done.actor.loadInbox', output: { summary: inboxSummary, page: firstPages.contact } });
    const lead = firstPages.contact.items[0] as ContactRow;
    actor.send({ type: 'inbox.open', id: lead.id });
    actor.send({ type: 'inbox.saveNote', note: 'Sent the proposal.' });
    expect(fake.record.saves.at(-1)!.update).toEqual({ staffNote: 'Sent the proposal.', staffNoteBefore: lead.staffNote });
    await settled({ type: 'xstate.error.actor.saveLead', error: noteChangedRefusal(actor.getSnapshot()) });
    expect(actor.getSnapshot().context).toMatchObject({ noteConflict: true, noteDraft: 'Sent the proposal.' });
    expect((openRow(actor.getSnapshot().context) as ContactRow).staffNote).toBe(THEIR_NOTE);
    actor.send({ type: 'inbox.saveNote', note: `${THEIR_NOTE} Sent the proposal.` });
    expect(fake.record.saves.at(-1)!.update).toEqual({ staffNote: `${THEIR_NOTE} Sent the proposal.`, staffNoteBefore: THEIR_NOTE });
    actor.stop();
  });
});

describe('a note being typed while the status is saved', () => {
  it('survives the save, and a note someone else saved meanwhile is shown beside it instead of replacing it', async () => {
    const { fake, user } = renderInbox();
    await act(async () =>
      fake.settle({ type: 'xstate.done.actor.loadInbox', output: { summary: inboxSummary, page: firstPages.contact } }),
    );
    const lead = firstPages.contact.items[0] as ContactRow;
    await user.click(within(within(screen.getByRole('list', { name: /newest first$/ })).getAllByRole('listitem')[0]!).getByRole('button'));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Staff note'), ' Sent the proposal.');
    const typed = `${lead.staffNote} Sent the proposal.`;
    await user.selectOptions(within(dialog).getByLabelText('Status'), lead.status === 'new' ? 'contacted' : 'new');
    expect(fake.record.saves.at(-1)!.update).toEqual({ status: lead.status === 'new' ? 'contacted' : 'new' });
    // The lead comes back with the new status and a note another member of staff saved in the meantime.
    const current = {
      ...lead,
      status: fake.record.saves.at(-1)!.update.status!,
      staffNote: THEIR_NOTE,
      statusChangedAt: '2025-03-04T10:00:00.000Z',
    };
    await act(async () => fake.settle({ type: 'xstate.done.actor.saveLead', output: current }));
    expect(within(dialog).getByLabelText('Staff note')).toHaveValue(typed);
    expect(within(dialog).getByRole('region', { name: 'Saved meanwhile by another member of staff' })).toHaveTextContent(THEIR_NOTE);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(noteChanged.message);
    // Saving now is written over their note, knowingly.
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(fake.record.saves.at(-1)!.update).toEqual({ staffNote: typed, staffNoteBefore: THEIR_NOTE });
  });
});

describe('the inbox keeps the keyboard where it was', () => {
  it('through a search, a page turn and a cleared search', async () => {
    const { fake, user } = renderInbox();
    const answer = (page: InboxPage) => ({ summary: inboxSummary, page });
    await act(async () => fake.settle({ type: 'xstate.done.actor.loadInbox', output: answer(firstPages.contact) }));
    const box = screen.getByRole('searchbox');
    await user.type(box, 'asha{Enter}');
    expect(box).toHaveFocus();
    await act(async () => fake.settle({ type: 'xstate.done.actor.loadInbox', output: answer(firstPages.contact) }));
    expect(screen.getByRole('searchbox')).toHaveFocus();
    const older = screen.getByRole('button', { name: 'Older' });
    await user.click(older);
    expect(older).toHaveAttribute('aria-disabled', 'true'); // while the page loads
    expect(older).toHaveFocus();
    await act(async () => fake.settle({ type: 'xstate.done.actor.loadPage', output: secondPages.contact }));
    expect(older).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByRole('searchbox')).toHaveFocus();
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(fake.record.loads.at(-1)).toMatchObject({ q: '' });
  });
});
