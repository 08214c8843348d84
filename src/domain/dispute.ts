/**
 * A dispute's statuses (Razorpay's dispute entity), in the order a dispute moves through them. A module of its own:
 * the staff inbox's contract needs them, and importing payment.ts for them would ship the payment domain to the
 * funnels' first pages (1.1 kB gzip).
 */
export const disputeStatuses = ['open', 'under_review', 'won', 'lost', 'closed'] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];
