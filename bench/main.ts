/**
 * `npm run bench`: citizen_records against the platform's ceiling and floors (docs/design.md §5),
 * in two processes. The server process (bench/server-process.ts) runs the test hosts with the
 * resources, as FXServer's main thread runs them, and makes the export calls; this process builds
 * the bundle, loads the data, sends the HTTP lookups over real sockets and drives the blocks. CPU
 * per lookup is the server process's CPU (user + system) over a block, over its lookups: the load
 * generator's and HTTP client's CPU is not counted. Every scenario runs once per block, blocks
 * interleaved so that the machine's noise falls on every scenario alike; figures are medians over
 * the blocks after a warm-up block. Prints tables and writes the same figures to
 * bench/results/latest.json.
 *
 * Environment: MYSQL_URL (else a throwaway mariadbd), OXMYSQL_DIR (the real oxmysql, else the
 * stand-in), BENCH_CITIZENS (citizens per format, default 10000; 100000 is the large data set),
 * BENCH_BLOCKS (default 5), BENCH_BLOCK (lookups per block, default 500), BENCH_ONLY (a regular
 * expression on scenario names, e.g. for `node --cpu-prof`; the server process is profiled with
 * NODE_OPTIONS=--cpu-prof), BENCH_HEAP_LOOKUPS (default 50000; 0 skips the heap runs).
 */
import { execFileSync, fork } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startThrowawayServer, type ThrowawayServer } from '../devkit/db/mariadb-server';
import { createTestDatabase } from '../devkit/db/test-database';
import { loadFixture, ROOT } from '../devkit/resource-harness';
import { realOxmysqlDir } from '../devkit/oxmysql/real-oxmysql';
import { insertCitizens } from './citizens';
import { remote, type Remote } from './ipc';
import { BENCH_KEY, FORMATS, http as httpRequest, idOf, lookupOf, registry, type BlockPlan, type RegisteredScenario, type Request } from './registry';
import { report, type HeapFigures, type ScenarioResult } from './report';
import { citizenPath } from './scenarios/lookups';
import type { ServerMethods } from './server-process';
import { blockFigures, cpuMicrosBetween, timeBlock, type BlockFigures } from './stats';
import './scenarios';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CITIZENS = env('BENCH_CITIZENS', 10_000);
const BLOCKS = env('BENCH_BLOCKS', 5);
const BLOCK = env('BENCH_BLOCK', 500);
const HEAP_LOOKUPS = env('BENCH_HEAP_LOOKUPS', 50_000);
/** Distinct ids of the cache-on heap run: as many as the resource's cache holds (src/server.ts). */
const HEAP_CACHED_IDS = 2000;
/** Lookups before the heap is first read: twice the cache-on run's ids, so the cache is full. */
const HEAP_WARM_UP = 2 * HEAP_CACHED_IDS;
const ONLY = new RegExp(process.env.BENCH_ONLY ?? '');

type Server = Remote<ServerMethods>;

/** GETs on one server's socket, from this process, with the bench's key; fails unless `status` comes with a body. */
function httpGetter(base: string): (path: string, status: number) => Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const headers = { Authorization: `Bearer ${BENCH_KEY}` };
  return (path, status) =>
    new Promise((done, fail) => {
      http
        .get(`${base}${path}`, { agent, headers }, (res) => {
          let length = 0;
          res.on('data', (chunk: Buffer) => (length += chunk.length));
          res.on('end', () => (res.statusCode === status && length > 0 ? done() : fail(new Error(`GET ${path}: ${res.statusCode}, ${length} bytes`))));
        })
        .on('error', fail);
    });
}

async function main(): Promise<void> {
  execFileSync(process.execPath, ['build.mjs', '--bundle-only'], { cwd: ROOT, stdio: 'inherit' });
  const { scenarios: all, dataSets } = registry();
  const scenarios = all.filter((s) => ONLY.test(s.name));
  if (scenarios.length === 0) throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY} matches no scenario`);

  let mariadb: ThrowawayServer | null = null;
  if (!process.env.MYSQL_URL) {
    mariadb = await startThrowawayServer();
    process.env.MYSQL_URL = mariadb.url;
  }
  const oxmysqlDir = realOxmysqlDir();
  const db = await createTestDatabase('bench');
  let child: ReturnType<typeof fork> | null = null;
  try {
    await loadFixture(db, 'esx-legacy-schema.sql');
    await loadFixture(db, 'qbcore.sql');
    const loadStart = performance.now();
    await insertCitizens(db.admin, CITIZENS);
    const insertSeconds = (performance.now() - loadStart) / 1000;
    console.log(`inserted ${CITIZENS} citizens of each format in ${insertSeconds.toFixed(1)} s`);
    for (const dataSet of dataSets) {
      const start = performance.now();
      await dataSet.load(db.admin, CITIZENS);
      console.log(`data set ${dataSet.name}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
    }

    child = fork(resolve(ROOT, 'scripts/run-ts.cjs'), [resolve(ROOT, 'bench/server-process.ts')], { cwd: ROOT, serialization: 'advanced', stdio: 'inherit' });
    const server = remote<ServerMethods>(child);
    const { bases, statements } = await server.start({ databaseUrl: db.url, oxmysqlDir });
    const getters = new Map(Object.entries(bases).map(([name, base]) => [name, httpGetter(base)]));
    /** One lookup: HTTP from here, anything else made in the server process. */
    const send = (serverName: string, request: Request): Promise<unknown> =>
      request.kind === 'http' ? getters.get(serverName)!(request.path, request.status) : server.call({ server: serverName, request });

    const results: ScenarioResult[] = scenarios.map((scenario) => ({ scenario, blocks: [], background: [] }));
    let round = 0;
    for (let block = -1; block < BLOCKS; block++) {
      for (const result of results) {
        const { scenario } = result;
        const plan: BlockPlan = { scenario: scenario.name, block, count: scenario.lookups ?? BLOCK, round: scenario.repeats > 1 ? round++ : 0, citizens: CITIZENS };
        const { figures, background } = await runBlock(server, send, scenario, plan);
        if (block >= 0) {
          result.blocks.push(figures);
          result.background.push(...background);
        }
      }
      console.log(`block ${block + 1}/${BLOCKS} done`);
    }

    const normaliser = await server.normaliser();
    const heap = HEAP_LOOKUPS > 0 ? await measureHeap(server, send, 'cache-off', CITIZENS) : null;
    // With the cache on (docs/design.md §4's bounded cache, §5's flat heap): varied lookups over
    // as many ids as the cache holds, so hits and misses both come; what the resource keeps must
    // stay bounded.
    const heapCached = HEAP_LOOKUPS > 0 ? await measureHeap(server, send, 'cache-on', HEAP_CACHED_IDS) : null;
    const figures = report({
      settings: { citizens: CITIZENS, blocks: BLOCKS, block: BLOCK, insertSeconds, oxmysql: oxmysqlDir ? 'real (OXMYSQL_DIR)' : 'stand-in' },
      statements,
      results,
      normaliser,
      heap,
      heapCached,
    });
    const out = resolve(ROOT, 'bench/results');
    mkdirSync(out, { recursive: true });
    writeFileSync(resolve(out, 'latest.json'), `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`\nwritten: bench/results/latest.json`);
    await server.stop();
  } finally {
    if (child?.connected) {
      const exited = new Promise((done) => child!.once('exit', done));
      child.disconnect();
      await exited;
    }
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
      inFlight.push(send(spec.server ?? scenario.server, spec.request(k++, plan.block)).then(() => background.push(performance.now() - start)));
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
      const timed = await timeBlock(plan.count, scenario.concurrency, (i) => send(scenario.server, scenario.request(lookupOf(scenario, plan, i))) as Promise<void>);
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
 * The server process's heap after a warm-up of HEAP_WARM_UP lookups (which fills the cache to its
 * bound and lets the pools, prepared-statement caches and JIT code of any first lookups come) and
 * after HEAP_LOOKUPS more, over `distinctIds` citizens, through citizen_records on `serverName`.
 */
async function measureHeap(
  server: Server,
  send: (serverName: string, request: Request) => Promise<unknown>,
  serverName: string,
  distinctIds: number,
): Promise<HeapFigures> {
  const lookups = (count: number) =>
    timeBlock(count, 16, async (i) => {
      const format = FORMATS[i % FORMATS.length];
      await send(serverName, httpRequest(citizenPath(format, idOf(format, ((i % distinctIds) * 7919) % CITIZENS))));
    });
  await lookups(HEAP_WARM_UP);
  const before = await server.heap({ server: serverName });
  await lookups(HEAP_LOOKUPS);
  const after = await server.heap({ server: serverName });
  const mb = (bytes: number) => Math.round(bytes / 1e4) / 100;
  return {
    lookups: HEAP_LOOKUPS,
    distinctIds,
    hostFunctionReferences: after.hostFunctionReferences,
    beforeMB: mb(before.heapUsed),
    afterMB: mb(after.heapUsed),
    growth: Math.round((after.heapUsed / before.heapUsed - 1) * 1000) / 1000,
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
