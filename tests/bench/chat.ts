/**
 * `node --import tsx tests/bench/chat.ts [--url http://host:port] [--runs N] [--concurrency N]`
 *
 * How fast the chat assistant answers over POST /api/chat: for a fixed set of visitor questions, the time to the first
 * streamed piece (what a visitor waits before text starts to appear) and to the whole answer, measured at the
 * client from the moment the request is sent. Then the same with N conversations at once.
 *
 * Without --url it starts the real app in this process (createApp, an in-memory PGlite database, the provider the
 * environment chooses: the local assistant unless GEMINI_API_KEY is set) with the chat rate limit lifted, since the
 * point is latency, not the limiter. With --url it measures a running server as it is (its rate limit of 20
 * messages a minute per client applies, so keep --runs small). Prints a report and writes tests/bench/out/chat.json.
 * Exports runChatBench/formatChatBench for tests/bench/run.ts.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chatStreamEventSchema, type ChatMessage } from '../../src/domain/chat';
import { dataOf, takeEvents } from '../../src/features/chat/chatApi';
import { errorMessage, heading, median, ms, table } from './format';

const OUT = fileURLToPath(new URL('./out/', import.meta.url));

/** What visitors ask most: a greeting, prices, one plan, the services, the FAQ, contact details. */
export const benchQuestions = [
  'Hi',
  'How much are your plans?',
  'Tell me about the Growth Engine plan',
  'What services do you offer?',
  'Is there a lock-in contract?',
  'How can I contact you and what are your hours?',
] as const;

export interface ChatTiming {
  question: string;
  firstPieceMs: number | null;
  wholeAnswerMs: number | null;
  pieces: number;
  characters: number;
  error?: string;
}

export interface ChatBenchResult {
  url: string;
  provider: string;
  runs: number;
  concurrency: number;
  sequential: ChatTiming[];
  concurrent: ChatTiming[];
  concurrentWallMs: number;
}

export interface ChatBenchOptions {
  url?: string;
  runs: number;
  concurrency: number;
}

let counter = 0;
const conversationId = () => `bench-${process.pid}-${Date.now().toString(36)}-${(counter += 1)}`;

/** One question, timed from just before the request is sent to the first delta and to the done event. */
export async function timeOneAnswer(baseUrl: string, question: string, history: ChatMessage[] = []): Promise<ChatTiming> {
  const timing: ChatTiming = { question, firstPieceMs: null, wholeAnswerMs: null, pieces: 0, characters: 0 };
  const started = performance.now();
  try {
    const response = await fetch(new URL('/api/chat', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ conversationId: conversationId(), message: question, history }),
    });
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new Error('the stream ended before the done event');
      const { events, rest } = takeEvents(buffer + value);
      buffer = rest;
      for (const block of events) {
        const data = dataOf(block);
        if (data === null) continue;
        const event = chatStreamEventSchema.parse(JSON.parse(data));
        if (event.type === 'delta') {
          timing.firstPieceMs ??= performance.now() - started;
          timing.pieces += 1;
          timing.characters += event.text.length;
        } else if (event.type === 'done') {
          timing.wholeAnswerMs = performance.now() - started;
          await reader.cancel();
          return timing;
        } else {
          throw new Error(`error event: ${event.message}`);
        }
      }
    }
  } catch (error) {
    timing.error = error instanceof Error ? error.message : String(error);
    return timing;
  }
}

/** Starts the app in this process on a free port: in-memory database, chat rate limit lifted. */
async function startLocalApp(): Promise<{ url: string; provider: string; stop: () => Promise<void> }> {
  const [{ createApp }, { createServices }, { loadConfig, withEmbeddedAuth }, { openDatabase }, { runMigrations }] = await Promise.all([
    import('../../server/app'),
    import('../../server/services'),
    import('../../server/config'),
    import('../../server/db/client'),
    import('../../server/db/migrate'),
  ]);
  const config = loadConfig(
    withEmbeddedAuth({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: ':memory:', DATABASE_URL: '' }),
  );
  const database = await openDatabase(config);
  await runMigrations(database);
  const lifted = { windowMs: 60_000, limit: 1_000_000 };
  const app = createApp({ config, services: createServices({ config, db: database.db, rateLimits: { api: lifted, chat: lifted } }) });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    provider: config.modes.chat,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}

export async function runChatBench({ url, runs, concurrency }: ChatBenchOptions): Promise<ChatBenchResult> {
  const local = url ? null : await startLocalApp();
  const baseUrl = url ?? local!.url;
  try {
    let provider = local?.provider ?? 'unknown';
    if (!local) {
      const health = (await (await fetch(new URL('/api/health', baseUrl))).json()) as { chat?: string };
      provider = health.chat ?? 'unknown';
    }
    // One warm-up answer (connection set-up, first database query, JIT), not counted.
    await timeOneAnswer(baseUrl, 'Hello');

    const sequential: ChatTiming[] = [];
    for (let run = 0; run < runs; run += 1) {
      for (const question of benchQuestions) sequential.push(await timeOneAnswer(baseUrl, question));
    }

    const started = performance.now();
    const concurrent = await Promise.all(
      Array.from({ length: concurrency }, (_, i) => timeOneAnswer(baseUrl, benchQuestions[i % benchQuestions.length]!)),
    );
    const concurrentWallMs = performance.now() - started;
    return { url: baseUrl, provider, runs, concurrency, sequential, concurrent, concurrentWallMs };
  } finally {
    await local?.stop();
  }
}

const p95 = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};
const numbers = (values: (number | null)[]) => values.filter((value): value is number => value !== null);

export function formatChatBench(result: ChatBenchResult): string {
  const lines: string[] = [];
  lines.push(`provider: ${result.provider}   server: ${result.url}   ${result.runs} run(s) of ${benchQuestions.length} questions`);
  lines.push('times measured at the client, from sending the request; median per question');
  lines.push('');
  const rows = benchQuestions.map((question) => {
    const runs = result.sequential.filter((timing) => timing.question === question && !timing.error);
    const first = numbers(runs.map((timing) => timing.firstPieceMs));
    const whole = numbers(runs.map((timing) => timing.wholeAnswerMs));
    return [
      question,
      ms(median(first)),
      ms(median(whole)),
      String(median(runs.map((timing) => timing.pieces)) ?? '-'),
      String(median(runs.map((timing) => timing.characters)) ?? '-'),
    ];
  });
  lines.push(table(['question', 'first piece', 'whole answer', 'pieces', 'chars'], rows, new Set([1, 2, 3, 4])));
  const ok = result.sequential.filter((timing) => !timing.error);
  const first = numbers(ok.map((timing) => timing.firstPieceMs));
  const whole = numbers(ok.map((timing) => timing.wholeAnswerMs));
  lines.push('');
  lines.push(
    `all ${ok.length} answers: first piece median ${ms(median(first))}, p95 ${ms(p95(first))}; ` +
      `whole answer median ${ms(median(whole))}, p95 ${ms(p95(whole))}`,
  );
  const concurrentOk = result.concurrent.filter((timing) => !timing.error);
  const cFirst = numbers(concurrentOk.map((timing) => timing.firstPieceMs));
  const cWhole = numbers(concurrentOk.map((timing) => timing.wholeAnswerMs));
  lines.push(
    `${result.concurrency} conversations at once: first piece median ${ms(median(cFirst))}, p95 ${ms(p95(cFirst))}; ` +
      `whole answer median ${ms(median(cWhole))}, p95 ${ms(p95(cWhole))}; all done in ${ms(result.concurrentWallMs)}`,
  );
  const failures = [...result.sequential, ...result.concurrent].filter((timing) => timing.error);
  if (failures.length > 0) {
    lines.push(`FAILED: ${failures.length} answer(s), e.g. "${failures[0]!.question}": ${failures[0]!.error}`);
  }
  return lines.join('\n');
}

function parseArgs(argv: string[]): ChatBenchOptions {
  const options: ChatBenchOptions = { runs: 5, concurrency: 10 };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const value = () => {
      const next = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[(i += 1)];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg.startsWith('--url')) options.url = value();
    else if (arg.startsWith('--runs')) options.runs = Number(value());
    else if (arg.startsWith('--concurrency')) options.concurrency = Number(value());
    else if (arg === '--help' || arg === '-h') {
      console.log('usage: node --import tsx tests/bench/chat.ts [--url http://host:port] [--runs N] [--concurrency N]');
      process.exit(0);
    } else throw new Error(`unknown argument "${arg}" (try --help)`);
  }
  for (const key of ['runs', 'concurrency'] as const) {
    if (!Number.isInteger(options[key]) || options[key] < 1) throw new Error(`--${key} needs a whole number >= 1`);
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  console.log(heading('Chat assistant: time to the first streamed piece and to the whole answer'));
  if (!options.url) console.log('starting the app in-process (in-memory PGlite takes about 10 s) ...');
  const result = await runChatBench(options);
  console.log(formatChatBench(result));
  await mkdir(OUT, { recursive: true });
  await writeFile(path.join(OUT, 'chat.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), path.join(OUT, 'chat.json'))}`);
  const failed = [...result.sequential, ...result.concurrent].some((timing) => timing.error);
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`chat benchmark crashed: ${errorMessage(error)}`);
    process.exitCode = 1;
  });
}
