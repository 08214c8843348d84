import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import type { OutboxHandler } from '../outbox/worker';
import { findMail, markMail, type MailAttachment } from './repository';
import type { MailSendPayload } from './queue';

export interface MailSenderOptions {
  db: Database;
  smtpUrl: string;
  from: string;
  now?: () => Date;
}

function isPayload(value: unknown): value is MailSendPayload {
  return typeof value === 'object' && value !== null && typeof (value as MailSendPayload).mailId === 'number';
}

/** A 5xx answer to the recipient or the message is final: retrying would be refused again. */
function refusedForGood(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Sends a stored email over SMTP (nodemailer), from the outbox: a server that is down or answers 4xx throws, and the
 * outbox retries with backoff; a permanent refusal is recorded on the email and not retried.
 */
export function createMailSendHandler({ db, smtpUrl, from, now = () => new Date() }: MailSenderOptions): OutboxHandler {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (payload) => {
    if (!isPayload(payload)) throw new Error('malformed mail.send payload');
    const mail = await findMail(db, payload.mailId);
    if (!mail || mail.status === 'sent' || mail.status === 'refused') return;
    try {
      const attachments = ((mail.attachments ?? []) as MailAttachment[]).map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: Buffer.from(file.contentBase64, 'base64'),
      }));
      // The stored email's id goes along, so a delivered copy can be traced to its row (and a resend spotted).
      await transport.sendMail({
        from,
        to: mail.toAddress,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments,
        headers: { 'X-GrowthPath-Mail-Id': String(mail.id) },
      });
    } catch (error) {
      if (!refusedForGood(error)) throw error;
      await markMail(db, mail.id, 'refused', { error: error instanceof Error ? error.message : String(error) });
      return;
    }
    await markMail(db, mail.id, 'sent', { at: now() });
  };
}
