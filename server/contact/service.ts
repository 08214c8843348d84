import { createHmac } from 'node:crypto';
import { parseContact } from '../../src/domain/contact';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { enqueue } from '../outbox/repository';
import { recordMailEvent } from '../mail/events';
import { contactForwardKind, type ContactForwardPayload } from './forwarder';
import { insertContactMessage } from './repository';

export interface ContactServiceDeps {
  db: Database;
  /** True when CONTACT_FORWARD_URL is set: each message is also queued for forwarding. */
  forwarding: boolean;
  ipHashSecret: string | undefined;
  /** Tells the outbox worker there is work (the forward, the emails), so it does not wait for its next poll. */
  onQueued?: () => void;
}

export interface ContactService {
  submit(input: unknown, sourceIp: string | undefined): Promise<{ id: string }>;
}

export function createContactService({ db, forwarding, ipHashSecret, onQueued }: ContactServiceDeps): ContactService {
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
      const id = await db.transaction(async (tx) => {
        const messageId = await insertContactMessage(tx, { ...parsed.value, sourceIpHash: hashIp(sourceIp) });
        if (forwarding) {
          const payload: ContactForwardPayload = { contactMessageId: messageId };
          await enqueue(tx, contactForwardKind, payload);
        }
        // The sender's auto-reply and staff's notice (server/mail).
        await recordMailEvent(tx, { type: 'contact.received', messageId });
        return messageId;
      });
      onQueued?.();
      return { id };
    },
  };
}
