/**
 * `npm run bench`: citizen_records against the platform's ceiling and floors, in one process,
 * interleaved block by block so that the machine's noise falls on every contender alike
 * (docs/design.md §5). Prints a table and writes the same figures to bench/results/latest.json.
 *
 * Environment: MYSQL_URL (else a throwaway mariadbd), OXMYSQL_DIR (the real oxmysql, else the
 * stand-in), BENCH_CITIZENS (rows per format, default 10000), BENCH_BLOCKS (default 5),
 * BENCH_BLOCK (lookups per block, default 500), BENCH_ONLY (a regular expression on scenario
 * names, e.g. for `node --cpu-prof`), BENCH_HEAP_LOOKUPS (default 50000).
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { cpus } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import mysql from 'mysql2/promise';
import { DEFAULTS } from '../src/config/config';
import type { Database, Row } from '../src/db/database';
import { readTableColumns } from '../src/db/table-columns';
import { alphaUserQuery, selectAlphaColumns } from '../src/formats/alpha/columns';
import { normaliseAlphaRow } from '../src/formats/alpha/normalise';
import { buildCitizenQuery } from '../src/formats/beta/query';
import { normaliseBetaRow } from '../src/formats/beta/normalise';
import { startThrowawayServer, type ThrowawayServer } from '../devkit/db/mariadb-server';
import { createTestDatabase } from '../devkit/db/test-database';
import { collectGarbage } from '../devkit/collect-garbage';
import { BoundaryCodec } from '../devkit/host/boundary-codec';
import { FxHost } from '../devkit/host/fx-host';
import { waitFor } from '../devkit/host/host-fixture';
import { loadFixture, ROOT, startOxmysql, type OxmysqlUnderTest } from '../devkit/resource-harness';
import { realOxmysqlDir } from '../devkit/oxmysql/real-oxmysql';
import { alphaId, betaId, insertCitizens, sizeOf, SIZES, type Size } from './citizens';
import { poolLookup, startCaller, startCeiling, startConstant, startNodeHttpFloor, type PrimaryKeyQueries } from './servers';
import { medianFigures, median, runBlock, type BlockFigures } from './stats';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CITIZENS = env('BENCH_CITIZENS', 10_000);
const BLOCKS = env('BENCH_BLOCKS', 5);
const BLOCK = env('BENCH_BLOCK', 500);
const HEAP_LOOKUPS = env('BENCH_HEAP_LOOKUPS', 50_000);
/** Distinct ids of the cache-on heap run: as many as the resource's cache holds (server.ts). */
const HEAP_CACHED_IDS = 2000;
/** Lookups before the heap is first read: twice the cache-on run's ids, so the cache is full. */
const HEAP_WARM_UP = 2 * HEAP_CACHED_IDS;
const ONLY = new RegExp(process.env.BENCH_ONLY ?? '');
const KEY = 'bench-key-5f0c2a9d7e1b4863';
/** Each id of the cache-on mix is asked this many times within the TTL. */
const REPEATS = 8;
const CONCURRENCIES = [1, 16, 64] as const;

type Format = 'alpha' | 'beta';
/** One lookup: `i` picks the format (alternating) and the citizen. */
type Lookup = (format: Format, id: string) => Promise<void>;

interface Scenario {
  name: string;
  group: 'floor (in process)' | 'floor (node:http)' | 'ceiling' | 'constant' | 'citizen_records';
  via: 'in process' | 'http' | 'exports';
  concurrency: number;
  cache: boolean;
  lookup: Lookup;
  blocks: BlockFigures[];
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`bench lookup failed: ${what}`);
}

function httpGetter(base: string, headers: Record<string, string> = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  return (path: string): Promise<void> =>
    new Promise((done, fail) => {
      http
        .get(`${base}${path}`, { agent, headers }, (res) => {
          let length = 0;
          res.on('data', (chunk: Buffer) => (length += chunk.length));
          res.on('end', () => (res.statusCode === 200 && length > 0 ? done() : fail(new Error(`GET ${path}: ${res.statusCode}`))));
        })
        .on('error', fail);
    });
}

/** Citizen index of the `i`-th lookup of block `block`: distinct ids within a block, sizes mixed evenly. */
const citizenOf = (block: number, i: number) => (block * 7919 * BLOCK + i * 7919) % CITIZENS;
const idOf = (format: Format, index: number) => (format === 'alpha' ? alphaId(index) : betaId(index));
const formatOf = (i: number): Format => (i % 2 ? 'beta' : 'alpha');

async function main(): Promise<void> {
  execBuild();

  let mariadb: ThrowawayServer | null = null;
  if (!process.env.MYSQL_URL) {
    mariadb = await startThrowawayServer();
    process.env.MYSQL_URL = mariadb.url;
  }
  const oxmysqlDir = realOxmysqlDir();
  const db = await createTestDatabase('bench');
  const closers: Array<() => Promise<unknown> | void> = [];
  try {
    await loadFixture(db, 'esx-legacy-schema.sql');
    await loadFixture(db, 'qbcore.sql');
    console.log(`inserting ${CITIZENS} citizens of each format...`);
    await insertCitizens(db.admin, CITIZENS);

    const pool = mysql.createPool({ uri: db.url, connectionLimit: 10 });
    closers.push(() => pool.end());
    const sql = await primaryKeyQueries(pool);

    const convars = { 'citizen_records:api_keys': `bench:${KEY}`, 'citizen_records:rate_limit': '1000000', 'citizen_records:cache_ttl_ms': '0' };
    const startHost = async (cacheTtlMs: string) => {
      const host = new FxHost({ convars: { ...convars, 'citizen_records:cache_ttl_ms': cacheTtlMs } });
      const base = await host.listen();
      const oxmysql: OxmysqlUnderTest = await startOxmysql(host, db.url, {}, oxmysqlDir);
      closers.push(async () => {
        await host.close();
        await oxmysql.close();
      });
      await waitFor(() => host.callExport('oxmysql', 'oxmysql', 'isReady') === true, 'oxmysql to connect', 20_000);
      host.startResource(ROOT, 'citizen_records');
      return { host, base, call: startCaller(host, 'bench_caller') };
    };
    const main = await startHost('0');
    // The cache convar is read at start, so the cache-on resource runs in a host of its own.
    const cached = await startHost('60000');
    startCeiling(main.host, 'ceiling', sql);
    const typical = await main.call('citizen_records', 'getAlphaCitizen', alphaId(1));
    check(typical, 'citizen_records export on a typical record');
    const record = await recordOf(main.host, alphaId(1));
    startConstant(main.host, 'constant', record);
    const floorLookup = poolLookup(pool, sql);
    const nodeFloor = await startNodeHttpFloor(floorLookup);
    closers.push(() => nodeFloor.close());

    const get = httpGetter(main.base, { Authorization: `Bearer ${KEY}` });
    const getCached = httpGetter(cached.base, { Authorization: `Bearer ${KEY}` });
    const getFloor = httpGetter(nodeFloor.base);
    const crPath = (format: Format, id: string) => `/citizen_records/${format}/citizens/${encodeURIComponent(id)}`;
    const exportName = (format: Format) => (format === 'alpha' ? 'getAlphaCitizen' : 'getBetaCitizen');

    const scenarios: Scenario[] = [];
    const add = (s: Omit<Scenario, 'blocks'>) => {
      if (ONLY.test(s.name)) scenarios.push({ ...s, blocks: [] });
    };
    for (const concurrency of CONCURRENCIES) {
      add({ name: `floor mysql2 c${concurrency}`, group: 'floor (in process)', via: 'in process', concurrency, cache: false, lookup: async (f, id) => void (await floorLookup(f, id)) });
      add({ name: `floor node:http c${concurrency}`, group: 'floor (node:http)', via: 'http', concurrency, cache: false, lookup: (f, id) => getFloor(`/${f}/${encodeURIComponent(id)}`) });
      add({ name: `ceiling http c${concurrency}`, group: 'ceiling', via: 'http', concurrency, cache: false, lookup: (f, id) => get(`/ceiling/${f}/${encodeURIComponent(id)}`) });
      add({ name: `ceiling exports c${concurrency}`, group: 'ceiling', via: 'exports', concurrency, cache: false, lookup: async (f, id) => check(await main.call('ceiling', 'lookup', f, id), `ceiling ${id}`) });
      add({ name: `citizen_records http c${concurrency}`, group: 'citizen_records', via: 'http', concurrency, cache: false, lookup: (f, id) => get(crPath(f, id)) });
      add({ name: `citizen_records exports c${concurrency}`, group: 'citizen_records', via: 'exports', concurrency, cache: false, lookup: async (f, id) => check(await main.call('citizen_records', exportName(f), id), id) });
    }
    add({ name: 'constant http c16', group: 'constant', via: 'http', concurrency: 16, cache: false, lookup: (f) => get(`/constant/${f}/x`) });
    add({ name: 'constant exports c16', group: 'constant', via: 'exports', concurrency: 16, cache: false, lookup: async (f) => check(await main.call('constant', 'lookup', f), 'constant') });
    add({ name: 'citizen_records http cache-on c16', group: 'citizen_records', via: 'http', concurrency: 16, cache: true, lookup: (f, id) => getCached(crPath(f, id)) });
    add({ name: 'citizen_records exports cache-on c16', group: 'citizen_records', via: 'exports', concurrency: 16, cache: true, lookup: async (f, id) => check(await cached.call('citizen_records', exportName(f), id), id) });
    // Hits alone: the constant resource's own record, asked again and again within the TTL.
    const hit = alphaId(1);
    add({ name: 'citizen_records http cache-hits c16', group: 'citizen_records', via: 'http', concurrency: 16, cache: true, lookup: () => getCached(crPath('alpha', hit)) });
    add({ name: 'citizen_records exports cache-hits c16', group: 'citizen_records', via: 'exports', concurrency: 16, cache: true, lookup: async () => check(await cached.call('citizen_records', 'getAlphaCitizen', hit), hit) });

    // A warm-up block each, then the measured blocks, every scenario once per block.
    let cacheRound = 0;
    for (let block = -1; block < BLOCKS; block++) {
      for (const s of scenarios) {
        // The cache-on mix: REPEATS lookups of each id, never seen in an earlier block.
        const round = s.cache ? cacheRound++ : 0;
        const index = (i: number) => (s.cache ? (round * BLOCK + Math.floor(i / REPEATS)) % CITIZENS : citizenOf(block + 1, i));
        const figures = await runBlock(BLOCK, s.concurrency, (i) => {
          const format = formatOf(s.cache ? Math.floor(i / REPEATS) : i);
          return s.lookup(format, idOf(format, index(i)));
        });
        if (block >= 0) s.blocks.push(figures);
      }
      console.log(`block ${block + 1}/${BLOCKS} done`);
    }

    const normaliser = measureNormaliser(await sampleRows(main.host));
    const heap = await measureHeap(main.host, get, crPath, HEAP_LOOKUPS);
    // With the cache on (docs/design.md §4's bounded cache, §5's flat heap): varied lookups over
    // as many ids as the cache holds, so hits and misses both come; what the resource keeps must
    // stay bounded.
    const heapCached = await measureHeap(cached.host, getCached, crPath, HEAP_CACHED_IDS);
    const results = report(scenarios, normaliser, heap, heapCached);
    const out = resolve(ROOT, 'bench/results');
    mkdirSync(out, { recursive: true });
    writeFileSync(resolve(out, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nwritten: bench/results/latest.json`);
  } finally {
    for (const close of closers.reverse()) await close();
    await db.drop();
    await mariadb?.stop();
  }
}

/** The bundle FXServer would load, from the current source. */
function execBuild(): void {
  execFileSync(process.execPath, ['build.mjs', '--bundle-only'], { cwd: ROOT, stdio: 'inherit' });
}

/** The statements citizen_records sends for one citizen, built by its own query code. */
async function primaryKeyQueries(pool: mysql.Pool): Promise<PrimaryKeyQueries> {
  const rows = async (text: string, params: readonly unknown[]) => (await pool.query(text, [...params] as never))[0] as Row[];
  const direct: Database = {
    isReady: () => true,
    isHealthy: () => true,
    probe: async () => true,
    close() {},
    single: async (text, params) => (await rows(text, params))[0] ?? null,
    query: rows,
  };
  const users = await readTableColumns(direct, 'users');
  const players = await readTableColumns(direct, 'players');
  const beta = players && buildCitizenQuery(players, DEFAULTS.maxColumnBytes);
  if (!users || !beta) throw new Error('bench tables missing');
  // A one-parameter key lookup, as the ceiling sends: true under the _ci collation the bench uses.
  if (beta.params('x').length !== 1) throw new Error('the bench expects players.citizenid under a _ci collation');
  return { alpha: alphaUserQuery(selectAlphaColumns(users), DEFAULTS.maxColumnBytes), beta: beta.sql };
}

async function recordOf(host: FxHost, id: string): Promise<unknown> {
  host.startScript('bench_record', `globalThis.get = (id) => Promise.resolve(exports.citizen_records.getAlphaCitizen(id)).then((e) => JSON.stringify(e.data));`);
  const text = await (host.evaluate('bench_record', 'get') as (id: string) => Promise<string>)(id);
  return JSON.parse(text);
}

/** Rows as oxmysql hands them to a resource: a few per format and size, through the ceiling's query. */
async function sampleRows(host: FxHost): Promise<Record<Format, Record<Size, Row[]>>> {
  host.startScript('bench_rows', `globalThis.get = (format, id) => Promise.resolve(exports.ceiling.lookup(format, id)).then((e) => e.data);`);
  const get = host.evaluate('bench_rows', 'get') as (format: Format, id: string) => Promise<Row>;
  const sample = { alpha: {}, beta: {} } as Record<Format, Record<Size, Row[]>>;
  for (const format of ['alpha', 'beta'] as const) {
    for (const size of SIZES) sample[format][size] = [];
    for (let index = 0; index < 30; index++) sample[format][sizeOf(index)].push(await get(format, idOf(format, index)));
  }
  return sample;
}

interface SizeFigures {
  /** The normaliser, µs per record. */
  normalise: number;
  /** JSON.parse alone of the row's JSON columns, as fresh: what any normaliser must spend. */
  parseOnly: number;
  /** One boundary clone (msgpack encode + decode), µs: of the row as oxmysql sends it, and of the record as the exports send it. */
  cloneRow: number;
  cloneRecord: number;
}
type NormaliserFigures = Record<Format, Record<Size, SizeFigures>>;

/**
 * µs per record of each normaliser on rows as a lookup receives them: each row freshly decoded by
 * the host's boundary codec and normalised at once, as oxmysql's callback does (a decoded string is
 * a rope of one-character pieces until first read; read later, after the garbage collector moved
 * its pieces, flattening it costs several times more). Medians of 5 rounds after a warm-up round.
 */
function measureNormaliser(sample: Record<Format, Record<Size, Row[]>>): NormaliserFigures {
  const codec = new BoundaryCodec();
  const noRef = () => {
    throw new Error('no function references in rows');
  };
  const clone = (value: unknown) => codec.clone(value, 'oxmysql', noRef);
  const normalise: Record<Format, (row: Row) => unknown> = {
    alpha: (row) => normaliseAlphaRow({ row }, { warn: () => {}, dobOrder: 'DMY' }),
    beta: (row) => normaliseBetaRow(row, { warn: () => {}, nowMs: Date.now() }),
  };
  const parseOnly = (row: Row) => {
    for (const value of Object.values(row)) if (typeof value === 'string' && /^[[{]/.test(value)) JSON.parse(value);
  };
  /** µs per call of `use` on a fresh clone of each sample row. */
  const timed = (rows: readonly unknown[], use: (fresh: unknown) => unknown) => {
    const rounds: number[] = [];
    for (let round = 0; round < 6; round++) {
      let spent = 0;
      for (let k = 0; k < 300; k++) {
        const fresh = clone(rows[k % rows.length]);
        const start = performance.now();
        use(fresh);
        spent += performance.now() - start;
      }
      if (round > 0) rounds.push((spent * 1000) / 300);
    }
    return median(rounds);
  };
  const figures = { alpha: {}, beta: {} } as NormaliserFigures;
  for (const format of ['alpha', 'beta'] as const) {
    for (const size of SIZES) {
      const rows = sample[format][size];
      const records = rows.map((row) => normalise[format](clone(row) as Row));
      figures[format][size] = {
        normalise: timed(rows, (row) => normalise[format](row as Row)),
        parseOnly: timed(rows, (row) => parseOnly(row as Row)),
        cloneRow: timed(rows, clone),
        cloneRecord: timed(records, clone),
      };
    }
  }
  return figures;
}

interface HeapFigures {
  lookups: number;
  /** Function references the test host still holds after the run: those whose receiving function is alive. */
  hostFunctionReferences: number;
  beforeMB: number;
  afterMB: number;
  growth: number;
}

async function measureHeap(
  host: FxHost,
  get: (path: string) => Promise<void>,
  path: (f: Format, id: string) => string,
  distinctIds: number,
): Promise<HeapFigures> {
  // A collection frees the functions the host's receivers dropped; their references go on the
  // finalizer turns that follow, so the heap is read after a few collections with their turns.
  const settle = async () => {
    await collectGarbage(6);
    return process.memoryUsage().heapUsed;
  };
  const lookups = (count: number) =>
    runBlock(count, 16, (i) => {
      const format = formatOf(i);
      return get(path(format, idOf(format, citizenOf(0, i % distinctIds))));
    });
  // Steady state is what must stay flat: the warm-up fills the cache to its bound and lets the
  // pools, prepared-statement caches and JIT code that any first lookups create come first.
  await lookups(HEAP_WARM_UP);
  const before = await settle();
  await lookups(HEAP_LOOKUPS);
  const after = await settle();
  const mb = (bytes: number) => Math.round(bytes / 1e4) / 100;
  return { lookups: HEAP_LOOKUPS, hostFunctionReferences: host.heldFunctionReferences(), beforeMB: mb(before), afterMB: mb(after), growth: Math.round((after / before - 1) * 1000) / 1000 };
}

function report(scenarios: Scenario[], normaliser: NormaliserFigures, heap: HeapFigures, heapCached: HeapFigures) {
  const figures = new Map(scenarios.map((s) => [s.name, medianFigures(s.blocks)]));
  const reference = (s: Scenario, group: string) => {
    const via = s.via === 'http' ? 'http' : 'exports';
    if (group === 'ceiling') return figures.get(s.cache ? `constant ${via} c16` : `ceiling ${via} c${s.concurrency}`);
    return figures.get(s.via === 'exports' ? `floor mysql2 c${s.concurrency}` : `floor node:http c${s.concurrency}`);
  };
  const round = (n: number, digits = 2) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : null);
  const rows = scenarios.map((s) => {
    const f = figures.get(s.name)!;
    const ceiling = s.group === 'citizen_records' ? reference(s, 'ceiling') : undefined;
    const floor = s.group !== 'floor (in process)' && s.group !== 'floor (node:http)' ? reference(s, 'floor') : undefined;
    return {
      name: s.name,
      lookupsPerSecond: Math.round(f.perSecond),
      p50Ms: round(f.p50),
      p95Ms: round(f.p95),
      p99Ms: round(f.p99),
      cpuUsPerLookup: Math.round(f.cpuUs),
      throughputVsCeiling: ceiling ? round(f.perSecond / ceiling.perSecond) : null,
      p99VsCeiling: ceiling ? round(f.p99 / ceiling.p99) : null,
      cpuVsCeiling: ceiling ? round(f.cpuUs / ceiling.cpuUs) : null,
      throughputVsFloor: floor ? round(f.perSecond / floor.perSecond) : null,
      cpuVsFloor: floor ? round(f.cpuUs / floor.cpuUs) : null,
    };
  });
  const cell = (v: number | null) => (v === null ? '' : String(v));
  const lines = [
    '| scenario | lookups/s | p50 ms | p95 ms | p99 ms | CPU µs/lookup | ×ceiling (tput / p99 / CPU) | ×floor (tput / CPU) |',
    '|---|---:|---:|---:|---:|---:|---|---|',
    ...rows.map((r) =>
      `| ${r.name} | ${r.lookupsPerSecond} | ${r.p50Ms} | ${r.p95Ms} | ${r.p99Ms} | ${r.cpuUsPerLookup} | ${r.throughputVsCeiling === null ? '' : `${cell(r.throughputVsCeiling)} / ${cell(r.p99VsCeiling)} / ${cell(r.cpuVsCeiling)}`} | ${r.throughputVsFloor === null ? '' : `${cell(r.throughputVsFloor)} / ${cell(r.cpuVsFloor)}`} |`,
    ),
    '',
    '| µs per record | small | typical | large |',
    '|---|---:|---:|---:|',
    ...(['alpha', 'beta'] as const).flatMap((f) =>
      (
        [
          ['normaliser', 'normalise'],
          ['JSON.parse of its columns alone', 'parseOnly'],
          ['boundary clone of the row', 'cloneRow'],
          ['boundary clone of the record', 'cloneRecord'],
        ] as const
      ).map(([label, key]) => `| ${f} ${label} | ${SIZES.map((s) => round(normaliser[f][s][key], 1)).join(' | ')} |`),
    ),
    '',
    `heap used after GC: ${heap.beforeMB} MB before, ${heap.afterMB} MB after ${heap.lookups} lookups (${round(heap.growth * 100, 1)} %); function references the test host still holds: ${heap.hostFunctionReferences}`,
    `heap with the cache on (${HEAP_CACHED_IDS} ids): ${heapCached.beforeMB} MB before, ${heapCached.afterMB} MB after ${heapCached.lookups} lookups (${round(heapCached.growth * 100, 1)} %); function references the test host still holds: ${heapCached.hostFunctionReferences}`,
  ];
  const machine = {
    cpu: /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown',
    cores: cpus().length,
    node: process.version,
    oxmysql: realOxmysqlDir() ? 'real (OXMYSQL_DIR)' : 'stand-in',
  };
  console.log(`\n${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, oxmysql ${machine.oxmysql}; ${CITIZENS} citizens per format, medians of ${BLOCKS} blocks of ${BLOCK}\n`);
  console.log(lines.join('\n'));
  return { machine, settings: { citizens: CITIZENS, blocks: BLOCKS, block: BLOCK, cacheRepeats: REPEATS }, scenarios: rows, normaliserUsPerRecord: normaliser, heap, heapCached };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
