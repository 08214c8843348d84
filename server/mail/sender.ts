import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import type { OutboxHandler } from '../outbox/worker';
import type { MailMessageRow } from '../db/schema';
import { enqueue } from '../outbox/repository';
import { outboxMaxAttempts } from '../outbox/worker';
import { findMail, markMail, type MailAttachment } from './repository';
import { passwordLinkSlot } from './compose/context';
import { mailSendKind, type MailSendPayload } from './queue';

export interface MailSenderOptions {
  db: Database;
  smtpUrl: string;
  from: string;
  /** A fresh link for a new account's owner to set their password (Firebase's), made as its email is sent. */
  passwordLink: (email: string) => Promise<string>;
  /** Where the welcome's button goes when Firebase refuses to make a link for good: the sign-in page's Forgot password. */
  signInUrl: string;
  now?: () => Date;
}

const codeOf = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '');

/** Firebase knows no account for the address: a welcome to it has nothing to offer, and no retry will change that. */
const accountGone = (error: unknown) => ['auth/user-not-found', 'auth/email-not-found'].includes(codeOf(error));

/** Firebase could not be asked (down, slow, or failing inside): the send waits and is tried again. */
const firebaseAway = (error: unknown) => ['', 'app/network-error', 'app/network-timeout', 'auth/internal-error'].includes(codeOf(error));

const attributeSafe = (url: string) => url.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

class AccountGone extends Error {}

/**
 * The stored email with a fresh password link in its slot, when it has one (compose/context.ts passwordLinkSlot). A
 * refusal that no retry will change (the continue URL not authorised in Firebase, a missing permission) sends the
 * welcome with the sign-in page instead, whose Forgot password makes a link: the welcome is never lost to it.
 */
async function withPasswordLink(
  mail: MailMessageRow,
  { passwordLink, signInUrl }: Pick<MailSenderOptions, 'passwordLink' | 'signInUrl'>,
): Promise<{ html: string; text: string }> {
  if (!mail.html.includes(passwordLinkSlot) && !mail.text.includes(passwordLinkSlot)) return mail;
  const link = await passwordLink(mail.toAddress).catch((error: unknown) => {
    if (accountGone(error)) throw new AccountGone('The account no longer exists, so no password link could be made.');
    if (firebaseAway(error)) throw error;
    return signInUrl;
  });
  return { html: mail.html.replaceAll(passwordLinkSlot, attributeSafe(link)), text: mail.text.replaceAll(passwordLinkSlot, link) };
}

function isPayload(value: unknown): value is MailSendPayload {
  return typeof value === 'object' && value !== null && typeof (value as MailSendPayload).mailId === 'number';
}

/**
 * A 5xx answer to the recipient or the message is final: retrying would be refused again. A 5xx elsewhere (a wrong
 * password in SMTP_URL, a relay refusing this server) is the setup's fault, fixed on our side, so it is retried.
 */
function refusedForGood(error: unknown): boolean {
  const { responseCode, command } = error as { responseCode?: unknown; command?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && (command === 'RCPT TO' || command === 'DATA');
}

/** How long an email is tried while the mail server is away: past it, the email is marked failed for staff to see. */
export const mailRetryFor = { totalMs: 3 * 24 * 60 * 60_000, afterLastAttemptMs: 60 * 60_000 } as const;

/**
 * Sends a stored email over SMTP (nodemailer), from the outbox: a server that is down or answers 4xx throws, and the
 * outbox retries with backoff; when its attempts run out, a fresh row tries again hourly, for three days from the
 * event. A permanent refusal is recorded on the email and not retried.
 */
export function createMailSendHandler({
  db,
  smtpUrl,
  from,
  passwordLink,
  signInUrl,
  now = () => new Date(),
}: MailSenderOptions): OutboxHandler {
  // Bounded, so a batch of sends stays well inside the outbox's lease and no other server takes a row mid-send.
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });

  async function sendLater(mail: MailMessageRow, attempts: number, reason: string) {
    if (attempts < outboxMaxAttempts) {
      await markMail(db, mail.id, 'queued', { error: reason });
      throw new Error(reason);
    }
    const at = new Date(now().getTime() + mailRetryFor.afterLastAttemptMs);
    if (at.getTime() - mail.createdAt.getTime() > mailRetryFor.totalMs) {
      await markMail(db, mail.id, 'failed', { error: reason });
      return;
    }
    await db.transaction(async (tx) => {
      await markMail(tx, mail.id, 'queued', { error: reason });
      await enqueue(tx, mailSendKind, { mailId: mail.id } satisfies MailSendPayload, { at });
    });
  }

  return async (payload, row) => {
    if (!isPayload(payload)) throw new Error('malformed mail.send payload');
    const mail = await findMail(db, payload.mailId);
    if (!mail || mail.status === 'sent' || mail.status === 'refused' || mail.status === 'failed') return;
    try {
      const { html, text } = await withPasswordLink(mail, { passwordLink, signInUrl });
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
        html,
        text,
        attachments,
        headers: { 'X-GrowthPath-Mail-Id': String(mail.id) },
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (!refusedForGood(error) && !(error instanceof AccountGone)) return sendLater(mail, row.attempts, reason);
      await markMail(db, mail.id, 'refused', { error: reason });
      return;
    }
    await markMail(db, mail.id, 'sent', { at: now() });
  };
}
