/**
 * Sweeps and polls: what changed in one table since the hashes kept, read in SQL. Each takes the
 * caller's StatementRunner (the bounded scan) and answers a value: a failure of the database
 * (lost, timed out, stopped) is `{ error }` with the kept state left as it was, so nothing is lost
 * and the next sweep or poll catches up from there.
 */
import { DatabaseError, type Row, type StatementRunner } from '../../db/database';
import { serverAtLeast } from '../../db/statement-timeout';
import {
  bucketsToRead,
  compareBuckets,
  compareRows,
  normaliseXor,
  rebucketed,
  tableSum,
  type BucketSum,
  type Change,
  type HashedRow,
  type Kept,
} from './kept';
import { allRowsSql, bucketMask, bucketRowsSql, changedSinceSql, movedBucketsSql, NOW_SQL, tableSumSql, VERSION_SQL } from './statements';
import type { Dialect, TableWatch } from './watch';

export type Detected<T> = T | { error: DatabaseError };

/** Runs `read`, answering a DatabaseError as a value; anything else is a bug and rejects. */
async function settle<T>(read: () => Promise<T>): Promise<Detected<T>> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof DatabaseError) return { error };
    throw error;
  }
}

/** The dialect of the server `run` reaches: JSON functions from MariaDB 10.2.3 and MySQL 5.7.8. */
export function readDialect(options: { run: StatementRunner }): Promise<Detected<{ dialect: Dialect }>> {
  return settle(async () => {
    const [row] = await options.run(VERSION_SQL, []);
    const version = String(row?.version ?? '');
    return { dialect: { json: serverAtLeast(version, { mariadb: [10, 2, 3], mysql: [5, 7, 8] }) } };
  });
}

function hashedRows(rows: readonly Row[]): HashedRow[] {
  return rows.map((row) => ({
    id: String(row.k),
    crc: Number(row.c),
    hash: String(row.h).toLowerCase(),
    quick: String(row.q).toLowerCase(),
  }));
}

/** More buckets moved than this share: read the whole table's keys at once. */
const READ_ALL_SHARE = 0.5;

/**
 * One sweep: the table's sum, and when it is not the kept one, the sums of the buckets whose quick
 * hashes moved (one GROUP BY, compared with the kept sums in the database), then the key and hashes
 * of the rows of those buckets, then the changes of those rows: inserts, updates and deletes. An
 * idle sweep asks one short row and sends nothing, and returns `kept` itself: the kept sums (24
 * bytes a bucket, 393 KB at 16,384) cross the export boundary only when something moved, as every
 * string an export is handed is decoded by the boundary's JavaScript msgpack codec
 * (docs/platform.md, values across the boundary) on the main thread.
 */
export function sweepTable(options: {
  run: StatementRunner;
  watch: TableWatch;
  dialect: Dialect;
  kept: Kept;
}): Promise<Detected<{ kept: Kept; changes: Change[] }>> {
  const { run, watch, dialect, kept } = options;
  return settle(async () => {
    const [total] = await run(tableSumSql(watch), []);
    const [rows, xor] = tableSum(kept);
    if (Number(total?.n ?? 0) === rows && normaliseXor(String(total?.x ?? '')) === xor) return { kept, changes: [] };
    const moved = new Map<number, BucketSum>();
    let counted = 0;
    for (const row of await run(movedBucketsSql(watch, kept.buckets), [kept.sums])) {
      if (row.b === null) counted = Number(row.n);
      else moved.set(Number(row.b), [Number(row.n), normaliseXor(String(row.x))]);
    }
    const read = bucketsToRead(kept, { moved, rows: counted });
    if (read.length === 0) return { kept, changes: [] };
    const all = read === 'all' || read.length > kept.buckets * READ_ALL_SHARE;
    const hashed = all
      ? await run(allRowsSql(watch, dialect), [])
      : await run(bucketRowsSql(watch, dialect, kept.buckets), [bucketMask(read, kept.buckets)]);
    const compared = compareBuckets({ kept, kind: watch.kind, buckets: all ? 'all' : read, rows: hashedRows(hashed) });
    return { kept: all ? compared.kept : rebucketed(compared.kept), changes: compared.changes };
  });
}

/** Seconds before `since` a poll reads again: timestamps are whole seconds, and a save may land in the second `since` was read in. */
export const POLL_MARGIN_SECONDS = 2;

/**
 * One poll of a watch with a change column (`watch.changedAt`): the key and hash of the rows
 * changed at or after `since - POLL_MARGIN_SECONDS`, compared with the kept hashes (a row read
 * again unchanged is no change). `since` is the one the previous poll returned, the database's
 * clock when it began; null for the first, which only reads that clock. Deletions are not seen:
 * sweeps find them. Without a change column: `kept` and `since` as given, no change.
 */
export function pollTable(options: {
  run: StatementRunner;
  watch: TableWatch;
  dialect: Dialect;
  kept: Kept;
  since: number | null;
}): Promise<Detected<{ kept: Kept; changes: Change[]; since: number | null }>> {
  const { run, watch, dialect, kept, since } = options;
  const sql = changedSinceSql(watch, dialect);
  if (sql === null) return Promise.resolve({ kept, changes: [], since });
  return settle(async () => {
    const [clock] = await run(NOW_SQL, []);
    const now = Number(clock?.now);
    if (since === null) return { kept, changes: [], since: now };
    const rows = await run(sql, [since - POLL_MARGIN_SECONDS]);
    return { ...compareRows({ kept, kind: watch.kind, rows: hashedRows(rows) }), since: now };
  });
}
