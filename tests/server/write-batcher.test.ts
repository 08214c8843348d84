import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { summariseDatabaseError } from '../../server/db/errors';
import { orders } from '../../server/db/schema';
import { createWriteBatcher } from '../../server/db/writeBatcher';
import { insertOrders, type NewOrder } from '../../server/payments/repository';
import { openTestDatabase, type TestDatabase } from './support';

/**
 * Group commit (docs/decisions/150-orders-written-in-batches.md): rows handed in together are written in one
 * statement, yet each caller gets its own row or its own error.
 */

/** A writeMany that records every batch it was given and fails any batch holding a row named 'bad'. */
function recordingWriter(delayMs = 5) {
  const batches: string[][] = [];
  let running = 0;
  let mostAtOnce = 0;
  const writeMany = async (rows: string[]) => {
    batches.push([...rows]);
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    running -= 1;
    if (rows.includes('bad')) throw new Error('constraint violated');
    return rows.map((row) => `written:${row}`);
  };
  return { writeMany, batches, mostAtOnce: () => mostAtOnce };
}

describe('createWriteBatcher', () => {
  it('writes rows handed in together in one batch and answers each caller with its own row', async () => {
    const writer = recordingWriter();
    const batcher = createWriteBatcher(writer.writeMany);
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((row) => batcher.write(row)));
    expect(answers).toEqual(['written:a', 'written:b', 'written:c', 'written:d']);
    expect(writer.batches).toEqual([['a', 'b', 'c', 'd']]);
  });

  it('writes a lone row by itself, without waiting for company', async () => {
    const writer = recordingWriter(0);
    const batcher = createWriteBatcher(writer.writeMany);
    expect(await batcher.write('alone')).toBe('written:alone');
    expect(await batcher.write('later')).toBe('written:later');
    expect(writer.batches).toEqual([['alone'], ['later']]);
  });

  it('fails only the faulty row of a failed batch: the others are written one at a time', async () => {
    const writer = recordingWriter();
    const batcher = createWriteBatcher(writer.writeMany);
    const outcomes = await Promise.allSettled(['a', 'bad', 'c'].map((row) => batcher.write(row)));
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'written:a' },
      { status: 'rejected', reason: new Error('constraint violated') },
      { status: 'fulfilled', value: 'written:c' },
    ]);
    expect(writer.batches[0]).toEqual(['a', 'bad', 'c']);
    expect(writer.batches.slice(1).sort()).toEqual([['a'], ['bad'], ['c']]);
  });

  it('rejects every row when a batch answers with the wrong number of rows, each after its own retry', async () => {
    const batcher = createWriteBatcher(async (rows: string[]) => (rows.length > 1 ? rows.slice(1) : []));
    const outcomes = await Promise.allSettled(['a', 'b'].map((row) => batcher.write(row)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
  });

  it("fails every row at once, without retries, when the failure is no row's fault", async () => {
    const down = new Error('connect ECONNREFUSED');
    let calls = 0;
    const batcher = createWriteBatcher(
      async (_rows: string[]) => {
        calls += 1;
        throw down;
      },
      { worthRetryingAlone: (error) => error !== down },
    );
    const outcomes = await Promise.allSettled(['a', 'b', 'c'].map((row) => batcher.write(row)));
    expect(outcomes).toEqual(['a', 'b', 'c'].map(() => ({ status: 'rejected', reason: down })));
    expect(calls).toBe(1);
  });

  it('keeps batches within maxBatch and no more than maxInFlight of them in flight', async () => {
    const writer = recordingWriter();
    const batcher = createWriteBatcher(writer.writeMany, { maxBatch: 3, maxInFlight: 2 });
    const rows = Array.from({ length: 20 }, (_, i) => `r${i}`);
    const answers = await Promise.all(rows.map((row) => batcher.write(row)));
    expect(answers).toEqual(rows.map((row) => `written:${row}`));
    expect(Math.max(...writer.batches.map((batch) => batch.length))).toBe(3);
    expect(writer.batches.flat().sort()).toEqual([...rows].sort());
    expect(writer.mostAtOnce()).toBe(2);
  });

  it('settled() waits for every row handed in so far', async () => {
    const writer = recordingWriter(20);
    const batcher = createWriteBatcher(writer.writeMany);
    const done: string[] = [];
    for (const row of ['a', 'b', 'c']) void batcher.write(row).then((answer) => done.push(answer));
    await batcher.settled();
    await Promise.resolve();
    expect(done.sort()).toEqual(['written:a', 'written:b', 'written:c']);
  });
});

describe('orders through the batcher, on the database', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await openTestDatabase();
  });
  afterAll(async () => {
    await testDb.close();
  });
  beforeEach(async () => {
    await testDb.db.delete(orders);
  });

  const newOrder = (overrides: Partial<NewOrder> = {}): NewOrder => ({
    gatewayOrderId: `order_${randomBytes(7).toString('hex')}`,
    receipt: `rcpt_${randomBytes(12).toString('hex')}`,
    plan: 'growth-engine',
    amountPaise: 2_499_800,
    currency: 'INR',
    mode: 'sandbox',
    customerEmail: null,
    customerDetails: null,
    ...overrides,
  });

  it('stores 40 orders handed in at once, each answered with its own id and amount, in fewer statements', async () => {
    let statements = 0;
    const batcher = createWriteBatcher((rows: NewOrder[]) => {
      statements += 1;
      return insertOrders(testDb.db, rows);
    });
    const wanted = Array.from({ length: 40 }, (_, i) =>
      newOrder({
        amountPaise: 100 + i,
        customerEmail: i % 2 ? `buyer${i}@example.in` : null,
        customerDetails: i % 2 ? { fullName: `Buyer ${i}` } : null,
      }),
    );
    const answers = await Promise.all(wanted.map((order) => batcher.write(order)));
    expect(answers).toEqual(wanted.map((order) => ({ gatewayOrderId: order.gatewayOrderId, amountPaise: order.amountPaise })));
    expect(statements).toBeLessThan(40);
    const [stored] = await testDb.db.select({ n: count() }).from(orders);
    expect(stored!.n).toBe(40);
    const [odd] = await testDb.db.select().from(orders).where(eq(orders.gatewayOrderId, wanted[1]!.gatewayOrderId));
    expect(odd).toMatchObject({
      status: 'created',
      customerEmail: 'buyer1@example.in',
      customerDetails: { fullName: 'Buyer 1' },
      mode: 'sandbox',
    });
  });

  it('answers an order written again (a retry after its batch was committed) with the stored row, not an error', async () => {
    const order = newOrder({ amountPaise: 1_234_500 });
    await insertOrders(testDb.db, [order]);
    expect(await insertOrders(testDb.db, [order])).toEqual([{ gatewayOrderId: order.gatewayOrderId, amountPaise: 1_234_500 }]);
    // The same gateway id with another receipt is not this order: refused.
    await expect(insertOrders(testDb.db, [{ ...order, receipt: 'rcpt_someone_else' }])).rejects.toThrow();
    const [stored] = await testDb.db.select({ n: count() }).from(orders);
    expect(stored!.n).toBe(1);
  });

  it('fails a batch on the driver with an error whose log summary names the statement, never its values', async () => {
    await insertOrders(testDb.db, [newOrder({ receipt: 'rcpt_taken_by_buyer9@example.in' })]);
    const error = await insertOrders(testDb.db, [newOrder(), newOrder({ receipt: 'rcpt_taken_by_buyer9@example.in' })]).catch(
      (caught: unknown) => caught,
    );
    expect(summariseDatabaseError(error)).toMatchObject({
      sqlState: '23505',
      operation: 'insert orders',
      table: 'orders',
      unavailable: false,
    });
    expect(String((error as Error).message)).not.toContain('buyer9');
  });

  it('refuses only the order whose receipt is taken; the rest of its batch is stored', async () => {
    const [taken] = await insertOrders(testDb.db, [newOrder({ receipt: 'rcpt_taken' })]);
    expect(taken).toBeDefined();
    const batcher = createWriteBatcher((rows: NewOrder[]) => insertOrders(testDb.db, rows));
    const batch = [newOrder(), newOrder({ receipt: 'rcpt_taken' }), newOrder()];
    const outcomes = await Promise.allSettled(batch.map((order) => batcher.write(order)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const [stored] = await testDb.db.select({ n: count() }).from(orders);
    expect(stored!.n).toBe(3);
  });

  it('writes a batch on the driver itself and, inside a transaction, through Drizzle: the same rows, counted, with their ids', async () => {
    const driver = testDb.database.client as { query: (...args: unknown[]) => unknown };
    const onDriver = vi.spyOn(driver, 'query');
    // The driver's own call: SQL text and parameters, without Drizzle's type parsers (PGlite) or query object (pg).
    const batchesOnDriver = () =>
      onDriver.mock.calls.filter((args) => args.length === 2 && typeof args[0] === 'string' && args[0].includes('jsonb_to_recordset'))
        .length;
    const direct = [newOrder(), newOrder()];
    await insertOrders(testDb.db, direct);
    expect(batchesOnDriver()).toBe(1);
    // A transaction's handle has no driver of its own (decision 160): the statement goes through Drizzle, in the transaction.
    const inTransaction = [newOrder(), newOrder(), newOrder()];
    await expect(
      testDb.db.transaction(async (tx) => {
        expect(await insertOrders(tx, inTransaction)).toHaveLength(3);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await testDb.db.transaction((tx) => insertOrders(tx, inTransaction));
    expect(batchesOnDriver()).toBe(1);
    onDriver.mockRestore();
    const stored = await testDb.db.select({ id: orders.id, gatewayOrderId: orders.gatewayOrderId }).from(orders);
    expect(stored.map((row) => row.gatewayOrderId).sort()).toEqual(
      [...direct, ...inTransaction].map((order) => order.gatewayOrderId).sort(),
    );
    expect(new Set(stored.map((row) => row.id)).size).toBe(5);
    for (const { id } of stored) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
