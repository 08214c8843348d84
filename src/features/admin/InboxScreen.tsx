import styled from 'styled-components';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form';
import { Spinner } from '../../ui/Spinner';
import { media } from '../../ui/theme';
import { InboxActor } from './inboxActor';
import { checkoutsLine } from './checkoutWords';
import { Attention, InboxTabs, InboxToolbar, Pager } from './InboxHeader';
import { EmptyList, InboxList } from './InboxList';
import { NotAllowed, SessionExpired } from './NotAllowed';
import { RowDetail } from './RowDetail';
import { SubscriptionFigures } from './SubscriptionFigures';

/** The inbox as its machine says: loading, not allowed, session ended, failed, or the tabs with their list. */
export function InboxScreen() {
  const state = InboxActor.useSelector((snapshot) =>
    snapshot.matches('forbidden') ? 'forbidden' : snapshot.matches('sessionExpired') ? 'sessionExpired' : 'inbox',
  );
  if (state === 'forbidden') return <NotAllowed />;
  if (state === 'sessionExpired') return <SessionExpired />;
  return (
    <Layout>
      <Title>
        <h1>Staff inbox</h1>
        <Attention />
      </Title>
      <InboxTabs />
      <InboxToolbar />
      <Body />
    </Layout>
  );
}

function Body() {
  const view = InboxActor.useSelector((snapshot) =>
    snapshot.matches('loading')
      ? 'loading'
      : snapshot.matches('failed')
        ? 'failed'
        : snapshot.matches({ ready: 'empty' })
          ? 'empty'
          : 'list',
  );
  const detail = InboxActor.useSelector((snapshot) => snapshot.matches({ ready: 'detail' }));
  const tab = InboxActor.useSelector((snapshot) => snapshot.context.tab);
  const query = InboxActor.useSelector((snapshot) => snapshot.context.query);
  const error = InboxActor.useSelector((snapshot) => snapshot.context.error);
  const notice = InboxActor.useSelector((snapshot) => snapshot.context.notice);
  const { send } = InboxActor.useActorRef();

  if (view === 'loading') {
    return (
      <Waiting role="status">
        <Spinner /> Loading the inbox…
      </Waiting>
    );
  }
  if (view === 'failed') {
    return (
      <Failure role="alert">
        <p>{error}</p>
        <Button type="button" $variant="secondary" onClick={() => send({ type: 'inbox.retry' })}>
          <RefreshCw aria-hidden="true" size={18} /> Try again
        </Button>
      </Failure>
    );
  }
  return (
    <>
      {/* While a row is open its own errors show in the dialog. */}
      {error && !detail && <FormAlert role="alert">{error}</FormAlert>}
      {notice && <Notice role="status">{notice}</Notice>}
      {tab === 'subscriptions' && <SubscriptionFigures />}
      {tab === 'checkouts' && <TabNote>{checkoutsLine}</TabNote>}
      {view === 'empty' ? <EmptyList tab={tab} query={query} /> : <InboxList />}
      <Pager />
      {detail && <RowDetail />}
    </>
  );
}

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  min-width: 0;
`;

const Title = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  h1 {
    font-size: ${({ theme }) => theme.size['2xl']};
    ${media.md} {
      font-size: ${({ theme }) => theme.size['3xl']};
    }
  }
`;

const Waiting = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 12rem;
  justify-content: center;
  color: ${({ theme }) => theme.color.muted};
  font-weight: 600;
`;

const Failure = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid #fecaca;
  background: ${({ theme }) => theme.color.dangerSoft};
  p {
    color: ${({ theme }) => theme.color.danger};
    font-weight: 600;
  }
`;

/** What a tab lists and how to treat it, above its list. */
const TabNote = styled.p`
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 600;
`;

const Notice = styled.p`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.accentSoft};
  color: ${({ theme }) => theme.color.accentInk};
  font-weight: 600;
`;
