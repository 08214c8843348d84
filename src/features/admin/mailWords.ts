import type { MailMessage, MailRow } from '../../domain/admin';
import type { ReplyOutcome } from '../../domain/leadReply';
import { formatTime, type BadgeTone } from './format';

/** What Outgoing mail says of an email's standing (docs/decisions/185-email.md). */

/** The email's status as a badge: kept ones were never meant to leave this server, so they are not a worry. */
export function mailBadge({ status, lastError }: Pick<MailRow, 'status' | 'lastError'>): { text: string; tone: BadgeTone } {
  switch (status) {
    case 'kept':
      return { text: 'Kept (not sent: no mail server)', tone: 'neutral' };
    case 'queued':
      return lastError ? { text: 'Queued, retrying', tone: 'warn' } : { text: 'Queued', tone: 'neutral' };
    case 'sent':
      return { text: 'Sent', tone: 'good' };
    case 'refused':
      return { text: 'Refused', tone: 'bad' };
    case 'failed':
      return { text: 'Not sent', tone: 'bad' };
    case 'held':
      return { text: 'Held (daily limit)', tone: 'warn' };
  }
}

/** The badge's meaning in a sentence, for the open email. */
export function mailStanding({ status, lastError, sentAt }: Pick<MailRow, 'status' | 'lastError' | 'sentAt'>): string {
  switch (status) {
    case 'kept':
      return 'This server has no mail server set, so the email was stored here and nothing was sent.';
    case 'queued':
      return lastError
        ? `The last attempt to send it failed (${lastError}); it is tried again shortly.`
        : 'Waiting for the mail server to take it.';
    case 'sent':
      return `The mail server took it on ${formatTime(sentAt)}.`;
    case 'refused':
      return `The mail server refused it for good${lastError ? `: ${lastError}` : ''}. It is not tried again.`;
    case 'failed':
      return `No mail server took it in three days of trying${lastError ? ` (${lastError})` : ''}. It is not tried again.`;
    case 'held':
      // A reply to a lead's sender past the day's cap (decision 188); lastError says which cap.
      return `${lastError ?? "Not sent: today's limit of prospect replies was reached."} It is kept here and not sent.`;
  }
}

/** "Growth plan.pdf (PDF, 84 KB)": a file sent with the email, as a mail app lists it. */
export function attachmentLine({ filename, contentType, bytes }: MailMessage['attachments'][number]): string {
  const type = contentType === 'application/pdf' ? 'PDF' : contentType;
  const size =
    bytes < 1024 ? `${bytes} bytes` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${filename} (${type}, ${size})`;
}

/** What became of the automatic reply to a lead's sender, in a sentence (decision 188). */
export function replyStanding(reply: ReplyOutcome | null): string {
  switch (reply) {
    case null:
      // A lead from before replies were recorded (7 December 2026), or one whose event is still being composed.
      return 'Not recorded: composed a moment after the lead arrives, and not recorded for leads before 7 December 2026.';
    case 'queued':
      return 'Made; Outgoing mail shows whether it was sent.';
    case 'repeat':
      return 'None: this inbox already had a reply from this form today.';
    case 'held':
      return "Held: today's limit of replies to leads was reached, so it was kept and not sent.";
    case 'undeliverable':
      return 'Reply not sent: address not deliverable.';
  }
}
