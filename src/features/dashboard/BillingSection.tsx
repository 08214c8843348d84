import { useState } from 'react';
import styled from 'styled-components';
import { AlertTriangle, CalendarClock, CreditCard, Download, PauseCircle, PlayCircle, RefreshCw, Repeat } from 'lucide-react';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form';
import { Spinner } from '../../ui/Spinner';
import { media } from '../../ui/theme';
import { VisuallyHidden } from '../../ui/visuallyHidden';
import { formatBillingDate, formatShortBillingDate } from '../../domain/billing';
import type { BillingRequest, BillingSubscription, CancelPreview } from '../../domain/billingAccount';
import { formatInr } from '../../domain/money';
import { findPlan, plans, type PlanKey } from '../../domain/plans';
import { BillingActor } from './billingActor';
import { Actions, Card, Confirm, Facts, Quiet } from './billingUi';
import { MonthlyOffer } from './MonthlyOffer';

/** The dashboard's Billing section: renders the billing machine, and sends it what the client presses. */
export function BillingSection() {
  const loading = BillingActor.useSelector((snapshot) => snapshot.matches('loading') && snapshot.context.overview === null);
  const failed = BillingActor.useSelector((snapshot) => snapshot.matches('failed'));
  const failure = BillingActor.useSelector((snapshot) => snapshot.context.failure);
  const notice = BillingActor.useSelector((snapshot) => snapshot.context.notice);
  const overview = BillingActor.useSelector((snapshot) => snapshot.context.overview);
  const actor = BillingActor.useActorRef();

  return (
    <Section aria-labelledby="billing-title">
      <h2 id="billing-title">Billing</h2>
      {loading ? (
        <Quiet role="status">
          <Spinner /> Loading your billing…
        </Quiet>
      ) : failed ? (
        <Problem role="alert">
          <p>{failure}</p>
          <Button type="button" $variant="secondary" onClick={() => actor.send({ type: 'billing.retry' })}>
            <RefreshCw aria-hidden="true" size={18} /> Try again
          </Button>
        </Problem>
      ) : (
        <>
          {notice && <Notice role="status">{notice}</Notice>}
          {failure && <FormAlert role="alert">{failure}</FormAlert>}
          {overview?.subscription ? (
            <Subscription subscription={overview.subscription} />
          ) : overview?.oneTime ? (
            <MonthlyOffer oneTime={overview.oneTime} />
          ) : (
            <Quiet>You have no monthly plan yet.</Quiet>
          )}
          {overview && overview.invoices.length > 0 && <Invoices />}
        </>
      )}
    </Section>
  );
}

const stateLabel = (subscription: BillingSubscription): string => {
  switch (subscription.state) {
    case 'active':
      return 'Active';
    case 'payment_failed':
      return 'Payment failed';
    case 'ending':
      return subscription.endsAt ? `Ends ${formatBillingDate(subscription.endsAt)}` : 'Ending';
    case 'paused':
      return 'Paused';
    default:
      return 'Ended';
  }
};

/** What comes next: a charge, nothing while paused, or the end of the service. */
function nextFact(subscription: BillingSubscription): { term: string; value: string } {
  if (subscription.nextChargeAt)
    return {
      term: 'Next charge',
      value: `${formatInr(subscription.monthlyPaise / 100)} on ${formatBillingDate(subscription.nextChargeAt)}`,
    };
  if (subscription.status === 'paused') return { term: 'Next charge', value: 'None while paused' };
  return { term: 'Service ends', value: formatBillingDate(subscription.endsAt ?? subscription.paidThrough ?? new Date()) };
}

function Subscription({ subscription }: { subscription: BillingSubscription }) {
  const actor = BillingActor.useActorRef();
  const busy = BillingActor.useSelector((snapshot) => snapshot.hasTag('busy'));
  const confirming = BillingActor.useSelector(
    (snapshot) => snapshot.matches({ ready: 'confirmingCancel' }) || snapshot.matches({ ready: 'cancelling' }),
  );
  const canCancel = BillingActor.useSelector((snapshot) => snapshot.can({ type: 'billing.cancel' }));
  const plan = findPlan(subscription.plan);
  const ended = subscription.state === 'none';

  return (
    <>
      {subscription.state === 'payment_failed' && (
        <Banner role="alert">
          <AlertTriangle aria-hidden="true" size={22} />
          <div>
            <strong>Your last payment did not go through.</strong>
            <p>We will try again over the next 3 days and your plan stays active meanwhile. Update your payment method to pay now.</p>
          </div>
          <Button type="button" disabled={busy} onClick={() => actor.send({ type: 'billing.updateCard' })}>
            <CreditCard aria-hidden="true" size={18} /> Update payment method
          </Button>
        </Banner>
      )}
      <Card>
        <Facts>
          <div>
            <dt>Plan</dt>
            <dd>{plan?.title}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <Status $state={subscription.state}>{stateLabel(subscription)}</Status>
            </dd>
          </div>
          <div>
            <dt>{nextFact(subscription).term}</dt>
            <dd>{nextFact(subscription).value}</dd>
          </div>
          <div>
            <dt>Paid through</dt>
            <dd>{subscription.paidThrough ? formatBillingDate(subscription.paidThrough) : '—'}</dd>
          </div>
        </Facts>
        {subscription.status === 'authenticated' && !subscription.endsAt && subscription.nextChargeAt && (
          <Quiet>
            <CalendarClock aria-hidden="true" size={16} /> Your monthly payment starts on {formatBillingDate(subscription.nextChargeAt)},
            when the month you paid for ends.
          </Quiet>
        )}
        {subscription.endsAt && subscription.state !== 'none' && (
          <Quiet>
            <CalendarClock aria-hidden="true" size={16} /> You cancelled: your service stays active until{' '}
            {formatBillingDate(subscription.endsAt)}.
          </Quiet>
        )}
        {confirming && subscription.cancelPreview ? (
          <Confirm role="group" aria-labelledby="cancel-title">
            <h3 id="cancel-title">Cancel your plan?</h3>
            <p>{cancelExplanation(subscription.cancelPreview, subscription.monthlyPaise)}</p>
            <Actions>
              <Button type="button" disabled={busy} onClick={() => actor.send({ type: 'billing.confirmCancel' })}>
                {busy ? <Spinner $size="1rem" /> : null} Yes, cancel my plan
              </Button>
              <Button type="button" $variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'billing.keep' })}>
                Keep my plan
              </Button>
            </Actions>
          </Confirm>
        ) : (
          !ended && (
            <Actions>
              {canCancel && (
                <Button type="button" $variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'billing.cancel' })}>
                  Cancel plan
                </Button>
              )}
            </Actions>
          )
        )}
      </Card>
      {/* Pauses and plan changes apply to a running monthly payment: one that starts later can only be cancelled. */}
      {!ended && subscription.status !== 'authenticated' && <AccountManager subscription={subscription} />}
    </>
  );
}

/** What cancelling does, said before the client confirms (SPEC: at least 15 days before the next billing date). */
export function cancelExplanation(preview: CancelPreview, monthlyPaise: number): string {
  if (preview.kind === 'at_period_end') {
    return `Nothing more will be charged. Your plan stays active until ${formatBillingDate(preview.endsAt)}, the end of the month you paid for.`;
  }
  return `Your next billing date is less than 15 days away, so the charge of ${formatInr(monthlyPaise / 100)} on ${formatBillingDate(preview.nextChargeAt)} will still be taken. Your plan then stays active until ${formatBillingDate(preview.endsAt)} and ends.`;
}

const requestLabel = (request: BillingRequest) =>
  request.kind === 'pause'
    ? 'A pause'
    : request.kind === 'resume'
      ? 'A resume'
      : `A change to ${findPlan(request.plan)?.title ?? 'another plan'}`;

/** Pauses and plan changes go through the account manager (SPEC): the client asks, staff act. */
function AccountManager({ subscription }: { subscription: BillingSubscription }) {
  const actor = BillingActor.useActorRef();
  const busy = BillingActor.useSelector((snapshot) => snapshot.hasTag('busy'));
  const others = plans.filter((plan) => plan.key !== subscription.plan);
  const [target, setTarget] = useState<PlanKey>(others[0]!.key);
  const open = subscription.requests.filter((request) => request.status === 'open');
  const paused = subscription.status === 'paused';

  return (
    <Card aria-labelledby="manager-title">
      <h3 id="manager-title">Pause or change your plan</h3>
      <Quiet>Your account manager makes these changes for you, from your next billing date.</Quiet>
      {open.length > 0 && (
        <Requests>
          {open.map((request) => (
            <li key={request.id}>
              {requestLabel(request)} was asked for on {formatBillingDate(request.createdAt)}: your account manager will be in touch.
            </li>
          ))}
        </Requests>
      )}
      <Actions>
        <Button
          type="button"
          $variant="secondary"
          disabled={busy}
          onClick={() => actor.send({ type: 'billing.request', kind: paused ? 'resume' : 'pause' })}
        >
          {paused ? <PlayCircle aria-hidden="true" size={18} /> : <PauseCircle aria-hidden="true" size={18} />}
          {paused ? 'Ask to resume' : 'Ask to pause'}
        </Button>
        <PlanChange>
          <label htmlFor="plan-change">Change to</label>
          <select id="plan-change" value={target} disabled={busy} onChange={(event) => setTarget(event.target.value as PlanKey)}>
            {others.map((plan) => (
              <option key={plan.key} value={plan.key}>
                {plan.title}
              </option>
            ))}
          </select>
          <Button
            type="button"
            $variant="secondary"
            disabled={busy}
            onClick={() => actor.send({ type: 'billing.request', kind: 'change_plan', plan: target })}
          >
            <Repeat aria-hidden="true" size={18} /> Ask for this plan
          </Button>
        </PlanChange>
      </Actions>
    </Card>
  );
}

function Invoices() {
  const actor = BillingActor.useActorRef();
  const invoices = BillingActor.useSelector((snapshot) => snapshot.context.overview?.invoices ?? []);
  const downloading = BillingActor.useSelector((snapshot) => snapshot.context.downloading);
  const busy = BillingActor.useSelector((snapshot) => snapshot.hasTag('busy'));
  return (
    <Card aria-labelledby="invoices-title">
      <h3 id="invoices-title">Invoices</h3>
      <TableScroll>
        <Table>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">
                <VisuallyHidden>Receipt</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.id}>
                <td>
                  <NoWrap>{invoice.periodStart ? formatShortBillingDate(invoice.periodStart) : '—'}</NoWrap>
                  {invoice.periodEnd && <NoWrap>{` – ${formatShortBillingDate(invoice.periodEnd)}`}</NoWrap>}
                </td>
                <td>{formatInr(invoice.amountPaise / 100)}</td>
                <td>{invoice.status === 'paid' ? 'Paid' : 'Not paid'}</td>
                <td>
                  {invoice.status === 'paid' && (
                    <Button
                      type="button"
                      $variant="ghost"
                      disabled={busy}
                      aria-label={`Download the receipt for ${invoice.periodStart ? formatBillingDate(invoice.periodStart) : invoice.id}`}
                      onClick={() => actor.send({ type: 'billing.downloadReceipt', invoiceId: invoice.id })}
                    >
                      {downloading === invoice.id ? <Spinner $size="1rem" /> : <Download aria-hidden="true" size={16} />} Receipt
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
    </Card>
  );
}

const Section = styled.section`
  display: grid;
  min-width: 0;
  gap: ${({ theme }) => theme.space(4)};
  h2 {
    font-size: ${({ theme }) => theme.size.xl};
  }
`;

const statusColours = {
  active: ['successSoft', 'success'],
  payment_failed: ['dangerSoft', 'danger'],
  ending: ['accentSoft', 'accentInk'],
  paused: ['brandSoft', 'brandInk'],
  none: ['surfaceAlt', 'muted'],
} as const;

const Status = styled.span<{ $state: keyof typeof statusColours }>`
  display: inline-block;
  padding: 2px ${({ theme }) => theme.space(2)};
  border-radius: 999px;
  font-size: ${({ theme }) => theme.size.sm};
  background: ${({ theme, $state }) => theme.color[statusColours[$state][0]]};
  color: ${({ theme, $state }) => theme.color[statusColours[$state][1]]};
`;

const Notice = styled.p`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.successSoft};
  color: ${({ theme }) => theme.color.success};
  font-weight: 600;
`;

const Banner = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: auto 1fr;
  align-items: start;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.danger};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
  p {
    color: ${({ theme }) => theme.color.text};
    margin-top: ${({ theme }) => theme.space(1)};
  }
  button {
    grid-column: 1 / -1;
    justify-self: start;
  }
  ${media.md} {
    grid-template-columns: auto 1fr auto;
    button {
      grid-column: auto;
    }
  }
`;

const Problem = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  justify-items: start;
`;

const PlanChange = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  label {
    font-weight: 600;
  }
  select {
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.line};
    background: ${({ theme }) => theme.color.surface};
    font: inherit;
  }
`;

const Requests = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: 0;
  list-style: none;
  li {
    padding: ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.brandSoft};
    color: ${({ theme }) => theme.color.brandInk};
  }
`;

/** A period's two dates each stay on one line. */
const NoWrap = styled.span`
  white-space: nowrap;
`;

/** A narrow phone scrolls the table sideways rather than the page. */
const TableScroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.size.sm};
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.space(2)};
    border-bottom: 1px solid ${({ theme }) => theme.color.line};
  }
  th {
    color: ${({ theme }) => theme.color.muted};
    font-weight: 600;
  }
  td:last-child {
    text-align: right;
  }
`;
