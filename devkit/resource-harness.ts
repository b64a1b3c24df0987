/**
 * One running server for an integration suite: its own database loaded from fixture SQL, oxmysql
 * connected to it (the stand-in, or in the `integration (real oxmysql)` jest project the release
 * OXMYSQL_DIR names), the built citizen_records bundle, and a second resource (`caller`) that
 * calls its exports.
 */
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase, type TestDatabase } from './db/test-database';
import { FxHost, type HostOptions } from './host/fx-host';
import type { Violation } from './host/violations';
import { waitFor } from './host/host-fixture';
import { rawRequest, type RawRequest, type RawResponse } from './host/http-client';
import { OxmysqlStandIn, type StandInOptions } from './oxmysql/oxmysql-standin';
import { RealOxmysql, realOxmysqlDir, type RealOxmysqlOptions } from './oxmysql/real-oxmysql';

/** What the suites use of oxmysql, whichever runs: the stand-in, or the real one behind a relay. */
export interface OxmysqlUnderTest {
  /** Statements the database was asked for so far. */
  readonly queriesAsked: number;
  /** The database goes away after start (new connections refused, no callback); and back. */
  loseConnection(): void | Promise<void>;
  restoreConnection(): void | Promise<void>;
  close(): Promise<void>;
}

/** The real oxmysql's folder when this jest project runs against it (jest.config.js), else null. */
export function realOxmysqlUnderTest(): string | null {
  return (globalThis as { OXMYSQL_REAL?: boolean }).OXMYSQL_REAL ? realOxmysqlDir() : null;
}

export const ROOT = resolve(__dirname, '..');

/**
 * The API key every harness configures unless a suite sets citizen_records:api_keys itself;
 * `request` sends it unless the request carries its own Authorization or X-API-Key header, or
 * says `withKey: false`.
 */
export const TEST_KEY = 'harness-key-3c9d7e21f0a84b56';
const DEFAULT_CONVARS: Record<string, string> = {
  'citizen_records:api_keys': `harness:${TEST_KEY}`,
  // The suites make hundreds of requests; the rate-limit suite sets its own limit.
  'citizen_records:rate_limit': '1000000',
  // Suites change rows between lookups; the cache's own suite turns it on.
  'citizen_records:cache_ttl_ms': '0',
  // The feed's sweeps and polls query on their own timers, which suites counting queries would see;
  // the feed's own suite turns it on.
  'citizen_records:changes': 'false',
};

/** X-Request-Id and error.requestId: a per-start random prefix and a counter. */
export const REQUEST_ID = /^[0-9a-f]{12}-[0-9a-z]+$/;

export interface HarnessRequest extends RawRequest {
  /** False: send no key (the default sends TEST_KEY). */
  withKey?: boolean;
}
const FIXTURES = resolve(__dirname, 'fixtures/sql');

export interface Harness {
  host: FxHost;
  base: string;
  db: TestDatabase;
  oxmysql: OxmysqlUnderTest;
  /**
   * Takes the violations the host recorded and returns those not of oxmysql itself (its own
   * unhandled rejections and uncaught errors), which close() prints under its name.
   */
  ownViolations(): Violation[];
  /** An HTTP request to the resource over the socket; fails the test when nothing answers. */
  request(path: string, options?: HarnessRequest): Promise<RawResponse>;
  /** Calls `exports.citizen_records[name](...args)` from the caller resource; the settled value as JSON. */
  callExport(name: string, ...args: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * A throwaway copy of the built resource (its manifest, dist/ and openapi.json), for a suite or the
 * demo in which it writes files in its folder (the change feed's state) or restarts from one.
 */
export function copyResource(): string {
  const dir = mkdtempSync(join(tmpdir(), 'citizen_records-'));
  cpSync(resolve(ROOT, 'fxmanifest.lua'), join(dir, 'fxmanifest.lua'));
  cpSync(resolve(ROOT, 'openapi.json'), join(dir, 'openapi.json'));
  cpSync(resolve(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
  return dir;
}

export function loadFixture(db: TestDatabase, file: string): Promise<unknown> {
  return db.admin.query(readFileSync(resolve(FIXTURES, file), 'utf8'));
}

/**
 * oxmysql started in `host`: the stand-in, or the real release in `realDir` (also used by the
 * bench, which starts the real one without its relay: `relay: false`).
 */
export async function startOxmysql(
  host: FxHost,
  url: string,
  { relay, ...options }: Omit<StandInOptions, 'url'> & Pick<RealOxmysqlOptions, 'relay'>,
  realDir: string | null,
): Promise<OxmysqlUnderTest> {
  if (!realDir) {
    const standIn = new OxmysqlStandIn(host, { ...options, url });
    standIn.start();
    return standIn;
  }
  if (options.sessionTimeZone) throw new Error('sessionTimeZone is a stand-in switch: run this suite against the stand-in only');
  const real = new RealOxmysql(host, realDir, { url, reachable: options.reachable, relay });
  await real.start();
  return real;
}

export async function startHarness(
  label: string,
  fixtures: string[],
  options: HostOptions = {},
  oxmysqlOptions: Omit<StandInOptions, 'url'> & Pick<RealOxmysqlOptions, 'relay'> = {},
  {
    waitForOxmysql = true,
    oxmysqlDir = realOxmysqlUnderTest(),
    server,
    resourceDir = ROOT,
  }: {
    waitForOxmysql?: boolean;
    /** The database server to create the suite's database on (a suite's own primary); MYSQL_URL's by default. */
    server?: string;
    /** The folder the resource runs from (the repository by default); a suite that lets it write files gives its own copy (copyResource). */
    resourceDir?: string;
    /** The real oxmysql release to run, or null for the stand-in (default: the jest project's choice). */
    oxmysqlDir?: string | null;
  } = {},
): Promise<Harness> {
  const db = await createTestDatabase(label, server);
  for (const file of fixtures) await loadFixture(db, file);
  const host = new FxHost({ handlerTimeoutMs: 5000, ...options, convars: { ...DEFAULT_CONVARS, ...options.convars } });
  const base = await host.listen();
  const oxmysql = await startOxmysql(host, db.url, oxmysqlOptions, oxmysqlDir);
  const oxmysqlViolations: Violation[] = [];
  if (waitForOxmysql) await waitFor(() => host.callExport('oxmysql', 'oxmysql', 'isReady') === true, 'oxmysql to connect', 10_000);
  host.startResource(resourceDir, 'citizen_records');
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
    ownViolations() {
      const taken = host.takeViolations();
      oxmysqlViolations.push(...taken.filter((v) => v.resource === 'oxmysql'));
      return taken.filter((v) => v.resource !== 'oxmysql');
    },
    async request(path, requestOptions = {}) {
      const { withKey = true, ...rest } = requestOptions;
      const headers = rest.headers ?? [];
      const hasKey = headers.some(([name]) => ['authorization', 'x-api-key'].includes(name.toLowerCase()));
      const sent =
        withKey && !hasKey ? { ...rest, headers: [['Authorization', `Bearer ${TEST_KEY}`] as [string, string], ...headers] } : rest;
      const response = await rawRequest(base, `/citizen_records${path}`, sent);
      if (!response.answered) throw new Error(`${rest.method ?? 'GET'} ${path} got no answer: ${response.reason}`);
      return response;
    },
    async callExport(name, ...args) {
      const call = host.evaluate('caller', 'callCitizenRecords') as (
        n: string,
        a: unknown[],
      ) => Promise<{ settled: string; value: string }>;
      const outcome = await call(name, args);
      if (outcome.settled !== 'resolved') throw new Error(`export ${name} rejected: ${outcome.value}`);
      return JSON.parse(outcome.value);
    },
    async close() {
      // oxmysql's own faults are not ours to fail on, but they are shown, under its name.
      if (oxmysqlViolations.length > 0)
        console.warn(`${label}: violations caused by oxmysql itself:\n${JSON.stringify(oxmysqlViolations, null, 2)}`);
      // oxmysql first, while the host still takes what a resource leaves unhandled: the real one
      // answers its connections closing with errors of whatever it still had under way (a query,
      // a connection being set up for one), which after host.close() would fail the running test.
      await oxmysql.close();
      await host.close();
      await db.drop();
    },
  };
}
