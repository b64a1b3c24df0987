/**
 * How long the resource takes to load: `node scripts/run-ts.cjs bench/start.ts [resource folder]`
 * starts the test host in a fresh process per run (so V8 compiles the script anew each time, as a
 * server start does), times `host.startResource` (FXServer parsing and running dist/server.js;
 * no database is needed for that) and then the first GET /openapi.json, and prints the medians.
 * The folder (default: this checkout) holds fxmanifest.lua, dist/server.js and openapi.json (read
 * at the first /openapi.json), so two builds can be compared; BENCH_RUNS sets the number of runs
 * (default 11).
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { FxHost } from '../devkit/host/fx-host';
import { rawRequest } from '../devkit/host/http-client';
import { ROOT } from '../devkit/resource-harness';
import { median } from './stats';

const ONCE = '--once';

async function once(folder: string): Promise<void> {
  const host = new FxHost({ convars: { 'citizen_records:log_level': 'error' } });
  const base = await host.listen(0);
  const started = performance.now();
  host.startResource(folder, 'citizen_records');
  const loaded = performance.now();
  const answer = await rawRequest(base, '/citizen_records/openapi.json');
  if (!answer.answered || answer.status !== 200) throw new Error('/openapi.json was not answered 200');
  console.log(JSON.stringify({ startMs: loaded - started, firstOpenApiMs: performance.now() - loaded }));
  process.exit(0);
}

function main(): void {
  // argv: node, scripts/run-ts.cjs, this file, then ours.
  const args = process.argv.slice(3);
  const folder = resolve(args.find((a) => a !== ONCE) ?? ROOT);
  if (args.includes(ONCE)) {
    void once(folder);
    return;
  }
  const runs = Number(process.env.BENCH_RUNS ?? 11);
  const results: Array<{ startMs: number; firstOpenApiMs: number }> = [];
  for (let i = 0; i < runs; i++) {
    const output = execFileSync(process.execPath, [resolve(ROOT, 'scripts/run-ts.cjs'), __filename, folder, ONCE], { encoding: 'utf8' });
    results.push(JSON.parse(output.trim().split('\n').pop()!));
  }
  const ms = (values: number[]) => median(values).toFixed(1);
  console.log(
    `${folder}: ${runs} runs; startResource median ${ms(results.map((r) => r.startMs))} ms, ` +
      `first /openapi.json median ${ms(results.map((r) => r.firstOpenApiMs))} ms`,
  );
}

main();
