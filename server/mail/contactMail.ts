import type { Database } from '../db/client';
import { queueMail } from './queue';
import { renderEmail } from './render';
import { ContactReceived, StaffContactLead, type ContactFacts } from './templates/contactEmails';

export interface MailSettings {
  mode: 'embedded' | 'smtp';
  /** Staff told of every lead; none: nobody is told by email. */
  staff: string[];
  siteUrl: string;
}

/** A name as one header-safe line. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/** The emails a contact message brings, rendered before the transaction so it only writes rows. */
export async function contactEmails(settings: MailSettings, lead: ContactFacts, today: string) {
  const [reply, staff] = await Promise.all([
    renderEmail(ContactReceived({ name: lead.name })),
    renderEmail(StaffContactLead({ lead, inboxUrl: `${settings.siteUrl}/#/admin` })),
  ]);
  return async (tx: Database, messageId: string) => {
    // One auto-reply per address a day: the form cannot be used to mail an address again and again.
    await queueMail(
      tx,
      {
        kind: 'prospect.contactReceived',
        dedupeKey: `contact-reply:${lead.email.toLowerCase()}:${today}`,
        to: lead.email,
        subject: 'We have your message — GrowthPath',
        ...reply,
      },
      settings.mode,
    );
    for (const address of settings.staff) {
      await queueMail(
        tx,
        {
          kind: 'staff.contact',
          dedupeKey: `staff.contact:${messageId}:${address}`,
          to: address,
          subject: `New contact message: ${oneLine(lead.name)}`,
          ...staff,
        },
        settings.mode,
      );
    }
  };
}
