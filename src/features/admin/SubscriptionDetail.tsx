import styled from 'styled-components';
import type { StaffSubscriptionRow } from '../../domain/admin';
import { Button } from '../../ui/Button';
import { subscriptionFlags } from './columns';
import { EmailPair, Pair, Part } from './DetailBodies';
import { formatTime, planName } from './format';
import { InboxActor } from './inboxActor';
import { Badge, Facts, Mono, Muted } from './styles';
import { SubscriptionActions } from './SubscriptionActions';
import { formatDay, formatPaise, requestLabel, requestStatusBadges } from './subscriptionWords';

/** A subscription in the detail view: who and what, what an account manager can do, the requests, the invoices. */
export function SubscriptionDetail({ row }: { row: StaffSubscriptionRow }) {
  return (
    <>
      <Facts>
        <dt>Status</dt>
        {/* Announced when an action changes it. */}
        <dd aria-live="polite">{subscriptionFlags(row)}</dd>
        <Pair label="Customer" value={row.customerName ?? '—'} />
        <EmailPair email={row.customerEmail} />
        <Pair label="Business" value={row.businessName ?? '—'} />
        <Pair label="Plan" value={`${planName(row.plan)}, ${formatPaise(row.monthlyPaise)} a month`} />
        {row.scheduledPlan && <Pair label="Plan change" value={`To ${planName(row.scheduledPlan)} from ${formatDay(row.paidThrough)}`} />}
        <Pair label="Next charge" value={row.nextChargeAt ? formatDay(row.nextChargeAt) : 'None scheduled'} />
        <Pair label="Paid through" value={formatDay(row.paidThrough)} />
        {row.endsAt && <Pair label="Service ends" value={formatDay(row.endsAt)} />}
        {row.pauseAt && <Pair label="Pauses from" value={formatDay(row.pauseAt)} />}
        <Pair label="Charges paid" value={String(row.paidCount)} />
        <Pair label="Mode" value={row.mode === 'live' ? 'Live' : 'Sandbox'} />
        <dt>Subscription id</dt>
        <dd>
          <Mono>{row.id}</Mono>
        </dd>
        <Pair label="Started" value={formatTime(row.createdAt)} />
      </Facts>
      <Part title="Requests from the client">{row.requests.length === 0 ? <Muted>No requests.</Muted> : <Requests row={row} />}</Part>
      <SubscriptionActions row={row} />
      <Part title="Invoices">
        {row.invoices.length === 0 ? (
          <Muted>No invoices yet.</Muted>
        ) : (
          <List>
            {[...row.invoices].reverse().map((invoice) => (
              <li key={invoice.id}>
                <Text>
                  {formatDay(invoice.periodStart)} to {formatDay(invoice.periodEnd)}
                </Text>
                <strong>{formatPaise(invoice.amountPaise)}</strong>
                <Badge $tone={invoice.status === 'paid' ? 'good' : 'warn'}>
                  {invoice.status === 'paid' ? `Paid ${formatDay(invoice.paidAt)}` : 'Not paid'}
                </Badge>
                <Mono>{invoice.id}</Mono>
              </li>
            ))}
          </List>
        )}
      </Part>
    </>
  );
}

/** The client's requests, newest first; a waiting one can be declined (acting on it closes it as done). */
function Requests({ row }: { row: StaffSubscriptionRow }) {
  const canAct = InboxActor.useSelector((state) => state.matches({ ready: { detail: 'viewing' } }));
  const { send } = InboxActor.useActorRef();
  return (
    <List>
      {[...row.requests].reverse().map((request) => {
        const badge = requestStatusBadges[request.status];
        return (
          <li key={request.id}>
            <Text>
              <strong>{requestLabel(request)}</strong>
              <small>
                Asked {formatTime(request.createdAt)}
                {request.resolvedAt && `, answered ${formatTime(request.resolvedAt)}`}
              </small>
            </Text>
            <Badge $tone={badge.tone}>{badge.text}</Badge>
            {request.status === 'open' && (
              <Button
                type="button"
                $variant="ghost"
                disabled={!canAct}
                aria-label={`Decline: ${requestLabel(request)}`}
                onClick={() => send({ type: 'inbox.askAction', action: { kind: 'decline_request', requestId: request.id } })}
              >
                Decline
              </Button>
            )}
          </li>
        );
      })}
    </List>
  );
}

/** The words of a line, taking the room the badge and button leave. */
const Text = styled.span`
  display: grid;
  flex: 1 1 12rem;
`;

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.line};
    border-radius: ${({ theme }) => theme.radius.md};
  }
  li small {
    color: ${({ theme }) => theme.color.muted};
    font-size: ${({ theme }) => theme.size.xs};
  }
  li > code {
    flex-basis: 100%;
    color: ${({ theme }) => theme.color.muted};
    font-size: ${({ theme }) => theme.size.xs};
  }
  li button {
    min-height: 2.25rem;
    padding: 0 ${({ theme }) => theme.space(3)};
  }
`;
