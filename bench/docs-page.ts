/**
 * `npm run bench:docs [bundle.js …]`: what the /docs page costs the resource. Run `npm run build` first.
 *
 * - Start: `startResource`, which reads, compiles and runs the bundle as FXServer starts a resource,
 *   timed in a fresh test host for each start; BENCH_STARTS (default 40) starts of each bundle named
 *   on the command line (default: this tree's dist/server.js; name another tree's bundle to compare),
 *   interleaved so that the machine's noise falls on each alike. No database: the resource starts
 *   without oxmysql, as on a server where oxmysql is not up yet.
 * - The page: what the resource does on the game's main thread, run here with this tree's code.
 *   The first request reads the renderer (LoadResourceFile, read here with readFileSync) and makes
 *   the page (buildDocsPage: two SHA-256 and one SHA-1 over it); every 200 hands about 1.1 MB to
 *   send(), packed by the runtime's msgpack on the resource's side (BoundaryCodec.encode, FXServer's
 *   codec options); a 304 hands none. The test host's own share is left out: it unpacks in
 *   JavaScript what FXServer unpacks in C++ (msgpack-c), at about half a second for the page.
 *   Medians of BENCH_REQUESTS (default 200).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BoundaryCodec } from '../devkit/host/boundary-codec';
import { FxHost } from '../devkit/host/fx-host';
import { ROOT } from '../devkit/resource-harness';
import { buildDocsPage, DOCS_RENDERER_FILE, docsResponse } from '../src/http/docs-page';
import { OPENAPI_PATH } from '../src/http/router';
import { median } from './stats';

const STARTS = Number(process.env.BENCH_STARTS ?? 40);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
/** A key, so the resource starts as a configured server does. */
const CONVARS = { 'citizen_records:api_keys': 'bench:bench-key-5f0c2a9d7e1b4863' };

/** A resource folder: the manifest, `bundle` as dist/server.js, and the renderer beside it when there is one. */
function resourceFolder(bundle: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'citizen-records-bench-docs-'));
  copyFileSync(join(ROOT, 'fxmanifest.lua'), join(dir, 'fxmanifest.lua'));
  mkdirSync(join(dir, 'dist'));
  copyFileSync(bundle, join(dir, 'dist/server.js'));
  const renderer = join(dirname(bundle), 'redoc.standalone.js');
  if (existsSync(renderer)) copyFileSync(renderer, join(dir, 'dist/redoc.standalone.js'));
  return dir;
}

async function startMs(dir: string): Promise<number> {
  const host = new FxHost({ convars: CONVARS });
  const started = performance.now();
  host.startResource(dir, 'citizen_records');
  const ms = performance.now() - started;
  await host.close();
  return ms;
}

function timed<T>(run: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = run();
  return { value, ms: performance.now() - started };
}

function medianOf(runs: number, run: () => unknown): number {
  return median(Array.from({ length: runs }, () => timed(run).ms));
}

const fmt = (ms: number) => (ms < 0.1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);

async function main(): Promise<void> {
  // scripts/run-ts.cjs is argv[1] and this file argv[2].
  const named = process.argv.slice(3);
  const bundles = (named.length > 0 ? named : [join(ROOT, 'dist/server.js')]).map((b) => resolve(b));
  const folders = bundles.map(resourceFolder);
  try {
    const times = bundles.map(() => [] as number[]);
    for (let round = 0; round < STARTS; round++) {
      for (const [i, dir] of folders.entries()) times[i].push(await startMs(dir));
    }
    console.log(`start (startResource), median of ${STARTS} in fresh hosts, interleaved:`);
    for (const [i, bundle] of bundles.entries()) {
      const sorted = [...times[i]].sort((a, b) => a - b);
      console.log(`  ${bundle}: ${fmt(median(times[i]))} (p10 ${fmt(sorted[Math.floor(STARTS * 0.1)])}, p90 ${fmt(sorted[Math.floor(STARTS * 0.9)])})`);
    }
  } finally {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  }

  const file = join(ROOT, DOCS_RENDERER_FILE);
  const read = timed(() => readFileSync(file, 'utf8'));
  const made = timed(() => buildDocsPage(read.value, OPENAPI_PATH));
  const page = made.value;
  const codec = new BoundaryCodec();
  const full = docsResponse(page, 'bench-1', undefined);
  console.log(`/docs, the resource's work on the main thread (${Buffer.byteLength(page.body)} bytes of page):`);
  console.log(`  (this machine now: one SHA-256 over the renderer takes ${fmt(medianOf(REQUESTS, () => createHash('sha256').update(read.value, 'utf8').digest()))})`);
  console.log(`  first request: renderer read ${fmt(read.ms)}, page made ${fmt(made.ms)}; median of ${REQUESTS} more makes: ${fmt(medianOf(REQUESTS, () => buildDocsPage(read.value, OPENAPI_PATH)))}`);
  console.log(`  each 200: answer ${fmt(medianOf(REQUESTS, () => docsResponse(page, 'bench-1', undefined)))}, body packed for send() ${fmt(medianOf(REQUESTS, () => codec.encode([full.body], 'citizen_records')))}`);
  console.log(`  each 304: answer ${fmt(medianOf(REQUESTS, () => docsResponse(page, 'bench-1', page.etag)))}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
