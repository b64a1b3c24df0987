// npm run build: first the files derived from the contract (src/generate/files.ts): openapi.json,
// citizen_records.d.ts and .lua, the manifest's convar block, the README's tables and the vehicle
// model hashes; then the one classic script FXServer loads, dist/server.js (the generator, zod and
// the example rows stay out of it); beside it, the renderer of /docs, vendored from npm
// (scripts/docs-renderer.mjs). The resource reads openapi.json and the renderer from its folder
// (LoadResourceFile) when first asked, so neither is in the bundle.
// Beside it, the standalone service, dist/standalone.js (docs/standalone.md): a plain Node script
// with mysql2 bundled in, which reads the renderer beside it and openapi.json from the folder above,
// as the resource reads them from its own.
// iife keeps module-level names out of the resource's globals (a top-level `on` or `emit` would
// replace the runtime's). The target is the Node the manifest asks for: with node_version '22' and
// '/server:12913', every build that starts the resource runs Node 22 (22.11 from build 12913, the
// first to read node_version, in February 2025; 22.22 only from 2026-02): docs/platform.md,
// "Runtime versions".
// `--metafile <path>` writes the list of source files that went into the bundle (a test checks
// that no test row, zod or generator is among them).
// `--bundle-only` writes no derived file: the tests build the bundle, and must not rewrite the
// committed files they check for staleness. `--outfile <path>` writes the bundle elsewhere (the
// release packager builds into its own staging folder).
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { vendorDocsRenderer } from './scripts/docs-renderer.mjs';

const generator = await build({
  stdin: {
    contents: "export { GENERATED_FILES } from './src/generate/files'; export { DOCS_RENDERER_FILE } from './src/http/docs-page';",
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
if (!process.argv.includes('--bundle-only')) {
  for (const { path, text } of module.exports.GENERATED_FILES) writeFileSync(path, text(readFileSync(path, 'utf8')));
}

const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const outfile = option('--outfile') ?? 'dist/server.js';
const bundle = await build({
  entryPoints: ['src/server.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'iife',
  target: 'node22',
  legalComments: 'none',
  sourcemap: false,
  logLevel: 'warning',
  metafile: true,
});
await build({
  entryPoints: ['src/standalone/main.ts'],
  outfile: join(dirname(outfile), 'standalone.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // The Node the service's docs ask for (package.json engines).
  target: 'node20',
  legalComments: 'none',
  sourcemap: false,
  logLevel: 'warning',
});
if (option('--metafile')) writeFileSync(option('--metafile'), `${JSON.stringify(Object.keys(bundle.metafile.inputs).sort(), null, 2)}\n`);
// Beside the bundle, under the name the resource reads it by.
vendorDocsRenderer(join(dirname(outfile), basename(module.exports.DOCS_RENDERER_FILE)));
