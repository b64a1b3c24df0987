/**
 * The change feed's detection (issue 26): one sweep of each table, idle (nothing changed) and with
 * 1 % of its rows changed, on a server whose host also runs bench/change-sweeper.ts (bundled
 * here). Each lookup is one sweep, so the CPU column is one sweep's main-thread time (the sweeper
 * and oxmysql, as on FXServer's thread) and the latency its wall time: the database's work (one
 * GROUP BY over the whole table, then the rows of the buckets that moved) plus the crossings.
 * BENCH_CITIZENS=10000 and 100000 give each table 10,000 and 100,000 rows (one vehicle per citizen).
 */
import { buildSync } from 'esbuild';
import { resolve } from 'node:path';
import { callExport, defineScenario, defineServer } from '../registry';

const SWEEPER = 'change_sweeper';

defineServer({
  name: 'changes',
  // The resource's own feed would sweep the same tables on its timers, in the same process: off, so
  // the sweeps measured are the sweeper's alone.
  convars: { 'citizen_records:changes': 'false' },
  setup(server) {
    const bundle = buildSync({
      entryPoints: [resolve(__dirname, '../change-sweeper.ts')],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'iife',
      target: 'node16',
      logLevel: 'warning',
    });
    server.startScript(SWEEPER, bundle.outputFiles[0].text);
  },
});

for (const table of ['alpha citizens', 'alpha vehicles', 'beta citizens', 'beta vehicles']) {
  for (const mode of ['idle', 'changed'] as const) {
    defineScenario({
      name: `change sweep, ${table}, ${mode === 'idle' ? 'idle' : '1 % changed'}`,
      server: 'changes',
      concurrency: 1,
      // A sweep at 100,000 rows takes about a second of the database's time.
      lookups: 3,
      request: () => callExport(SWEEPER, 'sweep', table, mode),
    });
  }
}
