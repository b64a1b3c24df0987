/**
 * One database per test suite on the server of MYSQL_URL, dropped at the end, so suites never
 * see each other's tables.
 */
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { waitFor } from '../host/host-fixture';

export interface TestDatabase {
  name: string;
  /** Connection URL naming this database. */
  url: string;
  /** A connection for fixtures (multiple statements allowed). */
  admin: mysql.Connection;
  /**
   * Drops the database, and fails when another connection to it outlives the suite (a pool or
   * connection never ended: it would stay open for the rest of the jest run).
   */
  drop(): Promise<void>;
}

export function serverUrl(): string {
  const url = process.env.MYSQL_URL;
  const missing = process.env.CITIZEN_RECORDS_NO_DATABASE;
  if (!url && missing) throw new Error(`no database for the integration tests: ${missing}`);
  if (!url) throw new Error('MYSQL_URL is not set: run the integration tests through jest (global setup starts MariaDB)');
  return url;
}

/** `server`: the server to create it on (a suite's own primary); the shared one of MYSQL_URL by default. */
export async function createTestDatabase(label: string, server = serverUrl()): Promise<TestDatabase> {
  const name = `cr_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(3).toString('hex')}`;
  const base = server;
  const root = await mysql.createConnection({ uri: base, multipleStatements: true });
  await root.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`);
  await root.changeUser({ database: name });
  // Fixture TIMESTAMPs are written as UTC whatever the machine's zone, so expected instants are fixed.
  await root.query("SET time_zone = '+00:00'");
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    admin: root,
    async drop() {
      await root.query(`DROP DATABASE IF EXISTS \`${name}\``);
      // A connection that was closed or killed leaves the list a moment later.
      const others = async () => {
        const [rows] = await root.query('SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID()', [
          name,
        ]);
        return Number((rows as Array<{ n: number }>)[0].n);
      };
      try {
        await waitFor(async () => (await others()) === 0, `the connections to ${name} to end`, 5000, 50);
      } finally {
        await root.end();
      }
    },
  };
}
