/**
 * Group commit: writes asked for in the same turn of the event loop go to the database as one
 * multi-row INSERT (one statement, one commit), instead of one transaction each. Every caller's
 * promise settles only after its rows are committed, so a write is as durable and as visible to the
 * next read as it was on its own. When the shared statement fails, each group is written alone so
 * one bad group fails only its own caller.
 */
export interface GroupWriter<Row> {
  /** Writes `rows` together or not at all; resolves once they are committed. */
  write(rows: Row[]): Promise<void>;
}

interface Pending<Row> {
  rows: Row[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Rows per statement, well under SQLite's and PostgreSQL's bound-parameter limits for our tables. */
const MAX_ROWS = 400;

export function createGroupWriter<Row>(insert: (rows: Row[]) => Promise<void>): GroupWriter<Row> {
  let queue: Pending<Row>[] = [];
  let scheduled = false;

  async function writeBatch(batch: Pending<Row>[]): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch as [Pending<Row>];
      await insert(only.rows).then(only.resolve, only.reject);
      return;
    }
    try {
      await insert(batch.flatMap((pending) => pending.rows));
      for (const pending of batch) pending.resolve();
    } catch {
      for (const pending of batch) await insert(pending.rows).then(pending.resolve, pending.reject);
    }
  }

  async function flush(): Promise<void> {
    scheduled = false;
    const taken = queue;
    queue = [];
    let batch: Pending<Row>[] = [];
    let size = 0;
    for (const pending of taken) {
      if (size + pending.rows.length > MAX_ROWS && batch.length > 0) {
        await writeBatch(batch);
        batch = [];
        size = 0;
      }
      batch.push(pending);
      size += pending.rows.length;
    }
    if (batch.length > 0) await writeBatch(batch);
  }

  return {
    write(rows) {
      if (rows.length === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        queue.push({ rows, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => void flush());
        }
      });
    },
  };
}
