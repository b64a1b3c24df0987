/**
 * The core runs without FXServer: nothing the contract, the formats, the API or the HTTP layer
 * import, directly or through other modules, is the natives (src/natives), the framework room
 * (src/frameworks), the FiveM boundary (src/fivem), the oxmysql adapter (src/db/oxmysql.ts), the
 * standalone service (src/standalone) or its mysql2 adapter (src/db/mysql2.ts). Biome's
 * noRestrictedImports (biome.jsonc) catches a direct import as it is written; this follows the
 * whole graph, as TypeScript parses it (static imports and
 * re-exports, import(), require()), so an import through a module outside the core is caught too.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(__dirname, '..');
const CORE = ['src/contract', 'src/formats', 'src/api', 'src/http'];
const FORBIDDEN = ['src/natives/', 'src/frameworks/', 'src/fivem/', 'src/db/oxmysql.ts', 'src/standalone/', 'src/db/mysql2.ts'];

/** The repository-relative files a module imports: relative specifiers resolved as TypeScript would. */
type ImportsOf = (file: string) => string[];

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = `${folder}/${name}`;
    return statSync(join(ROOT, path)).isDirectory() ? filesUnder(path) : /\.ts$/.test(name) ? [path] : [];
  });
}

/** Relative specifiers only: a package (node:, typescript, zod) is no file of this repository. */
function resolveSpecifier(from: string, specifier: string, exists: (path: string) => boolean): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = relative(ROOT, resolve(ROOT, dirname(from), specifier))
    .split('\\')
    .join('/');
  const found = [`${base}.ts`, `${base}/index.ts`, base].find(exists);
  if (!found) throw new Error(`${from}: cannot resolve ${specifier}`);
  return found;
}

function importsIn(file: string, source: string, exists: (path: string) => boolean): string[] {
  const { importedFiles } = ts.preProcessFile(source, true, true);
  return importedFiles.flatMap(({ fileName }) => resolveSpecifier(file, fileName, exists) ?? []);
}

const fromDisk: ImportsOf = (file) =>
  importsIn(file, readFileSync(join(ROOT, file), 'utf8'), (path) => existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isFile());

/** Every chain from `starts` to a forbidden file, as `a -> b -> forbidden`. */
function forbiddenChains(starts: readonly string[], importsOf: ImportsOf): string[] {
  const chains: string[] = [];
  const via = new Map<string, string | null>(starts.map((s) => [s, null]));
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const imported of importsOf(file)) {
      if (FORBIDDEN.some((f) => (f.endsWith('/') ? imported.startsWith(f) : imported === f))) {
        const chain = [imported, file];
        for (let step = via.get(file); step; step = via.get(step)) chain.push(step);
        chains.push(chain.reverse().join(' -> '));
      } else if (!via.has(imported)) {
        via.set(imported, file);
        queue.push(imported);
      }
    }
  }
  return chains;
}

test('no module of the core reaches the natives, the frameworks, src/fivem or the oxmysql adapter, directly or indirectly', () => {
  const starts = CORE.flatMap(filesUnder);
  expect(starts.length).toBeGreaterThan(50);
  expect(forbiddenChains(starts, fromDisk)).toEqual([]);
});

test('the check finds an import of the boundary however it is written, and through another module', () => {
  const sources: Record<string, string> = {
    'src/api/a.ts': "import { b } from './b';\nexport const a = b;",
    'src/api/b.ts': "export { c } from '../db/helper';",
    'src/db/helper.ts': "export const c = require('./oxmysql');",
    'src/db/oxmysql.ts': 'export {};',
    'src/http/d.ts': "export const d = () => import('../natives');",
    'src/natives/index.ts': 'export {};',
    'src/formats/e.ts': "import type { Database } from '../db/database';\nimport { z } from 'zod';",
    'src/db/database.ts': 'export {};',
  };
  const imports: ImportsOf = (file) => importsIn(file, sources[file], (path) => path in sources);
  expect(forbiddenChains(['src/api/a.ts', 'src/http/d.ts', 'src/formats/e.ts'], imports).sort()).toEqual([
    'src/api/a.ts -> src/api/b.ts -> src/db/helper.ts -> src/db/oxmysql.ts',
    'src/http/d.ts -> src/natives/index.ts',
  ]);
});
