import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '../../ui/theme';
import {
  leadStatusLabels,
  type AdminTab,
  type ChatRow,
  type CheckoutRow,
  type ContactRow,
  type CustomerRow,
  type InboxRows,
  type LeadStatus,
  type MailRow,
  type OrderRow,
  type QuizRow,
  type StaffSubscriptionRow,
} from '../../domain/admin';
import {
  disputeBadge,
  excerpt,
  formatAmount,
  formatTime,
  forwardingBadge,
  fulfilledByLabels,
  languageLabels,
  orderStatusLabels,
  planName,
} from './format';
import { checkoutBadge } from './checkoutWords';
import { mailBadge } from './mailWords';
import { Badge, Flags, Mono, Muted } from './styles';
import { formatDay, formatPaise, subscriptionBadge } from './subscriptionWords';

/**
 * What each tab's list shows, column by column: the desktop table and the phone's cards are made from the same
 * list. The `primary` column opens the row; `time` is the row's date, shown in a card's corner.
 */
export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
  primary?: boolean;
  time?: boolean;
}

const statusTones: Record<LeadStatus, 'good' | 'warn' | 'bad' | 'neutral'> = {
  new: 'warn',
  contacted: 'neutral',
  qualified: 'neutral',
  won: 'good',
  lost: 'bad',
};

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <Badge $tone={statusTones[status]}>{leadStatusLabels[status]}</Badge>;
}

export function ForwardingBadge({ row }: { row: ContactRow }) {
  const { text, tone } = forwardingBadge(row);
  return <Badge $tone={tone}>{text}</Badge>;
}

const dash = <Muted>—</Muted>;
const or = (value: string | null | undefined) => (value ? value : dash);

const contact: Column<ContactRow>[] = [
  { header: 'Received', time: true, cell: (row) => formatTime(row.createdAt) },
  { header: 'Name', primary: true, cell: (row) => row.name },
  { header: 'Email', cell: (row) => row.email },
  { header: 'Phone', cell: (row) => or(row.phone) },
  { header: 'Message', cell: (row) => excerpt(row.message) },
  {
    header: 'Forwarding',
    cell: (row) => (
      <>
        <ForwardingBadge row={row} />
        {row.forwarding.state === 'failed' && row.forwarding.lastError && <Muted> {excerpt(row.forwarding.lastError, 60)}</Muted>}
      </>
    ),
  },
  { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
];

const quiz: Column<QuizRow>[] = [
  { header: 'Received', time: true, cell: (row) => formatTime(row.createdAt) },
  { header: 'Name', primary: true, cell: (row) => row.name },
  { header: 'Business', cell: (row) => or(row.businessName) },
  { header: 'Language', cell: (row) => languageLabels[row.language] },
  { header: 'Recommended plan', cell: (row) => planName(row.recommendedPlan) },
  { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
];

const chat: Column<ChatRow>[] = [
  { header: 'Received', time: true, cell: (row) => formatTime(row.createdAt) },
  { header: 'Name', primary: true, cell: (row) => row.name || 'Unnamed visitor' },
  { header: 'Email', cell: (row) => or(row.email) },
  { header: 'Need', cell: (row) => (row.need ? excerpt(row.need) : dash) },
  { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
];

export function orderFlags(row: OrderRow): ReactNode {
  return (
    <Flags>
      <Badge $tone={row.status === 'paid' ? 'good' : row.status === 'failed' ? 'bad' : 'neutral'}>{orderStatusLabels[row.status]}</Badge>
      {row.refundNeeded && <Badge $tone="bad">Refund needed</Badge>}
      {row.refundedPaise > 0 && (
        <Badge $tone="neutral">Refunded {formatAmount({ amountPaise: row.refundedPaise, currency: row.currency })}</Badge>
      )}
      {row.dispute && <Badge $tone={disputeBadge(row.dispute).tone}>{disputeBadge(row.dispute).text}</Badge>}
      {row.fulfilmentError && <Badge $tone="warn">Fulfilment owed</Badge>}
    </Flags>
  );
}

const orders: Column<OrderRow>[] = [
  { header: 'Received', time: true, cell: (row) => formatTime(row.createdAt) },
  { header: 'Customer', primary: true, cell: (row) => row.customerEmail || row.customerName || 'Unknown buyer' },
  { header: 'Plan', cell: (row) => planName(row.plan) },
  { header: 'Amount', cell: (row) => formatAmount(row) },
  { header: 'Status', cell: orderFlags },
  {
    header: 'Gateway ids',
    cell: (row) => (
      <>
        <Mono>{row.gatewayOrderId}</Mono>
        {row.gatewayPaymentId && (
          <>
            <br />
            <Mono>{row.gatewayPaymentId}</Mono>
          </>
        )}
      </>
    ),
  },
  {
    header: 'Fulfilled',
    cell: (row) => (row.fulfilledBy ? `${fulfilledByLabels[row.fulfilledBy]}, ${formatTime(row.fulfilledAt)}` : dash),
  },
];

const customers: Column<CustomerRow>[] = [
  { header: 'Email', primary: true, cell: (row) => row.email },
  { header: 'Name', cell: (row) => or(row.displayName) },
  { header: 'Business', cell: (row) => or(row.businessName) },
  { header: 'Plan', cell: (row) => (row.plan ? planName(row.plan) : dash) },
  { header: 'Since', time: true, cell: (row) => formatTime(row.purchasedAt ?? row.createdAt) },
];

const checkouts: Column<CheckoutRow>[] = [
  { header: 'Pressed Pay', time: true, cell: (row) => formatTime(row.createdAt) },
  { header: 'Name', primary: true, cell: (row) => row.name || row.email },
  { header: 'Phone', cell: (row) => <Nowrap>{or(row.phone)}</Nowrap> },
  { header: 'Email', cell: (row) => <Address>{row.email}</Address> },
  { header: 'Business', cell: (row) => or(row.businessName) },
  { header: 'Plan', cell: (row) => planName(row.plan) },
  { header: 'Due today', cell: (row) => formatPaise(row.amountPaise) },
  {
    header: 'Payment',
    cell: (row) => {
      const { text, tone } = checkoutBadge(row);
      return <Badge $tone={tone}>{text}</Badge>;
    },
  },
];

/** The subscription's standing, a plan change on its way, and the client's requests waiting. */
export function subscriptionFlags(row: StaffSubscriptionRow): ReactNode {
  const { text, tone } = subscriptionBadge(row);
  return (
    <Flags>
      <Badge $tone={tone}>{text}</Badge>
      {row.scheduledPlan && <Badge $tone="neutral">To {planName(row.scheduledPlan)}</Badge>}
      {row.openRequests > 0 && (
        <Badge $tone="warn">{row.openRequests === 1 ? '1 request waiting' : `${row.openRequests} requests waiting`}</Badge>
      )}
    </Flags>
  );
}

const subscriptions: Column<StaffSubscriptionRow>[] = [
  { header: 'Next charge', time: true, cell: (row) => (row.nextChargeAt ? formatDay(row.nextChargeAt) : 'None') },
  { header: 'Customer', primary: true, cell: (row) => row.businessName || row.customerName || row.customerEmail || row.id },
  { header: 'Email', cell: (row) => or(row.customerEmail) },
  { header: 'Plan', cell: (row) => planName(row.plan) },
  { header: 'Monthly', cell: (row) => formatPaise(row.monthlyPaise) },
  { header: 'Status', cell: subscriptionFlags },
  { header: 'Paid through', cell: (row) => formatDay(row.paidThrough) },
];

export function MailBadge({ row }: { row: MailRow }) {
  const { text, tone } = mailBadge(row);
  return <Badge $tone={tone}>{text}</Badge>;
}

const mail: Column<MailRow>[] = [
  { header: 'Created', time: true, cell: (row) => formatTime(row.createdAt) },
  { header: 'To', cell: (row) => <Address>{row.to}</Address> },
  { header: 'Subject', primary: true, cell: (row) => row.subject || '(no subject)' },
  {
    header: 'Status',
    cell: (row) => (
      <>
        <MailBadge row={row} />
        {/* Why it is waiting or was refused; the open email says it in full. */}
        {row.status !== 'sent' && row.lastError && <Reason>{excerpt(row.lastError, 70)}</Reason>}
      </>
    ),
  },
  { header: 'Kind', cell: (row) => <Kind>{row.kind}</Kind> },
];

/** A phone number reads as one piece in the table. */
const Nowrap = styled.span`
  ${media.lg} {
    white-space: nowrap;
  }
`;

/** In the table an address breaks only when nothing else fits, so its column is never squeezed to a few letters. */
const Address = styled.span`
  ${media.lg} {
    overflow-wrap: break-word;
  }
`;

/** A template's name is one long word: small, and on one line in the table. */
const Kind = styled(Mono)`
  font-size: ${({ theme }) => theme.size.xs};
  ${media.lg} {
    white-space: nowrap;
  }
`;

/** Under the badge, narrow: a mail server's long refusal does not take the table's width. */
const Reason = styled.small`
  display: block;
  max-width: 18rem;
  margin-top: 0.3rem;
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.size.xs};
  line-height: 1.5;
`;

export const inboxColumns: { [T in AdminTab]: Column<InboxRows[T]>[] } = {
  contact,
  quiz,
  chat,
  orders,
  customers,
  checkouts,
  subscriptions,
  mail,
};

/** The empty list's sentence: nothing at all yet, or nothing for this search. */
export const emptyLines: Record<AdminTab, string> = {
  contact: 'No contact messages yet.',
  quiz: 'No quiz submissions yet.',
  chat: 'No chat leads yet.',
  orders: 'No orders yet.',
  customers: 'No customers yet.',
  checkouts: 'No checkouts left: a buyer who gives their details and does not pay within an hour appears here.',
  subscriptions: 'No subscriptions yet: they appear here once a first charge is paid.',
  mail: 'No emails yet: every email the site sends appears here, as it was rendered.',
};

export const nothingMatches = (query: string) => `Nothing matches “${query}”.`;
