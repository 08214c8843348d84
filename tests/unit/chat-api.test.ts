import { describe, expect, it, vi } from 'vitest';
import { ChatStreamError, dataOf, streamChat, takeEvents } from '../../src/features/chat/chatApi';
import { ApiError } from '../../src/lib/http';

/** The browser's streaming client: server-sent events read from a fetch body, in whatever chunks they arrive. */

const request = { conversationId: 'conv-12345678', message: 'Prices?', history: [] };
const SIGNATURE = 'c2lnbmVkLWJ5LXRoZS1zZXJ2ZXItZm9yLXRoaXMtcmV';
const done = `data: {"type":"done","signature":"${SIGNATURE}"}\n\n`;

/** A fetch that answers with `chunks` as the body, written one by one. */
function fetchStreaming(chunks: string[], init: ResponseInit = { headers: { 'content-type': 'text/event-stream; charset=utf-8' } }) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return vi.fn<typeof fetch>(async () => new Response(body, init));
}

describe('takeEvents / dataOf', () => {
  it('splits complete events and keeps the rest for the next read', () => {
    expect(takeEvents('data: {"a":1}\n\ndata: {"b"')).toEqual({ events: ['data: {"a":1}'], rest: 'data: {"b"' });
  });

  it('accepts CRLF and CR line ends, also when a CRLF is split across two reads', () => {
    const first = takeEvents('data: 1\r\n\r');
    expect(first.events).toEqual([]);
    const second = takeEvents(`${first.rest}\ndata: 2\r\r\n`);
    expect(second.events).toEqual(['data: 1', 'data: 2']);
    expect(second.rest).toBe('');
  });

  it('joins multi-line data and skips comments', () => {
    expect(dataOf('data: line one\ndata: line two')).toBe('line one\nline two');
    expect(dataOf(': keep-alive')).toBeNull();
    expect(dataOf('event: message\ndata:{"x":1}')).toBe('{"x":1}');
  });
});

describe('streamChat', () => {
  it('posts the request as JSON and passes each piece on, however the bytes are cut', async () => {
    const body = `data: {"type":"delta","text":"Launch"}\n\ndata: {"type":"delta","text":"Pad ₹10,000"}\n\n${done}`;
    // Cut into 7-byte chunks: events, and even a multi-byte ₹, straddle reads.
    const bytes = new TextEncoder().encode(body);
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.slice(i, i + 7));
    const fetchImpl = vi.fn<typeof fetch>(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              chunks.forEach((chunk) => controller.enqueue(chunk));
              controller.close();
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    const pieces: string[] = [];
    // It resolves with the reply's signature, for the conversation to send back with the reply.
    expect(await streamChat(request, { onDelta: (text) => pieces.push(text), fetchImpl })).toEqual({ signature: SIGNATURE });
    expect(pieces).toEqual(['Launch', 'Pad ₹10,000']);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/chat');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual(request);
  });

  it('rejects on an error event, after the pieces that came before it', async () => {
    const pieces: string[] = [];
    const fetchImpl = fetchStreaming([
      'data: {"type":"delta","text":"Half"}\n\n',
      'data: {"type":"error","message":"The assistant is busy right now."}\n\n',
    ]);
    await expect(streamChat(request, { onDelta: (text) => pieces.push(text), fetchImpl })).rejects.toThrow(
      'The assistant is busy right now.',
    );
    expect(pieces).toEqual(['Half']);
  });

  it('rejects a stream that ends before done', async () => {
    const fetchImpl = fetchStreaming(['data: {"type":"delta","text":"Half"}\n\n']);
    await expect(streamChat(request, { onDelta: () => {}, fetchImpl })).rejects.toThrow(ChatStreamError);
  });

  it('rejects unknown or malformed events', async () => {
    await expect(streamChat(request, { onDelta: () => {}, fetchImpl: fetchStreaming(['data: <b>hi</b>\n\n']) })).rejects.toThrow(
      'not JSON',
    );
    await expect(
      streamChat(request, { onDelta: () => {}, fetchImpl: fetchStreaming(['data: {"type":"html","text":"x"}\n\n']) }),
    ).rejects.toThrow('unknown event');
    // A done without the reply's signature is not the server's protocol.
    await expect(streamChat(request, { onDelta: () => {}, fetchImpl: fetchStreaming(['data: {"type":"done"}\n\n']) })).rejects.toThrow(
      'unknown event',
    );
  });

  it('rejects a refused request with the server’s code, message and status', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many chat messages.' } }), {
          status: 429,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const failure = await streamChat(request, { onDelta: () => {}, fetchImpl }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'rate_limited', message: 'Too many chat messages.', status: 429 });
  });

  it('rejects an answer that is not a stream, and a network failure', async () => {
    const html = vi.fn<typeof fetch>(async () => new Response('<html></html>', { headers: { 'content-type': 'text/html' } }));
    await expect(streamChat(request, { onDelta: () => {}, fetchImpl: html })).rejects.toThrow('did not answer with a stream');
    const offline = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(streamChat(request, { onDelta: () => {}, fetchImpl: offline })).rejects.toMatchObject({
      name: 'ApiError',
      code: 'network',
      status: 0,
    });
  });

  it('passes the abort signal to fetch, so leaving cancels the request', async () => {
    const controller = new AbortController();
    const fetchImpl = fetchStreaming([done]);
    await streamChat(request, { onDelta: () => {}, fetchImpl, signal: controller.signal });
    expect(fetchImpl.mock.calls[0]![1]?.signal).toBe(controller.signal);
  });
});
