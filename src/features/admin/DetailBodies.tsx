import styled from 'styled-components';
import { RotateCw } from 'lucide-react';
import { canRetryForward } from '../../../machines/inbox.machine';
import type { ChatRow, ContactRow, CustomerRow, OrderRow, QuizRow } from '../../domain/admin';
import { Button } from '../../ui/Button';
import { ForwardingBadge, orderFlags } from './columns';
import { disputeSummary, formatAmount, formatTime, fulfilledByLabels, labelledAnswers, languageLabels, planName } from './format';
import { InboxActor } from './inboxActor';
import { replyStanding } from './mailWords';
import { reportFigures, type Figure } from './reportFigures';
import { Facts, Mono, Muted, Panel } from './styles';

/** What the detail view shows of each kind of row: every field, in words. */

const or = (value: string | null | undefined) => value || '—';

export function ContactDetail({ row }: { row: ContactRow }) {
  const retrying = InboxActor.useSelector((state) => state.matches({ ready: { detail: 'retryingForward' } }));
  const canRetry = InboxActor.useSelector((state) => state.can({ type: 'inbox.retryForward' }));
  const { send } = InboxActor.useActorRef();
  const { forwarding } = row;
  return (
    <>
      <Facts>
        <EmailPair email={row.email} />
        <dt>Phone</dt>
        <dd>{row.phone ? <a href={`tel:${row.phone}`}>{row.phone}</a> : '—'}</dd>
        <dt>Received</dt>
        <dd>{formatTime(row.createdAt)}</dd>
        <Pair label="Reply to the sender" value={replyStanding(row.reply)} />
      </Facts>
      <Part title="Message">
        <Message>{row.message}</Message>
      </Part>
      <Part title="Forwarding to the agency's inbox">
        <Facts>
          <dt>State</dt>
          <dd>
            <ForwardingBadge row={row} />
          </dd>
          <dt>Attempts</dt>
          <dd>
            {forwarding.attempts} of {forwarding.maxAttempts}
          </dd>
          {forwarding.lastError && (
            <>
              <dt>Last error</dt>
              <dd>{forwarding.lastError}</dd>
            </>
          )}
          {forwarding.deliveredAt && (
            <>
              <dt>Delivered</dt>
              <dd>{formatTime(forwarding.deliveredAt)}</dd>
            </>
          )}
        </Facts>
        {canRetryForward(row) && (
          <div>
            <Button type="button" $variant="secondary" disabled={!canRetry} onClick={() => send({ type: 'inbox.retryForward' })}>
              <RotateCw aria-hidden="true" size={18} /> {retrying ? 'Retrying…' : 'Retry forwarding'}
            </Button>
          </div>
        )}
      </Part>
    </>
  );
}

function FigureList({ figures }: { figures: Figure[] }) {
  return (
    <Facts>
      {figures.map(({ label, value }) => (
        <Pair key={label} label={label} value={value} />
      ))}
    </Facts>
  );
}

export function Pair({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** The person's address as a link staff can write to at once; a dash when the lead gave none. */
export function EmailPair({ email }: { email: string | null }) {
  return (
    <>
      <dt>Email</dt>
      <dd>{email ? <a href={`mailto:${email}`}>{email}</a> : '—'}</dd>
    </>
  );
}

export function QuizDetail({ row }: { row: QuizRow }) {
  const figures = reportFigures(row.report);
  return (
    <>
      <Facts>
        <EmailPair email={row.email} />
        <Pair label="Business" value={or(row.businessName)} />
        <Pair label="Language" value={languageLabels[row.language]} />
        <Pair label="Recommended plan" value={planName(row.recommendedPlan)} />
        <Pair label="Submitted" value={formatTime(row.createdAt)} />
        <Pair label="Reply to the prospect" value={replyStanding(row.reply)} />
        <Pair
          label="Report by email"
          value={row.reportRequestedAt ? `Asked for through the reply's link, ${formatTime(row.reportRequestedAt)}` : 'Not asked for'}
        />
      </Facts>
      <Part title="Answers">
        <FigureList figures={labelledAnswers(row.answers).map(({ question, answer }) => ({ label: question, value: answer }))} />
      </Part>
      <Part title="The report as the prospect saw it">
        {figures ? (
          <>
            <Facts>
              <Pair label="Plan" value={or(figures.plan)} />
              {figures.services.length > 0 && <Pair label="Services" value={figures.services.join('\n')} />}
            </Facts>
            {figures.investment.length > 0 && <FigureList figures={figures.investment} />}
            {figures.results.length > 0 && <FigureList figures={figures.results} />}
            {figures.lineItems.length > 0 && (
              <details>
                <summary>The same services bought one by one</summary>
                <FigureList figures={figures.lineItems} />
              </details>
            )}
          </>
        ) : (
          <Muted>This submission's report could not be read.</Muted>
        )}
      </Part>
    </>
  );
}

export function ChatDetail({ row }: { row: ChatRow }) {
  return (
    <>
      <Facts>
        <EmailPair email={row.email} />
        <Pair label="Need" value={or(row.need)} />
        <Pair label="Started" value={formatTime(row.createdAt)} />
        <Pair label="Last message" value={formatTime(row.updatedAt)} />
      </Facts>
      <Part title="Conversation">
        {row.transcript.length === 0 ? (
          <Muted>No messages were kept.</Muted>
        ) : (
          <Transcript>
            {row.transcript.map((turn, index) => (
              <Turn key={index} $visitor={turn.role === 'user'}>
                <span>{turn.role === 'user' ? 'Visitor' : 'Assistant'}</span>
                <p>{turn.text}</p>
              </Turn>
            ))}
          </Transcript>
        )}
      </Part>
    </>
  );
}

export function OrderDetail({ row }: { row: OrderRow }) {
  return (
    <Facts>
      <dt>Status</dt>
      <dd>{orderFlags(row)}</dd>
      <Pair label="Plan" value={planName(row.plan)} />
      <Pair label="Amount" value={formatAmount(row)} />
      <Pair label="Mode" value={row.mode === 'live' ? 'Live' : 'Sandbox'} />
      <Pair label="Customer" value={[row.customerName, row.customerEmail].filter(Boolean).join(' · ') || '—'} />
      <Pair label="Business" value={or(row.businessName)} />
      <dt>Order id</dt>
      <dd>
        <Mono>{row.id}</Mono>
      </dd>
      <dt>Gateway order</dt>
      <dd>
        <Mono>{row.gatewayOrderId}</Mono>
      </dd>
      <dt>Gateway payment</dt>
      <dd>{row.gatewayPaymentId ? <Mono>{row.gatewayPaymentId}</Mono> : '—'}</dd>
      <Pair label="Created" value={formatTime(row.createdAt)} />
      <Pair label="Paid" value={formatTime(row.paidAt)} />
      <Pair label="Fulfilled" value={row.fulfilledBy ? `${fulfilledByLabels[row.fulfilledBy]}, ${formatTime(row.fulfilledAt)}` : '—'} />
      {row.fulfilmentError && <Pair label="Fulfilment error" value={row.fulfilmentError} />}
      {row.refundNeeded && <Pair label="Refund" value="A captured payment for this order must be refunded." />}
      {row.refundedPaise > 0 && <Pair label="Refunded" value={formatAmount({ amountPaise: row.refundedPaise, currency: row.currency })} />}
      {row.dispute && <Pair label="Dispute" value={disputeSummary(row.dispute, row.currency)} />}
    </Facts>
  );
}

export function CustomerDetail({ row }: { row: CustomerRow }) {
  return (
    <Facts>
      <EmailPair email={row.email} />
      <Pair label="Name" value={or(row.displayName)} />
      <Pair label="Business" value={or(row.businessName)} />
      <Pair label="Plan" value={row.plan ? planName(row.plan) : 'No plan yet'} />
      <Pair label="Customer since" value={formatTime(row.purchasedAt)} />
      <Pair label="Account created" value={formatTime(row.createdAt)} />
      <dt>Account id</dt>
      <dd>
        <Mono>{row.uid}</Mono>
      </dd>
    </Facts>
  );
}

/** A titled part of the detail view, under a rule. */
export function Part({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Section>
      <h3>{title}</h3>
      {children}
    </Section>
  );
}

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding-top: ${({ theme }) => theme.space(5)};
  border-top: 1px solid ${({ theme }) => theme.color.line};
  h3 {
    font-size: ${({ theme }) => theme.size.base};
  }
  details summary {
    cursor: pointer;
    color: ${({ theme }) => theme.color.brand};
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space(3)};
  }
`;

const Message = styled(Panel).attrs({ as: 'blockquote' })`
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  box-shadow: none;
  background: ${({ theme }) => theme.color.surfaceAlt};
`;

const Transcript = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Turn = styled.li<{ $visitor: boolean }>`
  max-width: 85%;
  justify-self: ${({ $visitor }) => ($visitor ? 'end' : 'start')};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $visitor }) => ($visitor ? theme.color.brandSoft : theme.color.surfaceAlt)};
  border: 1px solid ${({ theme, $visitor }) => ($visitor ? theme.color.brandLine : theme.color.line)};
  span {
    display: block;
    font-size: ${({ theme }) => theme.size.xs};
    font-weight: 700;
    color: ${({ theme }) => theme.color.muted};
  }
  p {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;
