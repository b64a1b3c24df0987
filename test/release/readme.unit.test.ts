/**
 * README.md against the code. Its tables of routes, exports, error codes and convars are generated
 * from the contract (src/generate/files.test.ts checks they are current); here: the hand-written
 * examples show only real exports, every file it links to exists, and the layout table names every
 * folder of the tree and nothing that is not in it (the folders of src/, which move as rooms do, are
 * named in docs/architecture.md instead). Example answers are not pasted: they are in openapi.json,
 * generated from the normalisers' output.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { exportSignatures } from '../../src/generate/consumer-types';

const ROOT = resolve(__dirname, '../..');
const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');

test('every export the examples call exists, and every export is shown', () => {
  const exported = exportSignatures().map((s) => s.name);
  const shown = new Set([...readme.matchAll(/exports\.citizen_records[.:](\w+)/g)].map((m) => m[1]));
  expect([...shown].sort()).toEqual([...exported].sort());
});

test('every file or folder the README links to is in the tree, and every section it links to exists', () => {
  const links = [...readme.matchAll(/\]\(([^)#:\s]+)(?:#([^)\s]+))?\)/g)].map((m) => ({ path: m[1], anchor: m[2] ?? null }));
  expect(links.length).toBeGreaterThan(10);
  expect(links.filter((link) => !existsSync(resolve(ROOT, link.path))).map((link) => link.path)).toEqual([]);
  // GitHub's anchor of a heading: lower-case, punctuation but - and _ dropped, spaces as -.
  const anchorsOf = (path: string) =>
    new Set(
      [...readFileSync(resolve(ROOT, path), 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) =>
        m[1]
          .toLowerCase()
          .replace(/[^\p{L}\p{N} _-]/gu, '')
          .replaceAll(' ', '-'),
      ),
    );
  const broken = links.filter((link) => link.anchor !== null && !anchorsOf(link.path).has(link.anchor));
  expect(broken).toEqual([]);
});

test('each generated table sits between its markers', () => {
  for (const name of ['routes', 'exports', 'errors', 'convars']) {
    expect(readme.indexOf(`<!-- contract:${name} -->\n|`)).toBeGreaterThan(0);
    expect(readme.indexOf(`|\n<!-- /contract:${name} -->`)).toBeGreaterThan(readme.indexOf(`<!-- contract:${name} -->`));
  }
});

describe('the layout table', () => {
  const lines = readme.slice(readme.indexOf('\n### Layout\n') + 1).split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  const rows = lines.slice(start, end === -1 ? undefined : end).filter((line) => line.startsWith('| `'));
  /** The paths a row's first cell names, without a trailing slash. */
  const named = rows.flatMap((row) => [...row.split(' | ')[0].matchAll(/`([^`]+)`/g)].map((m) => m[1].replace(/\/$/, '')));
  const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  /** Top-level folders, and the folders directly under devkit/ and test/. */
  const folders = [
    ...new Set(
      tracked.flatMap((file) => {
        const parts = file.split('/');
        const top = parts.length > 1 ? [parts[0]] : [];
        const second = parts.length > 2 && ['devkit', 'test'].includes(parts[0]) ? [`${parts[0]}/${parts[1]}`] : [];
        return [...top, ...second];
      }),
    ),
  ];

  test('has rows', () => {
    expect(named.length).toBeGreaterThan(10);
  });

  test('every path it names is in the tree', () => {
    const missing = named.filter((path) => !tracked.some((file) => file === path || file.startsWith(`${path}/`)));
    expect(missing).toEqual([]);
  });

  test('every top-level folder, and every folder of devkit/ and test/, has a row', () => {
    const unnamed = folders.filter((folder) => !named.some((path) => path === folder || path.startsWith(`${folder}/`)));
    expect(unnamed).toEqual([]);
  });

  test('every folder of src/ is named in docs/architecture.md, where the README sends a reader for them', () => {
    const architecture = readFileSync(resolve(ROOT, 'docs/architecture.md'), 'utf8');
    const rooms = [...new Set(tracked.filter((file) => /^src\/[^/]+\//.test(file)).map((file) => file.split('/').slice(0, 2).join('/')))];
    expect(rooms.length).toBeGreaterThan(5);
    expect(rooms.filter((room) => !architecture.includes(`\`${room}/`))).toEqual([]);
  });
});
