// Bundles src/ into the one classic script FXServer loads: dist/server.js, and writes the
// documents generated from the source at the repository root: openapi.json, citizen_records.d.ts
// and citizen_records.lua.
// iife keeps module-level names out of the resource's globals (a top-level `on` or `emit` would
// replace the runtime's); node16 runs on every FXServer build (fxserver-runtime.md §0, §4).
// `--bundle-only` skips the documents: the tests build the bundle, and must not rewrite the
// committed documents they check for staleness. `--outfile <path>` writes the bundle elsewhere
// (the release packager builds into its own staging folder).
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const outfileAt = process.argv.indexOf('--outfile');
await build({
  entryPoints: ['src/server.ts'],
  outfile: outfileAt === -1 ? 'dist/server.js' : process.argv[outfileAt + 1],
  bundle: true,
  platform: 'node',
  format: 'iife',
  target: 'node16',
  legalComments: 'none',
  sourcemap: false,
  logLevel: 'warning',
});

if (!process.argv.includes('--bundle-only')) {
  const generator = await build({
    stdin: {
      contents:
        "export { openApiText } from './src/openapi/document'; export { VERSION } from './src/version'; export { typescriptDeclarations, luaAnnotations } from './src/consumer-types/generate';",
      resolveDir: '.',
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'warning',
  });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', generator.outputFiles[0].text)(module, module.exports, createRequire(import.meta.url));
  writeFileSync('openapi.json', module.exports.openApiText(module.exports.VERSION));
  writeFileSync('citizen_records.d.ts', module.exports.typescriptDeclarations());
  writeFileSync('citizen_records.lua', module.exports.luaAnnotations());
}
