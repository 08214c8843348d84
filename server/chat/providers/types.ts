import type { ChatMessage } from '../../../src/domain/chat';
import type { LeadDetails, LeadField } from '../leadDetails';

/** What the visitor has told us so far in this conversation, and what this message added. */
export interface LeadProgress {
  known: LeadDetails;
  /** The details this very message gave (to thank the visitor for them). */
  captured: LeadField[];
}

export interface ReplyRequest {
  message: string;
  history: ChatMessage[];
  lead: LeadProgress;
}

/**
 * One way of answering: yields the reply as it is generated, in pieces of plain text. Stops promptly when `signal`
 * aborts (the visitor left, or the reply ran out of time). Throws a ProviderError for a known failure.
 */
export interface ChatProvider {
  readonly name: 'local' | 'gemini';
  reply(request: ReplyRequest, signal: AbortSignal): AsyncIterable<string>;
}

export type ProviderFailure = 'rate_limited' | 'timeout' | 'unavailable';

export class ProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}
