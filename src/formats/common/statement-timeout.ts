/**
 * A SELECT that may scan (no index serves it) is stopped by the database itself once it runs past
 * a bound: a timer in JavaScript alone would give up waiting while the query kept one of oxmysql's
 * pool connections busy, and the game's own saves need those.
 *
 * - MariaDB (10.1.2+): `SET STATEMENT max_statement_time=<seconds> FOR <statement>`
 *   (https://mariadb.com/kb/en/set-statement/, https://mariadb.com/kb/en/aborting-statements/);
 *   the interrupted statement fails with error 1969, "Query execution was interrupted
 *   (max_statement_time exceeded)".
 * - MySQL (5.7.8+): the optimizer hint `SELECT /*+ MAX_EXECUTION_TIME(<ms>) *\/ …`, read-only
 *   top-level SELECTs only (https://dev.mysql.com/doc/refman/8.0/en/optimizer-hints.html); error
 *   3024, "maximum statement execution time exceeded". MySQL has no SET STATEMENT.
 */
import type { Database } from '../../db/database';

export type SqlFlavour = 'mariadb' | 'mysql';

/** The flavour of the server `SELECT VERSION()` describes (`10.11.19-MariaDB-0+deb12u1`, `8.0.36`). */
export function sqlFlavour(version: unknown): SqlFlavour {
  return /mariadb/i.test(String(version)) ? 'mariadb' : 'mysql';
}

export async function readSqlFlavour(db: Database): Promise<SqlFlavour> {
  const row = await db.single('SELECT VERSION() AS version', []);
  return sqlFlavour(row?.version);
}

/** `select` (a statement starting with SELECT) bounded to `timeoutMs` milliseconds by the database. */
export function withStatementTimeout(select: string, flavour: SqlFlavour, timeoutMs: number): string {
  if (!/^SELECT\s/i.test(select)) throw new Error('withStatementTimeout bounds a SELECT only');
  if (flavour === 'mariadb') return `SET STATEMENT max_statement_time=${(timeoutMs / 1000).toFixed(6)} FOR ${select}`;
  return select.replace(/^SELECT\s+/i, `SELECT /*+ MAX_EXECUTION_TIME(${Math.max(1, Math.ceil(timeoutMs))}) */ `);
}

/** True for the error of a statement the database stopped at its bound (MariaDB 1969, MySQL 3024). */
export function isStatementTimeout(message: string): boolean {
  return /max_statement_time exceeded|maximum statement execution time exceeded|ER_STATEMENT_TIMEOUT|ER_QUERY_TIMEOUT/i.test(message);
}
