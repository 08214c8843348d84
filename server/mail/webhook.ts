import type { OutboxHandler } from '../outbox/worker';
import { quotesAsCode } from './leadText';
import type { StaffWebhookPayload } from './staffNotices';

/**
 * Posts staff's notices to STAFF_NOTIFY_WEBHOOK_URL as `{ "text": ... }`, the body both Slack's incoming webhooks and
 * Google Chat's space webhooks accept. From the outbox: an error or a non-2xx answer is retried with backoff.
 */
/**
 * Slack and Google Chat read `<...>` as mentions and links (`<!channel>`, `<https://x|text>`): a lead's name must not
 * ping everyone or plant a link, so the three characters are escaped as both document.
 */
export const escapeForChat = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function createStaffWebhookHandler({ url, timeoutMs = 10_000 }: { url: string; timeoutMs?: number }): OutboxHandler {
  return async (payload) => {
    const text = (payload as Partial<StaffWebhookPayload> | null)?.text;
    if (typeof text !== 'string') throw new Error('malformed staff.webhook payload');
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ text: quotesAsCode(escapeForChat(text)) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`chat webhook answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  };
}
