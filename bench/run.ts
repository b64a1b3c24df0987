/**
 * One bench run (docs/design.md §5), in two processes. The server process
 * (bench/server-process.ts) runs the test hosts with the resources, as FXServer's main thread runs
 * them, and makes the export calls; this process loads the data, sends the HTTP lookups over real
 * sockets and drives the blocks. CPU per lookup is the server process's CPU (user + system) over a
 * block, over its lookups: the load generator's and HTTP client's CPU is reported apart. Every
 * scenario runs once per block, blocks interleaved so that the machine's noise falls on every
 * scenario alike; figures are medians over the blocks after a warm-up block.
 */
import { execFileSync, fork } from 'node:child_process';
import http from 'node:http';
import { resolve } from 'node:path';
import { startThrowawayServer, type ThrowawayServer } from '../devkit/db/mariadb-server';
import { createTestDatabase, type TestDatabase } from '../devkit/db/test-database';
import { loadFixture, ROOT } from '../devkit/resource-harness';
import { realOxmysqlDir } from '../devkit/oxmysql/real-oxmysql';
import { insertCitizens } from './citizens';
import { remote, type Remote } from './ipc';
import {
  BENCH_KEY,
  FORMATS,
  http as httpRequest,
  idOf,
  lookupOf,
  orderOf,
  registry,
  type AnswerCheck,
  type BlockPlan,
  type RegisteredScenario,
  type Request,
} from './registry';
import { report, type HeapFigures, type Report, type ScenarioResult } from './report';
import { citizenPath } from './scenarios/lookups';
import type { ServerMethods } from './server-process';
import { blockFigures, cpuMicrosBetween, timeBlock, type BlockFigures } from './stats';
import './scenarios';

export interface BenchOptions {
  /** Generated citizens per format. */
  citizens: number;
  /** Measured blocks (a warm-up block comes first). */
  blocks: number;
  /** Lookups per block, unless a scenario sets its own. */
  block: number;
  /** At most this many lookups per block, even where a scenario sets more (a quick run); default no bound. */
  maxLookups?: number;
  /** Lookups of each heap run (cache off, cache on); 0 skips them. */
  heapLookups: number;
  /** Lookups before the heap is first read. */
  heapWarmUp: number;
  /** The scenarios to run, by name. */
  only: RegExp;
  /** The throwaway server's InnoDB buffer pool (`--innodb-buffer-pool-size`); ignored with MYSQL_URL. */
  bufferPoolSize?: string;
  /** Build dist/server.js from the current source first. */
  build: boolean;
  /** Progress lines. */
  log(line: string): void;
}

/** Distinct ids of the cache-on heap run: as many as the resource's cache holds (src/server.ts). */
export const HEAP_CACHED_IDS = 2000;

type Server = Remote<ServerMethods>;

/**
 * GETs on one server's socket, from this process, with the bench's key; fails unless `status` comes
 * with a body, and unless `check` (when given) finds nothing wrong with that body.
 */
function httpGetter(bases: string, agent: http.Agent): (path: string, status: number, check?: AnswerCheck) => Promise<void> {
  const headers = { Authorization: `Bearer ${BENCH_KEY}` };
  // Several bases (standalone instances): each lookup goes to the next, round robin, as a load balancer sends them.
  const targets = bases.split(' ');
  let next = 0;
  return (path, status, check) =>
    new Promise((done, fail) => {
      const base = targets[next++ % targets.length];
      http
        .get(`${base}${path}`, { agent, headers }, (res) => {
          let length = 0;
          // The body is kept only when it is checked: the load generator's CPU stays what it was otherwise.
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            length += chunk.length;
            if (check) chunks.push(chunk);
          });
          res.on('end', () => {
            if (res.statusCode !== status || length === 0) return fail(new Error(`GET ${path}: ${res.statusCode}, ${length} bytes`));
            const wrong = check?.(Buffer.concat(chunks).toString('utf8'), res.headers) ?? null;
            return wrong === null ? done() : fail(new Error(`GET ${path}: ${wrong}`));
          });
        })
        .on('error', fail);
    });
}

/** Runs the registered scenarios that `options.only` selects; the figures, as report() makes them. */
export async function runBench(options: BenchOptions): Promise<Report> {
  const { citizens, blocks, log } = options;
  if (options.build) execFileSync(process.execPath, ['build.mjs', '--bundle-only'], { cwd: ROOT, stdio: 'inherit' });
  const { scenarios: all, dataSets } = registry();
  const scenarios = all.filter((s) => options.only.test(s.name));
  if (scenarios.length === 0) throw new Error(`${options.only} matches no scenario`);

  let mariadb: ThrowawayServer | null = null;
  if (!process.env.MYSQL_URL) {
    mariadb = await startThrowawayServer({ bufferPoolSize: options.bufferPoolSize });
    process.env.MYSQL_URL = mariadb.url;
  }
  const oxmysqlDir = realOxmysqlDir();
  const db = await createTestDatabase('bench');
  /** The data sets' own databases (DataSet.ownDatabase), by data set. */
  const ownDatabases: TestDatabase[] = [];
  const databases: Record<string, string> = {};
  let child: ReturnType<typeof fork> | null = null;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  try {
    await loadFixture(db, 'esx-legacy-schema.sql');
    await loadFixture(db, 'qbcore.sql');
    const loadStart = performance.now();
    await insertCitizens(db.admin, citizens);
    const insertSeconds = (performance.now() - loadStart) / 1000;
    log(`inserted ${citizens} citizens of each format in ${insertSeconds.toFixed(1)} s`);
    for (const dataSet of dataSets) {
      const start = performance.now();
      const target = dataSet.ownDatabase ? await createTestDatabase(`bench_${dataSet.name}`) : db;
      if (target !== db) {
        ownDatabases.push(target);
        databases[dataSet.name] = target.url;
      }
      await dataSet.load(target.admin, citizens, db.name);
      log(`data set ${dataSet.name}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
    }

    child = fork(resolve(ROOT, 'scripts/run-ts.cjs'), [resolve(ROOT, 'bench/server-process.ts')], {
      cwd: ROOT,
      serialization: 'advanced',
      stdio: 'inherit',
    });
    const server = remote<ServerMethods>(child);
    // The normaliser reads through cache-off's ceiling; the heap runs go through cache-off and cache-on.
    const servers = new Set(['cache-off', ...(options.heapLookups > 0 ? ['cache-on'] : [])]);
    for (const s of scenarios) servers.add(s.server).add(s.background?.server ?? s.server);
    const { bases, statements } = await server.start({ databaseUrl: db.url, databases, oxmysqlDir, servers: [...servers] });
    const getters = new Map(Object.entries(bases).map(([name, base]) => [name, httpGetter(base, agent)]));
    /** One lookup: HTTP from here, anything else made in the server process. */
    const send = (serverName: string, request: Request): Promise<unknown> =>
      request.kind === 'http'
        ? getters.get(serverName)!(request.path, request.status, request.check)
        : server.call({ server: serverName, request });

    const results: ScenarioResult[] = scenarios.map((scenario) => ({ scenario, blocks: [], background: [] }));
    let round = 0;
    for (let block = -1; block < blocks; block++) {
      for (const result of orderOf(results, block)) {
        const { scenario } = result;
        const plan: BlockPlan = {
          scenario: scenario.name,
          block,
          count: Math.min(scenario.lookups ?? options.block, options.maxLookups ?? Number.POSITIVE_INFINITY),
          round: scenario.repeats > 1 ? round++ : 0,
          citizens,
        };
        const { figures, background } = await runBlock(server, send, scenario, plan);
        if (block >= 0) {
          result.blocks.push(figures);
          result.background.push(...background);
        }
      }
      log(`block ${block + 1}/${blocks} done`);
    }

    const normaliser = await server.normaliser();
    const heap = (serverName: string, distinctIds: number) =>
      options.heapLookups > 0 ? measureHeap(server, send, options, serverName, distinctIds) : null;
    const heapCacheOff = await heap('cache-off', citizens);
    // With the cache on (docs/design.md §4's bounded cache, §5's flat heap): varied lookups over
    // as many ids as the cache holds, so hits and misses both come; what the resource keeps must
    // stay bounded.
    const heapCacheOn = await heap('cache-on', Math.min(HEAP_CACHED_IDS, citizens));
    await server.stop();
    return report({
      settings: { citizens, blocks, block: options.block, insertSeconds, oxmysql: oxmysqlDir ? 'real (OXMYSQL_DIR)' : 'stand-in' },
      statements,
      results,
      normaliser,
      heap: heapCacheOff,
      heapCached: heapCacheOn,
    });
  } finally {
    agent.destroy();
    if (child?.connected) {
      const exited = new Promise((done) => child!.once('exit', done));
      child.disconnect();
      await exited;
    }
    for (const own of ownDatabases) await own.drop();
    await db.drop();
    await mariadb?.stop();
  }
}

/**
 * One block of one scenario, with its background requests (from the start of the block, every
 * 1/perSecond s, until its lookups are done). HTTP blocks are timed here and read the server's
 * CPU before and after; export and in-process blocks run in the server process, which times them.
 */
async function runBlock(
  server: Server,
  send: (serverName: string, request: Request) => Promise<unknown>,
  scenario: RegisteredScenario,
  plan: BlockPlan,
): Promise<{ figures: BlockFigures; background: number[] }> {
  const background: number[] = [];
  const inFlight: Array<Promise<unknown>> = [];
  let timer: ReturnType<typeof setInterval> | null = null;
  const startBackground = () => {
    const spec = scenario.background;
    if (!spec) return;
    let k = 0;
    const fire = () => {
      const start = performance.now();
      inFlight.push(
        send(spec.server ?? scenario.server, spec.request(k++, plan.block)).then(() => background.push(performance.now() - start)),
      );
    };
    fire();
    timer = setInterval(fire, 1000 / spec.perSecond);
  };
  let figures: BlockFigures;
  try {
    if (scenario.via === 'http') {
      const cpuStart = await server.cpu();
      const loadStart = process.cpuUsage();
      startBackground();
      const timed = await timeBlock(
        plan.count,
        scenario.concurrency,
        (i) => send(scenario.server, scenario.request(lookupOf(scenario, plan, i))) as Promise<void>,
      );
      const load = cpuMicrosBetween(loadStart, process.cpuUsage());
      figures = blockFigures(timed, cpuMicrosBetween(cpuStart, await server.cpu()), load);
    } else {
      startBackground();
      figures = await server.run(plan);
    }
  } finally {
    if (timer) clearInterval(timer);
  }
  // Background requests still running belong to this block, not to the next scenario's.
  await Promise.all(inFlight);
  return { figures, background };
}

/**
 * The server process's heap after a warm-up (which fills the cache to its bound and lets the
 * pools, prepared-statement caches and JIT code of any first lookups come) and after
 * `heapLookups` more, over `distinctIds` citizens, through citizen_records on `serverName`.
 */
async function measureHeap(
  server: Server,
  send: (serverName: string, request: Request) => Promise<unknown>,
  options: BenchOptions,
  serverName: string,
  distinctIds: number,
): Promise<HeapFigures> {
  const lookups = (count: number) =>
    timeBlock(count, 16, async (i) => {
      const format = FORMATS[i % FORMATS.length];
      await send(serverName, httpRequest(citizenPath(format, idOf(format, ((i % distinctIds) * 7919) % options.citizens))));
    });
  await lookups(options.heapWarmUp);
  const before = await server.heap({ server: serverName });
  await lookups(options.heapLookups);
  const after = await server.heap({ server: serverName });
  const mb = (bytes: number) => Math.round(bytes / 1e4) / 100;
  return {
    lookups: options.heapLookups,
    distinctIds,
    hostFunctionReferences: after.hostFunctionReferences,
    beforeMB: mb(before.heapUsed),
    afterMB: mb(after.heapUsed),
    growth: Math.round((after.heapUsed / before.heapUsed - 1) * 1000) / 1000,
  };
}
