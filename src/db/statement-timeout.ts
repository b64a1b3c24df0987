/**
 * Having the database itself stop a long SELECT. A timer in JavaScript alone only stops waiting:
 * the query keeps running and keeps one of oxmysql's pool connections (ten by default), which the
 * game's own saves need. MySQL and MariaDB spell the per-statement limit differently, so the
 * server's VERSION() string, read once, decides the form:
 *
 * - MariaDB 10.1.2+: `SET STATEMENT max_statement_time=<seconds> FOR <statement>`; the variable
 *   exists since 10.1.1, SET STATEMENT since 10.1.2, and the limit is in seconds, fractions allowed
 *   (https://mariadb.com/kb/en/aborting-statements/, https://mariadb.com/kb/en/set-statement/).
 *   MariaDB before 12.0 reads `/*+ … *\/` as a plain comment, so the MySQL hint would do nothing there.
 * - MySQL 5.7.8+: the optimizer hint `SELECT /*+ MAX_EXECUTION_TIME(<ms>) *\/ …`, for read-only
 *   top-level SELECTs only (https://dev.mysql.com/doc/refman/8.0/en/optimizer-hints.html#optimizer-hints-execution-time,
 *   https://dev.mysql.com/blog-archive/server-side-select-statement-timeouts/). MySQL has no SET STATEMENT.
 * - Anything older: no limit in SQL; only the JavaScript timer remains.
 *
 * When the limit hits, MariaDB answers error 1969 (ER_STATEMENT_TIMEOUT) "Query execution was
 * interrupted (max_statement_time exceeded)", from 12.2 "Query was interrupted: execution time limit
 * … exceeded" (https://mariadb.com/docs/server/reference/error-codes/mariadb-error-codes-1900-to-1999/e1969),
 * and MySQL error 3024 (ER_QUERY_TIMEOUT) "Query execution was interrupted, maximum statement
 * execution time exceeded". oxmysql hands its caller only the message text, never the number, so
 * the text tells them apart from a query killed for other reasons (KILL, shutdown: error 1317
 * "Query execution was interrupted"), which means the database is in trouble. A statement timeout
 * means only that this statement was slow. (docs/vehicles-and-search.md, "Statement timeouts".)
 */

export type StatementTimeoutStyle = 'mariadb' | 'mysql' | 'none';

const VERSION = /(\d+)\.(\d+)\.(\d+)/;

function atLeast(version: readonly number[], minimum: readonly number[]): boolean {
  for (let i = 0; i < minimum.length; i++) {
    if (version[i] !== minimum[i]) return version[i] > minimum[i];
  }
  return true;
}

/**
 * Whether the server of this `SELECT VERSION()` string is at least `mariadb` (a MariaDB) or
 * `mysql` (a MySQL) [major, minor, patch]; false for a string it cannot read.
 */
export function serverAtLeast(version: string, minimum: { mariadb: readonly number[]; mysql: readonly number[] }): boolean {
  const mariadb = /mariadb/i.test(version);
  // MariaDB's handshake (not VERSION()) prefixes "5.5.5-" for old clients; skip it if a caller passes that.
  const match = VERSION.exec(mariadb ? version.replace(/^5\.5\.5-/, '') : version);
  if (!match) return false;
  const parts = [Number(match[1]), Number(match[2]), Number(match[3])];
  return atLeast(parts, mariadb ? minimum.mariadb : minimum.mysql);
}

/** Which form of statement limit the server of this `SELECT VERSION()` string understands. */
export function statementTimeoutStyle(version: string): StatementTimeoutStyle {
  if (!serverAtLeast(version, { mariadb: [10, 1, 2], mysql: [5, 7, 8] })) return 'none';
  return /mariadb/i.test(version) ? 'mariadb' : 'mysql';
}

/**
 * `select` (a statement starting with `SELECT `) limited to `timeoutMs` by the database. The
 * limit is written into the text, not bound, so the text stays one prepared statement per shape.
 */
export function withStatementTimeout(select: string, style: StatementTimeoutStyle, timeoutMs: number): string {
  if (!/^SELECT /.test(select)) throw new Error('withStatementTimeout wraps a statement that starts with SELECT');
  const ms = Math.max(1, Math.ceil(timeoutMs));
  if (style === 'mariadb') return `SET STATEMENT max_statement_time=${(ms / 1000).toFixed(3)} FOR ${select}`;
  if (style === 'mysql') return `SELECT /*+ MAX_EXECUTION_TIME(${ms}) */ ${select.slice('SELECT '.length)}`;
  return select;
}

/** MariaDB 1969 (both wordings) and MySQL 3024 by their message (all oxmysql passes on). */
const STATEMENT_TIMEOUT =
  /max_statement_time exceeded|maximum statement execution time exceeded|interrupted: execution time limit .*exceeded/i;

/** True when the database stopped the statement at its statement time limit. */
export function isStatementTimeout(message: string): boolean {
  return STATEMENT_TIMEOUT.test(message);
}
