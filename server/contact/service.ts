import { createHmac } from 'node:crypto';
import { parseContact } from '../../src/domain/contact';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { enqueue } from '../outbox/repository';
import { contactEmails, type MailSettings } from '../mail/contactMail';
import { contactForwardKind, type ContactForwardPayload } from './forwarder';
import { insertContactMessage } from './repository';

export interface ContactServiceDeps {
  db: Database;
  /** True when CONTACT_FORWARD_URL is set: each message is also queued for forwarding. */
  forwarding: boolean;
  ipHashSecret: string | undefined;
  /** Tells the forwarder there is work, so delivery does not wait for its next poll. */
  onQueued?: () => void;
  /** The emails a message brings (the sender's auto-reply, staff's notice); none when not given. */
  mail?: MailSettings;
  now?: () => Date;
}

export interface ContactService {
  submit(input: unknown, sourceIp: string | undefined): Promise<{ id: string }>;
}

export function createContactService({
  db,
  forwarding,
  ipHashSecret,
  onQueued,
  mail,
  now = () => new Date(),
}: ContactServiceDeps): ContactService {
  // Without a secret a plain hash of an IPv4 address is reversible by brute force, so nothing is stored instead.
  const hashIp = (ip: string | undefined) => (ip && ipHashSecret ? createHmac('sha256', ipHashSecret).update(ip).digest('hex') : null);

  return {
    async submit(input, sourceIp) {
      const parsed = parseContact(input);
      if (!parsed.ok) {
        throw new AppError(400, 'validation_failed', 'Please correct the highlighted fields.', {
          fieldErrors: parsed.fieldErrors,
        });
      }
      // The message and its forwarding job commit together: a stored message is never left unforwarded,
      // and a forward never refers to a message that was rolled back.
      const queueEmails =
        mail && (await contactEmails(mail, { ...parsed.value, phone: parsed.value.phone || null }, now().toISOString().slice(0, 10)));
      const id = await db.transaction(async (tx) => {
        const messageId = await insertContactMessage(tx, { ...parsed.value, sourceIpHash: hashIp(sourceIp) });
        if (forwarding) {
          const payload: ContactForwardPayload = { contactMessageId: messageId };
          await enqueue(tx, contactForwardKind, payload);
        }
        await queueEmails?.(tx, messageId);
        return messageId;
      });
      if (forwarding || mail?.mode === 'smtp') onQueued?.();
      return { id };
    },
  };
}
