/**
 * The hashes kept of one table, and the comparisons a sweep and a poll make with them: plain data
 * (JSON as it is, for the feed's state file), never mutated; each function returns a new value
 * sharing what did not change.
 *
 * Each row has two 64-bit hashes (watch.ts): its `hash`, of its values as the route answers them
 * (a change is a row whose hash moved), and its `quick` hash, of its stored bytes, cheap enough to
 * compute for every row of the table at each sweep. Rows are spread over `buckets` buckets by
 * CRC32 of their key, computed in SQL (so a key's bytes are its column's, whatever its character
 * set) and kept per row, so the bucket count can change without asking the database again. Each
 * bucket keeps its rows (id → [crc, hashes, quick hashes]) and its sum: the row count and the XOR
 * of the rows' quick hashes. One GROUP BY computes every bucket's sum and compares it with the kept
 * one in the database, handing over only the sums that differ and the table's row count (detect.ts):
 * an idle sweep of a table is one short row across oxmysql whatever its size, and only the rows of
 * the buckets whose sum moved are read, with both hashes.
 */
import { compareCodeUnits } from '../../values/compare';
import type { ChangeKind } from './watch';

/**
 * One id's rows: CRC32 of its key, its rows' hashes and their quick hashes, each 16 hex digits,
 * sorted and joined by `,` (an id is one row but in tables without a unique key).
 */
export type KeptRow = readonly [crc: number, hashes: string, quick: string];

/** A bucket's row count and the XOR of its rows' quick hashes (16 lower-case hex digits). */
export type BucketSum = readonly [rows: number, xor: string];

export interface Kept {
  /** How many buckets the rows are spread over: a row's bucket is CRC32(key) % buckets. */
  readonly buckets: number;
  /** Per bucket (its number as a string), its rows by id; a bucket without rows is absent. */
  readonly rows: Readonly<Record<string, Readonly<Record<string, KeptRow>>>>;
  /** Per bucket, the sum of its rows; absent with its rows. */
  readonly sums: Readonly<Record<string, BucketSum>>;
}

/** One detected change: the route's id and what became of it. */
export interface Change {
  kind: ChangeKind;
  id: string;
  op: 'upsert' | 'delete';
}

/** A row as the database hands it: the key, CRC32 of the key, the row's two hashes. */
export interface HashedRow {
  id: string;
  crc: number;
  hash: string;
  quick: string;
}

/** The state before the first sweep: nothing kept, so the first sweep reports every row. */
export function emptyKept(): Kept {
  return { buckets: 1, rows: {}, sums: {} };
}

/** XOR of 16-hex-digit values, as two 32-bit halves (no BigInt on the main thread). */
export function xorHashes(hashes: readonly string[]): string {
  let hi = 0;
  let lo = 0;
  for (const hash of hashes) {
    hi ^= Number.parseInt(hash.slice(0, 8), 16);
    lo ^= Number.parseInt(hash.slice(8, 16), 16);
  }
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}

/** The database's HEX(BIT_XOR(…)) as 16 lower-case hex digits. */
export function normaliseXor(hex: string): string {
  return hex.toLowerCase().padStart(16, '0');
}

const HASH_LENGTH = 16;

function sumOf(rows: Readonly<Record<string, KeptRow>>): BucketSum {
  let count = 0;
  let hi = 0;
  let lo = 0;
  for (const id in rows) {
    const joined = rows[id][2];
    // One row (nearly always): no split.
    const hashes = joined.length === HASH_LENGTH ? [joined] : joined.split(',');
    for (const hash of hashes) {
      count++;
      hi ^= Number.parseInt(hash.slice(0, 8), 16);
      lo ^= Number.parseInt(hash.slice(8, 16), 16);
    }
  }
  return [count, (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0')];
}

/** Digits of one bucket's sum in keptSumsText: its row count (8) and XOR (16), upper case as HEX() writes them. */
const SUM_DIGITS = 24;

/**
 * The kept sums as the database compares them (statements.ts movedBucketsSql): for each bucket in
 * turn, its row count and XOR in SUM_DIGITS hex digits, zeros for a bucket with no rows kept (the
 * database has no such sum: a bucket it has rows in always differs).
 */
export function keptSumsText(kept: Kept): string {
  const empty = '0'.repeat(SUM_DIGITS);
  const parts: string[] = [];
  for (let bucket = 0; bucket < kept.buckets; bucket++) {
    const sum = kept.sums[bucket];
    parts.push(sum ? sum[0].toString(16).padStart(8, '0').toUpperCase() + sum[1].toUpperCase() : empty);
  }
  return parts.join('');
}

/** What the database answers to movedBucketsSql: the sums of the buckets that differ from the kept ones, and the table's row count. */
export interface BucketReport {
  moved: ReadonlyMap<number, BucketSum>;
  rows: number;
}

/**
 * The buckets a sweep reads again, ascending: those whose database sum differs from the kept one,
 * or 'all' when a kept bucket has no rows left in the database. Such a bucket has no sum to
 * report; it shows in the count: the buckets the database did not report hold, in the database,
 * its row count less the moved buckets' rows, and in the kept state as many only when none of
 * them is gone (each kept bucket holds a row at least).
 */
export function bucketsToRead(kept: Kept, report: BucketReport): number[] | 'all' {
  let keptRows = 0;
  for (const bucket in kept.sums) keptRows += kept.sums[bucket][0];
  let databaseRows = report.rows;
  for (const [bucket, [rows]] of report.moved) {
    keptRows -= kept.sums[bucket]?.[0] ?? 0;
    databaseRows -= rows;
  }
  if (keptRows !== databaseRows) return 'all';
  return [...report.moved.keys()].sort((a, b) => a - b);
}

/** Rows by id, a key's several rows joined (their hashes sorted, so their order does not matter). */
function rowsById(rows: readonly HashedRow[]): Map<string, KeptRow> {
  const byId = new Map<string, KeptRow>();
  const joined = (seen: string, next: string) => [...seen.split(','), next].sort().join(',');
  for (const row of rows) {
    const seen = byId.get(row.id);
    byId.set(row.id, seen ? [row.crc, joined(seen[1], row.hash), joined(seen[2], row.quick)] : [row.crc, row.hash, row.quick]);
  }
  return byId;
}

/**
 * `kept` with `rows` merged in: the buckets in `replaced` hold only the rows of `rows` that fall
 * in them, the others keep theirs and take those of `rows` that fall in them.
 */
function withRows(kept: Kept, rows: ReadonlyMap<string, KeptRow>, replaced: ReadonlySet<number>): Kept {
  const grouped = new Map<number, Record<string, KeptRow>>();
  for (const bucket of replaced) grouped.set(bucket, {});
  for (const [id, row] of rows) {
    const bucket = row[0] % kept.buckets;
    let target = grouped.get(bucket);
    if (!target) {
      target = { ...kept.rows[bucket] };
      grouped.set(bucket, target);
    }
    target[id] = row;
  }
  const nextRows = { ...kept.rows };
  const nextSums = { ...kept.sums };
  for (const [bucket, bucketRows] of grouped) {
    const sum = sumOf(bucketRows);
    if (sum[0] === 0) {
      delete nextRows[bucket];
      delete nextSums[bucket];
    } else {
      nextRows[bucket] = bucketRows;
      nextSums[bucket] = sum;
    }
  }
  return { buckets: kept.buckets, rows: nextRows, sums: nextSums };
}

function byId(a: Change, b: Change): number {
  return compareCodeUnits(a.id, b.id);
}

/**
 * A sweep's comparison: `rows` are every row of `buckets` (of the whole table when 'all') as the
 * database has them now. Every id there that appeared or whose hashes moved is an upsert, every
 * id kept there that is gone a delete; the kept rows there become `rows`. After reading the
 * whole table, the rows are spread over the bucket count its size asks for. Changes in id order.
 */
export function compareBuckets(options: { kept: Kept; kind: ChangeKind; buckets: readonly number[] | 'all'; rows: readonly HashedRow[] }): {
  kept: Kept;
  changes: Change[];
} {
  const { kept, kind } = options;
  const read = rowsById(options.rows);
  const changes: Change[] = [];
  const compared = options.buckets === 'all' ? Object.keys(kept.rows) : options.buckets.map(String);
  for (const bucket of compared) {
    for (const id in kept.rows[bucket]) {
      if (!read.has(id)) changes.push({ kind, id, op: 'delete' });
    }
  }
  for (const [id, row] of read) {
    if (kept.rows[row[0] % kept.buckets]?.[id]?.[1] !== row[1]) changes.push({ kind, id, op: 'upsert' });
  }
  const next =
    options.buckets === 'all'
      ? withRows({ buckets: bucketsFor(read.size, kept.buckets), rows: {}, sums: {} }, read, new Set())
      : withRows(kept, read, new Set(options.buckets));
  return { kept: next, changes: changes.sort(byId) };
}

/**
 * A poll's comparison: `rows` are some rows changed lately (no deletions can be seen). An id
 * whose hashes moved or that is new is an upsert; one read again unchanged (a save within the
 * margin, a save of the same values or of the fields that move at every save) is nothing. Each
 * takes its new hashes, so the next sweep finds its bucket as it is.
 */
export function compareRows(options: { kept: Kept; kind: ChangeKind; rows: readonly HashedRow[] }): {
  kept: Kept;
  changes: Change[];
} {
  const { kept, kind } = options;
  const moved = new Map<string, KeptRow>();
  const changes: Change[] = [];
  for (const [id, row] of rowsById(options.rows)) {
    const before = kept.rows[row[0] % kept.buckets]?.[id];
    if (before?.[1] !== row[1]) changes.push({ kind, id, op: 'upsert' });
    if (!before || before[1] !== row[1] || before[2] !== row[2]) moved.set(id, row);
  }
  if (moved.size === 0) return { kept, changes: [] };
  return { kept: withRows(kept, moved, new Set()), changes: changes.sort(byId) };
}

/** Rows kept per bucket that a table aims for: a sweep of 1 % changed rows then reads about a third of the table's keys. */
const ROWS_PER_BUCKET = 32;
/** At most this many buckets: the kept sums each sweep hands the database (24 bytes each). */
export const MAX_BUCKETS = 4096;

/**
 * The bucket count for `rows` rows, now `current`: a power of two near rows / 32, at most
 * MAX_BUCKETS, changed only when a factor of 4 off (so a table near a boundary does not flip).
 */
function bucketsFor(rows: number, current: number): number {
  let ideal = 1;
  while (ideal < MAX_BUCKETS && ideal * ROWS_PER_BUCKET < rows) ideal *= 2;
  return ideal < current * 4 && ideal * 4 > current ? current : ideal;
}

/** `kept` spread over the bucket count its size asks for (bucketsFor): itself when that is its own. */
export function rebucketed(kept: Kept): Kept {
  let rows = 0;
  for (const bucket in kept.sums) rows += kept.sums[bucket][0];
  const buckets = bucketsFor(rows, kept.buckets);
  if (buckets === kept.buckets) return kept;
  const all = new Map<string, KeptRow>();
  for (const bucket in kept.rows) {
    const bucketRows = kept.rows[bucket];
    for (const id in bucketRows) all.set(id, bucketRows[id]);
  }
  return withRows({ buckets, rows: {}, sums: {} }, all, new Set());
}

/** Every kept id, in code-unit order (the order of the snapshot walk). */
export function keptIds(kept: Kept): string[] {
  const ids: string[] = [];
  for (const bucket in kept.rows) {
    for (const id in kept.rows[bucket]) ids.push(id);
  }
  return ids.sort(compareCodeUnits);
}

const HASH = /^[0-9a-f]{16}$/;
const isHashList = (value: unknown): value is string => typeof value === 'string' && value.split(',').every((h) => HASH.test(h));

/**
 * A kept state read back from the feed's state file, checked entry by entry and its sums
 * recomputed (never trusted from the file); null when anything in it is not what keptIds and
 * the sweeps wrote.
 */
export function keptFrom(value: unknown): Kept | null {
  if (typeof value !== 'object' || value === null) return null;
  const { buckets, rows } = value as { buckets?: unknown; rows?: unknown };
  if (typeof buckets !== 'number' || !Number.isInteger(buckets) || buckets < 1 || buckets > MAX_BUCKETS) return null;
  if (typeof rows !== 'object' || rows === null || Array.isArray(rows)) return null;
  const all = new Map<string, KeptRow>();
  for (const [bucket, bucketRows] of Object.entries(rows)) {
    if (typeof bucketRows !== 'object' || bucketRows === null || Array.isArray(bucketRows)) return null;
    for (const [id, row] of Object.entries(bucketRows as Record<string, unknown>)) {
      if (!Array.isArray(row) || row.length !== 3) return null;
      const [crc, hashes, quick] = row as unknown[];
      if (typeof crc !== 'number' || !Number.isInteger(crc) || crc < 0 || crc % buckets !== Number(bucket)) return null;
      if (!isHashList(hashes) || !isHashList(quick) || hashes.split(',').length !== quick.split(',').length) return null;
      all.set(id, [crc, hashes, quick]);
    }
  }
  return withRows({ buckets, rows: {}, sums: {} }, all, new Set());
}
