/**
 * The bench's server process: what runs on FXServer's main thread in production. It holds one test
 * host per registered server (oxmysql, citizen_records, the driver resource and what the server's
 * setup starts), the floors, and answers the parent (bench/main.ts) over IPC: its CPU readings,
 * blocks of export and in-process lookups (made here, timed here), single background calls, heap
 * readings and the normaliser figures. HTTP lookups come from the parent over real sockets.
 */
import { readFileSync } from 'node:fs';
import mysql from 'mysql2/promise';
import { collectGarbage } from '../devkit/collect-garbage';
import { FxHost } from '../devkit/host/fx-host';
import { waitFor } from '../devkit/host/host-fixture';
import { startStandalone } from '../devkit/standalone';
import { ROOT, startOxmysql, type OxmysqlUnderTest } from '../devkit/resource-harness';
import { serve } from './ipc';
import { measureNormaliser, sampleRows, type NormaliserFigures } from './normaliser';
import {
  BENCH_KEY,
  FLOOR_SERVER,
  FORMATS,
  lookupOf,
  registry,
  type BlockPlan,
  type Format,
  type Request,
  type ServerContext,
} from './registry';
import { primaryKeyStatements, standaloneVariable, type Row } from './resource-source';
import { plainStatement, poolLookup, startDriver, startNodeHttpFloor, type Driver, type Statements } from './servers';
import { blockFigures, cpuMicrosBetween, timeBlock, type BlockFigures } from './stats';
import './scenarios';

/** citizen_records convars every server starts with; a server's own convars go on top. */
const BASE_CONVARS = {
  'citizen_records:api_keys': `bench:${BENCH_KEY}`,
  'citizen_records:rate_limit': '1000000',
  'citizen_records:cache_ttl_ms': '0',
  // The change feed's polls and sweeps would run in every host at once, behind every figure; the feed's servers turn it on.
  'citizen_records:changes': 'false',
};

export interface StartOptions {
  databaseUrl: string;
  /** URL of each data set's own database (DataSet.ownDatabase), for the servers that name it. */
  databases: Record<string, string>;
  /** The real oxmysql release to run, or null for the stand-in. */
  oxmysqlDir: string | null;
  /** The servers to start: those the scenarios run on (an idle host's timers would count in every figure). */
  servers: readonly string[];
}

export interface Started {
  /** Base URL of each server's HTTP socket, the floor's under FLOOR_SERVER. */
  bases: Record<string, string>;
  statements: ServerContext['statements'];
}

export interface HeapReading {
  heapUsed: number;
  /** Function references that server's host still holds (those whose receiving function is alive). */
  hostFunctionReferences: number;
}

interface RunningServer {
  host: FxHost;
  driver: Driver;
  oxmysql: OxmysqlUnderTest;
}

const running = new Map<string, RunningServer>();
const closers: Array<() => unknown> = [];
let floorLookup: ((format: Format, id: string) => Promise<string>) | null = null;

function server(name: string): RunningServer {
  const found = running.get(name);
  if (!found) throw new Error(`no server ${name}`);
  return found;
}

/** One lookup made in this process: an export call from the server's driver resource, or the in-process floor. */
async function perform(serverName: string, request: Request): Promise<void> {
  if (request.kind === 'export') {
    if (!(await server(serverName).driver.succeeds(request.resource, request.name, ...request.args))) {
      throw new Error(`export ${request.resource}.${request.name}(${JSON.stringify(request.args)}) did not succeed`);
    }
  } else if (request.kind === 'floor') {
    await floorLookup!(request.format, request.id);
  } else {
    throw new Error(`HTTP lookups come from the parent, not the server process: ${request.path}`);
  }
}

/** The standalone instances' processes: their CPU is the server's, as a game server's is its resource's. */
const standalonePids: number[] = [];

/** Clock ticks per second of /proc's CPU times (USER_HZ): 100 on every Linux build Node runs on. */
const USER_HZ = 100;

/** CPU (user + system, µs) a child has used so far, from /proc/<pid>/stat (fields 14 and 15, in ticks). */
function childCpu(pid: number): NodeJS.CpuUsage {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: (Number(fields[11]) * 1e6) / USER_HZ, system: (Number(fields[12]) * 1e6) / USER_HZ };
}

/** `spec.standalone` instances of the service; their bases, space-separated (run.ts spreads lookups over them). */
async function startStandaloneServer(spec: ReturnType<typeof registry>['servers'][number], options: StartOptions): Promise<string> {
  const env = Object.fromEntries(Object.entries(BASE_CONVARS).map(([convar, value]) => [standaloneVariable(convar), value]));
  const instances = await Promise.all(
    Array.from({ length: spec.standalone ?? 1 }, () => startStandalone({ ...env, CITIZEN_RECORDS_DATABASE_URL: options.databaseUrl })),
  );
  for (const instance of instances) {
    standalonePids.push(instance.child.pid as number);
    closers.push(() => instance.stop());
  }
  return instances.map((i) => i.base).join(' ');
}

async function startServer(
  spec: ReturnType<typeof registry>['servers'][number],
  options: StartOptions,
  statements: Started['statements'],
): Promise<string> {
  if (spec.standalone) return startStandaloneServer(spec, options);
  const host = new FxHost({ convars: { ...BASE_CONVARS, ...spec.convars } });
  const base = await host.listen();
  const databaseUrl = spec.database === undefined ? options.databaseUrl : options.databases[spec.database];
  // The relay the tests put before the real oxmysql is left out: its CPU would count as the server's.
  const oxmysql = await startOxmysql(host, databaseUrl, { relay: false }, options.oxmysqlDir);
  closers.push(async () => {
    // oxmysql first, while the host still takes what its resources leave unhandled (resource-harness.ts says why).
    await oxmysql.close();
    await host.close();
  });
  await waitFor(() => host.callExport('oxmysql', 'oxmysql', 'isReady') === true, 'oxmysql to connect', 20_000);
  host.startResource(ROOT, 'citizen_records');
  const driver = startDriver(host);
  running.set(spec.name, { host, driver, oxmysql });
  await spec.setup?.({
    host,
    databaseUrl,
    startScript: (name, code) => void host.startScript(name, code),
    call: driver.settle,
    statements,
  });
  return base;
}

const methods = {
  async start(options: StartOptions): Promise<Started> {
    const connection = await mysql.createConnection(options.databaseUrl);
    const resource = await primaryKeyStatements(connection);
    const plain = {} as Statements;
    for (const format of FORMATS) plain[format] = await plainStatement(connection, resource[format]);
    await connection.end();
    const statements = { resource, plain };

    const pool = mysql.createPool({ uri: options.databaseUrl, connectionLimit: 10 });
    closers.push(() => pool.end());
    floorLookup = poolLookup(pool, resource);
    const nodeFloor = await startNodeHttpFloor(floorLookup);
    closers.push(() => nodeFloor.close());
    const bases: Record<string, string> = { [FLOOR_SERVER]: nodeFloor.base };
    for (const spec of registry().servers.filter((s) => options.servers.includes(s.name))) {
      bases[spec.name] = await startServer(spec, options, statements);
    }
    return { bases, statements };
  },

  /** This process's CPU so far, its standalone instances' included: the parent reads it at the start and end of each HTTP block. */
  cpu(): NodeJS.CpuUsage {
    const own = process.cpuUsage();
    for (const pid of standalonePids) {
      const child = childCpu(pid);
      own.user += child.user;
      own.system += child.system;
    }
    return own;
  },

  /** One block of an export or in-process scenario, timed here, with this process's CPU over it. */
  async run(plan: BlockPlan): Promise<BlockFigures> {
    const scenario = registry().scenarios.find((s) => s.name === plan.scenario);
    if (!scenario) throw new Error(`no scenario ${plan.scenario}`);
    const start = process.cpuUsage();
    const timed = await timeBlock(plan.count, scenario.concurrency, (i) =>
      perform(scenario.server, scenario.request(lookupOf(scenario, plan, i))),
    );
    return blockFigures(timed, cpuMicrosBetween(start, process.cpuUsage()));
  },

  /** One lookup, e.g. a background export call while a block runs; resolves with its latency (ms). */
  async call({ server: serverName, request }: { server: string; request: Request }): Promise<number> {
    const start = performance.now();
    await perform(serverName, request);
    return performance.now() - start;
  },

  /**
   * The heap after a few full collections, each with the finalizer turns that follow (a collection
   * frees the functions the host's receivers dropped; their references go on those turns).
   */
  async heap({ server: serverName }: { server: string }): Promise<HeapReading> {
    await collectGarbage(6);
    return { heapUsed: process.memoryUsage().heapUsed, hostFunctionReferences: server(serverName).host.heldFunctionReferences() };
  },

  /** The normaliser figures, on rows the ceiling of server `cache-off` receives. */
  async normaliser(): Promise<NormaliserFigures> {
    const { driver } = server('cache-off');
    const rows = await sampleRows(async (format, id) => ((await driver.settle('ceiling', 'lookup', format, id)) as { data: Row }).data);
    return measureNormaliser(rows);
  },

  async stop(): Promise<void> {
    for (const close of closers.reverse()) await close();
    running.clear();
  },
};

export type ServerMethods = typeof methods;

serve(methods);
