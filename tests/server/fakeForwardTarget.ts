import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, type RunningApp } from './support';

/**
 * A stand-in for the hosted script behind CONTACT_FORWARD_URL (decision D11): it reads each multipart form the
 * outbox forwards, keeps its fields, and answers from a script (success by default). Shared by the outbox tests, the
 * two-servers test and the load bench.
 */
export class FakeForwardTarget {
  /** Every form received, in order of arrival. */
  received: Record<string, string>[] = [];
  /** Answers to give, first in first out; once empty, `{ result: 'success' }`. */
  answers: Array<{ status: number; body: string }> = [];
  /** A pause before each answer, so deliveries overlap. */
  delayMs: number;
  private server: RunningApp | undefined;

  constructor({ delayMs = 0 }: { delayMs?: number } = {}) {
    this.delayMs = delayMs;
  }

  async start(): Promise<this> {
    this.server = await listen((req, res) => void this.handle(req, res));
    return this;
  }

  get url(): string {
    if (!this.server) throw new Error('the forward target is not started');
    return `${this.server.url}/macros/exec`;
  }

  /** The `message` field of every form received. */
  get messages(): string[] {
    return this.received.map((fields) => fields.message ?? '');
  }

  async close(): Promise<void> {
    await this.server?.close();
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = await new Response(Buffer.concat(chunks), {
      headers: { 'content-type': req.headers['content-type'] ?? '' },
    }).formData();
    this.received.push(Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)])));
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const answer = this.answers.shift() ?? { status: 200, body: JSON.stringify({ result: 'success' }) };
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  }
}
