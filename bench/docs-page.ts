/**
 * `npm run bench:docs`: what the /docs page costs the resource on the game's main thread, run here
 * with this tree's code (`npm run build` first, for the vendored renderer). Start time is
 * bench/start.ts's: the renderer is not read at start.
 *
 * The first request reads the renderer (LoadResourceFile; readFileSync here) and makes the page
 * (buildDocsPage: one SHA-256 over the renderer, and the page copied into one string); every 200
 * hands about 1.1 MB to send(), packed by the runtime's msgpack on the resource's side
 * (BoundaryCodec.encode, FXServer's codec options); a 304 hands none. The test host's own share is
 * left out: it unpacks in JavaScript what FXServer unpacks in C++ (msgpack-c). Medians of
 * BENCH_REQUESTS (default 200).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BoundaryCodec } from '../devkit/host/boundary-codec';
import { ROOT } from '../devkit/resource-harness';
import { buildDocsPage, DOCS_RENDERER_FILE, docsResponse } from './resource-source';
import { median } from './stats';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

function timed<T>(run: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = run();
  return { value, ms: performance.now() - started };
}

function medianOf(runs: number, run: () => unknown): number {
  return median(Array.from({ length: runs }, () => timed(run).ms));
}

const fmt = (ms: number) => (ms < 0.1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);

const read = timed(() => readFileSync(join(ROOT, DOCS_RENDERER_FILE), 'utf8'));
const made = timed(() => buildDocsPage(read.value));
const page = made.value;
const body = docsResponse(page, 'bench-1', undefined).body;
const codec = new BoundaryCodec();
console.log(`/docs, the resource's work on the main thread (a page of ${Buffer.byteLength(body)} bytes):`);
console.log(
  `  for scale, one SHA-256 over the renderer here and now: ${fmt(medianOf(REQUESTS, () => createHash('sha256').update(read.value, 'utf8').digest()))}`,
);
console.log(
  `  first request: renderer read ${fmt(read.ms)}, page made ${fmt(made.ms)} (median of ${REQUESTS} more: ${fmt(medianOf(REQUESTS, () => buildDocsPage(read.value)))})`,
);
console.log(
  `  each 200: answer ${fmt(medianOf(REQUESTS, () => docsResponse(page, 'bench-1', undefined)))}, page packed for send() ${fmt(medianOf(REQUESTS, () => codec.encode([body], 'citizen_records')))}`,
);
console.log(`  each 304: answer ${fmt(medianOf(REQUESTS, () => docsResponse(page, 'bench-1', page.etag)))}`);
