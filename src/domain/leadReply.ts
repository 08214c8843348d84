/**
 * What became of the automatic reply to a lead's sender (decision 188), as staff see it on the lead:
 * - queued: a reply was stored (sent with SMTP_URL; its Outgoing mail row says how that went),
 * - repeat: this inbox had its reply from the same form today, so none was made,
 * - held: kept but not sent, today's cap of prospect replies (site-wide or for the domain) was reached,
 * - undeliverable: the address is not one the site can send to, so no reply was made.
 */
export const replyOutcomes = ['queued', 'repeat', 'held', 'undeliverable'] as const;
export type ReplyOutcome = (typeof replyOutcomes)[number];
