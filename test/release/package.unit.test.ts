/**
 * `npm run package` gives a zip a server owner drops into resources/: exactly these files, in a
 * citizen_records/ folder, no package.json (FXServer's yarn builder would run on it), each entry
 * byte for byte the file it was made from (the zip is read back with its own central directory).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inflateRawSync } from 'node:zlib';

const ROOT = resolve(__dirname, '../..');

function readZip(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const method = archive.readUInt16LE(at + 10);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extra = archive.readUInt16LE(at + 30);
    const comment = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const body = archive.subarray(dataStart, dataStart + size);
    files.set(name, method === 8 ? inflateRawSync(body) : Buffer.from(body));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

test('the release zip holds exactly what a server needs, unchanged', () => {
  const dir = mkdtempSync(join(tmpdir(), 'citizen-records-package-'));
  try {
    const out = join(dir, 'citizen_records.zip');
    execFileSync(process.execPath, ['scripts/package.mjs', out, '--bundle-only'], { cwd: ROOT, stdio: 'pipe' });
    const files = readZip(readFileSync(out));
    expect([...files.keys()]).toEqual([
      'citizen_records/fxmanifest.lua',
      'citizen_records/dist/server.js',
      'citizen_records/dist/redoc.standalone.js',
      'citizen_records/dist/redoc.standalone.js.LICENSE.txt',
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
      if (name.endsWith('redoc.standalone.js.LICENSE.txt')) {
        // Redoc's MIT licence and the notices of what its bundle holds.
        expect(data.toString('utf8')).toMatch(/^Redoc \d+\.\d+\.\d+ [\s\S]*Permission is hereby granted[\s\S]*DOMPurify/);
        continue;
      }
      expect({ name, same: data.equals(readFileSync(join(ROOT, name.slice('citizen_records/'.length)))) }).toEqual({ name, same: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
