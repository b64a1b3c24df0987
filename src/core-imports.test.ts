/**
 * What may import what in src/ (docs/architecture.md, "Rooms" and "What may import what").
 *
 * - The core runs without FXServer: nothing the core imports, directly or through other modules,
 *   is FXServer's natives, the frameworks, the FiveM boundary, the oxmysql adapter, the standalone
 *   service or its mysql2 adapter. Biome's
 *   noRestrictedImports (biome.jsonc) catches a direct import as it is written; this follows the
 *   whole graph, so an import through a module outside the core is caught too.
 * - The rooms of src/ (a top folder, or a top file) stand on floors, declared once below: an
 *   arrow between two rooms only points down or across its floor, no rooms import each other round
 *   in a circle, and no modules do either. Unit tests sit beside the code but stand on no floor: a
 *   test may take a higher room's real parts as its fixtures, and nothing imports a test.
 *
 * Imports are read as TypeScript parses them (static imports and re-exports, `import type`
 * included, import(), require()): a type-only import is an arrow too.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(__dirname, '..');
/** A room not present (yet) is simply absent. */
const CORE = [
  'src/contract',
  'src/values',
  'src/db',
  'src/lookup',
  'src/vehicles',
  'src/search',
  'src/presence',
  'src/live',
  'src/formats',
  'src/citizens',
  'src/changes',
  'src/api',
  'src/http',
];
const FORBIDDEN = ['src/natives/', 'src/frameworks/', 'src/fivem/', 'src/db/oxmysql.ts', 'src/standalone/', 'src/db/mysql2.ts'];

/**
 * The floor of each room, bottom first; an arrow may point to its own floor or one below. The
 * rooms on a floor may import each other (values imports contract), but not round in a circle.
 */
const FLOORS: Readonly<Record<string, number>> = {
  // The wire contract as data; FXServer's natives; value helpers; the log and the version.
  contract: 1,
  natives: 1,
  values: 1,
  logger: 1,
  version: 1,
  // The Database interface, SQL and column helpers; its oxmysql adapter uses natives.
  db: 2,
  lookup: 3,
  // Features below the formats, which each format's vehicles.ts, search.ts and live.ts build on.
  vehicles: 4,
  search: 4,
  presence: 4,
  live: 4,
  formats: 5,
  // Composition: the citizens' rooms (a record is a format's), the change feed, the service and
  // handlers, HTTP, the convars read.
  citizens: 6,
  changes: 6,
  api: 6,
  http: 6,
  config: 6,
  // The FiveM boundary, the frameworks, the two entry points (the resource's, the standalone
  // service's) and the wiring they share, the build's generator.
  frameworks: 7,
  fivem: 7,
  server: 7,
  assemble: 7,
  standalone: 7,
  generate: 7,
};

/** The repository-relative files a module imports: relative specifiers resolved as TypeScript would. */
type ImportsOf = (file: string) => string[];

function filesUnder(folder: string): string[] {
  if (!existsSync(join(ROOT, folder))) return [];
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
  const found = [`${base}.ts`, `${base}.d.ts`, `${base}/index.ts`, base].find(exists);
  if (!found) throw new Error(`${from}: cannot resolve ${specifier}`);
  return found;
}

function importsIn(file: string, source: string, exists: (path: string) => boolean): string[] {
  const { importedFiles } = ts.preProcessFile(source, true, true);
  return importedFiles.flatMap(({ fileName }) => resolveSpecifier(file, fileName, exists) ?? []);
}

/** The imports of modules written out as `{path: source}`, for the tests of the checks themselves. */
function fromSources(sources: Readonly<Record<string, string>>): ImportsOf {
  return (file) => importsIn(file, sources[file], (path) => path in sources);
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

/** `src/formats/alpha/id.ts` is in `formats`, `src/server.ts` in `server`; null outside src/. */
function roomOf(file: string): string | null {
  const [top, name, ...deeper] = file.split('/');
  if (top !== 'src' || name === undefined) return null;
  return deeper.length > 0 ? name : name.replace(/\.ts$/, '');
}

/** The groups of nodes that reach each other (Tarjan's strongly connected components), each as sorted names, when more than one. */
function circles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

interface RoomReport {
  /** `from -> to (file -> imported)` for each arrow to a higher floor. */
  upward: string[];
  /** Rooms without a floor that an arrow leaves or reaches. */
  unplaced: string[];
  roomCircles: string[][];
  moduleCircles: string[][];
}

/** What breaks the rooms' rules among `files` (src/ files; their imports outside src/ are not arrows). */
function checkRooms(files: readonly string[], importsOf: ImportsOf): RoomReport {
  const modules = new Map<string, Set<string>>();
  const rooms = new Map<string, Set<string>>();
  const upward: string[] = [];
  const unplaced = new Set<string>();
  for (const file of files) {
    const from = roomOf(file) as string;
    const imported = importsOf(file).filter((path) => roomOf(path) !== null);
    modules.set(file, new Set(imported));
    for (const path of imported) {
      const to = roomOf(path) as string;
      if (to === from) continue;
      if (!rooms.has(from)) rooms.set(from, new Set());
      rooms.get(from)?.add(to);
      for (const room of [from, to]) if (!(room in FLOORS)) unplaced.add(room);
      if (FLOORS[to] > FLOORS[from]) upward.push(`${from} -> ${to} (${file} -> ${path})`);
    }
  }
  return { upward, unplaced: [...unplaced].sort(), roomCircles: circles(rooms), moduleCircles: circles(modules) };
}

test('no module of the core reaches the natives, the frameworks, src/fivem or the oxmysql adapter, directly or indirectly', () => {
  const starts = CORE.flatMap(filesUnder).filter((file) => file !== 'src/db/oxmysql.ts');
  expect(starts.length).toBeGreaterThan(50);
  expect(forbiddenChains(starts, fromDisk)).toEqual([]);
});

test('the check finds an import of the boundary however it is written, and through another module', () => {
  const sources: Record<string, string> = {
    'src/api/a.ts': "import { b } from './b';\nexport const a = b;",
    'src/api/b.ts': "export { c } from '../db/helper';",
    'src/db/helper.ts': "export const c = require('./oxmysql');",
    'src/db/oxmysql.ts': 'export {};',
    'src/http/d.ts': "export const d = () => import('../natives/convars');",
    'src/natives/convars.ts': 'export {};',
    'src/formats/e.ts': "import type { Database } from '../db/database';\nimport { z } from 'zod';",
    'src/db/database.ts': 'export {};',
    'src/vehicles/f.ts': "import type { Player } from '../frameworks/qb-core';",
    'src/frameworks/qb-core.ts': 'export {};',
  };
  expect(forbiddenChains(['src/api/a.ts', 'src/http/d.ts', 'src/formats/e.ts', 'src/vehicles/f.ts'], fromSources(sources)).sort()).toEqual([
    'src/api/a.ts -> src/api/b.ts -> src/db/helper.ts -> src/db/oxmysql.ts',
    'src/http/d.ts -> src/natives/convars.ts',
    'src/vehicles/f.ts -> src/frameworks/qb-core.ts',
  ]);
});

test('every arrow between the rooms of src/ points down or across its floor, and no rooms or modules import each other in a circle', () => {
  const files = filesUnder('src').filter((file) => !file.endsWith('.test.ts'));
  expect(new Set(files.map(roomOf)).size).toBeGreaterThan(10);
  expect(checkRooms(files, fromDisk)).toEqual({ upward: [], unplaced: [], roomCircles: [], moduleCircles: [] });
});

test('the rooms check finds an arrow up, a circle of rooms or of modules, and a room without a floor, type-only imports included', () => {
  const sources: Record<string, string> = {
    // Up: vehicles (4) imports a type of formats (5).
    'src/vehicles/a.ts': "import type { FormatOptions } from '../formats/format';\nexport const a = 1;",
    'src/formats/format.ts': "import { a } from '../vehicles/a';\nexport type FormatOptions = typeof a;",
    // Across floor 6, round in a circle: http -> api -> http.
    'src/http/b.ts': "export { c } from '../api/c';",
    'src/api/c.ts': "export const c = () => import('../http/b');",
    // Two modules of one room importing each other.
    'src/contract/d.ts': "import type { E } from './e';\nexport type D = E;",
    'src/contract/e.ts': "import type { D } from './d';\nexport type E = D | 1;",
    // A room without a floor, and an import from outside src/, which is no arrow.
    'src/attic/f.ts': "import '../../devkit/g';\nexport * from '../contract/d';",
    'devkit/g.ts': 'export {};',
    'src/server.ts': "import '../devkit/g';\nimport './http/b';\nimport './formats/format';",
  };
  const files = Object.keys(sources).filter((file) => file.startsWith('src/'));
  expect(checkRooms(files, fromSources(sources))).toEqual({
    upward: ['vehicles -> formats (src/vehicles/a.ts -> src/formats/format.ts)'],
    unplaced: ['attic'],
    roomCircles: [
      ['formats', 'vehicles'],
      ['api', 'http'],
    ],
    moduleCircles: [
      ['src/formats/format.ts', 'src/vehicles/a.ts'],
      ['src/api/c.ts', 'src/http/b.ts'],
      ['src/contract/d.ts', 'src/contract/e.ts'],
    ],
  });
});
