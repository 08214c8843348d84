import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import { storableJson, TooDeeplyNested } from '../db/storableJson';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import type { PaymentGateway } from './gateway';
import {
  claimWebhookEvent,
  insertWebhookEvent,
  markWebhookEventFailed,
  markWebhookEventProcessed,
  releaseWebhookEvent,
} from './repository';
import { isValidWebhookSignature } from './signature';
import type { ApplyEvent } from './webhookEvents';
import { createWorkQueue } from './workQueue';

/**
 * POST /api/razorpay/webhook: an event is stored as soon as its signature checks out, and answered; it is processed
 * afterwards, a few at a time, by one server at once (a lease on its row). What it changes is webhookEvents.ts's.
 */

export interface WebhookReceipt {
  eventId: string;
  /** False for a redelivery of an event already stored. */
  stored: boolean;
}

/** Razorpay's events nest about six levels; PostgreSQL's jsonb refuses a few thousand. */
const maxWebhookDepth = 64;
/** How long one server holds a webhook event it is processing; longer than any fulfilment (its Firebase calls). */
const webhookLeaseMs = 2 * 60_000;

export function createWebhooks({
  db,
  gateway,
  logger,
  now,
  applyEvent,
  concurrency,
}: {
  db: Database;
  gateway: PaymentGateway;
  logger: Logger;
  now: () => Date;
  applyEvent: ApplyEvent;
  /** How many stored events are processed at once. */
  concurrency: number;
}) {
  const queue = createWorkQueue(concurrency);

  /** Checks the signature on the raw body and stores the event; its processing starts after this resolves. */
  async function handleWebhook(rawBody: Buffer, signature: string | undefined, eventIdHeader: string | undefined): Promise<WebhookReceipt> {
    if (!isValidWebhookSignature(rawBody, signature, gateway.webhookSecret)) {
      logger.warn('webhook signature refused', { bytes: rawBody.length });
      throw new AppError(400, 'invalid_signature', 'The webhook signature does not match its body.');
    }
    let payload: unknown;
    try {
      payload = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError(400, 'invalid_json', 'The webhook body is not valid JSON.');
    }
    // What jsonb cannot hold (U+0000, a lone surrogate) is replaced; a refusal here would be retried by the gateway for days.
    try {
      payload = storableJson(payload, maxWebhookDepth);
    } catch (err) {
      if (!(err instanceof TooDeeplyNested)) throw err;
      throw new AppError(400, 'too_deeply_nested', `The webhook body is ${err.message}; Razorpay's events are a few levels deep.`);
    }
    const type = payload && typeof payload === 'object' ? (payload as { event?: unknown }).event : undefined;
    if (typeof type !== 'string') throw new AppError(400, 'invalid_event', 'The webhook body names no event.');
    // Razorpay always sends the id; without one, identical bodies still collapse into one event.
    const eventId = eventIdHeader?.trim() || `body_${createHash('sha256').update(rawBody).digest('hex')}`;
    const stored = await insertWebhookEvent(db, { eventId, type, payload });
    if (stored) queue.push(() => processWebhookEvent(eventId));
    return { eventId, stored };
  }

  /**
   * Processes one stored event (idempotent). `waitForHolder`: false for the reconciler's retries, which leave an order
   * being fulfilled to its holder.
   */
  async function processWebhookEvent(eventId: string, waitForHolder = true): Promise<void> {
    try {
      // One server per attempt: on several servers the receiving one and every reconciler may reach for the same event.
      const at = now();
      const event = await claimWebhookEvent(db, eventId, { now: at, leaseUntil: new Date(at.getTime() + webhookLeaseMs) });
      if (!event) return;
      const outcome = await applyEvent(event.type, event.payload, waitForHolder);
      // Busy: another fulfiller holds the order and will finish it; not a failed attempt, so not counted as one.
      if (outcome === 'busy') await releaseWebhookEvent(db, eventId, event.claimedUntil!);
      else if (outcome !== 'done') await markWebhookEventFailed(db, eventId, `fulfilment deferred: ${outcome.reason}`);
      else await markWebhookEventProcessed(db, eventId, now());
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      logger.warn('webhook processing failed', { eventId, error: message });
      await markWebhookEventFailed(db, eventId, message).catch(() => undefined);
    }
  }

  /** Resolves when the processing started so far has finished (tests, shutdown). */
  const settled = () => queue.settled();

  return { handleWebhook, processWebhookEvent, settled };
}
