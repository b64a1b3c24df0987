/**
 * What `npm run bench` runs: servers (a test host with oxmysql and citizen_records, configured by
 * convars), data sets beyond the generated citizens, and scenarios (a load on one server, compared
 * with other scenarios). Both processes import the same registry: the parent (bench/main.ts) sends
 * HTTP lookups and drives the blocks, the server process (bench/server-process.ts) runs the hosts
 * and makes the export calls. So everything here is plain functions of their arguments.
 *
 * Adding a scenario is a file in bench/scenarios/ and a line in bench/scenarios/index.ts; see
 * bench/README.md for examples.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Connection } from 'mysql2/promise';
import type { FxHost } from '../devkit/host/fx-host';
import { alphaId, betaId } from './citizens';

export type Format = 'alpha' | 'beta';

/** The API key every server accepts and every HTTP lookup sends. */
export const BENCH_KEY = 'bench-key-5f0c2a9d7e1b4863';
export const FORMATS: readonly Format[] = ['alpha', 'beta'];

/** The id of generated citizen `index` of `format`. */
export const idOf = (format: Format, index: number): string => (format === 'alpha' ? alphaId(index) : betaId(index));

/** One lookup of a block: its number `i`, the format (alternating) and the generated citizen it asks for. */
export interface Lookup {
  i: number;
  /** The block, from -1 (the warm-up block). */
  block: number;
  format: Format;
  /** The generated citizen: `0 … citizens - 1`. */
  index: number;
  /** Generated citizens per format in this run (a quick run of a few hundred checks the scenarios, not their figures). */
  citizens: number;
  /** That citizen's id in `format`. */
  id: string;
}

/**
 * What one lookup sends.
 * - `http`: a GET of `path` on the scenario's server, from the parent over a real socket, with
 *   the bench's API key; it must answer `status` with a body (a 304 or HEAD has none), and, where
 *   `check` is given, a body it finds nothing wrong with.
 * - `export`: `exports[resource][name](...args)` made by the driver resource inside the server's
 *   host; it must resolve to `{ success: true }`.
 * - `floor`: the in-process floor (a mysql2 pool and `JSON.stringify`) in the server process.
 */
export type Request =
  | { kind: 'http'; path: string; status: number; check?: AnswerCheck }
  | { kind: 'export'; resource: string; name: string; args: unknown[] }
  | { kind: 'floor'; format: Format; id: string };

/**
 * What is wrong with an HTTP answer (e.g. a search that found fewer citizens than asked, a record
 * from the database where a live one was meant), or null.
 */
export type AnswerCheck = (body: string, headers: IncomingHttpHeaders) => string | null;

export const http = (path: string, status = 200, check?: AnswerCheck): Request => ({ kind: 'http', path, status, check });
export const callExport = (resource: string, name: string, ...args: unknown[]): Request => ({ kind: 'export', resource, name, args });
export const floor = (format: Format, id: string): Request => ({ kind: 'floor', format, id });

/** Where the load comes from, and so where its latencies are measured. */
export type Via = 'http' | 'exports' | 'in process';
const VIA: Record<Request['kind'], Via> = { http: 'http', export: 'exports', floor: 'in process' };

/**
 * Bounds on a comparison's ratios (this scenario ÷ the other, medians over blocks): throughput at
 * least `throughput`; p99 and CPU per lookup at most `p99` and `cpu`.
 */
export interface Targets {
  throughput?: number;
  p99?: number;
  cpu?: number;
}

export interface Comparison {
  /** The other scenario's name; a comparison with a scenario BENCH_ONLY left out is not shown. */
  with: string;
  targets?: Targets;
}

/** Requests sent at a fixed rate while the scenario's own lookups run, in the same block. */
export interface Background {
  /** What the table calls it, e.g. `search 1/s`. */
  label: string;
  perSecond: number;
  /** The server it goes to (default: the scenario's). */
  server?: string;
  /** The `k`-th background request of the block. */
  request(k: number, block: number): Request;
}

export interface Scenario {
  name: string;
  /** The server the lookups go to (default `cache-off`); `floor` is the node:http floor. */
  server?: string;
  concurrency: number;
  /** Lookups per block (default BENCH_BLOCK). A background at 1/s needs blocks of a few seconds. */
  lookups?: number;
  /**
   * Each citizen asked this many times in a row within the block, ids never asked in an earlier
   * block of any repeating scenario (the cache-on mix). Default 1: every id once per block.
   */
  repeats?: number;
  request(lookup: Lookup): Request;
  compare?: Comparison[];
  background?: Background;
}

/** The context a server's setup runs in, inside the server process. */
export interface ServerContext {
  host: FxHost;
  /** URL of the bench database. */
  databaseUrl: string;
  /** Starts an inline script resource in this host (FxHost.startScript). */
  startScript(name: string, code: string): void;
  /** Makes one export call from this host's driver resource; resolves to the export's settled value. */
  call(resource: string, name: string, ...args: unknown[]): Promise<unknown>;
  /** The primary-key statement of each format: as citizen_records sends it, and plain (bench/servers.ts plainStatement). */
  statements: Readonly<{ resource: Record<Format, string>; plain: Record<Format, string> }>;
}

export interface Server {
  /** Also the name scenarios use in `server`. */
  name: string;
  /** citizen_records convars on top of the bench's (API key, no rate limit, cache off). */
  convars?: Record<string, string>;
  /**
   * Runs in the server process once oxmysql is connected and citizen_records started: start other
   * resources (framework stand-ins, comparison resources).
   */
  setup?(server: ServerContext): Promise<void> | void;
  /**
   * The data set (one with `ownDatabase`) whose database this server's oxmysql connects to,
   * instead of the bench database: the same tables, different on one server (an index more).
   */
  database?: string;
  /**
   * Not a test host: this many instances of the standalone service (`node dist/standalone.js`,
   * docs/standalone.md) on the bench database, child processes of the server process (their CPU
   * counts as its own), the parent's HTTP lookups spread over them in turn as a load balancer would.
   * `convars` and `setup` do not apply.
   */
  standalone?: number;
}

/** Rows beyond the generated citizens (e.g. vehicles), loaded by the parent before the servers start. */
export interface DataSet {
  name: string;
  /** Loaded into a database of its own beside the bench database (dropped with it), for the servers naming it in `database`. */
  ownDatabase?: boolean;
  /**
   * `admin` may run several statements at once; `citizens` is the number of citizens per format;
   * `benchDatabase` names the bench database, to copy from (data sets load in the order defined).
   */
  load(admin: Connection, citizens: number, benchDatabase: string): Promise<void>;
}

export interface RegisteredScenario extends Scenario {
  server: string;
  via: Via;
  repeats: number;
}

const scenarios: RegisteredScenario[] = [];
const servers: Server[] = [];
const dataSets: DataSet[] = [];

/** The server the node:http floor answers on: not a test host, no setup. */
export const FLOOR_SERVER = 'floor';

export function defineScenario(scenario: Scenario): void {
  if (scenarios.some((s) => s.name === scenario.name)) throw new Error(`bench scenario "${scenario.name}" is defined twice`);
  const sample = scenario.request({ i: 0, block: 0, format: 'alpha', index: 0, id: idOf('alpha', 0), citizens: 1 });
  scenarios.push({ ...scenario, server: scenario.server ?? 'cache-off', via: VIA[sample.kind], repeats: scenario.repeats ?? 1 });
}

/**
 * `scenario`, and its twin with `background` running in the same blocks (named `<name> + <label>`),
 * compared with it: e.g. the p99 of primary-key lookups while one search per second runs. Give the
 * scenario enough `lookups` per block for a few background requests to land in each block.
 */
export function defineWithBackground(scenario: Scenario, background: Background, targets?: Targets): void {
  defineScenario(scenario);
  defineScenario({ ...scenario, name: `${scenario.name} + ${background.label}`, background, compare: [{ with: scenario.name, targets }] });
}

export function defineServer(server: Server): void {
  if (server.name === FLOOR_SERVER || servers.some((s) => s.name === server.name))
    throw new Error(`bench server "${server.name}" is defined twice`);
  servers.push(server);
}

export function defineDataSet(dataSet: DataSet): void {
  dataSets.push(dataSet);
}

/** Everything registered, checked: every scenario's server exists and every comparison names a scenario. */
export function registry(): { scenarios: readonly RegisteredScenario[]; servers: readonly Server[]; dataSets: readonly DataSet[] } {
  const serverNames = new Set([FLOOR_SERVER, ...servers.map((s) => s.name)]);
  for (const server of servers) {
    if (server.database !== undefined && !dataSets.some((d) => d.name === server.database && d.ownDatabase)) {
      throw new Error(`bench server "${server.name}" names database "${server.database}", which no data set with ownDatabase loads`);
    }
  }
  const names = new Set(scenarios.map((s) => s.name));
  for (const s of scenarios) {
    for (const server of [s.server, s.background?.server ?? s.server]) {
      if (!serverNames.has(server)) throw new Error(`bench scenario "${s.name}" names server "${server}", which is not defined`);
    }
    for (const c of s.compare ?? []) {
      if (!names.has(c.with)) throw new Error(`bench scenario "${s.name}" compares with "${c.with}", which is not defined`);
    }
  }
  return { scenarios, servers, dataSets };
}

/** One block of one scenario, as the parent plans it and the server process runs it. */
export interface BlockPlan {
  scenario: string;
  /** From -1 (the warm-up block). */
  block: number;
  /** Lookups in this block. */
  count: number;
  /** Numbers the blocks of repeating scenarios (see lookupOf). */
  round: number;
  /** Generated citizens per format. */
  citizens: number;
}

/**
 * The `i`-th lookup of a block. Distinct ids within a block (a prime stride through the citizens),
 * sizes mixed evenly, formats alternating. A repeating scenario asks each id `repeats` times in a
 * row, and each of its rounds asks ids no earlier round asked (while there are enough citizens).
 */
export function lookupOf(scenario: RegisteredScenario, plan: BlockPlan, i: number): Lookup {
  const asked = Math.floor(i / scenario.repeats);
  const format = FORMATS[asked % FORMATS.length];
  const index =
    scenario.repeats > 1 ? (plan.round * plan.count + asked) % plan.citizens : (((plan.block + 1) * plan.count + i) * 7919) % plan.citizens;
  return { i, block: plan.block, format, index, id: idOf(format, index), citizens: plan.citizens };
}

/**
 * The order of block `block`: forward in even blocks, backward in odd ones, rotated by one more
 * each block, so that no scenario always follows the same one (what a scenario leaves behind, the
 * garbage its lookups made and the database pages they read, falls on the next).
 */
export function orderOf<T>(items: readonly T[], block: number): T[] {
  const shift = (((block + 1) % items.length) + items.length) % items.length;
  const rotated = [...items.slice(shift), ...items.slice(0, shift)];
  return block % 2 ? rotated.reverse() : rotated;
}
