import { z } from 'zod/mini';
import type { Database } from '../db/client';
import { enqueue } from '../outbox/repository';

/**
 * What happened that someone should hear of by email. The transaction that makes the change records its event in
 * the outbox, so the event commits with it; the outbox worker then composes the emails (server/mail/compose) away
 * from the request, and retries while a part they need (Firebase for a password link) is down.
 */

export const mailEventKind = 'mail.event';

const id = z.string().check(z.minLength(1));

export const mailEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('contact.received'), messageId: id }),
  z.object({ type: z.literal('quiz.submitted'), submissionId: id }),
  /** The owner of a quiz's address asked, through the reply's link, for the report by email (decision 188). */
  z.object({ type: z.literal('quiz.reportRequested'), submissionId: id }),
  z.object({ type: z.literal('chat.lead'), leadId: id }),
  /** A paid order's account is ready: a one-time purchase, or a subscription's first charge. */
  z.object({ type: z.literal('order.fulfilled'), orderId: id }),
  /** A client who paid once set up the monthly payment from their dashboard (a bought subscription is order.fulfilled). */
  z.object({ type: z.literal('subscription.started'), subscriptionId: id }),
  /** A monthly charge after the first. */
  z.object({ type: z.literal('invoice.paid'), invoiceId: id }),
  /** The gateway could not take a monthly charge: `pending` while it retries, `halted` when it stopped. */
  z.object({
    type: z.literal('charge.failed'),
    subscriptionId: id,
    status: z.enum(['pending', 'halted']),
    chargeAt: z.nullable(z.string()),
  }),
  /** When the service ends; `nextChargeAt`: the one charge still taken first (cancelled inside the notice). */
  z.object({
    type: z.literal('subscription.cancelled'),
    subscriptionId: id,
    by: z.enum(['client', 'staff']),
    endsAt: id,
    nextChargeAt: z.nullable(z.string()),
  }),
  /** A client asked their account manager for a pause, a resume or another plan. */
  z.object({ type: z.literal('subscription.requested'), requestId: id }),
  /** An account manager paused, resumed or changed the plan of a subscription (`auditId`: their staff_audit row). */
  z.object({
    type: z.literal('subscription.changed'),
    subscriptionId: id,
    action: z.enum(['pause', 'resume', 'change_plan']),
    auditId: z.number(),
  }),
]);

export type MailEvent = z.infer<typeof mailEventSchema>;

/** Inside the caller's transaction. */
export async function recordMailEvent(tx: Database, event: MailEvent): Promise<void> {
  await enqueue(tx, mailEventKind, event);
}
