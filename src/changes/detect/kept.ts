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
 * bucket keeps its rows and its sum: the row count and the XOR of the rows' quick hashes. A sweep
 * first asks the table's sum (one short row, nothing sent): equal to the XOR of the kept ones, the
 * table is idle (detect.ts). Otherwise one GROUP BY computes every bucket's sum and compares it
 * with the kept one in the database, handing over only the sums that differ and the table's row
 * count, and only the rows of the buckets whose sum moved are read, with both hashes.
 *
 * The state is held packed, a string per bucket and one for all the sums, not an object per row:
 * at 100,000 rows a table, objects per row made every full collection of the heap and every save
 * of the state file cost the server's main thread hundreds of milliseconds (bench/RESULTS.md,
 * "Change feed"), while only the buckets that moved are ever unpacked.
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
  /**
   * Each bucket's rows in turn, packed (packRows): a line per id, `crc hashes quick id`, the CRC32
   * in 8 hex digits and the id with `\` and line feeds escaped; '' for a bucket without rows.
   */
  readonly rows: readonly string[];
  /**
   * Each bucket's sum in turn, SUM_DIGITS upper-case hex digits (its row count in 8, its XOR in
   * 16, as the database's HEX() writes them), zeros for a bucket without rows: as it is, the
   * parameter the database compares its sums with (statements.ts movedBucketsSql).
   */
  readonly sums: string;
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

/** Digits of one bucket's sum in `Kept.sums`: its row count (8) and XOR (16). */
const SUM_DIGITS = 24;
const NO_SUM = '0'.repeat(SUM_DIGITS);

/** A kept state of `buckets` buckets without rows. */
function emptyOf(buckets: number): Kept {
  return { buckets, rows: Array<string>(buckets).fill(''), sums: NO_SUM.repeat(buckets) };
}

/** The state before the first sweep: nothing kept, so the first sweep reports every row. */
export function emptyKept(): Kept {
  return emptyOf(1);
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

const escapeId = (id: string) => id.replace(/[\\\n]/g, (c) => (c === '\n' ? '\\n' : '\\\\'));
const unescapeId = (text: string) => text.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));

/** One bucket's rows packed: a line per id, `crc hashes quick id`. */
function packRows(rows: ReadonlyMap<string, KeptRow>): string {
  const lines: string[] = [];
  for (const [id, [crc, hashes, quick]] of rows) lines.push(`${crc.toString(16).padStart(8, '0')} ${hashes} ${quick} ${escapeId(id)}`);
  return lines.join('\n');
}

const HASH_LIST = /^[0-9a-f]{16}(,[0-9a-f]{16})*$/;
const LINE = /^([0-9a-f]{8}) ([^ ]+) ([^ ]+) (.*)$/s;

/**
 * One bucket's rows unpacked: id → row. Each line is checked when `checked` (a state read back
 * from its file): null when one is not what packRows writes.
 */
function unpackRows(packed: string, checked = false): Map<string, KeptRow> | null {
  const rows = new Map<string, KeptRow>();
  if (packed === '') return rows;
  for (const line of packed.split('\n')) {
    const match = LINE.exec(line);
    if (!match) return null;
    const [, crc, hashes, quick, id] = match;
    const key = unescapeId(id);
    if (checked && (!HASH_LIST.test(hashes) || !HASH_LIST.test(quick) || hashes.length !== quick.length || rows.has(key))) return null;
    rows.set(key, [Number.parseInt(crc, 16), hashes, quick]);
  }
  return rows;
}

/** The rows of bucket `bucket`: id → row. */
export function bucketRows(kept: Kept, bucket: number): Map<string, KeptRow> {
  return unpackRows(kept.rows[bucket] ?? '') ?? new Map();
}

/** The sum of bucket `bucket`: null where it has no rows. */
export function bucketSum(kept: Kept, bucket: number): BucketSum | null {
  const text = kept.sums.slice(bucket * SUM_DIGITS, (bucket + 1) * SUM_DIGITS);
  const rows = Number.parseInt(text.slice(0, 8), 16);
  return rows > 0 ? [rows, text.slice(8).toLowerCase()] : null;
}

/** The sum of some rows, as `Kept.sums` holds it. */
function sumText(rows: ReadonlyMap<string, KeptRow>): string {
  const hashes: string[] = [];
  for (const [, [, , joined]] of rows) hashes.push(...joined.split(','));
  if (hashes.length === 0) return NO_SUM;
  return (hashes.length.toString(16).padStart(8, '0') + xorHashes(hashes)).toUpperCase();
}

/** How many rows `kept` holds, from its sums. */
function rowCount(kept: Kept): number {
  return tableSum(kept)[0];
}

/** The sum of the whole table as kept: its row count and the XOR of every bucket's (so of every row's quick hash). */
export function tableSum(kept: Kept): BucketSum {
  let rows = 0;
  const xors: string[] = [];
  for (let at = 0; at < kept.sums.length; at += SUM_DIGITS) {
    rows += Number.parseInt(kept.sums.slice(at, at + 8), 16);
    xors.push(kept.sums.slice(at + 8, at + SUM_DIGITS));
  }
  return [rows, xorHashes(xors)];
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
  let keptRows = rowCount(kept);
  let databaseRows = report.rows;
  for (const [bucket, [rows]] of report.moved) {
    keptRows -= bucketSum(kept, bucket)?.[0] ?? 0;
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
  const grouped = new Map<number, Map<string, KeptRow>>();
  for (const bucket of replaced) grouped.set(bucket, new Map());
  for (const [id, row] of rows) {
    const bucket = row[0] % kept.buckets;
    let target = grouped.get(bucket);
    if (!target) {
      target = bucketRows(kept, bucket);
      grouped.set(bucket, target);
    }
    target.set(id, row);
  }
  if (grouped.size === 0) return kept;
  const nextRows = [...kept.rows];
  const sums: string[] = [];
  for (let at = 0; at < kept.sums.length; at += SUM_DIGITS) sums.push(kept.sums.slice(at, at + SUM_DIGITS));
  for (const [bucket, bucketRowMap] of grouped) {
    nextRows[bucket] = packRows(bucketRowMap);
    sums[bucket] = sumText(bucketRowMap);
  }
  return { buckets: kept.buckets, rows: nextRows, sums: sums.join('') };
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
  const compared = options.buckets === 'all' ? Array.from({ length: kept.buckets }, (_, bucket) => bucket) : options.buckets;
  const before = new Map<string, KeptRow>();
  for (const bucket of compared) {
    for (const [id, row] of bucketRows(kept, bucket)) {
      before.set(id, row);
      if (!read.has(id)) changes.push({ kind, id, op: 'delete' });
    }
  }
  for (const [id, row] of read) {
    if (before.get(id)?.[1] !== row[1]) changes.push({ kind, id, op: 'upsert' });
  }
  const next =
    options.buckets === 'all'
      ? withRows(emptyOf(bucketsFor(read.size, kept.buckets)), read, new Set())
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
  const unpacked = new Map<number, Map<string, KeptRow>>();
  for (const [id, row] of rowsById(options.rows)) {
    const bucket = row[0] % kept.buckets;
    let rows = unpacked.get(bucket);
    if (!rows) {
      rows = bucketRows(kept, bucket);
      unpacked.set(bucket, rows);
    }
    const before = rows.get(id);
    if (before?.[1] !== row[1]) changes.push({ kind, id, op: 'upsert' });
    if (!before || before[1] !== row[1] || before[2] !== row[2]) moved.set(id, row);
  }
  if (moved.size === 0) return { kept, changes: [] };
  return { kept: withRows(kept, moved, new Set()), changes: changes.sort(byId) };
}

/**
 * Rows kept per bucket that a table aims for: a sweep after 1 % of the rows changed then reads
 * about 8 % of the table's keys (a bucket of 8 holds a changed row with a chance of 1 - 0.99^8),
 * where 32 a bucket read over a quarter (bench/RESULTS.md, "Change detection").
 */
const ROWS_PER_BUCKET = 8;
/**
 * At most this many buckets: the kept sums a sweep hands the database when the table moved (24
 * bytes each, 393 KB at 16,384: a few milliseconds of the export boundary's codec, against the
 * rows it spares reading).
 */
export const MAX_BUCKETS = 16_384;

/**
 * The bucket count for `rows` rows, now `current`: a power of two near rows / 8, at most
 * MAX_BUCKETS, changed only when a factor of 4 off (so a table near a boundary does not flip).
 */
function bucketsFor(rows: number, current: number): number {
  let ideal = 1;
  while (ideal < MAX_BUCKETS && ideal * ROWS_PER_BUCKET < rows) ideal *= 2;
  return ideal < current * 4 && ideal * 4 > current ? current : ideal;
}

/** Every kept row: id → row. */
function allRows(kept: Kept): Map<string, KeptRow> {
  const all = new Map<string, KeptRow>();
  for (let bucket = 0; bucket < kept.buckets; bucket++) {
    for (const [id, row] of bucketRows(kept, bucket)) all.set(id, row);
  }
  return all;
}

/** `kept` spread over the bucket count its size asks for (bucketsFor): itself when that is its own. */
export function rebucketed(kept: Kept): Kept {
  const buckets = bucketsFor(rowCount(kept), kept.buckets);
  if (buckets === kept.buckets) return kept;
  return withRows(emptyOf(buckets), allRows(kept), new Set());
}

/**
 * Ids in code-unit order, packed: end to end in one string, `starts[i]` where the i-th begins and
 * `starts[count]` the end. A snapshot's list stays in the heap as long as the kept data it was
 * made of (an idle table's, for good): as two objects, not one per id, it costs the heap's
 * collections nothing.
 */
export interface SortedIds {
  readonly text: string;
  readonly starts: Uint32Array;
}

/** `ids` sorted in code-unit order, packed. */
export function sortedIds(ids: Iterable<string>): SortedIds {
  const sorted = [...ids].sort(compareCodeUnits);
  const starts = new Uint32Array(sorted.length + 1);
  for (let i = 0; i < sorted.length; i++) starts[i + 1] = starts[i] + sorted[i].length;
  return { text: sorted.join(''), starts };
}

/** Every kept id, in code-unit order (the order of the snapshot walk). */
export function keptIds(kept: Kept): SortedIds {
  return sortedIds(allRows(kept).keys());
}

/** The id at `index` of `ids`. */
function idAt(ids: SortedIds, index: number): string {
  return ids.text.slice(ids.starts[index], ids.starts[index + 1]);
}

/** The index of the first id of `ids` that sorts after `after`. */
function indexAfter(ids: SortedIds, after: string): number {
  let low = 0;
  let high = ids.starts.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (idAt(ids, middle) <= after) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Up to `count` ids of `ids` that sort after `after` (from the first when null), in order. */
export function idsAfter(ids: SortedIds, after: string | null, count: number): string[] {
  const start = after === null ? 0 : indexAfter(ids, after);
  const end = Math.min(ids.starts.length - 1, start + count);
  const taken: string[] = [];
  for (let index = start; index < end; index++) taken.push(idAt(ids, index));
  return taken;
}

/** Whether `ids` holds `id`. */
export function hasId(ids: SortedIds, id: string): boolean {
  const after = indexAfter(ids, id);
  return after > 0 && idAt(ids, after - 1) === id;
}

/**
 * A kept state read back from the feed's state file, checked line by line and its sums
 * recomputed (never trusted from the file); null when anything in it is not what the sweeps
 * wrote.
 */
export function keptFrom(value: unknown): Kept | null {
  if (typeof value !== 'object' || value === null) return null;
  const { buckets, rows } = value as { buckets?: unknown; rows?: unknown };
  if (typeof buckets !== 'number' || !Number.isInteger(buckets) || buckets < 1 || buckets > MAX_BUCKETS) return null;
  if (!Array.isArray(rows) || rows.length !== buckets) return null;
  const all = new Map<string, KeptRow>();
  for (let bucket = 0; bucket < buckets; bucket++) {
    const packed: unknown = rows[bucket];
    const bucketRowMap = typeof packed === 'string' ? unpackRows(packed, true) : null;
    if (!bucketRowMap) return null;
    for (const [id, row] of bucketRowMap) {
      if (row[0] % buckets !== bucket || all.has(id)) return null;
      all.set(id, row);
    }
  }
  return withRows(emptyOf(buckets), all, new Set());
}
