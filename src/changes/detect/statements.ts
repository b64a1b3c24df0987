/**
 * The statements of change detection, built from a table's watch. Every one is a read-only SELECT
 * the caller's runner bounds with the database's own statement time limit (statement-timeout.ts).
 * Their texts depend only on the watch, the dialect and the bucket count, never on the values:
 * those are bound, so oxmysql's `rawExecute` prepares a handful of statements per table, not
 * one per sweep (a server allows 16,382 prepared statements in all by default,
 * max_prepared_stmt_count, and oxmysql keeps each prepared on every pool connection).
 */
import { quickHash, rowHash, type Dialect, type TableWatch } from './watch';

/**
 * The one string parameter, as bytes: a parameter arrives in the connection's character set
 * (utf8mb4, whose characters take 1 to 4 bytes), where SUBSTRING must count characters from the
 * start for each position it is asked, once per row or group. As BINARY it indexes straight in.
 * Measured on MariaDB 10.11 over 100,000 rows: the bucket sums' statement at 4,096 buckets 432 ms
 * against 34 ms, at 16,384 6.4 s against 56 ms (bench/RESULTS.md, "Change detection").
 */
const BYTES = 'CAST(? AS BINARY)';

/** Rows with no key cannot be asked for by their route: they are not watched. */
const watched = (watch: TableWatch) => `${watch.key} IS NOT NULL`;

/** The table's row count `n` and the XOR `x` of all its rows' quick hashes: one short row, and no parameter to send. */
export function tableSumSql(watch: TableWatch): string {
  return `SELECT COUNT(*) AS n, HEX(BIT_XOR(CAST(CONV(${quickHash(watch)}, 16, 10) AS UNSIGNED))) AS x FROM ${watch.from} WHERE ${watched(watch)}`;
}

/**
 * Every bucket's row count and XOR of its rows' quick hashes, in one GROUP BY, compared in the
 * database with the kept ones (the one parameter, `Kept.sums`: 24 hex digits a bucket);
 * only the buckets whose sum differs come back, `b`, `n`, `x` (HEX of the 64-bit XOR), and the
 * ROLLUP row (`b` NULL) with the table's row count. The hashes never cross, nor do the sums of an
 * idle table: HAVING is applied after ROLLUP, so it keeps the total row and filters the others.
 */
export function movedBucketsSql(watch: TableWatch, buckets: number): string {
  return (
    `SELECT CRC32(${watch.key}) % ${buckets} AS b, COUNT(*) AS n, ` +
    `HEX(BIT_XOR(CAST(CONV(${quickHash(watch)}, 16, 10) AS UNSIGNED))) AS x ` +
    `FROM ${watch.from} WHERE ${watched(watch)} GROUP BY b WITH ROLLUP ` +
    `HAVING b IS NULL OR SUBSTRING(${BYTES}, b * 24 + 1, 24) <> CONCAT(LPAD(HEX(n), 8, '0'), LPAD(x, 16, '0'))`
  );
}

/** Key `k`, CRC32 of the key `c`, hash `h` and quick hash `q` of each row. */
const hashedRows = (watch: TableWatch, dialect: Dialect) =>
  `SELECT ${watch.key} AS k, CRC32(${watch.key}) AS c, ${rowHash(watch, dialect)} AS h, ${quickHash(watch)} AS q ` +
  `FROM ${watch.from} WHERE ${watched(watch)}`;

/**
 * Key, CRC32 of the key and hashes of the rows of some buckets: the one parameter is a string of
 * `buckets` characters, `1` at each bucket wanted (the row's bucket is looked up in it, so the
 * text stays the same whichever buckets are asked for).
 */
export function bucketRowsSql(watch: TableWatch, dialect: Dialect, buckets: number): string {
  return `${hashedRows(watch, dialect)} AND SUBSTRING(${BYTES}, CRC32(${watch.key}) % ${buckets} + 1, 1) = '1'`;
}

/** Key, CRC32 and hashes of every row. */
export function allRowsSql(watch: TableWatch, dialect: Dialect): string {
  return hashedRows(watch, dialect);
}

/** The parameter of bucketRowsSql for `wanted`. */
export function bucketMask(wanted: readonly number[], buckets: number): string {
  const mask = Array<string>(buckets).fill('0');
  for (const bucket of wanted) mask[bucket] = '1';
  return mask.join('');
}

/**
 * Key, CRC32 and hashes of the rows whose change column is at or after a time (the one parameter, a
 * Unix time in seconds), through the column's index. Null for a watch without one. The column is
 * compared in the session's time zone: in the hour a daylight-saving change repeats, a row saved
 * then may be missed by the poll, and the next sweep finds it.
 */
export function changedSinceSql(watch: TableWatch, dialect: Dialect): string | null {
  if (watch.changedAt === null) return null;
  return `${hashedRows(watch, dialect)} AND ${watch.changedAt} >= FROM_UNIXTIME(?)`;
}

/** The database's clock, in Unix seconds: a poll's times are the database's, never this process's. */
export const NOW_SQL = 'SELECT UNIX_TIMESTAMP() AS now';

/** The server's version, which decides the dialect. */
export const VERSION_SQL = 'SELECT VERSION() AS version';
