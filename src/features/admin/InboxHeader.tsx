import type { FormEvent } from 'react';
import styled from 'styled-components';
import { ChevronLeft, ChevronRight, Download, Search, X } from 'lucide-react';
import { inboxLimits, inboxTabLabels, inboxTabs, isLeadTab } from '../../domain/admin';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/form';
import { media } from '../../ui/theme';
import { InboxActor } from './inboxActor';
import { Badge } from './styles';

/** The five tabs, each lead tab with its count of new leads. */
export function InboxTabs() {
  const current = InboxActor.useSelector((state) => state.context.tab);
  const summary = InboxActor.useSelector((state) => state.context.summary);
  const canSwitch = InboxActor.useSelector((state) => state.can({ type: 'inbox.selectTab', tab: 'contact' }));
  const { send } = InboxActor.useActorRef();
  return (
    <Tabs aria-label="Inbox sections">
      {inboxTabs.map((tab) => {
        const count = isLeadTab(tab) ? (summary?.newLeads[tab] ?? 0) : 0;
        return (
          <Tab
            key={tab}
            type="button"
            aria-current={tab === current ? 'true' : undefined}
            disabled={!canSwitch && tab !== current}
            onClick={() => send({ type: 'inbox.selectTab', tab })}
          >
            {inboxTabLabels[tab]} {count > 0 && <Count aria-label={`${count} new`}>{count}</Count>}
          </Tab>
        );
      })}
    </Tabs>
  );
}

/** Search (on Enter or the button), clear, and Export CSV. */
export function InboxToolbar() {
  const tab = InboxActor.useSelector((state) => state.context.tab);
  const query = InboxActor.useSelector((state) => state.context.query);
  const canSearch = InboxActor.useSelector((state) => state.can({ type: 'inbox.search', query: '' }));
  const canExport = InboxActor.useSelector((state) => state.can({ type: 'inbox.export' }));
  const exporting = InboxActor.useSelector((state) => state.hasTag('exporting'));
  const { send } = InboxActor.useActorRef();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('q');
    send({ type: 'inbox.search', query: typeof text === 'string' ? text : '' });
  }

  return (
    <Toolbar>
      {/* Keyed by tab and search: a new tab or a cleared search shows its own text, not the last one typed. */}
      <SearchForm role="search" onSubmit={submit} key={`${tab}:${query}`}>
        <label htmlFor="inbox-search" className="visually-hidden">
          Search by name, email or business
        </label>
        <Search aria-hidden="true" size={18} />
        <Input
          id="inbox-search"
          name="q"
          type="search"
          placeholder="Search name, email or business"
          defaultValue={query}
          maxLength={inboxLimits.search}
        />
        <Button type="submit" $variant="secondary" disabled={!canSearch}>
          Search
        </Button>
        {query && (
          <Button type="button" $variant="ghost" disabled={!canSearch} onClick={() => send({ type: 'inbox.search', query: '' })}>
            <X aria-hidden="true" size={18} /> Clear search
          </Button>
        )}
      </SearchForm>
      <Button type="button" $variant="secondary" disabled={!canExport} onClick={() => send({ type: 'inbox.export' })}>
        <Download aria-hidden="true" size={18} /> {exporting ? 'Exporting…' : 'Export CSV'}
      </Button>
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
      <Button type="button" $variant="ghost" disabled={!canNewer} onClick={() => send({ type: 'inbox.newer' })}>
        <ChevronLeft aria-hidden="true" size={18} /> Newer
      </Button>
      <span aria-live="polite">{paging ? 'Loading page…' : `Page ${page}`}</span>
      <Button type="button" $variant="ghost" disabled={!canOlder} onClick={() => send({ type: 'inbox.older' })}>
        Older <ChevronRight aria-hidden="true" size={18} />
      </Button>
    </Paging>
  );
}

/** What needs staff besides new leads: failed forwards, refunds, unfulfilled orders. */
export function Attention() {
  const summary = InboxActor.useSelector((state) => state.context.summary);
  if (!summary) return null;
  const items = [
    summary.failedForwards > 0 && `${summary.failedForwards} failed ${summary.failedForwards === 1 ? 'forward' : 'forwards'}`,
    summary.refundsNeeded > 0 && `${summary.refundsNeeded} ${summary.refundsNeeded === 1 ? 'refund' : 'refunds'} needed`,
    summary.unfulfilledOrders > 0 && `${summary.unfulfilledOrders} paid ${summary.unfulfilledOrders === 1 ? 'order' : 'orders'} not fulfilled`,
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
  &:hover:not(:disabled) { color: ${({ theme }) => theme.color.ink}; }
  &[aria-current='true'] { color: ${({ theme }) => theme.color.brand}; border-bottom-color: ${({ theme }) => theme.color.brand}; }
  &:disabled { cursor: not-allowed; opacity: 0.6; }
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
  ${media.md} { grid-template-columns: 1fr auto; align-items: center; }
`;

const SearchForm = styled.form`
  position: relative;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  > svg { position: absolute; left: 0.9rem; top: 0.9rem; color: ${({ theme }) => theme.color.muted}; pointer-events: none; }
  input { flex: 1 1 14rem; padding-left: 2.5rem; min-height: 2.75rem; }
`;

const Paging = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  span { color: ${({ theme }) => theme.color.muted}; font-weight: 600; font-size: ${({ theme }) => theme.size.sm}; }
  ${media.md} { justify-content: flex-end; }
`;

const AttentionList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;
