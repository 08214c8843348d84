import { and, desc, eq, sql } from 'drizzle-orm';
import { mailStatuses, type MailMessage, type MailRow } from '../../src/domain/admin';
import type { Database } from '../db/client';
import { passwordLinkSlot } from '../mail/compose/context';
import { mailMessages, type MailMessageRow } from '../db/schema';
import { cursorTime, iso, keysetOf, searchOf, type Keyed, type Lister, type SearchColumns } from './listing';

/**
 * The Outgoing mail tab's reads (docs/decisions/185-email.md): every email the site stored, newest first by
 * (created_at, id). A page lists the envelope only; the rendered HTML and text are read one email at a time.
 */

const m = mailMessages;

export const mailSearch: SearchColumns = { text: [m.toAddress, m.subject, m.kind], phones: [] };

const envelope = {
  id: m.id,
  createdAt: m.createdAt,
  toAddress: m.toAddress,
  subject: m.subject,
  kind: m.kind,
  status: m.status,
  lastError: m.lastError,
  sentAt: m.sentAt,
};

type Envelope = Pick<MailMessageRow, keyof typeof envelope>;

function rowOf(mail: Envelope): MailRow {
  return {
    id: String(mail.id),
    createdAt: mail.createdAt.toISOString(),
    to: mail.toAddress,
    subject: mail.subject,
    kind: mail.kind,
    // A status this code does not know yet is shown as waiting rather than breaking the page.
    status: mailStatuses.find((known) => known === mail.status) ?? 'queued',
    lastError: mail.lastError,
    sentAt: iso(mail.sentAt),
  };
}

export const listMail: Lister<'mail'> = async (db, { q, before, id, limit }) => {
  const rows = await db
    .select({ mail: envelope, cursorAt: cursorTime(m.createdAt) })
    .from(m)
    .where(and(searchOf(q, mailSearch), keysetOf(m.createdAt, m.id, before, 'bigint'), id === undefined ? undefined : eq(m.id, Number(id))))
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(limit);
  return rows.map(({ mail, cursorAt }): Keyed<MailRow> => ({ cursor: { at: cursorAt, id: String(mail.id) }, row: rowOf(mail) }));
};

/** Each attachment's name, type and size in bytes, worked out from its base64 without reading it out. */
const attachmentList = sql<MailMessage['attachments']>`(select coalesce(json_agg(json_build_object(
    'filename', file ->> 'filename',
    'contentType', file ->> 'contentType',
    'bytes', length(file ->> 'contentBase64') * 3 / 4 - (length(file ->> 'contentBase64') - length(rtrim(file ->> 'contentBase64', '=')))
  )), '[]'::json) from jsonb_array_elements(coalesce(${m.attachments}, '[]'::jsonb)) as file)`;

/**
 * A new account's password link works for whoever holds it. It is made as the welcome is sent and never stored
 * (server/mail/sender.ts): staff read its slot in words, and an email stored before that with its link hidden.
 */
const passwordLinks = /https?:\/\/[^\s"'<>]*oobCode=[^\s"'<>]*/g;
const withoutPasswordLinks = (part: string) =>
  part
    .replace(passwordLinks, '[password link, hidden from staff]')
    .replaceAll(passwordLinkSlot, '[password link, made as the email is sent]');

/** One email with its rendered parts; undefined when there is no such email. `id` is checked by mailIdSchema. */
export async function mailMessageOf(db: Database, id: string): Promise<MailMessage | undefined> {
  const [found] = await db
    .select({ mail: envelope, html: m.html, text: m.text, attachments: attachmentList })
    .from(m)
    .where(eq(m.id, sql`${id}::bigint`));
  if (!found) return undefined;
  const attachments = found.attachments.map((file) => ({ ...file, bytes: Number(file.bytes) }));
  return { ...rowOf(found.mail), html: withoutPasswordLinks(found.html), text: withoutPasswordLinks(found.text), attachments };
}
