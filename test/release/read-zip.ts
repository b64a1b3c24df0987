/**
 * A strict reader of the release zip, independent of scripts/zip.mjs: it finds every entry
 * through the central directory, checks that the local header agrees with it, inflates the body
 * and compares its CRC-32, computed by Node's zlib (not the writer's table), and its length with
 * what the headers say. Any disagreement throws, as `unzip` refuses such an archive.
 * Layout: PKWARE APPNOTE 6.3.10, §4.3.7 (local header), §4.3.12 (central directory header),
 * §4.3.16 (end of central directory record), https://pkware.cachefly.net/webdocs/casestudies/APPNOTE.TXT
 */
import { crc32, inflateRawSync } from 'node:zlib';

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
/** General purpose flag bits the release writer never sets: 0 encrypted, 3 sizes in a trailing data descriptor. */
const UNSUPPORTED_FLAGS = 0x0001 | 0x0008;

export class ZipError extends Error {}

function hex(n: number): string {
  return n.toString(16).padStart(8, '0');
}

function endRecord(archive: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535; its comment length must reach the end.
  for (let at = archive.length - 22; at >= Math.max(0, archive.length - 22 - 0xffff); at--) {
    if (archive.readUInt32LE(at) === END && at + 22 + archive.readUInt16LE(at + 20) === archive.length) return at;
  }
  throw new ZipError('no end of central directory record');
}

/** Every entry's name and content, in central directory order; throws ZipError on any inconsistency. */
export function readZip(archive: Buffer): Map<string, Buffer> {
  const end = endRecord(archive);
  if (archive.readUInt16LE(end + 4) !== 0 || archive.readUInt16LE(end + 6) !== 0) throw new ZipError('split archive');
  const count = archive.readUInt16LE(end + 10);
  if (archive.readUInt16LE(end + 8) !== count) throw new ZipError('entry counts disagree');
  const centralSize = archive.readUInt32LE(end + 12);
  const centralStart = archive.readUInt32LE(end + 16);
  let at = centralStart;
  if (at + centralSize !== end) throw new ZipError('central directory does not end where the end record starts');

  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || archive.readUInt32LE(at) !== CENTRAL) throw new ZipError(`entry ${i}: no central directory header`);
    const flags = archive.readUInt16LE(at + 8);
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const compressedSize = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    const localAt = archive.readUInt32LE(at + 42);
    const nameBytes = archive.subarray(at + 46, at + 46 + nameLength);
    const name = nameBytes.toString('utf8');
    if (flags & UNSUPPORTED_FLAGS) throw new ZipError(`${name}: flags ${flags.toString(16)} (encrypted or data descriptor)`);
    if (method !== 0 && method !== 8) throw new ZipError(`${name}: compression method ${method}`);
    if (files.has(name)) throw new ZipError(`${name}: twice`);

    if (archive.readUInt32LE(localAt) !== LOCAL) throw new ZipError(`${name}: no local header at ${localAt}`);
    const localNameLength = archive.readUInt16LE(localAt + 26);
    const same =
      archive.readUInt16LE(localAt + 8) === method &&
      archive.readUInt32LE(localAt + 14) === crc &&
      archive.readUInt32LE(localAt + 18) === compressedSize &&
      archive.readUInt32LE(localAt + 22) === size &&
      archive.subarray(localAt + 30, localAt + 30 + localNameLength).equals(nameBytes);
    if (!same) throw new ZipError(`${name}: local header disagrees with the central directory`);
    const dataStart = localAt + 30 + localNameLength + archive.readUInt16LE(localAt + 28);
    if (dataStart + compressedSize > centralStart) throw new ZipError(`${name}: data runs into the central directory`);

    const body = archive.subarray(dataStart, dataStart + compressedSize);
    const data = method === 8 ? inflateRawSync(body) : Buffer.from(body);
    if (data.length !== size) throw new ZipError(`${name}: ${data.length} bytes where the zip says ${size}`);
    const actual = crc32(data) >>> 0;
    if (actual !== crc) throw new ZipError(`${name}: CRC-32 ${hex(actual)} where the zip says ${hex(crc)}`);
    files.set(name, data);
    at = next;
  }
  if (at !== end) throw new ZipError('bytes after the last central directory header');
  return files;
}
