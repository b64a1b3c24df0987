/**
 * The SQL of a citizen search, shared by the formats: each format says which SQL expressions hold
 * a citizen's first name, last name, id, birth date and phone, and this builds one bounded scan.
 *
 * - Names compare under utf8mb4_unicode_520_ci (case- and accent-insensitive, `ø` as `o`), on
 *   MariaDB 10.x+ and MySQL 5.7/8 alike. Every operand is converted to utf8mb4 first: a latin1 or
 *   utf8mb3 column (old framework SQL, txAdmin's `utf8_general_ci` databases), a BLOB, or the
 *   utf8mb3 result of JSON_UNQUOTE on older MariaDB cannot take a utf8mb4 collation as it is
 *   (https://dev.mysql.com/doc/refman/8.0/en/charset-collate.html).
 * - A term matches the start of a whole field: `LIKE '<term>%'`, the term's `%`, `_` and the escape
 *   character itself escaped so that they match themselves. The escape character is `!`, named by
 *   an ESCAPE clause: the default escape `\` changes meaning under the NO_BACKSLASH_ESCAPES SQL mode,
 *   `!` means the same in every mode (https://dev.mysql.com/doc/refman/8.0/en/string-comparison-functions.html#operator_like,
 *   https://mariadb.com/kb/en/like/).
 * - Order: last name, first name, id; a missing or empty name after every present one. The id is
 *   compared as utf8mb4_bin so that it is a total order whatever its column's collation (two ids a
 *   `_ci` comparison calls equal would make a page boundary skip or repeat a row).
 * - Paging is keyset paging: the next page starts after the last row's sort key (`(…) > (?, …)`),
 *   so a page costs the same however deep, and rows saved meanwhile never shift what comes next.
 * - Phones compare as digits: spaces, `-`, `.`, `(`, `)` dropped, then one leading `+`, exactly
 *   (utf8mb4_bin: under a `_ci` collation full-width digits would equal ASCII ones).
 * - Every value (terms, dates, phones, the position, the LIMIT) is a bound parameter of a
 *   server-side prepared statement (ScanningDatabase.scan says why); the only literals in the text
 *   come from the format (column names) and from here.
 */
import { PHONE_SEPARATORS } from '../contract/search';
import { quoteIdentifier } from '../db/sql';
import type { StatementRunner } from '../db/database';

/** The comparison collation of names (see above). */
export const SEARCH_COLLATION = 'utf8mb4_unicode_520_ci';

const LIKE_ESCAPE = '!';

/** `term` as the pattern of a LIKE that matches values starting with it: `%`, `_` and `!` match themselves. */
export function likePrefix(term: string): string {
  return `${term.replace(/[!%_]/g, (c) => LIKE_ESCAPE + c)}%`;
}

/** `expr` as utf8mb4 text, whatever its type and character set. */
export function asUtf8(expr: string): string {
  return `CONVERT(${expr} USING utf8mb4)`;
}

/** `expr` as text compared under the name collation; NULL reads as ''. */
export function nameKey(expr: string): string {
  return `${asUtf8(`COALESCE(${expr}, '')`)} COLLATE ${SEARCH_COLLATION}`;
}

/** `expr` as text compared byte for byte. */
export function binaryText(expr: string): string {
  return `${asUtf8(expr)} COLLATE utf8mb4_bin`;
}

/** `expr` with the phone separators removed (SQL); one leading `+` is left for the comparison to allow. */
function phoneText(expr: string): string {
  return PHONE_SEPARATORS.reduce((inner, c) => `REPLACE(${inner}, '${c}', '')`, asUtf8(expr));
}

/**
 * Where a format keeps what a search reads, as SQL expressions over its table. `dob` and `phone`
 * are null where the table has no such value; the format turns the question away before asking.
 */
export interface SearchFields {
  firstName: string;
  lastName: string;
  /** The record's id (the route's), unique in the table. */
  id: string;
  dob: string | null;
  phone: string | null;
  /**
   * The JSON text (a utf8mb4 expression) that firstName and lastName are read out of, where they
   * are: every term is first looked for anywhere in that text (namesPrefilter), so that the rows
   * it rules out are never parsed.
   */
  namesJson?: string;
}

/**
 * True when `term` might match the start of a JSON number as MySQL renders it (`1e2` reads back as
 * `100`, which the stored text need not hold): a rendered number is ASCII digits, `-`, `.`, `e` and
 * `+`, with a digit before any `e`, so a term with a letter but no digit (`\p{N}`: every
 * character the collation compares equal to a digit is one) cannot match one.
 */
function mayStartNumber(term: string): boolean {
  return /\p{N}/u.test(term) || !/\p{L}/u.test(term);
}

/**
 * A condition every row whose JSON text `json` holds a name that `term` starts passes, cheap beside
 * parsing the JSON: the text contains the term, compared as names are, or it contains a backslash.
 * Without a backslash the text has no JSON escape, so a string value read out of it (JSON_UNQUOTE)
 * is a piece of the text as written: when `<term>%` matches the value, `%<term>%` matches the text.
 * A backslash (CHAR(92), the same in every SQL mode) might hide a name's letters (`Jos\u00e9`):
 * such a row goes on to the exact test. Non-string scalars: `true`, `false` and MariaDB's numbers
 * read back as written; a term that might start a number as MySQL rewrites it gets the pattern
 * `%`, which lets every row through, so the statement's text never depends on the term.
 */
function namesPrefilter(json: string, term: string): { sql: string; param: string } {
  return {
    sql: `(${json} COLLATE ${SEARCH_COLLATION} LIKE ? ESCAPE '${LIKE_ESCAPE}' OR LOCATE(CHAR(92), ${json}) > 0)`,
    param: mayStartNumber(term) ? '%' : `%${likePrefix(term)}`,
  };
}

/**
 * A place in the search order: after the row with this sort key. Both formats order the same way:
 * [last name empty (0/1), last name, first name empty (0/1), first name, id], as the database
 * returned them (so they compare exactly as the stored values do).
 */
export type SearchPosition = readonly [number, string, number, string, string];

export function isSearchPosition(value: unknown): value is SearchPosition {
  return (
    Array.isArray(value) &&
    value.length === 5 &&
    (value[0] === 0 || value[0] === 1) &&
    typeof value[1] === 'string' &&
    (value[2] === 0 || value[2] === 1) &&
    typeof value[3] === 'string' &&
    typeof value[4] === 'string'
  );
}

/** What a search asks, already validated (src/search/query.ts). */
export interface SearchCriteria {
  /** 0–3 terms; each must start the first or the last name. */
  terms: readonly string[];
  /** `YYYY-MM-DD`, or null. */
  dob: string | null;
  /** 3–20 digits, or null. */
  phone: string | null;
  /** Rows after this position only; null for the first page. */
  after: SearchPosition | null;
  /** Rows wanted; the statement asks for one more, to tell whether another page exists. */
  limit: number;
}

export interface SearchStatement {
  sql: string;
  params: unknown[];
}

/** The kind of each value a packed column carries: a whole number, or a text. */
export type PackedKind = 'number' | 'text';

/**
 * Values a page reads of each row besides the summary (its sort key; a roster's grade and flags),
 * as ONE column. Every column a scan returns is paid for per row on the main thread: mysql2 reads
 * and type-casts it, oxmysql's callback clones its name and value across the export boundary, the
 * room deletes it again; twenty-one rows a page made the sort key's columns a third of all the
 * columns crossing (bench/RESULTS.md, job rosters). Numbers are written in decimal (NULL as 0, as
 * Number() read a NULL column); texts as the HEX of their utf8mb4 bytes (NULL as ''), so that no
 * separator needs escaping and unpackColumns gives back exactly the text the database compared.
 * CONCAT_WS and HEX exist on every MariaDB and MySQL the resource supports; the CONVERT keeps the
 * result text (never a binary string, which would reach JavaScript as a Buffer).
 */
export function packColumns(parts: ReadonlyArray<{ sql: string; kind: PackedKind }>): string {
  const pieces = parts.map(({ sql, kind }) => (kind === 'number' ? `COALESCE(${sql}, 0)` : `COALESCE(HEX(${sql}), '')`));
  return `CONVERT(CONCAT_WS(',', ${pieces.join(', ')}) USING utf8mb4)`;
}

/**
 * The first `kinds.length` values of a packed column (packColumns), each read as its kind: a
 * caller that needs only the leading numbers decodes no text. A missing value reads as 0 or ''.
 */
export function unpackColumns(packed: unknown, kinds: readonly PackedKind[]): Array<number | string> {
  const pieces = packed === null || packed === undefined ? [] : String(packed).split(',', kinds.length);
  return kinds.map((kind, i) => (kind === 'number' ? Number(pieces[i] ?? 0) : Buffer.from(pieces[i] ?? '', 'hex').toString('utf8')));
}

/** Takes the packed column `alias` off the row (only the summary's columns stay), and returns it. */
export function takeColumn(row: Record<string, unknown>, alias: string): unknown {
  const value = row[alias];
  delete row[alias];
  return value;
}

/** The column each row carries its sort key in, besides the summary's own, and the kinds of that key's values. */
const KEY_ALIAS = 'search:key';
const KEY_KINDS: readonly PackedKind[] = ['number', 'text', 'number', 'text', 'text'];

/**
 * The search as one SELECT over `table`: `select` is the summary's select list (column-select.ts
 * forms), `dobPattern` turns the asked date into the REGEXP its stored forms match (null when
 * the query has no dob). The sort key comes back packed in one column (searchPositionOf reads it);
 * the ORDER BY names its expressions, as the position's comparison does.
 */
export function buildSearchStatement(
  table: string,
  select: readonly string[],
  fields: SearchFields,
  criteria: SearchCriteria,
  dobPattern: (date: string) => string,
): SearchStatement {
  const last = nameKey(fields.lastName);
  const first = nameKey(fields.firstName);
  const key = [`(${last} = '')`, last, `(${first} = '')`, first, binaryText(fields.id)];
  const where: string[] = [];
  const params: unknown[] = [];
  // MariaDB and MySQL test an AND's conditions in order and stop at the first false one: the
  // cheap prefilters go first.
  const json = fields.namesJson;
  if (json !== undefined) {
    for (const term of criteria.terms) {
      const prefilter = namesPrefilter(json, term);
      where.push(prefilter.sql);
      params.push(prefilter.param);
    }
  }
  for (const term of criteria.terms) {
    const pattern = likePrefix(term);
    where.push(`(${first} LIKE ? ESCAPE '${LIKE_ESCAPE}' OR ${last} LIKE ? ESCAPE '${LIKE_ESCAPE}')`);
    params.push(pattern, pattern);
  }
  if (criteria.dob !== null) {
    if (fields.dob === null) throw new Error('this table has no birth date to search by');
    where.push(`${binaryText(fields.dob)} REGEXP ?`);
    params.push(dobPattern(criteria.dob));
  }
  if (criteria.phone !== null) {
    if (fields.phone === null) throw new Error('this table has no phone number to search by');
    where.push(`${phoneText(fields.phone)} COLLATE utf8mb4_bin IN (?, ?)`);
    params.push(criteria.phone, `+${criteria.phone}`);
  }
  if (criteria.after !== null) {
    where.push(`(${key.join(', ')}) > (?, ?, ?, ?, ?)`);
    params.push(...criteria.after);
  }
  if (where.length === 0) throw new Error('a search needs a name or a phone');
  const packed = packColumns(key.map((sql, i) => ({ sql, kind: KEY_KINDS[i] })));
  // LIMIT as a digit string: mysql2 binds a JS number as DOUBLE, which MySQL 8.0.22+ refuses for
  // LIMIT (sidorares/node-mysql2#1239, project-error/npwd#674); a string works on every server.
  params.push(String(criteria.limit + 1));
  const sql =
    `SELECT ${[...select, `${packed} AS ${quoteIdentifier(KEY_ALIAS)}`].join(', ')} FROM ${quoteIdentifier(table)} WHERE ${where.join(' AND ')} ` +
    `ORDER BY ${key.join(', ')} LIMIT ?`;
  return { sql, params };
}

/** The sort key of a packed column as the statement returned it. */
function positionOf(packed: unknown): SearchPosition {
  const [lastBlank, last, firstBlank, first, id] = unpackColumns(packed, KEY_KINDS);
  return [lastBlank ? 1 : 0, String(last), firstBlank ? 1 : 0, String(first), String(id)];
}

/** The row's sort key (removed from the row, so only the summary's columns stay). */
export function searchPositionOf(row: Record<string, unknown>): SearchPosition {
  return positionOf(takeColumn(row, KEY_ALIAS));
}

/** One page of summaries, and where it ended. */
export interface SearchPage<S> {
  citizens: S[];
  /** The last citizen's place in the order; null when the page is empty. */
  last: SearchPosition | null;
  /** True when more citizens match after `last`. */
  more: boolean;
}

/** A format's search, bound to the columns its table has. */
export interface FormatSearch<S> {
  /** Why this server's table cannot answer such a search (no phone column…), or null. Asked before any query. */
  refuse(criteria: Pick<SearchCriteria, 'dob' | 'phone'>): string | null;
  /** Runs the search's one statement through `execute` (the bounded scan: a server-side prepared statement the database stops in time); rejects only as `execute` does. */
  run(criteria: SearchCriteria, execute: StatementRunner): Promise<SearchPage<S>>;
}

/**
 * Runs `statement` and cuts the answer to the page: the statement asks for one row more than
 * `limit`, which only says whether another page exists. `summary` turns a row (sort key removed)
 * into the format's summary.
 */
export async function runSearch<S>(
  execute: StatementRunner,
  statement: SearchStatement,
  limit: number,
  summary: (row: Record<string, unknown>) => S,
): Promise<SearchPage<S>> {
  const rows = await execute(statement.sql, statement.params);
  const kept = rows.slice(0, limit);
  // Only the last row's key makes the cursor: the others' are taken off undecoded.
  const last = kept.length > 0 ? positionOf(kept[kept.length - 1][KEY_ALIAS]) : null;
  const citizens = kept.map((row) => {
    takeColumn(row, KEY_ALIAS);
    return summary(row);
  });
  return { citizens, last, more: rows.length > limit };
}
