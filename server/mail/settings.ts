/** How this server mails (config.mail), as the mail components need it. */
export interface MailSettings {
  mode: 'embedded' | 'smtp';
  /** Staff told of every event. */
  staff: string[];
  /** Staff's chat webhook (Slack or Google Chat) told the same, when set. */
  webhook: boolean;
  /** Staff notices sent on their own in any minute before the rest wait for a digest. */
  staffPerMinute: number;
  /** The site's public address, for links. */
  siteUrl: string;
  /** The most automatic replies to leads' senders in India's day, in all and to any one domain (decision 188). */
  prospectReplies: { perDay: number; perDomainPerDay: number };
}

/** A name or other value as one header-safe line. */
export const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();
