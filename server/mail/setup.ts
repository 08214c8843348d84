import type { Auth } from 'firebase-admin/auth';
import { firebaseAdminAuth } from '../auth/firebaseAdmin';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { OutboxHandler } from '../outbox/worker';
import { signInLink, type ComposeContext } from './compose/context';
import { createMailEventHandler } from './eventHandler';
import { mailEventKind } from './events';
import { mailSendKind } from './queue';
import { reportPdfOnThread } from './reportPdfThread';
import { createMailSendHandler } from './sender';
import type { MailSettings } from './settings';
import { createStaffDigestHandler, staffDigestKind, staffWebhookKind } from './staffNotices';
import { createStaffWebhookHandler } from './webhook';

/**
 * Firebase's link for the account's owner to set a password. A failure is checked against the account itself: Firebase
 * answers an unknown address with auth/email-not-found, the Auth Emulator with an internal error, and only a missing
 * account is final (server/mail/sender.ts); anything else is retried.
 */
async function firebasePasswordLink(auth: Auth, email: string, continueUrl: string): Promise<string> {
  try {
    return await auth.generatePasswordResetLink(email, { url: continueUrl });
  } catch (error) {
    const gone = await auth.getUserByEmail(email).then(
      () => false,
      (lookup: { code?: string }) => lookup.code === 'auth/user-not-found',
    );
    if (gone) throw Object.assign(new Error(`no account for the address`), { code: 'auth/user-not-found' });
    throw error;
  }
}

export function mailSettingsOf(config: Config): MailSettings {
  return {
    mode: config.modes.mail,
    staff: config.mail.staff,
    webhook: Boolean(config.mail.staffWebhookUrl),
    staffPerMinute: config.mail.staffPerMinute,
    siteUrl: config.mail.siteUrl,
    prospectReplies: config.mail.prospectReplies,
  };
}

/**
 * The outbox's mail work: composing each event's emails and staff's digests always (embedded mode keeps them for the
 * inbox's Outgoing mail), sending them with SMTP_URL, posting to the chat webhook with STAFF_NOTIFY_WEBHOOK_URL.
 */
export function createMailHandlers({
  config,
  db,
  now,
  passwordLink,
  reportPdf = reportPdfOnThread,
}: {
  config: Config;
  db: Database;
  now?: () => Date;
  /** A new account's password link, made as its welcome is sent; Firebase's own unless given (tests). */
  passwordLink?: (email: string) => Promise<string>;
} & Partial<Pick<ComposeContext, 'reportPdf'>>): Record<string, OutboxHandler> {
  const settings = mailSettingsOf(config);
  const handlers: Record<string, OutboxHandler> = {
    [mailEventKind]: createMailEventHandler({ db, settings, reportPdf, now }),
    [staffDigestKind]: createStaffDigestHandler({ db, settings, now }),
  };
  if (config.mail.smtpUrl) {
    const auth = passwordLink ? undefined : firebaseAdminAuth(config.firebase);
    handlers[mailSendKind] = createMailSendHandler({
      db,
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      passwordLink: passwordLink ?? ((email) => firebasePasswordLink(auth!, email, signInLink(settings))),
      signInUrl: signInLink(settings),
      now,
    });
  }
  if (config.mail.staffWebhookUrl) handlers[staffWebhookKind] = createStaffWebhookHandler({ url: config.mail.staffWebhookUrl });
  return handlers;
}
