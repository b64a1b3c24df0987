/**
 * Jest global setup of the integration project: builds dist/server.js from the current source
 * (the suites load the bundle as FXServer would) and makes sure MYSQL_URL names a server the
 * suites can use (each suite then creates its own database on it).
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { startThrowawayServer, type ThrowawayServer } from '../devkit/db/mariadb-server';

declare global {
  // eslint-disable-next-line no-var
  var __citizenRecordsMariadb: ThrowawayServer | undefined;
  // eslint-disable-next-line no-var
  var __citizenRecordsSetUp: boolean | undefined;
}

export default async function globalSetup(): Promise<void> {
  // Both integration projects (stand-in and real oxmysql) share one build and one server.
  if (globalThis.__citizenRecordsSetUp) return;
  globalThis.__citizenRecordsSetUp = true;
  execFileSync(process.execPath, ['build.mjs', '--bundle-only'], { cwd: resolve(__dirname, '..'), stdio: 'inherit' });
  if (process.env.MYSQL_URL) {
    console.log(`\nintegration tests use MYSQL_URL (${process.env.MYSQL_URL.replace(/:[^:@/]*@/, ':***@')})`);
    return;
  }
  let server: ThrowawayServer;
  try {
    server = await startThrowawayServer();
  } catch (error) {
    // Without MariaDB the unit tests still run; each integration suite fails with this reason.
    process.env.CITIZEN_RECORDS_NO_DATABASE = error instanceof Error ? error.message : String(error);
    console.log(`\nintegration tests cannot run: ${process.env.CITIZEN_RECORDS_NO_DATABASE}`);
    return;
  }
  globalThis.__citizenRecordsMariadb = server;
  process.env.MYSQL_URL = server.url;
  console.log(`\nintegration tests use a throwaway mariadbd at ${server.url}`);
}
