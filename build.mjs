// Bundles src/ into the one classic script FXServer loads: dist/server.js, vendors the renderer of
// /docs beside it (scripts/docs-renderer.mjs), and writes the documents generated from the source at
// the repository root: openapi.json, citizen_records.d.ts and citizen_records.lua.
// iife keeps module-level names out of the resource's globals (a top-level `on` or `emit` would
// replace the runtime's); node16 runs on every FXServer build (fxserver-runtime.md §0, §4).
// `--bundle-only` skips the documents: the tests build the bundle, and must not rewrite the
// committed documents they check for staleness. `--outfile <path>` writes the bundle elsewhere
// (the release packager builds into its own staging folder).
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { vendorDocsRenderer } from './scripts/docs-renderer.mjs';

/** Runs TypeScript of src/ here, bundled for Node: what `contents` exports. */
async function loadSource(contents) {
  const bundled = await build({
    stdin: { contents, resolveDir: '.', loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'warning',
  });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', bundled.outputFiles[0].text)(module, module.exports, createRequire(import.meta.url));
  return module.exports;
}

const outfileAt = process.argv.indexOf('--outfile');
const outfile = outfileAt === -1 ? 'dist/server.js' : process.argv[outfileAt + 1];
await build({
  entryPoints: ['src/server.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'iife',
  target: 'node16',
  legalComments: 'none',
  sourcemap: false,
  logLevel: 'warning',
});

// Beside the bundle, under the name the resource reads it by.
const { DOCS_RENDERER_FILE } = await loadSource("export { DOCS_RENDERER_FILE } from './src/http/docs-page';");
vendorDocsRenderer(join(dirname(outfile), basename(DOCS_RENDERER_FILE)));

if (!process.argv.includes('--bundle-only')) {
  const generator = await loadSource(
    "export { openApiText } from './src/openapi/document'; export { VERSION } from './src/version'; export { typescriptDeclarations, luaAnnotations } from './src/consumer-types/generate';",
  );
  writeFileSync('openapi.json', generator.openApiText(generator.VERSION));
  writeFileSync('citizen_records.d.ts', generator.typescriptDeclarations());
  writeFileSync('citizen_records.lua', generator.luaAnnotations());
}
