import { and, desc, eq, lte, or, sql } from 'drizzle-orm';
import { formatInr } from '../../../src/domain/money';
import { findPlan } from '../../../src/domain/plans';
import type { Database } from '../../db/client';
import { quizSubmissions, userProfiles } from '../../db/schema';
import type { NewMail } from '../repository';
import type { ProspectReply } from '../prospectReplies';
import type { MailSettings } from '../settings';
import type { StaffNotice } from '../staffNotices';
import type { ReportPdfInput } from '../reportPdf';
import { isMailLanguage, mailWords, type MailWords } from '../words';

/** What composing an event's emails may use; every read is the event's facts as they stand when it is composed. */
export interface ComposeContext {
  db: Database;
  settings: MailSettings;
  now: Date;
  reportPdf(input: ReportPdfInput): Promise<Buffer>;
}

/**
 * Where a new account's password link goes in a stored email. The link works for whoever holds it, and for an hour:
 * the sender asks Firebase for a fresh one as it sends (server/mail/sender.ts), so no live credential is ever stored
 * in mail_messages and no retry sends a dead one.
 */
export const passwordLinkSlot = 'urn:growthpath:password-link';

/** The emails one event brings: to clients, the automatic reply to a lead's sender, and the notice to staff. */
export interface Outgoing {
  mails: NewMail[];
  reply?: ProspectReply;
  notice?: StaffNotice;
}

export const nothing: Outgoing = { mails: [] };

/** Where an item is in the staff inbox: its tab, searched for the client's email. */
export const adminLink = (settings: MailSettings, tab: string, q: string) =>
  `${settings.siteUrl}/admin?tab=${tab}&q=${encodeURIComponent(q)}`;

export const dashboardLink = (settings: MailSettings) => `${settings.siteUrl}/dashboard`;
export const signInLink = (settings: MailSettings) => `${settings.siteUrl}/signin`;

export const rupees = (paise: number) => formatInr(paise / 100);

/** A plan's name as clients read it; a key this code does not know is shown as it is. */
export const planTitle = (key: string | null) => (key && findPlan(key)?.title) || key || '';

export interface ClientFacts {
  email: string;
  name: string;
  businessName: string | null;
  words: MailWords;
}

/**
 * Who a client is as their emails name them: their name and business from the profile (or what they gave at
 * checkout), and their language from their last quiz, English when there is none. Their quizzes are the ones the
 * account took signed in (they carry its uid), and the ones naming its address from before the account existed (a
 * guest's quiz before buying, every client's from before quizzes carried the uid). A quiz naming the address after
 * that proves nothing: anyone can send one.
 */
export async function clientOf(
  db: Database,
  { uid, email, given }: { uid: string | null; email: string; given?: { fullName?: string; businessName?: string } | null },
): Promise<ClientFacts> {
  const [profile] = uid ? await db.select().from(userProfiles).where(eq(userProfiles.uid, uid)).limit(1) : [];
  const beforeTheAccount = profile
    ? and(sql`lower(${quizSubmissions.email}) = ${email.toLowerCase()}`, lte(quizSubmissions.createdAt, profile.createdAt))
    : undefined;
  const [quiz] = uid
    ? await db
        .select({ language: quizSubmissions.language })
        .from(quizSubmissions)
        .where(or(eq(quizSubmissions.uid, uid), beforeTheAccount))
        .orderBy(desc(quizSubmissions.createdAt))
        .limit(1)
    : [];
  const name = given?.fullName?.trim() || profile?.displayName?.trim() || email.split('@')[0] || email;
  return {
    email,
    name: name.split(/\s+/)[0] ?? name,
    businessName: given?.businessName?.trim() || profile?.businessName?.trim() || null,
    words: mailWords[isMailLanguage(quiz?.language) ? quiz.language : 'en'],
  };
}
