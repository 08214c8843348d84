import { chatStreamEventSchema, type ChatRequestInput, type ChatStreamEvent } from '../../domain/chat';
import { ApiError, openRequest } from '../../lib/http';

/**
 * The browser's client for POST /api/chat (docs/decisions/061-chat-stream-protocol.md). The reply arrives as
 * server-sent events; EventSource cannot POST, so this reads them from the fetch response body. Resolves after the
 * `done` event with the reply's signature, which the conversation keeps and sends back with the reply in later
 * history (the server trusts only the model turns it signed: docs/decisions/083-signed-chat-turns.md). Rejects with
 * an ApiError on anything else: src/lib/http.ts's own for a request that failed before the stream began, a
 * ChatStreamError (an `error` event, a stream cut short, an unreadable event) after. Aborting the signal cancels the
 * request, which makes the server stop generating.
 */

/** The reply stream went wrong after the server accepted the request. */
export class ChatStreamError extends ApiError {
  override readonly name: string = 'ChatStreamError';

  constructor(message: string, status = 200) {
    super(status, 'stream_failed', message);
  }
}

export interface StreamChatOptions {
  onDelta: (text: string) => void;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

/** Splits a growing buffer into complete events (a blank line ends one); returns the events and what remains. */
export function takeEvents(buffer: string): { events: string[]; rest: string } {
  // A trailing CR may be the first half of a CRLF split across two reads: keep it raw until the next read.
  const pendingCr = buffer.endsWith('\r');
  const complete = pendingCr ? buffer.slice(0, -1) : buffer;
  const blocks = complete.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = (blocks.pop() ?? '') + (pendingCr ? '\r' : '');
  return { events: blocks, rest };
}

/** The data of one event block (its `data:` lines joined by newlines), or null for comments and empty blocks. */
export function dataOf(block: string): string | null {
  const lines = block
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''));
  return lines.length > 0 ? lines.join('\n') : null;
}

function parseEvent(data: string): ChatStreamEvent {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new ChatStreamError('The reply stream sent an event that is not JSON.');
  }
  const parsed = chatStreamEventSchema.safeParse(json);
  if (!parsed.success) throw new ChatStreamError('The reply stream sent an unknown event.');
  return parsed.data;
}

/** What a complete reply leaves besides its pieces. */
export interface ChatReplyReceipt {
  signature: string;
}

export async function streamChat(
  request: ChatRequestInput,
  { onDelta, signal, fetchImpl = fetch }: StreamChatOptions,
): Promise<ChatReplyReceipt> {
  const response = await openRequest('/api/chat', { method: 'POST', body: request, accept: 'text/event-stream', signal, fetchImpl });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body) {
    throw new ChatStreamError('The chat server did not answer with a stream.', response.status);
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const { events, rest } = takeEvents(buffer + value);
      buffer = rest;
      for (const block of events) {
        const data = dataOf(block);
        if (data === null) continue;
        const event = parseEvent(data);
        if (event.type === 'delta') onDelta(event.text);
        else if (event.type === 'done') return { signature: event.signature };
        else throw new ChatStreamError(event.message || 'The assistant could not answer.');
      }
    }
  } finally {
    // Stops reading (and, for an early return or a throw, cancels the rest of the body).
    reader.cancel().catch(() => undefined);
  }
  throw new ChatStreamError('The reply stream ended before the reply was complete.');
}
