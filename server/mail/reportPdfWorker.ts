/** The thread server/mail/reportPdfThread.ts starts: one PDF, sent back as bytes, then it ends. */
import { parentPort, workerData } from 'node:worker_threads';
import { reportPdf, type ReportPdfInput } from './reportPdf';

if (!parentPort) throw new Error('reportPdfWorker runs as a worker thread');
const port = parentPort;
void reportPdf(workerData as ReportPdfInput).then((pdf) => port.postMessage(new Uint8Array(pdf)));
