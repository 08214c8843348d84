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

export function mailSettingsOf(config: Config): MailSettings {
  return {
    mode: config.modes.mail,
    staff: config.mail.staff,
    webhook: Boolean(config.mail.staffWebhookUrl),
    staffPerMinute: config.mail.staffPerMinute,
    siteUrl: config.mail.siteUrl,
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
}: { config: Config; db: Database; now?: () => Date } & Partial<Pick<ComposeContext, 'passwordLink' | 'reportPdf'>>): Record<
  string,
  OutboxHandler
> {
  const settings = mailSettingsOf(config);
  const auth = passwordLink ? undefined : firebaseAdminAuth(config.firebase);
  const handlers: Record<string, OutboxHandler> = {
    [mailEventKind]: createMailEventHandler({
      db,
      settings,
      passwordLink: passwordLink ?? ((email) => auth!.generatePasswordResetLink(email, { url: signInLink(settings) })),
      reportPdf,
      now,
    }),
    [staffDigestKind]: createStaffDigestHandler({ db, settings, now }),
  };
  if (config.mail.smtpUrl)
    handlers[mailSendKind] = createMailSendHandler({ db, smtpUrl: config.mail.smtpUrl, from: config.mail.from, now });
  if (config.mail.staffWebhookUrl) handlers[staffWebhookKind] = createStaffWebhookHandler({ url: config.mail.staffWebhookUrl });
  return handlers;
}
