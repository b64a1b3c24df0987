// Bundles src/ into the one classic script FXServer loads: dist/server.js.
// iife keeps module-level names out of the resource's globals (a top-level `on` or `emit` would
// replace the runtime's); node16 runs on every FXServer build (fxserver-runtime.md §0, §4).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'iife',
  target: 'node16',
  legalComments: 'none',
  sourcemap: false,
  logLevel: 'warning',
});
