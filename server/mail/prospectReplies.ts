import { and, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { isEmailAddress, mailDomainOf, sharedMailboxDomains } from '../../src/domain/email';
import type { ReplyOutcome } from '../../src/domain/leadReply';
import type { Database } from '../db/client';
import { contactMessages, mailMessages, quizSubmissions } from '../db/schema';
import { queueMail } from './queue';
import { insertMail, type NewMail } from './repository';
import type { MailSettings } from './settings';

/**
 * The automatic reply to a lead's sender, whose address nobody has confirmed (decision 188). Each inbox gets one a day
 * from each form (the dedupe key, by canonical inbox), and the site sends at most `perDay` such replies a day and
 * `perDomainPerDay` to any one domain but the big shared mailbox providers: past a cap the reply is kept, marked held, and not sent; staff hear of the lead
 * as usual. What became of it is written on the lead, for the staff inbox.
 */

export interface ProspectReply {
  mail: NewMail;
  lead: { kind: 'contact' | 'quiz'; id: string };
}

/** The kinds of email a stranger's form can cause, counted against the caps. */
export const prospectReplyKinds = ['prospect.contactReceived', 'prospect.quizReceived'] as const;

/** Where India's day (UTC+5:30, no daylight saving) that holds `at` begins and ends. */
export function indiaDay(at: Date): { start: Date; end: Date } {
  const offsetMs = 330 * 60_000;
  const dayMs = 24 * 60 * 60_000;
  const start = Math.floor((at.getTime() + offsetMs) / dayMs) * dayMs - offsetMs;
  return { start: new Date(start), end: new Date(start + dayMs) };
}

/** One advisory lock for the count and the insert, so two servers composing at once cannot both take the last place. */
const capLock = sql`select pg_advisory_xact_lock(hashtext('growthpath.prospect-replies'))`;

async function heldBy(tx: Database, settings: MailSettings, to: string, at: Date): Promise<string | null> {
  const { start, end } = indiaDay(at);
  const today = and(
    inArray(mailMessages.kind, [...prospectReplyKinds]),
    sql`${mailMessages.status} <> 'held'`,
    gte(mailMessages.createdAt, start),
    lt(mailMessages.createdAt, end),
  );
  const [all] = await tx.select({ n: count() }).from(mailMessages).where(today);
  if ((all?.n ?? 0) >= settings.prospectReplies.perDay) {
    return `Not sent: today's limit of ${settings.prospectReplies.perDay} prospect replies was reached.`;
  }
  const domain = mailDomainOf(to);
  if (sharedMailboxDomains.has(domain)) return null;
  const [same] = await tx
    .select({ n: count() })
    .from(mailMessages)
    .where(and(today, eq(sql`lower(split_part(${mailMessages.toAddress}, '@', 2))`, domain)));
  if ((same?.n ?? 0) >= settings.prospectReplies.perDomainPerDay) {
    return `Not sent: today's limit of ${settings.prospectReplies.perDomainPerDay} replies to ${domain} was reached.`;
  }
  return null;
}

/** Inside the transaction that stores the event's emails; `at` is when they are composed. */
export async function queueProspectReply(
  tx: Database,
  settings: MailSettings,
  { mail, lead }: ProspectReply,
  at: Date,
): Promise<ReplyOutcome> {
  const outcome = await storeReply(tx, settings, mail, at);
  const table = lead.kind === 'contact' ? contactMessages : quizSubmissions;
  // The first outcome stands: the same event composed again finds its own reply stored and would read as a repeat.
  await tx
    .update(table)
    .set({ replyOutcome: outcome })
    .where(and(eq(table.id, lead.id), isNull(table.replyOutcome)));
  return outcome;
}

async function storeReply(tx: Database, settings: MailSettings, mail: NewMail, at: Date): Promise<ReplyOutcome> {
  if (!isEmailAddress(mail.to)) return 'undeliverable';
  await tx.execute(capLock);
  const [already] = await tx.select({ id: mailMessages.id }).from(mailMessages).where(eq(mailMessages.dedupeKey, mail.dedupeKey));
  if (already) return 'repeat';
  const reason = await heldBy(tx, settings, mail.to, at);
  if (reason) {
    await insertMail(tx, { ...mail, createdAt: at }, 'held', reason);
    return 'held';
  }
  return (await queueMail(tx, { ...mail, createdAt: at }, settings.mode)).outcome;
}
