import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger';
import { isErrorShape, openTestDatabase, startApp, type RunningApp, type TestDatabase } from './support';

/**
 * A failed query must not put what a visitor typed into the server's log (docs/decisions/082-no-personal-data-in-logs.md):
 * only its SQL state and operation. The insert is made to fail for real, in the database this file owns.
 */

const sender = {
  name: 'Zarina Qureshi-Pillai',
  email: 'zarina.private@example.in',
  phone: '+91 90000 12345',
  message: 'Our clinic on Residency Road needs a booking page.',
};

let testDb: TestDatabase;
let app: RunningApp;
const lines: string[] = [];

beforeAll(async () => {
  testDb = await openTestDatabase();
  // Every insert into the table now fails inside PostgreSQL with undefined_table (42P01).
  await testDb.db.execute(sql`alter table contact_messages rename to contact_messages_gone`);
  app = await startApp({ db: testDb.db, logger: createLogger({ level: 'debug', write: (line) => lines.push(line) }) });
});

afterAll(async () => {
  await app?.close();
  await testDb?.close();
});

describe('a failed insert', () => {
  it('is logged with its SQL state and operation, and none of the submitted personal data', async () => {
    const response = await fetch(`${app.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sender),
    });
    expect(response.status).toBe(500);
    expect(isErrorShape(await response.json())).toBe(true);

    const log = lines.join('\n');
    for (const value of [sender.name, sender.email, sender.phone, sender.message, 'Zarina', 'zarina.private', 'Residency']) {
      expect(log).not.toContain(value);
    }
    const failure = lines.map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> }).find((entry) => entry.err);
    expect(failure?.err).toMatchObject({ name: 'DatabaseError', sqlState: '42P01', operation: 'insert contact_messages' });
    expect(failure?.err?.stack).toMatch(/^at /);
  });
});
