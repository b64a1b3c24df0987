/**
 * The Database interface straight over a mysql2 connection, for tests that inspect the SQL a
 * format builds (EXPLAIN) without going through the host. `scan` runs a server-side prepared
 * statement (mysql2 `execute`, what oxmysql's rawExecute does) limited by the database as the
 * oxmysql adapter limits it; a mysql2 error rejects as it is (its errno kept), not as a DatabaseError.
 */
import type mysql from 'mysql2/promise';
import type { Row, ScanningDatabase } from '../../src/db/database';
import { statementTimeoutStyle, withStatementTimeout, type StatementTimeoutStyle } from '../../src/db/statement-timeout';

export function directDatabase(connection: mysql.Connection): ScanningDatabase {
  let style: StatementTimeoutStyle | null = null;
  const rows = async (sql: string, params: readonly unknown[]) => (await connection.query(sql, [...params]))[0] as Row[];
  return {
    isReady: () => true,
    isHealthy: () => true,
    probe: async () => true,
    close: () => undefined,
    async single(sql, params) {
      return (await rows(sql, params))[0] ?? null;
    },
    query: rows,
    async scan(sql, params, timeoutMs) {
      style ??= statementTimeoutStyle(String((await rows('SELECT VERSION() AS version', []))[0].version));
      const [result] = await connection.execute(withStatementTimeout(sql, style, timeoutMs), [...params] as never);
      return result as Row[];
    },
  };
}
