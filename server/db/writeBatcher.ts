/**
 * Group commit for one kind of row (docs/decisions/150-orders-written-in-batches.md): rows handed in while the
 * event loop is busy are written together in one multi-row statement, so a burst of requests costs one round trip
 * and one commit instead of one each. On PGlite a 10-row insert costs about a quarter of ten single ones per row.
 *
 * - Each caller still gets its own row back, or its own error: when a batch fails, its rows are written again one at
 *   a time, so one bad row (a unique violation, say) never fails the others.
 * - At most `maxInFlight` batches (2) are in flight; rows that arrive meanwhile form the next one. Under load batches
 *   grow by themselves; when idle a row waits only for the current turn of the event loop. Two rather than one, so
 *   that on PostgreSQL the next batch is on its way while the database answers the last (measured: 14% of
 *   create-order's time was spent idle, waiting, with one).
 */
export interface WriteBatcher<Row, Written> {
  write(row: Row): Promise<Written>;
  /** Resolves once every row handed in so far is written or refused (tests, shutdown). */
  settled(): Promise<void>;
}

interface Waiting<Row, Written> {
  row: Row;
  resolve: (written: Written) => void;
  reject: (error: unknown) => void;
}

/**
 * `writeMany` must write every row it is given in one statement, and answer with one result per row in the order
 * it was given (match by a unique key: SQL does not promise RETURNING's order).
 */
export function createWriteBatcher<Row, Written>(
  writeMany: (rows: Row[]) => Promise<Written[]>,
  {
    maxBatch = 100,
    maxInFlight = 2,
    worthRetryingAlone = () => true,
  }: {
    maxBatch?: number;
    maxInFlight?: number;
    /**
     * Whether a failed batch's rows are tried again one at a time. Not when the failure is not any row's fault (the
     * database is down): every row then fails at once with that error, instead of each waiting for it again.
     */
    worthRetryingAlone?: (error: unknown) => boolean;
  } = {},
): WriteBatcher<Row, Written> {
  let waiting: Array<Waiting<Row, Written>> = [];
  const inFlight = new Set<Promise<void>>();
  let scheduled = false;

  async function writeOne(entry: Waiting<Row, Written>): Promise<void> {
    try {
      const [written] = await writeMany([entry.row]);
      if (written === undefined) throw new Error('the write returned no row');
      entry.resolve(written);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function flush(): Promise<void> {
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(batch.length);
    if (batch.length === 0) return;
    if (batch.length === 1) return writeOne(batch[0]!);
    let results: Written[] | undefined;
    try {
      results = await writeMany(batch.map((entry) => entry.row));
      if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} rows returned ${results.length}`);
    } catch (error) {
      if (!worthRetryingAlone(error)) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      // Which row was at fault is unknown: each is tried alone, and only the faulty ones fail.
      await Promise.all(batch.map(writeOne));
      return;
    }
    batch.forEach((entry, index) => entry.resolve(results[index]!));
  }

  function schedule(): void {
    if (scheduled || inFlight.size >= maxInFlight) return;
    scheduled = true;
    // setImmediate, not a microtask: requests whose bytes arrived in the same poll of the event loop join the batch.
    setImmediate(() => {
      scheduled = false;
      const flushing: Promise<void> = flush().finally(() => {
        inFlight.delete(flushing);
        if (waiting.length > 0) schedule();
      });
      inFlight.add(flushing);
      // Rows beyond this batch's maxBatch need not wait for it to finish.
      if (waiting.length > 0) schedule();
    });
  }

  return {
    write(row) {
      return new Promise<Written>((resolve, reject) => {
        waiting.push({ row, resolve, reject });
        schedule();
      });
    },
    async settled() {
      while (inFlight.size > 0 || scheduled || waiting.length > 0) {
        await (inFlight.size > 0 ? Promise.all(inFlight) : new Promise((resolve) => setImmediate(resolve)));
      }
    },
  };
}
