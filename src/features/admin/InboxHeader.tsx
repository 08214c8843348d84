import { useEffect, useRef, type FormEvent } from 'react';
import styled from 'styled-components';
import { ChevronLeft, ChevronRight, Download, Search, X } from 'lucide-react';
import { adminTabs, inboxLimits, inboxTabLabels, isLeadTab, type AdminTab, type InboxSummary } from '../../domain/admin';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/form';
import { media } from '../../ui/theme';
import { InboxActor } from './inboxActor';
import { Badge } from './styles';

/** A tab's badge: a lead tab's new leads, the Subscriptions tab's requests waiting. */
function countOf(tab: AdminTab, summary: InboxSummary | null): { count: number; label: string } {
  if (isLeadTab(tab)) {
    const count = summary?.newLeads[tab] ?? 0;
    return { count, label: `${count} new` };
  }
  const count = tab === 'subscriptions' ? (summary?.subscriptions?.requestsWaiting ?? 0) : 0;
  return { count, label: `${count} waiting` };
}

/** The tabs, each lead tab with its count of new leads, Subscriptions with its requests waiting. */
export function InboxTabs() {
  const current = InboxActor.useSelector((state) => state.context.tab);
  const summary = InboxActor.useSelector((state) => state.context.summary);
  const canSwitch = InboxActor.useSelector((state) => state.can({ type: 'inbox.selectTab', tab: 'contact' }));
  const { send } = InboxActor.useActorRef();
  const tabs = useRef<HTMLElement>(null);
  // On a phone the tabs scroll sideways: the open one is kept in view (jsdom has no scrollIntoView).
  useEffect(() => {
    tabs.current?.querySelector<HTMLElement>('[aria-current="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  return (
    <Tabs aria-label="Inbox sections" ref={tabs}>
      {adminTabs.map((tab) => {
        const { count, label } = countOf(tab, summary);
        return (
          <Tab
            key={tab}
            type="button"
            aria-current={tab === current ? 'true' : undefined}
            disabled={!canSwitch && tab !== current}
            onClick={() => send({ type: 'inbox.selectTab', tab })}
          >
            {inboxTabLabels[tab]} {count > 0 && <Count aria-label={label}>{count}</Count>}
          </Tab>
        );
      })}
    </Tabs>
  );
}

/** What the search box finds: people on most tabs, an email's recipient, subject or kind on Outgoing mail. */
export const searchLabels = {
  people: { label: 'Search by name, email, phone or business', placeholder: 'Search name, email, phone or business' },
  mail: { label: 'Search by recipient, subject or kind', placeholder: 'Search recipient, subject or kind' },
} as const;

/** Search (on Enter or the button), clear, and Export CSV. */
export function InboxToolbar() {
  const tab = InboxActor.useSelector((state) => state.context.tab);
  const query = InboxActor.useSelector((state) => state.context.query);
  const canSearch = InboxActor.useSelector((state) => state.can({ type: 'inbox.search', query: '' }));
  const canExport = InboxActor.useSelector((state) => state.can({ type: 'inbox.export' }));
  const exporting = InboxActor.useSelector((state) => state.hasTag('exporting'));
  const { send } = InboxActor.useActorRef();

  const input = useRef<HTMLInputElement>(null);
  const search = searchLabels[tab === 'mail' ? 'mail' : 'people'];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSearch) return;
    const text = new FormData(event.currentTarget).get('q');
    send({ type: 'inbox.search', query: typeof text === 'string' ? text : '' });
  }

  function clear() {
    if (!canSearch || !input.current) return;
    // The Clear button goes with the search: the keyboard's focus moves to the emptied box, not to the page.
    input.current.value = '';
    input.current.focus();
    send({ type: 'inbox.search', query: '' });
  }

  // The buttons are aria-disabled, never disabled, while a list loads: a disabled button drops the keyboard's focus
  // to the page, and a search or a page turn disables them.
  return (
    <Toolbar>
      {/* Keyed by tab: a new tab shows its own search text, not the last one typed (a search keeps the box and focus). */}
      <SearchForm role="search" onSubmit={submit} key={tab}>
        <label htmlFor="inbox-search" className="visually-hidden">
          {search.label}
        </label>
        <Search aria-hidden="true" size={18} />
        <Input
          id="inbox-search"
          name="q"
          type="search"
          placeholder={tab === 'subscriptions' ? 'Search email, business or subscription id' : search.placeholder}
          defaultValue={query}
          maxLength={inboxLimits.search}
          ref={input}
        />
        <FocusKeepingButton type="submit" $variant="secondary" aria-disabled={!canSearch}>
          Search
        </FocusKeepingButton>
        {query && (
          <FocusKeepingButton type="button" $variant="ghost" aria-disabled={!canSearch} onClick={clear}>
            <X aria-hidden="true" size={18} /> Clear search
          </FocusKeepingButton>
        )}
      </SearchForm>
      <FocusKeepingButton
        type="button"
        $variant="secondary"
        aria-disabled={!canExport}
        onClick={() => canExport && send({ type: 'inbox.export' })}
      >
        <Download aria-hidden="true" size={18} /> {exporting ? 'Exporting…' : 'Export CSV'}
      </FocusKeepingButton>
    </Toolbar>
  );
}

/** Newer and Older, with the page number; the server pages forwards only, the machine remembers the way back. */
export function Pager() {
  const page = InboxActor.useSelector((state) => state.context.cursors.length);
  const canNewer = InboxActor.useSelector((state) => state.can({ type: 'inbox.newer' }));
  const canOlder = InboxActor.useSelector((state) => state.can({ type: 'inbox.older' }));
  const paging = InboxActor.useSelector((state) => state.matches({ ready: 'paging' }));
  const { send } = InboxActor.useActorRef();
  return (
    <Paging aria-label="Pages">
      <FocusKeepingButton
        type="button"
        $variant="ghost"
        aria-disabled={!canNewer}
        onClick={() => canNewer && send({ type: 'inbox.newer' })}
      >
        <ChevronLeft aria-hidden="true" size={18} /> Newer
      </FocusKeepingButton>
      <span aria-live="polite">{paging ? 'Loading page…' : `Page ${page}`}</span>
      <FocusKeepingButton
        type="button"
        $variant="ghost"
        aria-disabled={!canOlder}
        onClick={() => canOlder && send({ type: 'inbox.older' })}
      >
        Older <ChevronRight aria-hidden="true" size={18} />
      </FocusKeepingButton>
    </Paging>
  );
}

/** What needs staff besides new leads: failed forwards, refunds, unfulfilled orders, disputes, failing subscriptions. */
export function Attention() {
  const summary = InboxActor.useSelector((state) => state.context.summary);
  if (!summary) return null;
  const dunning = summary.subscriptions?.dunning ?? 0;
  const items = [
    summary.failedForwards > 0 && `${summary.failedForwards} failed ${summary.failedForwards === 1 ? 'forward' : 'forwards'}`,
    summary.refundsNeeded > 0 && `${summary.refundsNeeded} ${summary.refundsNeeded === 1 ? 'refund' : 'refunds'} needed`,
    summary.unfulfilledOrders > 0 &&
      `${summary.unfulfilledOrders} paid ${summary.unfulfilledOrders === 1 ? 'order' : 'orders'} not fulfilled`,
    summary.openDisputes > 0 && `${summary.openDisputes} ${summary.openDisputes === 1 ? 'dispute' : 'disputes'} to answer`,
    dunning > 0 && `${dunning} ${dunning === 1 ? 'subscription' : 'subscriptions'} with a failed charge`,
  ].filter((item): item is string => !!item);
  if (items.length === 0) return null;
  return (
    <AttentionList aria-label="Needs attention">
      {items.map((item) => (
        <li key={item}>
          <Badge $tone="bad">{item}</Badge>
        </li>
      ))}
    </AttentionList>
  );
}

/** A button that stays focusable when it cannot act (aria-disabled), looking as a disabled one does. */
const FocusKeepingButton = styled(Button)`
  &[aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
    transform: none;
  }
`;

const Tabs = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  overflow-x: auto;
  border-bottom: 1px solid ${({ theme }) => theme.color.line};
  scrollbar-width: thin;
`;

const Tab = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  flex: none;
  min-height: 2.75rem;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 0;
  border-bottom: 3px solid transparent;
  background: none;
  color: ${({ theme }) => theme.color.muted};
  font: inherit;
  font-weight: 700;
  cursor: pointer;
  &:hover:not(:disabled) {
    color: ${({ theme }) => theme.color.ink};
  }
  &[aria-current='true'] {
    color: ${({ theme }) => theme.color.brand};
    border-bottom-color: ${({ theme }) => theme.color.brand};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

const Count = styled.span`
  min-width: 1.4rem;
  padding: 0 0.4rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.accent};
  color: #fff;
  font-size: ${({ theme }) => theme.size.xs};
  line-height: 1.4rem;
  text-align: center;
`;

const Toolbar = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  ${media.md} {
    grid-template-columns: 1fr auto;
    align-items: center;
  }
`;

const SearchForm = styled.form`
  position: relative;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  > svg {
    position: absolute;
    left: 0.9rem;
    top: 0.9rem;
    color: ${({ theme }) => theme.color.muted};
    pointer-events: none;
  }
  input {
    flex: 1 1 14rem;
    padding-left: 2.5rem;
    min-height: 2.75rem;
  }
`;

const Paging = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  span {
    color: ${({ theme }) => theme.color.muted};
    font-weight: 600;
    font-size: ${({ theme }) => theme.size.sm};
  }
  ${media.md} {
    justify-content: flex-end;
  }
`;

const AttentionList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;
