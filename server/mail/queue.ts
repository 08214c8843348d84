import { z } from 'zod/mini';
import type { Database } from '../db/client';
import { enqueue } from '../outbox/repository';
import { insertMail, type NewMail } from './repository';

const oneAddress = z.email();

export const mailSendKind = 'mail.send';

/** Only the id travels in the outbox; the rendered email is in mail_messages. */
export interface MailSendPayload extends Record<string, unknown> {
  mailId: number;
}

/**
 * Stores an email, inside the caller's transaction so it commits with the event it tells of. With SMTP it is queued
 * for the outbox worker; embedded, it is kept for the staff inbox's Outgoing mail and never sent. A second call with
 * the same dedupe key is the same email: nothing more is stored or sent. Refuses CR/LF in the address and subject
 * (header injection).
 */
export async function queueMail(tx: Database, mail: NewMail, mode: 'embedded' | 'smtp'): Promise<number | null> {
  if (/[\r\n]/.test(mail.to) || /[\r\n]/.test(mail.subject)) throw new Error('an email address or subject may not hold a line break');
  // One recipient: a comma or angle brackets would make nodemailer read a list of addresses.
  if (!oneAddress.safeParse(mail.to).success) throw new Error('an email goes to exactly one valid address');
  const id = await insertMail(tx, mail, mode === 'smtp' ? 'queued' : 'kept');
  if (id !== null && mode === 'smtp') await enqueue(tx, mailSendKind, { mailId: id } satisfies MailSendPayload);
  return id;
}
