/**
 * One running server for an integration suite: its own database loaded from fixture SQL, the
 * oxmysql stand-in connected to it, the built citizen_records bundle, and a second resource
 * (`caller`) that calls its exports.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { FxHost, type HostOptions } from '../host/fx-host';
import { waitFor } from '../host/host-fixture';
import { rawRequest, type RawRequest, type RawResponse } from '../host/http-client';
import { OxmysqlStandIn, type StandInOptions } from '../oxmysql/oxmysql-standin';

export const ROOT = resolve(__dirname, '../..');
const FIXTURES = resolve(__dirname, '../fixtures/sql');

export interface Harness {
  host: FxHost;
  base: string;
  db: TestDatabase;
  oxmysql: OxmysqlStandIn;
  /** An HTTP request to the resource over the socket; fails the test when nothing answers. */
  request(path: string, options?: RawRequest): Promise<RawResponse>;
  /** Calls `exports.citizen_records[name](...args)` from the caller resource; the settled value as JSON. */
  callExport(name: string, ...args: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

export function loadFixture(db: TestDatabase, file: string): Promise<unknown> {
  return db.admin.query(readFileSync(resolve(FIXTURES, file), 'utf8'));
}

export async function startHarness(
  label: string,
  fixtures: string[],
  options: HostOptions = {},
  oxmysqlOptions: Omit<StandInOptions, 'url'> = {},
): Promise<Harness> {
  const db = await createTestDatabase(label);
  for (const file of fixtures) await loadFixture(db, file);
  const host = new FxHost({ handlerTimeoutMs: 5000, ...options });
  const base = await host.listen();
  const oxmysql = new OxmysqlStandIn(host, { ...oxmysqlOptions, url: db.url });
  oxmysql.start();
  await waitFor(() => host.callExport('oxmysql', 'oxmysql', 'isReady') === true, 'oxmysql to connect', 10_000);
  host.startResource(ROOT, 'citizen_records');
  host.startScript(
    'caller',
    `globalThis.callCitizenRecords = (name, args) => Promise.resolve(exports.citizen_records[name](...args)).then(
       (value) => ({ settled: 'resolved', value: JSON.stringify(value) }),
       (error) => ({ settled: 'rejected', value: String(error) }));`,
  );
  return {
    host,
    base,
    db,
    oxmysql,
    async request(path, requestOptions) {
      const response = await rawRequest(base, `/citizen_records${path}`, requestOptions);
      if (!response.answered) throw new Error(`${requestOptions?.method ?? 'GET'} ${path} got no answer: ${response.reason}`);
      return response;
    },
    async callExport(name, ...args) {
      const call = host.evaluate('caller', 'callCitizenRecords') as (n: string, a: unknown[]) => Promise<{ settled: string; value: string }>;
      const outcome = await call(name, args);
      if (outcome.settled !== 'resolved') throw new Error(`export ${name} rejected: ${outcome.value}`);
      return JSON.parse(outcome.value);
    },
    async close() {
      await host.close();
      await oxmysql.close();
      await db.drop();
    },
  };
}
