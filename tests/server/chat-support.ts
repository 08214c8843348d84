import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chatStreamEventSchema, type ChatStreamEvent } from '../../src/domain/chat';
import { dataOf, takeEvents } from '../../src/features/chat/chatApi';

/**
 * Shared by the chat test files: a local fake of Gemini's streaming endpoint, and a reader for POST /api/chat's
 * server-sent events that also records when each event arrived.
 */

// ---- reading POST /api/chat -----------------------------------------------------------------------------------

export interface ChatReading {
  status: number;
  headers: Headers;
  /** The events in order, each with the milliseconds since the request was sent. */
  events: (ChatStreamEvent & { at: number })[];
  /** The joined text of the delta events. */
  text: string;
  /** The body when the answer was not a stream (a refusal). */
  json?: unknown;
}

export async function readChat(
  baseUrl: string,
  body: unknown,
  { signal, headers = {}, stopAfterEvents }: { signal?: AbortSignal; headers?: Record<string, string>; stopAfterEvents?: number } = {},
): Promise<ChatReading> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal,
  });
  const reading: ChatReading = { status: response.status, headers: response.headers, events: [], text: '' };
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    reading.json = await response.json().catch(() => undefined);
    return reading;
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const { events, rest } = takeEvents(buffer + value);
    buffer = rest;
    for (const block of events) {
      const data = dataOf(block);
      if (data === null) continue;
      const event = chatStreamEventSchema.parse(JSON.parse(data));
      reading.events.push({ ...event, at: performance.now() - started });
      if (event.type === 'delta') reading.text += event.text;
      if (stopAfterEvents !== undefined && reading.events.length >= stopAfterEvents) {
        await reader.cancel();
        return reading;
      }
    }
  }
  if (buffer.trim() !== '') throw new Error(`stream ended inside an event: ${JSON.stringify(buffer)}`);
  return reading;
}

export const types = (reading: ChatReading) => reading.events.map((event) => event.type);

let conversationCounter = 0;
/** A fresh conversation id per call, so leads never collide between tests. */
export function newConversationId(): string {
  conversationCounter += 1;
  return `test-conv-${process.pid}-${Date.now().toString(36)}-${conversationCounter}`;
}

// ---- a fake of Gemini's streaming endpoint --------------------------------------------------------------------

export type FakeStep =
  | { text: string; delayMs?: number }
  /** An error object inside the stream, the way Gemini reports a failure after it has started answering. */
  | { error: { code: number; message: string; status: string }; delayMs?: number }
  /** The connection breaks off without a proper end. */
  | { drop: true; delayMs?: number }
  /** Nothing more is sent, and the response never ends (until the client goes). */
  | { stall: true };

export type FakeScenario = { kind: 'stream'; steps: FakeStep[] } | { kind: 'status'; status: number; body: unknown };

export interface RecordedRequest {
  method: string;
  path: string;
  search: string;
  apiKey: string | undefined;
  body: {
    contents: { role: string; parts: { text: string }[] }[];
    systemInstruction?: { parts: { text: string }[] };
    generationConfig?: Record<string, unknown>;
  };
  /** Resolves true when the client closed the connection before the fake finished answering. */
  closedEarly: Promise<boolean>;
}

export interface GeminiFake {
  url: string;
  requests: RecordedRequest[];
  /** The scenario for the next requests (the last one set stays in force). */
  answerWith(scenario: FakeScenario): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chunk(text: string, final = false): string {
  const candidate: Record<string, unknown> = { content: { parts: [{ text }], role: 'model' }, index: 0 };
  if (final) candidate.finishReason = 'STOP';
  return `data: ${JSON.stringify({ candidates: [candidate], modelVersion: 'gemini-fake' })}\r\n\r\n`;
}

export async function startGeminiFake(): Promise<GeminiFake> {
  let scenario: FakeScenario = { kind: 'stream', steps: [{ text: 'Hello from the fake.' }] };
  const requests: RecordedRequest[] = [];

  async function answer(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const part of req) raw += part;
    let finished = false;
    const closedEarly = new Promise<boolean>((resolve) => {
      res.on('close', () => resolve(!finished));
    });
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      search: url.search,
      apiKey: req.headers['x-goog-api-key'] as string | undefined,
      body: JSON.parse(raw || '{}') as RecordedRequest['body'],
      closedEarly,
    });

    const current = scenario;
    if (current.kind === 'status') {
      res.writeHead(current.status, { 'content-type': 'application/json' });
      finished = true;
      res.end(JSON.stringify(current.body));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const last = current.steps.length - 1;
    for (const [index, step] of current.steps.entries()) {
      if ('stall' in step) return; // never ends; the client must give up
      if (step.delayMs) await sleep(step.delayMs);
      if (res.destroyed) return;
      if ('drop' in step) {
        res.socket?.destroy();
        return;
      }
      if ('error' in step) {
        finished = true;
        res.end(`data: ${JSON.stringify({ error: step.error })}\r\n\r\n`);
        return;
      }
      res.write(chunk(step.text, index === last));
    }
    finished = true;
    res.end();
  }

  const server = createServer((req, res) => {
    answer(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerWith: (next) => {
      scenario = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
