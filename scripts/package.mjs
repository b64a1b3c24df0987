// npm run package: builds, then writes citizen_records.zip holding only what a server needs,
// inside a folder named for the resource. No package.json: FXServer's yarn builder would run on
// it at start (overextended/oxmysql#174); no node_modules: the bundle carries its dependencies.
// Usage: node scripts/package.mjs [out.zip] [--bundle-only]  (the flag goes to build.mjs)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zip } from './zip.mjs';

const args = process.argv.slice(2);
const out = args.find((a) => !a.startsWith('--')) ?? 'citizen_records.zip';
// The bundle is built into a staging folder, so packaging never races a build of dist/.
const staging = mkdtempSync(join(tmpdir(), 'citizen-records-release-'));
try {
  const bundle = join(staging, 'server.js');
  execFileSync(process.execPath, ['build.mjs', '--outfile', bundle, ...args.filter((a) => a === '--bundle-only')], { stdio: 'inherit' });
  // What the build wrote beside the bundle (the renderer of /docs and its licences) ships beside it.
  const beside = readdirSync(staging)
    .filter((name) => name !== 'server.js')
    .sort();
  const files = [
    ['fxmanifest.lua', 'fxmanifest.lua'],
    ['dist/server.js', bundle],
    ...beside.map((name) => [`dist/${name}`, join(staging, name)]),
    ['openapi.json', 'openapi.json'],
    ['citizen_records.d.ts', 'citizen_records.d.ts'],
    ['citizen_records.lua', 'citizen_records.lua'],
    ['README.md', 'README.md'],
    ['LICENSE', 'LICENSE'],
  ];
  writeFileSync(out, zip(files.map(([name, source]) => ({ name: `citizen_records/${name}`, data: readFileSync(source) }))));
  console.log(`wrote ${out}: ${files.map(([name]) => name).join(', ')}`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
