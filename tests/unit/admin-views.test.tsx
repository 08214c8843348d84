import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { AuthActor } from '../../src/lib/auth/AuthActor';
import { theme } from '../../src/ui/theme';
import { inboxMachine, type LoadAnswer } from '../../machines/inbox.machine';
import { InboxActor } from '../../src/features/admin/inboxActor';
import { InboxScreen } from '../../src/features/admin/InboxScreen';
import { AdminPage } from '../../src/features/admin/AdminPage';
import { authStoreAt } from '../authSnapshots';
import { fromPromise } from 'xstate';
import { chatLead, failedContact, inboxSummary, paidOrder, quizLead } from '../fixtures/inbox';
import { inboxStartFrom, type CheckoutRow, type InboxPage, type InboxTab } from '../../src/domain/admin';
import { renderWithApp } from '../render';

/** An inbox whose loads answer `page` on `tab` and nothing on the other tabs. */
function inboxOn(tab: InboxTab, page: InboxPage, summary = inboxSummary) {
  return inboxMachine.provide({
    actors: {
      loadInbox: fromPromise(async ({ input }): Promise<LoadAnswer> => ({
        summary,
        page: input.tab === tab ? page : { items: [], nextCursor: null },
      })),
    },
  });
}

function desktop(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches, media: query, addEventListener() {}, removeEventListener() {} }));
}

afterEach(() => vi.unstubAllGlobals());

async function renderTab(tab: InboxTab, page: InboxPage, summary = inboxSummary) {
  const logic = inboxOn(tab, page, summary);
  const view = renderWithApp(
    <InboxActor.Provider logic={logic}>
      <InboxScreen />
    </InboxActor.Provider>,
    { auth: authStoreAt('signedIn') },
  );
  await screen.findByRole('navigation', { name: 'Pages' });
  if (tab !== 'contact') {
    await view.user.click(
      screen.getByRole('button', { name: new RegExp(`^${tab === 'orders' ? 'Orders' : tab === 'quiz' ? 'Quiz' : 'Chat'}`) }),
    );
    await screen.findByRole('navigation', { name: 'Pages' });
  }
  return view;
}

describe('inbox views', () => {
  it('shows a table with column headers on a desktop', async () => {
    desktop(true);
    await renderTab('orders', { items: [paidOrder], nextCursor: null });
    const table = screen.getByRole('table', { name: 'Orders, newest first' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Received', 'Customer', 'Plan', 'Amount', 'Status', 'Gateway ids', 'Fulfilled']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('₹21,500');
    expect(row).toHaveTextContent('order_Test12345678');
    expect(row).toHaveTextContent('Verification');
    expect(within(row).getByRole('rowheader')).toHaveTextContent('meera@kiranastore.in');
  });

  it('shows a disputed order: the date to answer by on the row and in its detail, and the count to answer on top', async () => {
    desktop(true);
    const disputed = {
      ...paidOrder,
      dispute: {
        status: 'open' as const,
        amountPaise: 2_150_000,
        phase: 'chargeback',
        reason: 'Services not received',
        respondBy: '2026-12-03T18:30:00.000Z',
      },
    };
    const { user } = await renderTab('orders', { items: [disputed], nextCursor: null }, { ...inboxSummary, openDisputes: 2 });
    expect(within(screen.getByRole('list', { name: 'Needs attention' })).getByText('2 disputes to answer')).toBeInTheDocument();
    const row = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Dispute: answer by 3 Dec 2026');
    await user.click(within(row).getByRole('button'));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Dispute₹21,500 disputed (chargeback): Services not received. Open: answer it in the Razorpay Dashboard by 3 Dec 2026, 11:59 pm IST.',
    );
  });

  it('opens a quiz submission with its answers and report, and Escape closes it back to the row', async () => {
    const { user } = await renderTab('quiz', { items: [quizLead], nextCursor: null });
    const open = screen.getByRole('button', { name: 'Asha Verma' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Asha Verma' });
    expect(dialog).toHaveFocus();
    expect(within(dialog).getByText('What is your business called?')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Rao Stores', { selector: 'dd' })).toHaveLength(2); // the business, and its answer
    expect(within(dialog).getByText('Setup fee (one time)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Status')).toHaveValue('new');
    // What became of the reply to an address nobody confirmed, and of the report asked for through its link.
    expect(within(dialog).getByText('Reply to the prospect').nextElementSibling).toHaveTextContent(
      'Made; Outgoing mail shows whether it was sent.',
    );
    expect(within(dialog).getByText('Report by email').nextElementSibling).toHaveTextContent(
      /^Asked for through the reply's link, 3 Mar 2025/,
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();
  });

  it('says of a contact message whose address cannot be mailed that its reply was not sent', async () => {
    const { user } = await renderTab('contact', { items: [{ ...failedContact, reply: 'undeliverable' }], nextCursor: null });
    await user.click(screen.getByRole('button', { name: 'Asha Rao' }));
    expect(within(screen.getByRole('dialog')).getByText('Reply to the sender').nextElementSibling).toHaveTextContent(
      'Reply not sent: address not deliverable.',
    );
  });

  it('shows a chat lead’s conversation turn by turn', async () => {
    const { user } = await renderTab('chat', { items: [chatLead], nextCursor: null });
    await user.click(screen.getByRole('button', { name: 'Ravi Kumar' }));
    const turns = within(screen.getByRole('dialog')).getAllByRole('listitem');
    expect(turns.map((turn) => turn.textContent)).toEqual(
      chatLead.transcript.map((turn) => `${turn.role === 'user' ? 'Visitor' : 'Assistant'}${turn.text}`),
    );
  });

  it('sends a signed-out visitor to sign in and back', async () => {
    const { router } = renderWithApp(<AdminPage />, { route: '/admin', auth: authStoreAt('signedOut') });
    await act(async () => {});
    expect(router.state.location.pathname + router.state.location.search).toBe('/signin?redirect=/admin');
  });

  it("keeps the tab and search of a staff email's link through the sign-in", async () => {
    // Its own router: renderWithApp's renders the page at every path, /signin included.
    const router = createMemoryRouter(
      [
        { path: '/admin', element: <AdminPage /> },
        { path: '/signin', element: <p>Sign in</p> },
      ],
      { initialEntries: ['/admin?tab=quiz&q=asha%40raostores.in'] },
    );
    render(
      <ThemeProvider theme={theme}>
        <AuthActor.Provider store={authStoreAt('signedOut')}>
          <RouterProvider router={router} />
        </AuthActor.Provider>
      </ThemeProvider>,
    );
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/admin?tab=quiz&q=asha%40raostores.in');
  });

  it("opens on the tab and search a staff email's link names", async () => {
    const loads: { tab: string; q: string }[] = [];
    const logic = inboxMachine.provide({
      actors: {
        loadInbox: fromPromise(async ({ input }): Promise<LoadAnswer> => {
          loads.push({ tab: input.tab, q: input.q });
          return { summary: inboxSummary, page: { items: [quizLead], nextCursor: null } };
        }),
      },
    });
    renderWithApp(
      <InboxActor.Provider logic={logic} options={{ input: inboxStartFrom(new URLSearchParams('tab=quiz&q=asha@raostores.in')) }}>
        <InboxScreen />
      </InboxActor.Provider>,
      { auth: authStoreAt('signedIn') },
    );
    await screen.findByRole('navigation', { name: 'Pages' });
    expect(loads).toEqual([{ tab: 'quiz', q: 'asha@raostores.in' }]);
    expect(screen.getByRole('searchbox')).toHaveValue('asha@raostores.in');
    // A tab that is not one, or a search past the limit, opens the inbox as usual.
    expect(inboxStartFrom(new URLSearchParams(`tab=secrets&q=${'x'.repeat(500)}`))).toEqual({ tab: 'contact', query: 'x'.repeat(100) });
    expect(inboxStartFrom(new URLSearchParams(`tab=quiz&q=${encodeURIComponent(`a\u0000b\r\n${'😀'.repeat(120)}`)}`))).toEqual({
      tab: 'quiz',
      query: `ab${'😀'.repeat(49)}`,
    });
    expect(inboxStartFrom(new URLSearchParams(`q=${encodeURIComponent('\u202Easha')}`)).query).toBe('');
  });

  it('lists checkouts left with who, which plan and when; a checkout opens with a call button and no email link', async () => {
    const left: CheckoutRow = {
      id: 'sub_LeftCheckout01',
      createdAt: '2026-12-03T05:10:00.000Z',
      mode: 'live',
      plan: 'growth-engine',
      amountPaise: 2_150_000,
      monthlyPaise: 450_000,
      status: 'cancelled',
      endedAt: '2026-12-03T06:15:00.000Z',
      name: 'Priya Nair',
      email: 'priya@nairbakes.in',
      phone: '+91 90000 11111',
      businessName: 'Nair Bakes',
    };
    const logic = inboxMachine.provide({
      actors: {
        loadInbox: fromPromise(async (): Promise<LoadAnswer> => ({ summary: inboxSummary, page: { items: [left], nextCursor: null } })),
      },
    });
    desktop(true);
    const { user } = renderWithApp(
      <InboxActor.Provider logic={logic} options={{ input: { tab: 'checkouts', query: '' } }}>
        <InboxScreen />
      </InboxActor.Provider>,
      { auth: authStoreAt('signedIn') },
    );
    await screen.findByRole('navigation', { name: 'Pages' });
    expect(screen.getByRole('button', { name: /^Checkouts left/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText(/They have not agreed to emails: call them\./)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Checkouts left, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Pressed Pay', 'Name', 'Phone', 'Email', 'Business', 'Plan', 'Due today', 'Payment']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('+91 90000 11111');
    expect(row).toHaveTextContent('Growth Engine');
    expect(row).toHaveTextContent('₹21,500');
    expect(row).toHaveTextContent('Not paid, closed');

    await user.click(within(row).getByRole('button', { name: 'Priya Nair' }));
    const dialog = screen.getByRole('dialog', { name: 'Priya Nair' });
    expect(within(dialog).getByRole('link', { name: 'Call +91 90000 11111' })).toHaveAttribute('href', 'tel:+919000011111');
    expect(dialog).toHaveTextContent('Growth Engine: ₹21,500 today, then ₹4,500 a month');
    expect(dialog).toHaveTextContent('priya@nairbakes.inNo email: they have not agreed to it.');
    expect(dialog).toHaveTextContent('Checkout closed');
    expect(within(dialog).queryByRole('link', { name: /priya@nairbakes\.in/ })).toBeNull();
  });

  it('marks the page noindex while it is open', async () => {
    const { unmount } = renderWithApp(<AdminPage />, { route: '/admin', auth: authStoreAt('loading') });
    expect(screen.getByRole('status')).toHaveTextContent('Checking whether you are signed in…');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    unmount();
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });
});
