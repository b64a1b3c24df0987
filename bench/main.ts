/**
 * `npm run bench`: builds the bundle, runs every registered scenario (bench/run.ts), prints the
 * tables and writes the same figures to bench/results/latest.json.
 *
 * Environment: MYSQL_URL (else a throwaway mariadbd), OXMYSQL_DIR (the real oxmysql, else the
 * stand-in), BENCH_CITIZENS (citizens per format, default 10000; 100000 is the large data set),
 * BENCH_BLOCKS (default 5), BENCH_BLOCK (lookups per block, default 500), BENCH_ONLY (a regular
 * expression on scenario names), BENCH_HEAP_LOOKUPS (default 50000; 0 skips the heap runs),
 * BENCH_BUFFER_POOL (the throwaway mariadbd's InnoDB buffer pool, e.g. 3G; default 64M; ignored
 * with MYSQL_URL). To
 * profile the server process: `node --cpu-prof scripts/run-ts.cjs bench/main.ts` with BENCH_ONLY naming one
 * scenario (Node refuses --cpu-prof in NODE_OPTIONS; the forked server process inherits the flag, so
 * both processes write a profile, the server's the larger).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT } from '../devkit/resource-harness';
import { HEAP_CACHED_IDS, runBench } from './run';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

async function main(): Promise<void> {
  const { text, figures } = await runBench({
    citizens: env('BENCH_CITIZENS', 10_000),
    blocks: env('BENCH_BLOCKS', 5),
    block: env('BENCH_BLOCK', 500),
    heapLookups: env('BENCH_HEAP_LOOKUPS', 50_000),
    // Twice the cache-on run's ids, so the cache is full before the heap is first read.
    heapWarmUp: 2 * HEAP_CACHED_IDS,
    only: new RegExp(process.env.BENCH_ONLY ?? ''),
    bufferPoolSize: process.env.BENCH_BUFFER_POOL,
    build: true,
    log: (line) => console.log(line),
  });
  console.log(`\n${text}`);
  const out = resolve(ROOT, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(resolve(out, 'latest.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`\nwritten: bench/results/latest.json`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
