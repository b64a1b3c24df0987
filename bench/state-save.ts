/**
 * What one save of each of the change feed's state files costs the thread that makes it, on the
 * files a feed bench leaves in the checkout (the bench's servers run the resource from it):
 * `node scripts/run-ts.cjs bench/state-save.ts` after, say, the 100,000 snapshot run in
 * bench/RESULTS.md. A save is the text made from the state (JSON and its SHA-256, state-file.ts)
 * and its conversion to bytes, which SaveResourceFile makes of the string it is handed. The files
 * are read back through the feed's own reader, so a stale or foreign pair is refused here too.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readState, STATE_FILES, writeStateFile, type StateFile } from '../src/changes/state-file';
import { ROOT } from '../devkit/resource-harness';

const RUNS = 9;

const texts = {
  log: readFileSync(resolve(ROOT, STATE_FILES.log), 'utf8'),
  kept: readFileSync(resolve(ROOT, STATE_FILES.kept), 'utf8'),
};
// The header names the database the state belongs to: the one the reader must be told.
const server = decodeURIComponent(texts.log.split(' ', 3)[2]);
const read = readState(texts, server);
if (!read?.ok) throw new Error(`the state files cannot be read: ${read?.problem ?? 'none'}`);
const { state } = read;

function median(file: StateFile): { ms: number; bytes: number } {
  const body = file === 'log' ? state.feed : state.kept;
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    bytes = Buffer.from(writeStateFile(file, body, server)).length;
    times.push(performance.now() - start);
  }
  return { ms: times.sort((a, b) => a - b)[RUNS >> 1], bytes };
}

for (const file of ['log', 'kept'] as const) {
  const { ms, bytes } = median(file);
  console.log(`${STATE_FILES[file]}: ${bytes.toLocaleString('en')} bytes, ${ms.toFixed(2)} ms a save (median of ${RUNS})`);
}
