import type { OutboxHandler } from '../outbox/worker';
import { chatLead, contactReceived, quizReportRequested, quizSubmitted } from './compose/leads';
import { chargeFailed, invoicePaid, orderFulfilled } from './compose/payments';
import { subscriptionCancelled, subscriptionChanged, subscriptionRequested, subscriptionStarted } from './compose/subscriptions';
import type { ComposeContext, Outgoing } from './compose/context';
import { mailEventSchema, type MailEvent } from './events';
import { queueMail } from './queue';
import { queueProspectReply } from './prospectReplies';
import { notifyStaff } from './staffNotices';

function compose(context: ComposeContext, event: MailEvent): Promise<Outgoing> {
  switch (event.type) {
    case 'contact.received':
      return contactReceived(context, event.messageId);
    case 'quiz.submitted':
      return quizSubmitted(context, event.submissionId);
    case 'quiz.reportRequested':
      return quizReportRequested(context, event.submissionId);
    case 'chat.lead':
      return chatLead(context, event.leadId);
    case 'order.fulfilled':
      return orderFulfilled(context, event.orderId);
    case 'subscription.started':
      return subscriptionStarted(context, event.subscriptionId);
    case 'invoice.paid':
      return invoicePaid(context, event.invoiceId);
    case 'charge.failed':
      return chargeFailed(context, event);
    case 'subscription.cancelled':
      return subscriptionCancelled(context, event);
    case 'subscription.requested':
      return subscriptionRequested(context, event.requestId);
    case 'subscription.changed':
      return subscriptionChanged(context, event);
  }
}

export interface MailEventHandlerDeps extends Omit<ComposeContext, 'now'> {
  now?: () => Date;
}

/**
 * The outbox's `mail.event`: composes the event's emails (rendered, PDF and all, outside any transaction), then
 * stores them and the staff notice in one. Composing again after a failure is harmless: every email has its dedupe key.
 */
export function createMailEventHandler({ now = () => new Date(), ...deps }: MailEventHandlerDeps): OutboxHandler {
  return async (payload) => {
    const parsed = mailEventSchema.safeParse(payload);
    if (!parsed.success) throw new Error(`malformed mail.event payload: ${parsed.error.message}`);
    const at = now();
    const outgoing = await compose({ ...deps, now: at }, parsed.data);
    if (outgoing.mails.length === 0 && !outgoing.reply && !outgoing.notice) return;
    // One recipient's address never costs the event its other emails: queueMail skips an address it cannot use.
    await deps.db.transaction(async (tx) => {
      for (const mail of outgoing.mails) await queueMail(tx, mail, deps.settings.mode);
      if (outgoing.reply) await queueProspectReply(tx, deps.settings, outgoing.reply, at);
      if (outgoing.notice) await notifyStaff(tx, deps.settings, outgoing.notice, at);
    });
  };
}
