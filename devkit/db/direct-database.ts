/**
 * The Database interface straight over a mysql2 connection, for tests that inspect the SQL a
 * format builds (EXPLAIN) without going through the host.
 */
import type mysql from 'mysql2/promise';
import type { Database, Row } from '../../src/db/database';

export function directDatabase(connection: mysql.Connection): Database {
  return {
    isReady: () => true,
    isHealthy: () => true,
    probe: async () => true,
    close: () => undefined,
    async single(sql, params) {
      const [rows] = await connection.query(sql, [...params]);
      return ((rows as Row[])[0] ?? null) as Row | null;
    },
    async query(sql, params) {
      const [rows] = await connection.query(sql, [...params]);
      return rows as Row[];
    },
  };
}
