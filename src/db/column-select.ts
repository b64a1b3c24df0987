/**
 * How a column is selected so that neither its SQL type nor its size decides what reaches the
 * normaliser (docs/design.md §4):
 * - small integers and BIT as numbers (`+ 0`): oxmysql's TINYINT(1)/BIT typeCast changes between
 *   versions (docs/platform.md#the-unreleased-tinyint-change: an unreleased commit breaks
 *   TINYINT(1) and the column after it);
 * - dates and times as text: oxmysql's DATE typeCast goes through a local `Date`, which shifts
 *   with time zones and turns years before 100 into others;
 * - FLOAT as text: the text protocol (oxmysql `query`) sends the shortest digits that name the
 *   single-precision value (912.4), the binary one (`rawExecute`, a scan) the value itself widened
 *   to a double (912.4000244140625); CAST gives the text protocol's digits both ways;
 * - BLOB/VARBINARY as UTF-8 text: some hosting panels create JSON columns as BLOB;
 * - a value longer than `maxBytes` (in the UTF-8 that crosses) not at all: its length is checked in SQL, so a 50 MB column
 *   never crosses oxmysql's export boundary (8–13 s of a frozen server); a companion column
 *   `<alias>:oversize` carries its length instead.
 */
import { quoteIdentifier, selectAs } from './sql';
import type { TableColumn } from './table-columns';
import type { Row } from './database';

const SMALL_INTEGER = new Set(['tinyint', 'smallint', 'mediumint', 'bit', 'bool', 'boolean']);
/** Read as text: dates and times, and FLOAT (see above). */
const AS_TEXT = new Set(['date', 'datetime', 'timestamp', 'time', 'year', 'float']);
const BINARY = new Set(['binary', 'varbinary', 'tinyblob', 'blob', 'mediumblob', 'longblob']);
const TEXT = new Set(['char', 'varchar', 'tinytext', 'text', 'mediumtext', 'longtext', 'json']);

const OVERSIZE = ':oversize';

/**
 * The select-list expressions that read `column` under `alias`; `table` qualifies the column (the
 * alias of its table in a join, where both tables may have a column of that name).
 */
export function selectColumn(column: TableColumn, alias: string, maxBytes: number, table?: string): string[] {
  const name = table === undefined ? quoteIdentifier(column.name) : `${quoteIdentifier(table)}.${quoteIdentifier(column.name)}`;
  const as = quoteIdentifier(alias);
  const type = column.dataType;
  if (SMALL_INTEGER.has(type)) return [`${name} + 0 AS ${as}`];
  if (AS_TEXT.has(type)) return [`CAST(${name} AS CHAR) AS ${as}`];
  const binary = BINARY.has(type);
  const value = binary ? `CONVERT(${name} USING utf8mb4)` : name;
  const length = wireLength(column, name, maxBytes);
  if (length === null) return [binary || table !== undefined ? `${value} AS ${as}` : selectAs(column.name, alias)];
  const tooLong = `${length} > ${maxBytes}`;
  return [`IF(${tooLong}, NULL, ${value}) AS ${as}`, `IF(${tooLong}, ${length}, NULL) AS ${quoteIdentifier(alias + OVERSIZE)}`];
}

/**
 * The SQL length in bytes of `column` (written `name`) as it would cross oxmysql, or null when no
 * value of it can be longer than `maxBytes` (numbers, dates, short strings): the check selectColumn
 * makes, for others that must treat a too-long value as the lookups do (the change feed's hash).
 */
export function wireLength(column: TableColumn, name: string, maxBytes: number): string | null {
  const type = column.dataType;
  const binary = BINARY.has(type);
  // A latin1 (or other non-UTF-8) text reaches oxmysql converted to the utf8mb4 connection, up to
  // three bytes per stored byte (é → 2, € → 3): its size is what crosses, measured after conversion.
  const converted = TEXT.has(type) && !/^utf8/i.test(column.collation);
  const wireMaxBytes = column.maxBytes === null ? null : converted ? column.maxBytes * 3 : column.maxBytes;
  const mayExceed = (binary || TEXT.has(type)) && (wireMaxBytes === null || wireMaxBytes > maxBytes);
  if (!mayExceed) return null;
  return `OCTET_LENGTH(${converted ? `CONVERT(${name} USING utf8mb4)` : name})`;
}

/**
 * Removes the companion columns of selectColumn from a row; for each value that was too long,
 * calls `tooLong(alias, bytes)`. The value itself is already NULL, so its field takes its default.
 */
export function dropOversizeMarkers(row: Row, tooLong: (alias: string, bytes: number) => void): void {
  for (const key of Object.keys(row)) {
    if (!key.endsWith(OVERSIZE)) continue;
    const bytes = row[key];
    delete row[key];
    if (bytes !== null && bytes !== undefined) tooLong(key.slice(0, -OVERSIZE.length), Number(bytes));
  }
}
