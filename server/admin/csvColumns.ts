import type { AdminTab, InboxRows } from '../../src/domain/admin';

/**
 * What each tab's CSV export holds: a header and the cells of one row, in the order staff read the tab. Cells go
 * through csvLine (src/domain/admin.ts), which neutralises formulas; JSON and transcripts are one cell each.
 */

type Cell = string | number | boolean | null;

interface Columns<R> {
  header: readonly string[];
  cells(row: R): Cell[];
}

const rupees = (paise: number) => (paise / 100).toFixed(2);

export const csvColumns: { [T in AdminTab]: Columns<InboxRows[T]> } = {
  contact: {
    header: ['Received', 'Name', 'Email', 'Phone', 'Message', 'Status', 'Staff note', 'Forwarding', 'Forwarding attempts', 'Last forwarding error', 'Id'],
    cells: (r) => [
      r.createdAt,
      r.name,
      r.email,
      r.phone,
      r.message,
      r.status,
      r.staffNote,
      r.forwarding.state,
      r.forwarding.attempts,
      r.forwarding.lastError,
      r.id,
    ],
  },
  quiz: {
    header: ['Submitted', 'Name', 'Email', 'Business', 'Language', 'Recommended plan', 'Status', 'Staff note', 'Answers', 'Report', 'Id'],
    cells: (r) => [
      r.createdAt,
      r.name,
      r.email,
      r.businessName,
      r.language,
      r.recommendedPlan,
      r.status,
      r.staffNote,
      JSON.stringify(r.answers),
      JSON.stringify(r.report),
      r.id,
    ],
  },
  chat: {
    header: ['Started', 'Last message', 'Name', 'Email', 'Need', 'Status', 'Staff note', 'Transcript', 'Conversation', 'Id'],
    cells: (r) => [
      r.createdAt,
      r.updatedAt,
      r.name,
      r.email,
      r.need,
      r.status,
      r.staffNote,
      r.transcript.map((turn) => `${turn.role === 'user' ? 'Visitor' : 'Assistant'}: ${turn.text}`).join('\n'),
      r.conversationId,
      r.id,
    ],
  },
  orders: {
    header: [
      'Created',
      'Plan',
      'Amount',
      'Currency',
      'Status',
      'Mode',
      'Gateway order id',
      'Gateway payment id',
      'Customer email',
      'Customer name',
      'Business',
      'Paid at',
      'Fulfilled at',
      'Fulfilled by',
      'Fulfilment error',
      'Refund needed',
      'Refunded',
      'Dispute',
      'Dispute respond by',
      'Id',
    ],
    cells: (r) => [
      r.createdAt,
      r.plan,
      rupees(r.amountPaise),
      r.currency,
      r.status,
      r.mode,
      r.gatewayOrderId,
      r.gatewayPaymentId,
      r.customerEmail,
      r.customerName,
      r.businessName,
      r.paidAt,
      r.fulfilledAt,
      r.fulfilledBy,
      r.fulfilmentError,
      r.refundNeeded ? 'yes' : 'no',
      rupees(r.refundedPaise),
      r.dispute?.status ?? '',
      r.dispute?.status === 'open' ? r.dispute.respondBy : null,
      r.id,
    ],
  },
  customers: {
    header: ['Since', 'Email', 'Name', 'Business', 'Plan', 'Purchased at', 'Uid'],
    cells: (r) => [r.createdAt, r.email, r.displayName, r.businessName, r.plan, r.purchasedAt, r.uid],
  },
  subscriptions: {
    header: [
      'Subscription id',
      'Customer email',
      'Customer name',
      'Business',
      'Plan',
      'Monthly',
      'Status',
      'Billing state',
      'Next charge',
      'Paid through',
      'Ends on',
      'Pause from',
      'Plan change to',
      'Open requests',
      'Charges paid',
      'Mode',
      'Created',
    ],
    cells: (r) => [
      r.id,
      r.customerEmail,
      r.customerName,
      r.businessName,
      r.plan,
      rupees(r.monthlyPaise),
      r.status,
      r.state,
      r.nextChargeAt,
      r.paidThrough,
      r.endsAt,
      r.pauseAt,
      r.scheduledPlan,
      r.openRequests,
      r.paidCount,
      r.mode,
      r.createdAt,
    ],
  },
};
