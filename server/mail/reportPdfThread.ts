import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ReportPdfInput } from './reportPdf';

/**
 * reportPdf on a thread of its own: shaping Devanagari takes pdfkit about 0.7 s of CPU (docs/performance.md), which on
 * the server's event loop would stall every request in flight. One short-lived thread a PDF: quiz leads are few.
 * Started through tsx's CommonJS hook, as server/db/pgliteThread.ts explains.
 */
export function reportPdfOnThread(input: ReportPdfInput): Promise<Buffer> {
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs');
  const source = fileURLToPath(new URL('./reportPdfWorker.ts', import.meta.url));
  const worker = new Worker(`require(${JSON.stringify(tsx)}); require(${JSON.stringify(source)});`, {
    eval: true,
    workerData: input,
    execArgv: [],
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (bytes: Uint8Array) => resolve(Buffer.from(bytes)));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the report PDF thread stopped (exit code ${code}) before it answered`)));
  });
}
