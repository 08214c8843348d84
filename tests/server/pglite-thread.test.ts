import { spawnSync } from 'node:child_process';
import { mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { isDatabaseUnavailable, summariseDatabaseError } from '../../server/db/errors';
import { PGliteThread, restartDelaysMs } from '../../server/db/pgliteThread';

/**
 * The embedded database runs on a thread of its own (docs/decisions/165-embedded-database-on-its-own-thread.md),
 * behind PGlite's own calls: these check that it answers as PGlite does (rows, errors, transactions, closing) and that
 * its work no longer stops the server's event loop.
 */

let thread: PGliteThread;

beforeAll(async () => {
  thread = new PGliteThread(undefined);
  await thread.waitReady;
  await thread.exec(`
    create table things (id integer primary key, name text not null, made timestamptz not null default now());
    insert into things (id, name) values (1, 'one'), (2, 'two');
  `);
});

afterAll(async () => {
  await thread.close();
});

const count = async (db: Pick<PGliteThread, 'query'> = thread) =>
  (await db.query<{ n: number }>('select count(*)::int as n from things')).rows[0]!.n;

describe('the embedded database on its own thread', { timeout: 60_000 }, () => {
  it('answers rows as objects or arrays, with their fields and the rows a write touched', async () => {
    const objects = await thread.query<{ id: number; name: string }>('select id, name from things where id = $1', [2]);
    expect(objects.rows).toEqual([{ id: 2, name: 'two' }]);
    expect(objects.fields.map((field) => field.name)).toEqual(['id', 'name']);
    const arrays = await thread.query('select id, name from things order by id', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
    const update = await thread.query('update things set name = name where id > $1', [0]);
    expect(update.affectedRows).toBe(2);
  });

  it('parses a timestamp to a Date, or keeps it as text for the types given parsers, as Drizzle asks', async () => {
    const parsed = await thread.query<{ made: unknown }>('select made from things where id = 1');
    expect(parsed.rows[0]!.made).toBeInstanceOf(Date);
    const text = await thread.query<{ made: unknown }>('select made from things where id = 1', [], {
      parsers: { [types.TIMESTAMPTZ]: (value: string) => value },
    });
    expect(text.rows[0]!.made).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  });

  it("hands back PostgreSQL's error with its SQLSTATE, table and constraint, through Drizzle as through the driver", async () => {
    const error = await thread.query("insert into things (id, name) values (1, 'again')").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', table: 'things', constraint: 'things_pkey', severity: 'ERROR' });
    expect((error as Error).message).toMatch(/duplicate key value violates unique constraint "things_pkey"/);

    const db = drizzle({ client: thread as unknown as PGlite });
    const wrapped = await db.execute(sql`insert into things (id, name) values (2, 'again')`).catch((caught: unknown) => caught);
    expect(summariseDatabaseError(wrapped)).toEqual({
      sqlState: '23505',
      operation: 'insert things',
      table: 'things',
      constraint: 'things_pkey',
      unavailable: false,
    });
  });

  it('commits a transaction whose callback resolves, and rolls back one that throws or asks to', async () => {
    await thread.transaction(async (tx) => {
      await tx.query("insert into things (id, name) values (3, 'three')");
      expect(await count(tx)).toBe(3);
    });
    expect(await count()).toBe(3);

    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into things (id, name) values (4, 'four')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await thread.transaction(async (tx) => {
      await tx.query("insert into things (id, name) values (5, 'five')");
      await tx.rollback();
    });
    // A failed statement inside one rolls it back too, and the database goes on.
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into things (id, name) values (6, 'six')");
        await tx.query("insert into things (id, name) values (1, 'taken')");
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(3);
    await thread.query('delete from things where id = 3');
  });

  it("keeps a query from outside an open transaction waiting until it ends, as PGlite's one connection does", async () => {
    const seen: string[] = [];
    let outside: Promise<number> | undefined;
    await thread.transaction(async (tx) => {
      await tx.query("insert into things (id, name) values (7, 'seven')");
      outside = count().then((n) => {
        seen.push('outside');
        return n;
      });
      // A query of the transaction's own, asked after the outside one: answered first, the outside one was held back
      // (sent to the thread, it would have been answered before this one, and seen or joined the transaction).
      await tx.query('select 1');
      seen.push('transaction ends');
    });
    expect(await outside).toBe(3);
    expect(seen).toEqual(['transaction ends', 'outside']);
    await thread.query('delete from things where id = 7');
  });

  it("leaves the server's event loop free while a long query runs", async () => {
    // Turns of the event loop while the query runs; on the server's own thread it would let none happen until it ended.
    let turns = 0;
    let running = true;
    const turn = () => {
      if (!running) return;
      turns += 1;
      setImmediate(turn);
    };
    setImmediate(turn);
    try {
      await thread.query('select count(*) from generate_series(1, 3000000)');
    } finally {
      running = false;
    }
    expect(turns).toBeGreaterThanOrEqual(3);
  });

  it('fails every call once closed, as a closed PGlite does, which the server reads as the database unavailable', async () => {
    const lost = vi.fn();
    const other = new PGliteThread(undefined, { onLost: lost });
    await other.waitReady;
    await other.close();
    expect(lost).not.toHaveBeenCalled();
    expect(other.closed).toBe(true);
    const error = await other.query('select 1').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ message: 'PGlite is closed' });
    expect(isDatabaseUnavailable(error)).toBe(true);
    await other.close();
  });

  it('fails the calls in flight, and every later one, as unavailable when the thread in memory dies, and says so once', async () => {
    const lost = vi.fn();
    const other = new PGliteThread(undefined, { onLost: lost });
    await other.waitReady;
    const inFlight = other.query('select count(*) from generate_series(1, 3000000)');
    await other['worker'].terminate();
    const error = await inFlight.catch((caught: unknown) => caught);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(await other.query('select 1').catch((caught: unknown) => caught))).toBe(true);
    expect(other.closed).toBe(true);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(lost.mock.calls[0]![0]).toBeInstanceOf(Error);
  });

  it('refuses a parameter that cannot cross to the thread, on that call alone', async () => {
    await expect(thread.query('select $1::text', [() => 'a function'])).rejects.toThrow(/could not be cloned/);
    // A copy would carry these as plain objects of their fields (a URL as {}), and PGlite would store that.
    await expect(thread.query('select $1::text', [new URL('https://example.in/a')])).rejects.toThrow(/parameter of type URL/);
    await expect(thread.query('select $1::jsonb', [{ site: new URL('https://example.in/') }])).rejects.toThrow(/type URL/);
    await expect(thread.query('select $1::jsonb', [[new Map()]])).rejects.toThrow(/type Map/);
    // Plain values, dates, bytes, arrays and plain objects cross whole.
    const { rows } = await thread.query<{ when: Date; bytes: Uint8Array; doc: unknown }>(
      'select $1::timestamptz as when, $2::bytea as bytes, $3::jsonb as doc',
      [new Date('2026-11-26T00:00:00Z'), new Uint8Array([1, 2, 3]), { tags: ['a', 1, null], nested: { ok: true } }],
    );
    expect(rows[0]!.when.toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect([...rows[0]!.bytes]).toEqual([1, 2, 3]);
    expect(rows[0]!.doc).toEqual({ tags: ['a', 1, null], nested: { ok: true } });
    expect((await thread.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
  });

  it("fails to start with the database's own reason, not as a closed one", async () => {
    const notADirectory = path.join(await mkdtemp(path.join(tmpdir(), 'growth-file-')), 'a-file');
    await writeFile(notADirectory, 'not a database');
    const lost = vi.fn();
    const broken = new PGliteThread(notADirectory, { onLost: lost });
    const error = await broken.waitReady.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toBe('PGlite is closed');
    expect(broken.closed).toBe(true);
    expect(lost).not.toHaveBeenCalled();
    await rm(path.dirname(notADirectory), { recursive: true, force: true });
  });
});

describe('the embedded database in a directory', { timeout: 90_000 }, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'growth-thread-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps what was committed across a close and a new open', async () => {
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    await first.db.execute(sql`create table kept (note text)`);
    await first.db.transaction(async (tx) => {
      await tx.execute(sql`insert into kept values ('still here')`);
    });
    await first.close();
    const second = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      const { rows } = await second.db.execute<{ note: string }>(sql`select note from kept`);
      expect(rows).toEqual([{ note: 'still here' }]);
    } finally {
      await second.close();
    }
  });

  it('names the directory it could not open, and lets go of its lock', async () => {
    const broken = await mkdtemp(path.join(tmpdir(), 'growth-broken-'));
    try {
      await writeFile(path.join(broken, 'pglite'), 'a file where the database should be');
      await expect(openDatabase({ databaseUrl: undefined, dataDir: broken })).rejects.toThrow(
        `The embedded database in ${path.join(broken, 'pglite')} could not be opened: ErrnoError`,
      );
      await expect(stat(path.join(broken, 'pglite.lock'))).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });

  /** Ends the thread as a crash does: not through close(), so the owner sees it stop by itself. */
  const crash = (thread: PGliteThread) => thread['worker'].terminate();

  async function untilBack(thread: PGliteThread, withinMs = 20_000): Promise<void> {
    const started = performance.now();
    for (;;) {
      try {
        await thread.query('select 1');
        return;
      } catch (error) {
        expect(isDatabaseUnavailable(error)).toBe(true);
        if (performance.now() - started > withinMs) throw new Error(`not back after ${withinMs} ms`, { cause: error });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  it('starts a crashed thread again on its directory: unavailable meanwhile, then back with what was committed', async () => {
    const events = { onLost: vi.fn(), onBack: vi.fn(), onRestartFailed: vi.fn() };
    const thread = new PGliteThread(path.join(dataDir, 'crashes'), events);
    await thread.waitReady;
    try {
      await thread.exec('create table notes (note text not null)');
      await thread.query("insert into notes values ('committed')");
      // A transaction the crash cuts short: PostgreSQL's recovery must not let its row in.
      const cutShort = thread.transaction(async (tx) => {
        await tx.query("insert into notes values ('never committed')");
        await crash(thread);
      });
      expect(isDatabaseUnavailable(await cutShort.catch((caught: unknown) => caught))).toBe(true);
      expect(isDatabaseUnavailable(await thread.query('select 1').catch((caught: unknown) => caught))).toBe(true);
      expect(events.onLost).toHaveBeenCalledTimes(1);
      expect(events.onLost.mock.calls[0]![1]).toEqual({ restarting: true });

      await untilBack(thread);
      expect(thread.closed).toBe(false);
      expect(events.onBack).toHaveBeenCalledTimes(1);
      expect(events.onRestartFailed).not.toHaveBeenCalled();
      const { rows } = await thread.query<{ note: string }>('select note from notes');
      expect(rows).toEqual([{ note: 'committed' }]);

      // And again: a second crash is met the same way.
      await crash(thread);
      await untilBack(thread);
      expect(events.onLost).toHaveBeenCalledTimes(2);
      expect(events.onBack).toHaveBeenCalledTimes(2);
    } finally {
      await thread.close();
    }
  });

  it('keeps trying, less often, while its directory cannot be opened, and is back once it can', async () => {
    const directory = path.join(dataDir, 'moved-away');
    const events = { onLost: vi.fn(), onBack: vi.fn(), onRestartFailed: vi.fn() };
    const thread = new PGliteThread(directory, events);
    await thread.waitReady;
    try {
      await thread.exec("create table kept (note text); insert into kept values ('here')");
      // While the thread is down, its directory is replaced by a file: the next start cannot open it.
      await rename(directory, `${directory}.aside`);
      await writeFile(directory, 'not a database');
      await crash(thread);
      await vi.waitFor(() => expect(events.onRestartFailed).toHaveBeenCalled(), { timeout: 20_000, interval: 50 });
      expect(events.onRestartFailed.mock.calls[0]![1]).toEqual({ retryInMs: restartDelaysMs[1] });
      expect(isDatabaseUnavailable(await thread.query('select 1').catch((caught: unknown) => caught))).toBe(true);

      await rm(directory);
      await rename(`${directory}.aside`, directory);
      await untilBack(thread);
      expect(events.onBack).toHaveBeenCalledTimes(1);
      expect((await thread.query<{ note: string }>('select note from kept')).rows).toEqual([{ note: 'here' }]);
    } finally {
      await thread.close();
    }
  });

  it('closes at once while a crashed thread is on its way back, and starts no other', async () => {
    const events = { onLost: vi.fn(), onBack: vi.fn() };
    const thread = new PGliteThread(path.join(dataDir, 'closed-while-down'), events);
    await thread.waitReady;
    await crash(thread);
    await thread.close();
    await new Promise((resolve) => setTimeout(resolve, restartDelaysMs[0] + 1_000));
    expect(events.onBack).not.toHaveBeenCalled();
    expect(thread.closed).toBe(true);
    expect(isDatabaseUnavailable(await thread.query('select 1').catch((caught: unknown) => caught))).toBe(true);
  });

  it('fails a transaction that outlived a crash as unavailable once the new thread is up, and keeps none of it', async () => {
    const thread = new PGliteThread(path.join(dataDir, 'straddled'));
    await thread.waitReady;
    try {
      await thread.exec('create table notes (note text not null)');
      const straddling = thread.transaction(async (tx) => {
        await tx.query("insert into notes values ('before the crash')");
        await crash(thread);
        // The callback awaits something else (a payment gateway, say) while the thread comes back.
        await untilBack(thread);
        await tx.query("insert into notes values ('after the crash')");
      });
      expect(isDatabaseUnavailable(await straddling.catch((caught: unknown) => caught))).toBe(true);
      expect((await thread.query('select note from notes')).rows).toEqual([]);
    } finally {
      await thread.close();
    }
  });

  it('does not make a new, empty database where the directory has gone', async () => {
    const directory = path.join(dataDir, 'deleted');
    const events = { onRestartFailed: vi.fn(), onBack: vi.fn() };
    const thread = new PGliteThread(directory, events);
    await thread.waitReady;
    try {
      await rm(directory, { recursive: true, force: true });
      await crash(thread);
      await vi.waitFor(() => expect(events.onRestartFailed).toHaveBeenCalled(), { timeout: 20_000, interval: 50 });
      expect(String(events.onRestartFailed.mock.calls[0]![0])).toMatch(/has no database in it/);
      expect(events.onBack).not.toHaveBeenCalled();
      await expect(stat(directory)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await thread.close();
    }
  });

  it('stays closed when closed during its first start, and every close waits for the thread to end', async () => {
    const events = { onLost: vi.fn(), onBack: vi.fn() };
    const thread = new PGliteThread(path.join(dataDir, 'closed-while-starting'), events);
    const closing = thread.close();
    expect(thread.close()).toBe(closing);
    await closing;
    await thread.waitReady.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, restartDelaysMs[0] + 1_000));
    expect(events.onLost).not.toHaveBeenCalled();
    expect(events.onBack).not.toHaveBeenCalled();
    expect(thread.closed).toBe(true);
  });

  it('does not keep a process alive once its queries are answered', () => {
    // A script that queries and never closes: the idle thread must not hold the process open.
    const script = `
      import { PGliteThread } from ${JSON.stringify(path.resolve('server/db/pgliteThread.ts'))};
      const db = new PGliteThread(undefined);
      await db.waitReady;
      // A call refused on its way (a parameter that cannot be copied) must not leave the thread held either.
      await db.query('select $1', [() => 0]).catch(() => undefined);
      const { rows } = await db.query('select 41 + 1 as answer');
      console.log(rows[0].answer);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('42');
    expect(run.status).toBe(0);
  });
});
