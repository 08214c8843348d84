import type { MailMessage, MailRow } from '../../domain/admin';
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
  }
}

/** "Growth plan.pdf (PDF, 84 KB)": a file sent with the email, as a mail app lists it. */
export function attachmentLine({ filename, contentType, bytes }: MailMessage['attachments'][number]): string {
  const type = contentType === 'application/pdf' ? 'PDF' : contentType;
  const size =
    bytes < 1024 ? `${bytes} bytes` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${filename} (${type}, ${size})`;
}
