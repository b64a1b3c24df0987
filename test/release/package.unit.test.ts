/**
 * `npm run package` gives a zip a server owner drops into resources/: exactly these files, in a
 * citizen_records/ folder, no package.json (FXServer's yarn builder would run on it), each entry
 * byte for byte the file it was made from. The zip is read back by a reader that checks every
 * header and CRC-32 with Node's zlib (read-zip.ts), and by `unzip -t` where it is installed; both
 * are shown to reject a zip whose checksum is wrong.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readZip } from './read-zip';

const ROOT = resolve(__dirname, '../..');

let dir: string;
let release: string;
/** A zip from scripts/zip.mjs: `noise.bin` first (64 bytes deflate cannot shrink, so stored), then text (deflated). */
let small: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'citizen-records-package-'));
  release = join(dir, 'citizen_records.zip');
  execFileSync(process.execPath, ['scripts/package.mjs', release, '--bundle-only'], { cwd: ROOT, stdio: 'pipe' });
  small = join(dir, 'small.zip');
  const noise = createHash('sha512').update('citizen_records').digest('hex');
  const writer = `
    import { writeFileSync } from 'node:fs';
    import { zip } from ${JSON.stringify(pathToFileURL(join(ROOT, 'scripts/zip.mjs')).href)};
    writeFileSync(process.argv[1], zip([
      { name: 'noise.bin', data: Buffer.from(process.argv[2], 'hex') },
      { name: 'text.txt', data: Buffer.from('citizen records\\n'.repeat(200)) },
    ]));`;
  execFileSync(process.execPath, ['--input-type=module', '-e', writer, small, noise], { stdio: 'pipe' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the release zip holds exactly what a server needs, unchanged', () => {
  const files = readZip(readFileSync(release));
  expect([...files.keys()]).toEqual([
    'citizen_records/fxmanifest.lua',
    'citizen_records/dist/server.js',
    'citizen_records/dist/redoc.standalone.js',
    'citizen_records/dist/redoc.standalone.js.LICENSE.txt',
    'citizen_records/dist/standalone.js',
    'citizen_records/openapi.json',
    'citizen_records/citizen_records.d.ts',
    'citizen_records/citizen_records.lua',
    'citizen_records/README.md',
    'citizen_records/LICENSE',
  ]);
  for (const [name, data] of files) {
    if (name.endsWith('server.js')) {
      // Built afresh for the zip: a whole bundle, with the resource's entry point in it.
      expect(data.toString('utf8')).toContain('SetHttpHandler');
      continue;
    }
    if (name.endsWith('redoc.standalone.js')) {
      // Vendored afresh for the zip: Redoc's standalone bundle, without its one reference to a CDN.
      expect(data.toString('utf8')).toMatch(/^\/\*! For license information please see redoc\.standalone\.js\.LICENSE\.txt \*\//);
      expect(data.toString('utf8')).not.toContain('cdn.redoc.ly');
      continue;
    }
    if (name.endsWith('dist/standalone.js')) {
      // The standalone service, built afresh, mysql2 inside (it runs from the unpacked zip: below).
      expect(data.toString('utf8')).toContain('CITIZEN_RECORDS_');
      const required = [...data.toString('utf8').matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1].replace(/^node:/, ''));
      expect(required.length).toBeGreaterThan(5);
      expect(required.filter((name) => !builtinModules.includes(name))).toEqual([]);
      continue;
    }
    if (name.endsWith('redoc.standalone.js.LICENSE.txt')) {
      // Redoc's MIT licence and the notices of what its bundle holds.
      expect(data.toString('utf8')).toMatch(/^Redoc \d+\.\d+\.\d+ [\s\S]*Permission is hereby granted[\s\S]*DOMPurify/);
      continue;
    }
    expect({ name, same: data.equals(readFileSync(join(ROOT, name.slice('citizen_records/'.length)))) }).toEqual({ name, same: true });
  }
});

test("the zip's standalone service runs from the unpacked folder, serving the zip's openapi.json and /docs", async () => {
  const unpacked = join(dir, 'unpacked');
  for (const [name, data] of readZip(readFileSync(release))) {
    mkdirSync(dirname(join(unpacked, name)), { recursive: true });
    writeFileSync(join(unpacked, name), data);
  }
  // No database listens on port 1: the service starts all the same, and these two routes need none.
  const child = spawn(process.execPath, [join(unpacked, 'citizen_records/dist/standalone.js')], {
    env: { PATH: process.env.PATH ?? '', CITIZEN_RECORDS_DATABASE_URL: 'mysql://nobody@127.0.0.1:1/none', CITIZEN_RECORDS_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const port = await new Promise<string>((resolveStart, reject) => {
      let output = '';
      child.stdout.on('data', (d: Buffer) => {
        output += d.toString();
        const listening = /listening on [^:]+:(\d+)/.exec(output);
        if (listening) resolveStart(listening[1]);
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
    });
    const openApi = await fetch(`http://127.0.0.1:${port}/citizen_records/openapi.json`);
    expect(await openApi.text()).toBe(readFileSync(join(unpacked, 'citizen_records/openapi.json'), 'utf8'));
    const docs = await fetch(`http://127.0.0.1:${port}/citizen_records/docs`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
  } finally {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
  }
});

test('the small zip has a stored entry first and a deflated one', () => {
  const archive = readFileSync(small);
  expect([archive.readUInt16LE(8), archive.readUInt16LE(26)]).toEqual([0, 'noise.bin'.length]);
  expect([...readZip(archive).keys()]).toEqual(['noise.bin', 'text.txt']);
  expect(archive.length).toBeLessThan(64 + 16 * 200);
});

/** A copy of `file` with `change` applied to its bytes. */
function tampered(file: string, label: string, change: (archive: Buffer) => void): string {
  const archive = readFileSync(file);
  change(archive);
  const out = join(dir, `${label}.zip`);
  writeFileSync(out, archive);
  return out;
}

/** The first entry's CRC-32 in its local header (offset 0) and its central directory header, both changed. */
function wrongCrc(archive: Buffer): void {
  const central = archive.readUInt32LE(archive.length - 22 + 16);
  archive.writeUInt32LE((archive.readUInt32LE(14) ^ 0x00010000) >>> 0, 14);
  archive.writeUInt32LE((archive.readUInt32LE(central + 16) ^ 0x00010000) >>> 0, central + 16);
}

/** One byte of noise.bin's stored data changed, its CRC-32 left as it was. */
function changedByte(archive: Buffer): void {
  const at = 30 + 'noise.bin'.length + 10;
  archive[at] = archive[at]! ^ 0x20;
}

const UNZIP = ['/usr/bin/unzip', '/bin/unzip', '/usr/local/bin/unzip'].find((path) => existsSync(path));

/** Each checker: null when it accepts the archive, else why it refused it. */
const checkers: Array<[string, (file: string) => string | null]> = [
  [
    'the CRC-checking reader',
    (file) => {
      try {
        readZip(readFileSync(file));
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    },
  ],
  ...(UNZIP
    ? [
        [
          'unzip -t',
          (file: string) => {
            const run = spawnSync(UNZIP, ['-t', file], { encoding: 'utf8' });
            return run.status === 0 ? null : `${run.stdout}${run.stderr}`;
          },
        ] as [string, (file: string) => string | null],
      ]
    : []),
];

describe.each(checkers)('%s', (_name, check) => {
  test('accepts the release zip and the small zip', () => {
    expect([check(release), check(small)]).toEqual([null, null]);
  });

  test('rejects the release zip when an entry carries a wrong CRC-32', () => {
    expect(check(tampered(release, 'wrong-crc', wrongCrc))).toMatch(/CRC/);
  });

  test('rejects a stored entry whose bytes changed under its CRC-32', () => {
    expect(check(tampered(small, 'changed-byte', changedByte))).toMatch(/CRC/);
  });
});
