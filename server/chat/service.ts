import type { z } from 'zod';
import { chatRequestSchema, type ChatRequest, type ChatStreamEvent } from '../../src/domain/chat';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { recordMailEvent } from '../mail/events';
import { fieldErrorsOf } from '../http/validation';
import type { Logger } from '../logger';
import { detailsAskedFor, detailsIn, type LeadDetails, type LeadField } from './leadDetails';
import { appendTranscript, findChatLead, saveChatLead } from './leadsRepository';
import { ProviderError, type ChatProvider, type LeadProgress, type ProviderFailure } from './providers/types';
import { trustedHistory, type TurnSigner } from './turnSignature';

/**
 * One reply, from a validated request to the events the route streams: the visitor's details are stored as a lead
 * first, then the provider's pieces are passed on as `delta` events and the reply ends with exactly one `done` or
 * `error`. The reply has a time budget; when it runs out, or the visitor goes, the provider is told to stop.
 * Only the model turns the server signed reach the provider and the lead capture; `done` carries the new reply's
 * signature (docs/decisions/083-signed-chat-turns.md).
 */

export interface ChatServiceDeps {
  db: Database;
  provider: ChatProvider;
  logger: Logger;
  /** The whole reply, from the request to its last piece. */
  replyTimeoutMs: number;
  signer: TurnSigner;
  /** Tells the outbox worker a lead's notice is waiting. */
  onQueued?: () => void;
}

export interface ChatService {
  readonly provider: ChatProvider['name'];
  /** Validates the request (an AppError 400 before anything is streamed) and returns the reply's events. */
  reply(input: unknown, signal: AbortSignal): AsyncIterable<ChatStreamEvent>;
}

/** What the error event says. The widget shows its own catalogue line (docs/product.md §8); other clients get these. */
export const failureMessages: Record<ProviderFailure | 'empty' | 'storage', string> = {
  rate_limited: 'The assistant is busy right now. Please try again in a minute.',
  timeout: 'The assistant took too long to answer. Please try again.',
  unavailable: 'The assistant could not answer just now. Please try again or visit our contact page.',
  empty: 'The assistant had no answer to that. Please rephrase your question or visit our contact page.',
  storage: 'The assistant could not answer just now. Please try again or visit our contact page.',
};

function parseRequest(input: unknown): ChatRequest {
  const result = chatRequestSchema.safeParse(typeof input === 'object' && input !== null ? input : {});
  if (result.success) return result.data;
  const issue: z.core.$ZodIssue | undefined = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  throw new AppError(400, 'validation_failed', issue ? `${field}: ${issue.message}` : 'The chat request is not valid.', {
    fieldErrors: fieldErrorsOf(result.error),
  });
}

const fields: readonly LeadField[] = ['name', 'email', 'need'];

function knownOf(row: { name: string | null; email: string | null; need: string | null } | undefined): LeadDetails {
  const known: LeadDetails = {};
  if (row?.name) known.name = row.name;
  if (row?.email) known.email = row.email;
  if (row?.need) known.need = row.need;
  return known;
}

/** Resolves when the signal aborts; used to stop waiting on a provider that does not stop by itself. */
function aborted(signal: AbortSignal): Promise<'aborted'> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve('aborted');
    else signal.addEventListener('abort', () => resolve('aborted'), { once: true });
  });
}

export function createChatService({ db, provider, logger, replyTimeoutMs, signer, onQueued }: ChatServiceDeps): ChatService {
  /** Stores what the visitor gave; once it includes an email address, staff are told of the lead (once). */
  async function saveLead(conversationId: string, details: LeadDetails) {
    const row = await db.transaction(async (tx) => {
      const saved = await saveChatLead(tx, conversationId, details);
      if (details.email && saved.email) await recordMailEvent(tx, { type: 'chat.lead', leadId: saved.id });
      return saved;
    });
    if (details.email) onQueued?.();
    return row;
  }

  /**
   * The lead's details, and its transcript: once a conversation has a lead, its turns are kept for staff (the
   * conversation so far on the turn that finds the lead, then each new message). A conversation without a lead
   * stores nothing (docs/decisions/101-chat-transcript-minimisation.md).
   */
  async function leadProgress(request: ChatRequest): Promise<LeadProgress & { leadId: string | undefined }> {
    const details = detailsIn(request.message, detailsAskedFor(request.history));
    const captured = fields.filter((field) => details[field] !== undefined);
    const row = captured.length > 0 ? await saveLead(request.conversationId, details) : await findChatLead(db, request.conversationId);
    if (captured.length > 0) logger.info('chat lead updated', { conversationId: request.conversationId, fields: captured });
    if (row) {
      const visitor = { role: 'user' as const, text: request.message };
      const history = request.history.map(({ role, text }) => ({ role, text }));
      await appendTranscript(db, row.id, { initial: [...history, visitor], turns: [visitor] });
    }
    return { known: knownOf(row), captured, leadId: row?.id };
  }

  async function* events(received: ChatRequest, visitorGone: AbortSignal): AsyncGenerator<ChatStreamEvent> {
    const { history, dropped } = trustedHistory(signer, received.conversationId, received.history);
    if (dropped > 0)
      logger.warn('chat model turns without a valid signature dropped', { conversationId: received.conversationId, dropped });
    const request: ChatRequest = { ...received, history };
    const timeout = AbortSignal.timeout(replyTimeoutMs);
    const stop = AbortSignal.any([visitorGone, timeout]);
    const fail = (failure: keyof typeof failureMessages, error?: unknown): ChatStreamEvent => {
      const status = error instanceof ProviderError ? error.status : undefined;
      logger.warn('chat reply failed', { provider: provider.name, failure, status, conversationId: request.conversationId, err: error });
      return { type: 'error', message: failureMessages[failure] };
    };

    let lead: LeadProgress;
    let leadId: string | undefined;
    try {
      ({ leadId, ...lead } = await leadProgress(request));
    } catch (error) {
      yield fail('storage', error);
      return;
    }

    const pieces = provider.reply({ message: request.message, history: request.history, lead }, stop)[Symbol.asyncIterator]();
    const stopped = aborted(stop);
    let reply = '';
    try {
      for (;;) {
        const next = await Promise.race([pieces.next(), stopped]);
        if (next === 'aborted') break;
        if (next.done) break;
        if (next.value.length === 0) continue;
        reply += next.value;
        yield { type: 'delta', text: next.value };
      }
    } catch (error) {
      if (visitorGone.aborted) return;
      if (timeout.aborted) {
        yield fail('timeout', error);
        return;
      }
      yield fail(error instanceof ProviderError ? error.failure : 'unavailable', error);
      return;
    } finally {
      // Do not wait for a provider that ignores its signal: the reply is over either way.
      void Promise.resolve(pieces.return?.()).catch(() => undefined);
    }

    if (visitorGone.aborted) return;
    if (timeout.aborted) {
      yield fail('timeout');
      return;
    }
    if (!reply) {
      yield fail('empty');
      return;
    }
    // Stored before `done` is sent, so a visitor who leaves right after it still leaves the whole reply on the lead.
    if (leadId) {
      await appendTranscript(db, leadId, { initial: [], turns: [{ role: 'model', text: reply }] }).catch((error: unknown) =>
        logger.warn('chat transcript not saved', { conversationId: request.conversationId, err: error }),
      );
    }
    yield { type: 'done', signature: signer.sign(request.conversationId, reply) };
  }

  return {
    provider: provider.name,
    reply(input, signal) {
      const request = parseRequest(input);
      return events(request, signal);
    },
  };
}
