import type { Database } from '../db/client';
import type { OutboxHandler } from '../outbox/worker';
import { findContactMessage } from './repository';

/**
 * Forwards stored contact messages to CONTACT_FORWARD_URL the way docs/product.md §7.4's hosted script expects them:
 * multipart form fields name, email, phone, message, answered with JSON `{ result: 'success' }`.
 * Runs from the outbox, so a failure is retried with backoff and the stored message is never touched.
 */

export const contactForwardKind = 'contact.forward';

/** Only the id travels in the outbox, so erasing a message (privacy request) leaves no copy behind. */
export interface ContactForwardPayload extends Record<string, unknown> {
  contactMessageId: string;
}

export interface ContactForwarderOptions {
  url: string;
  db: Database;
  timeoutMs?: number;
}

function isPayload(value: unknown): value is ContactForwardPayload {
  return typeof value === 'object' && value !== null && typeof (value as ContactForwardPayload).contactMessageId === 'string';
}

export function createContactForwardHandler({ url, db, timeoutMs = 10_000 }: ContactForwarderOptions): OutboxHandler {
  return async (payload) => {
    if (!isPayload(payload)) throw new Error('malformed contact.forward payload');
    const message = await findContactMessage(db, payload.contactMessageId);
    // Erased since it was queued: there is nothing left to forward, and retrying would not change that.
    if (!message) return;

    const form = new FormData();
    form.set('name', message.name);
    form.set('email', message.email);
    form.set('phone', message.phone ?? '');
    form.set('message', message.message);

    const response = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let result: unknown;
    try {
      result = (JSON.parse(text) as { result?: unknown }).result;
    } catch {
      result = undefined;
    }
    if (!response.ok || result !== 'success') {
      throw new Error(`forward target answered ${response.status}: ${text.slice(0, 200)}`);
    }
  };
}
