/**
 * What change detection reads of one table (a table's watch), bound to the columns this server
 * has, and the SQL that hashes a row. A format declares it beside its lookups (its `changes.ts`),
 * from the columns its `prepare` already read; nothing here asks information_schema.
 *
 * A row's hash (rowHash) covers every column its route answers from, each as a token that cannot be
 * taken for another's: the MD5 of the value (32 hex digits, the value written once in the SQL so the
 * database computes it once), `-` for SQL NULL (CONCAT_WS would skip a NULL, so NULL and '' would
 * hash alike), `+` for a value longer than max_column_bytes (the route answers that field's
 * default, so a change within an oversized value is none either; the value is measured in SQL and
 * never crosses oxmysql). The tokens are ASCII whatever the column's character set, so CONCAT never
 * compares collations: tables made at different times mix utf8mb4_general_ci, utf8mb4_unicode_ci
 * and latin1 columns, and a vehicle's hash joins its owner's table (docs/vehicles-and-search.md,
 * collations); the two branches of a JSON value's IF are cast to binary for the same reason.
 *
 * Fields that move at every save without being a change are left out by the declaration
 * (`position`, beta `last_updated`), or removed from their JSON with JSON_REMOVE where the value
 * is valid JSON (health and armour in `metadata`); an invalid value is hashed as its raw text.
 * JSON_VALID/JSON_REMOVE/JSON_EXTRACT exist from MariaDB 10.2.3 and MySQL 5.7.8
 * (docs/vehicles-and-search.md, JSON functions); older servers hash the raw text (readDialect).
 * Everything else used is in every MySQL and MariaDB: MD5, CRC32, CONV, BIT_XOR, HEX, OCTET_LENGTH.
 */
import { wireLength } from '../../db/column-select';
import { quoteIdentifier } from '../../db/sql';
import type { TableColumn } from '../../db/table-columns';

export type ChangeKind = 'citizen' | 'vehicle';

/** One hashed value of a row. */
export interface HashPart {
  /** The SQL value, qualified (`users`.`job`, `o`.`charinfo`). */
  value: string;
  /** Its length in bytes as it would cross oxmysql, where it can exceed max_column_bytes; else null. */
  length: string | null;
  /**
   * Where the value is JSON the route reads only in part: `remove` drops these members before
   * hashing (health, armour), `extract` hashes only these (an owner's names inside `charinfo`).
   */
  json: { remove: readonly string[] } | { extract: readonly string[] } | null;
}

/** A table's watch: plain data, built once per prepare. */
export interface TableWatch {
  kind: ChangeKind;
  /** The table, for messages. */
  table: string;
  /** The FROM clause (a vehicle's watch joins its owner's row). */
  from: string;
  /** The route's id of a row, in SQL: `identifier`, `citizenid`, the plate as the vehicle route answers it. */
  key: string;
  parts: readonly HashPart[];
  /** max_column_bytes when the watch was built. */
  maxColumnBytes: number;
  /**
   * A column the database sets at every change of the row and an index leads (QBCore/Qbox
   * `players.last_updated`; ESX `users.last_seen` where the owner indexed it): pollTable reads the
   * rows changed since a time through it. Null: sweeps only.
   */
  changedAt: string | null;
}

/** What the server's SQL offers (readDialect): JSON functions or not. */
export interface Dialect {
  json: boolean;
}

/** JSON member paths (`$.health`) of simple names, checked so they can be written into the SQL. */
function jsonPaths(names: readonly string[]): readonly string[] {
  for (const name of names) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a plain JSON member name: ${name}`);
  }
  return names.map((name) => `'$.${name}'`);
}

/** A part reading `column` of the table known in the FROM clause as `table`. */
export function columnPart(
  table: string,
  column: TableColumn,
  maxColumnBytes: number,
  json: { remove: readonly string[] } | { extract: readonly string[] } | null = null,
): HashPart {
  const name = `${quoteIdentifier(table)}.${quoteIdentifier(column.name)}`;
  // MySQL's JSON type casts to its text through CHAR; its other types cast to binary as they are.
  const value = column.dataType === 'json' ? `CAST(${name} AS CHAR)` : name;
  return { value, length: wireLength(column, name, maxColumnBytes), json };
}

const binary = (value: string) => `CAST(${value} AS BINARY)`;

/** The MD5 of a value, or `-` for NULL. */
const token = (value: string) => `IFNULL(MD5(${value}), '-')`;

function partToken(part: HashPart, maxColumnBytes: number, dialect: Dialect): string {
  const { value, json } = part;
  let hashed = token(value);
  if (dialect.json && json && 'remove' in json) {
    const removed = binary(`CAST(JSON_REMOVE(${value}, ${jsonPaths(json.remove).join(', ')}) AS CHAR)`);
    hashed = token(`IF(JSON_VALID(${value}), ${removed}, ${binary(value)})`);
  } else if (dialect.json && json && 'extract' in json) {
    const members = jsonPaths(json.extract).map((path) => token(`CAST(JSON_EXTRACT(${value}, ${path}) AS CHAR)`));
    // `j`/`r` keep the members of a valid document apart from an invalid one's raw text.
    hashed = `IF(JSON_VALID(${value}), CONCAT('j', ${members.join(', ')}), CONCAT('r', ${hashed}))`;
  }
  return part.length === null ? hashed : `IF(${part.length} > ${maxColumnBytes}, '+', ${hashed})`;
}

/** The row's hash in SQL: the first 16 hex digits (64 bits) of the MD5 of its tokens. */
export function rowHash(watch: TableWatch, dialect: Dialect): string {
  const tokens = watch.parts.map((part) => partToken(part, watch.maxColumnBytes, dialect));
  return `LEFT(MD5(CONCAT(${tokens.join(', ')})), 16)`;
}

/**
 * The row's quick hash in SQL, computed for every row at each sweep: the MD5 of its parts' CRC32s
 * (`-` for NULL), 64 bits of it. It reads each value's stored bytes once and parses no JSON, so
 * it costs little more than reading the row (measured on MariaDB 10.11: parsing `metadata` for
 * JSON_REMOVE tripled a sweep of QBCore's `players`), and it moves whenever a hashed value's
 * bytes do: then the row is read with its full hash, which says whether that was a change. A
 * change it misses is one whose column's CRC32 did not move, 1 in 2³² (the next change of the
 * row is seen).
 */
export function quickHash(watch: TableWatch): string {
  const crcs = watch.parts.map((part) => `IFNULL(CRC32(${part.value}), '-')`);
  return `LEFT(MD5(CONCAT_WS(',', ${crcs.join(', ')})), 16)`;
}
