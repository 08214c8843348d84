import { useEffect, useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { X } from 'lucide-react';
import { openRow } from '../../../machines/inbox.machine';
import {
  inboxTabLabels,
  type AdminTab,
  type ChatRow,
  type CheckoutRow,
  type ContactRow,
  type CustomerRow,
  type InboxRow,
  type MailRow,
  type OrderRow,
  type QuizRow,
  type StaffSubscriptionRow,
} from '../../domain/admin';
import { FormAlert } from '../../ui/form';
import { IconButton } from '../../ui/IconButton';
import { media } from '../../ui/theme';
import { CheckoutDetail } from './CheckoutDetail';
import { ChatDetail, ContactDetail, CustomerDetail, OrderDetail, QuizDetail } from './DetailBodies';
import { formatTime, planName } from './format';
import { InboxActor } from './inboxActor';
import { LeadEditor } from './LeadEditor';
import { MailDetail } from './MailDetail';
import { SubscriptionDetail } from './SubscriptionDetail';

/** The row's heading: the person, the buyer, the account, the one who left a checkout, the subscriber or the email's subject. */
function titleOf(tab: AdminTab, row: InboxRow): string {
  switch (tab) {
    case 'chat':
      return (row as ChatRow).name || 'Unnamed visitor';
    case 'orders': {
      const order = row as OrderRow;
      return `${planName(order.plan)} order`;
    }
    case 'customers':
      return (row as CustomerRow).email;
    case 'checkouts':
      return (row as CheckoutRow).name || (row as CheckoutRow).email;
    case 'subscriptions': {
      const subscription = row as StaffSubscriptionRow;
      return subscription.businessName || subscription.customerName || subscription.customerEmail || subscription.id;
    }
    case 'mail':
      return (row as MailRow).subject || '(no subject)';
    default:
      return (row as ContactRow | QuizRow).name;
  }
}

function Body({ tab, row }: { tab: AdminTab; row: InboxRow }) {
  switch (tab) {
    case 'contact':
      return <ContactDetail row={row as ContactRow} />;
    case 'quiz':
      return <QuizDetail row={row as QuizRow} />;
    case 'chat':
      return <ChatDetail row={row as ChatRow} />;
    case 'orders':
      return <OrderDetail row={row as OrderRow} />;
    case 'customers':
      return <CustomerDetail row={row as CustomerRow} />;
    case 'checkouts':
      return <CheckoutDetail row={row as CheckoutRow} />;
    case 'subscriptions':
      return <SubscriptionDetail row={row as StaffSubscriptionRow} />;
    case 'mail':
      return <MailDetail row={row as MailRow} />;
  }
}

/**
 * The open row as a modal dialog (a drawer from the right on a desktop, a full sheet on a phone): focus moves in on
 * open and back to the row's button on close, Tab stays inside, Escape closes unless a save is running.
 */
export function RowDetail() {
  const tab = InboxActor.useSelector((state) => state.context.tab);
  const row = InboxActor.useSelector((state) => openRow(state.context));
  const error = InboxActor.useSelector((state) => state.context.error);
  const busy = InboxActor.useSelector((state) => state.hasTag('busy'));
  const saving = InboxActor.useSelector((state) => state.matches({ ready: { detail: 'saving' } }));
  const retrying = InboxActor.useSelector((state) => state.matches({ ready: { detail: 'retryingForward' } }));
  const acting = InboxActor.useSelector((state) => state.matches({ ready: { detail: 'acting' } }));
  const confirming = InboxActor.useSelector((state) => state.matches({ ready: { detail: 'confirming' } }));
  const reading = InboxActor.useSelector((state) => state.matches({ ready: { detail: 'reading' } }));
  const { send } = InboxActor.useActorRef();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.focus();
    return () => returnTo?.focus();
  }, []);

  // A button that removed itself (Retry forwarding, once delivered) would drop focus to the page behind: keep it in.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus();
  });

  if (!row) return null;
  const close = () => send({ type: 'inbox.close' });

  function keyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      // Escape on a question asked backs out of the question, not out of the row.
      if (confirming) send({ type: 'inbox.cancelAction' });
      else if (!busy) close();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [
      ...(dialogRef.current?.querySelectorAll<HTMLElement>(
        'button:not(:disabled), a[href], select:not(:disabled), textarea, summary, iframe',
      ) ?? []),
    ];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return event.preventDefault();
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const created = 'createdAt' in row ? row.createdAt : null;
  return (
    <Backdrop onClick={(event) => event.target === event.currentTarget && !busy && close()}>
      <Dialog ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby="inbox-detail-title" tabIndex={-1} onKeyDown={keyDown}>
        <Head>
          <div>
            <small>
              {inboxTabLabels[tab]} · {formatTime(created)}
            </small>
            <h2 id="inbox-detail-title">{titleOf(tab, row)}</h2>
          </div>
          <IconButton type="button" aria-label="Close" disabled={busy} onClick={close}>
            <X aria-hidden="true" size={20} />
          </IconButton>
        </Head>
        <Live role="status">
          {saving
            ? 'Saving…'
            : retrying
              ? 'Retrying forwarding…'
              : acting
                ? 'Changing the subscription…'
                : reading
                  ? 'Loading the email…'
                  : ''}
        </Live>
        {error && <FormAlert role="alert">{error}</FormAlert>}
        {'staffNote' in row && (
          <LeadEditor id={row.id} status={row.status} staffNote={row.staffNote} statusChangedAt={row.statusChangedAt} />
        )}
        <Body tab={tab} row={row} />
      </Dialog>
    </Backdrop>
  );
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 60;
  display: flex;
  justify-content: flex-end;
  background: rgba(11, 19, 36, 0.45);
`;

const Dialog = styled.div`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(5)};
  width: 100%;
  height: 100%;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.lg};
  outline: none;
  ${media.md} {
    width: min(40rem, 92vw);
    padding: ${({ theme }) => theme.space(8)};
  }
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  small {
    color: ${({ theme }) => theme.color.muted};
    font-weight: 600;
  }
  h2 {
    font-size: ${({ theme }) => theme.size.xl};
    overflow-wrap: anywhere;
  }
`;

const Live = styled.p`
  color: ${({ theme }) => theme.color.brand};
  font-weight: 600;
  &:empty {
    display: none;
  }
`;
