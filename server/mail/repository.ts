import { eq } from 'drizzle-orm';
import type { MailStatus } from '../../src/domain/admin';
import type { Database } from '../db/client';
import { mailMessages, type MailMessageRow } from '../db/schema';

/** A file sent with an email, stored with it so a retry sends the same bytes. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface NewMail {
  kind: string;
  dedupeKey: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /** When it was made, if not now (the composing clock: prospect replies are counted by India's day). */
  createdAt?: Date;
}

/** Stores the email once per dedupe key; the id of the new row, or null when that email was already stored. */
export async function insertMail(tx: Database, mail: NewMail, status: MailStatus, lastError: string | null = null): Promise<number | null> {
  const [row] = await tx
    .insert(mailMessages)
    .values({
      kind: mail.kind,
      dedupeKey: mail.dedupeKey,
      toAddress: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments?.length ? mail.attachments : null,
      status,
      lastError,
      ...(mail.createdAt && { createdAt: mail.createdAt }),
    })
    .onConflictDoNothing({ target: mailMessages.dedupeKey })
    .returning({ id: mailMessages.id });
  return row?.id ?? null;
}

export async function findMail(db: Database, id: number): Promise<MailMessageRow | undefined> {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  return row;
}

export async function markMail(
  db: Database,
  id: number,
  status: MailStatus,
  { at, error }: { at?: Date; error?: string } = {},
): Promise<void> {
  await db
    .update(mailMessages)
    .set({ status, ...(at && { sentAt: at }), lastError: error?.slice(0, 1000) ?? null })
    .where(eq(mailMessages.id, id));
}
