import { isEmailAddress } from '../../src/domain/email';
import type { Database } from '../db/client';
import { enqueue } from '../outbox/repository';
import { insertMail, type NewMail } from './repository';

export const mailSendKind = 'mail.send';

/** Only the id travels in the outbox; the rendered email is in mail_messages. */
export interface MailSendPayload extends Record<string, unknown> {
  mailId: number;
}

/** Stored (and queued with SMTP); already stored under its dedupe key; or not made: the address is not one we send to. */
export type QueueResult = { outcome: 'queued'; id: number } | { outcome: 'repeat' | 'undeliverable' };

/**
 * Stores an email, inside the caller's transaction so it commits with the event it tells of. With SMTP it is queued
 * for the outbox worker; embedded, it is kept for the staff inbox's Outgoing mail and never sent. A second call with
 * the same dedupe key is the same email: nothing more is stored or sent. An address outside the site's one rule
 * (src/domain/email.ts: one address, no line break, nothing a mail server would read as a list) gets no email, and the
 * event's other emails still go. A line break in a subject is a bug of ours (header injection): it throws.
 */
export async function queueMail(tx: Database, mail: NewMail, mode: 'embedded' | 'smtp'): Promise<QueueResult> {
  if (/[\r\n]/.test(mail.subject)) throw new Error('an email subject may not hold a line break');
  if (!isEmailAddress(mail.to)) return { outcome: 'undeliverable' };
  const id = await insertMail(tx, mail, mode === 'smtp' ? 'queued' : 'kept');
  if (id === null) return { outcome: 'repeat' };
  if (mode === 'smtp') await enqueue(tx, mailSendKind, { mailId: id } satisfies MailSendPayload);
  return { outcome: 'queued', id };
}
