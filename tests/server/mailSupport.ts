import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../server/config';
import type { Database } from '../../server/db/client';
import { silentLogger } from '../../server/logger';
import { reportPdf } from '../../server/mail/reportPdf';
import { createMailHandlers } from '../../server/mail/setup';
import { createOutboxWorker, type OutboxWorker } from '../../server/outbox/worker';

/**
 * The outbox worker with the server's own mail handlers (server/mail/setup.ts), on a test clock. The report PDF is
 * made in-process (the thread is tested on its own) and a new account's password link is a stand-in unless given.
 */
export function mailWorker(
  db: Database,
  config: Config,
  { now = () => new Date(Date.now() + 60_000), passwordLink }: { now?: () => Date; passwordLink?: (email: string) => Promise<string> } = {},
): OutboxWorker {
  return createOutboxWorker({
    db,
    logger: silentLogger,
    handlers: createMailHandlers({
      config,
      db,
      now,
      reportPdf,
      passwordLink: passwordLink ?? (async (email) => `https://auth.example.in/reset?email=${encodeURIComponent(email)}`),
    }),
    now,
    random: () => 0.5,
    baseDelayMs: 1_000,
    maxDelayMs: 60_000,
  });
}

/** Runs the worker until nothing is due: events composed, then their emails sent. */
export async function drain(worker: OutboxWorker): Promise<{ delivered: number; failed: number }> {
  const total = { delivered: 0, failed: 0 };
  for (;;) {
    const run = await worker.runOnce();
    total.delivered += run.delivered;
    total.failed += run.failed;
    if (run.delivered + run.failed === 0) return total;
  }
}

/** A Slack or Google Chat webhook stand-in on loopback: the `text` of every post, in order. */
export interface ChatWebhookSink {
  url: string;
  posts: string[];
  close(): void;
}

export async function startChatWebhookSink(): Promise<ChatWebhookSink> {
  const posts: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      posts.push((JSON.parse(body) as { text: string }).text);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, posts, close: () => server.close() };
}
