/**
 * README.md against the code. Its tables of routes, exports, error codes and convars are generated
 * from the contract (src/generate/files.test.ts checks they are current); here: the hand-written
 * examples show only real exports, and the example responses are what the normalisers give.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { exportSignatures } from '../../src/generate/consumer-types';
import { FORMAT_DOCUMENTATION } from '../../src/formats/documentation';
import { FORMATS } from '../../src/formats/registry';

const readme = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');

test('every export the examples call exists, and every export is shown', () => {
  const exported = exportSignatures().map((s) => s.name);
  const shown = new Set([...readme.matchAll(/exports\.citizen_records[.:](\w+)/g)].map((m) => m[1]));
  expect([...shown].sort()).toEqual([...exported].sort());
});

test('the example responses are what the normalisers give for the reference rows', () => {
  for (const format of FORMATS) {
    expect(readme).toContain(JSON.stringify({ success: true, data: FORMAT_DOCUMENTATION[format.name].examples.record.value }, null, 2));
  }
});

test('each generated table sits between its markers', () => {
  for (const name of ['routes', 'exports', 'errors', 'convars']) {
    expect(readme.indexOf(`<!-- contract:${name} -->\n|`)).toBeGreaterThan(0);
    expect(readme.indexOf(`|\n<!-- /contract:${name} -->`)).toBeGreaterThan(readme.indexOf(`<!-- contract:${name} -->`));
  }
});
