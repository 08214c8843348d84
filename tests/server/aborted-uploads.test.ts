import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger';
import { openTestDatabase, startApp, type RunningApp, type TestDatabase } from './support';

/**
 * Hardening round 2, finding 5: a client that declares a body length and hangs up early is the client's doing. The
 * body parser reports it with `ECONNABORTED`, which the database check also knows as a socket failure, so the server
 * logged a database outage that never happened.
 */

let testDb: TestDatabase;
let app: RunningApp;
const lines: { msg: string; level: string; path?: string; status?: number }[] = [];

beforeAll(async () => {
  testDb = await openTestDatabase();
  app = await startApp({
    db: testDb.db,
    logger: createLogger({ level: 'debug', write: (line) => lines.push(JSON.parse(line) as (typeof lines)[number]) }),
  });
});

afterAll(async () => {
  await app?.close();
  await testDb?.close();
});

/** Sends the headers and part of the declared body, then closes the connection. */
async function abortUpload(path: string, contentType: string): Promise<void> {
  const { port } = new URL(app.url);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${contentType}\r\nContent-Length: 4000\r\n\r\n{"name":"Asha`,
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  socket.destroy();
}

describe('an upload the client abandons', () => {
  it.each([
    ['/api/contact', 'application/json'],
    ['/api/contact', 'application/x-www-form-urlencoded'],
    ['/api/create-order', 'application/json'],
    ['/api/razorpay/webhook', 'application/json'],
    ['/api/chat', 'application/json'],
  ])('POST %s (%s) is logged as the client going away, never as a database outage', async (path, contentType) => {
    const before = lines.length;
    await abortUpload(path, contentType);
    await expect.poll(() => lines.slice(before).some((line) => line.msg === 'request' && line.path === path)).toBe(true);
    // The parser's error reaches the error handlers just after the connection's close.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const logged = lines.slice(before);
    expect(logged.filter((line) => line.level !== 'info')).toEqual([]);
    expect(logged.find((line) => line.msg === 'request')).toMatchObject({ status: 499 });
  });
});
