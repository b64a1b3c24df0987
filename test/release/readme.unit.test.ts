/**
 * README.md against the code: every convar, route, export and error code the code has is documented
 * (convars also in the manifest's convar_category for server panels), nothing the README's tables
 * name is missing from the code, and the example responses are what the normalisers give.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ERROR_STATUS } from '../../src/api/envelope';
import { ROUTES } from '../../src/http/router';
import { exampleAlphaRecord, exampleBetaRecord } from '../../src/openapi/examples';

const ROOT = resolve(__dirname, '../..');
const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
const read = (file: string) => readFileSync(resolve(ROOT, file), 'utf8');

/** Convars the code reads: each setting(...) of config.ts, and api_keys, parsed apart. */
function codeConvars(): string[] {
  const config = read('src/config/config.ts');
  const names = [...config.matchAll(/setting\('([a-z_]+)'/g)].map((m) => m[1]);
  expect(config).toContain("read('api_keys')");
  return ['api_keys', ...names].map((n) => `citizen_records:${n}`);
}

test('every convar is in the README table and the manifest convar_category, and the README names no other', () => {
  const convars = codeConvars();
  const manifest = read('fxmanifest.lua');
  const category = manifest.slice(manifest.indexOf('convar_category'));
  for (const convar of convars) {
    expect({ convar, inReadme: readme.includes(`| \`${convar}\` |`), inManifest: category.includes(`'${convar}'`) }).toEqual({ convar, inReadme: true, inManifest: true });
  }
  const documented = [...readme.matchAll(/^\| `(citizen_records:[a-z_]+)` \|/gm)].map((m) => m[1]);
  expect(documented.sort()).toEqual([...convars].sort());
  const inManifest = [...category.matchAll(/'(citizen_records:[a-z_]+)'/g)].map((m) => m[1]);
  expect(inManifest.sort()).toEqual([...convars].sort());
});

test('every route is in the README route table, and the table names no other', () => {
  const documented = [...readme.matchAll(/^\| GET, HEAD \| `([^`]+)` \|/gm)].map((m) => m[1]);
  expect(documented.sort()).toEqual(ROUTES.map((r) => r.path).sort());
});

test('every error code is in the README with its status, and the README lists no other', () => {
  const documented = [...readme.matchAll(/^\| (\d{3}) \| `([a-z_]+)` \|/gm)].map((m) => [m[2], Number(m[1])]);
  expect(Object.fromEntries(documented)).toEqual(ERROR_STATUS);
  expect(documented).toHaveLength(Object.keys(ERROR_STATUS).length);
});

test('every export is shown in the README, and the README shows no other', () => {
  const registered = [...read('src/fivem/exports.ts').matchAll(/^\s+(get\w+)\(/gm)].map((m) => m[1]);
  expect(registered.length).toBeGreaterThanOrEqual(5);
  const shown = new Set([...readme.matchAll(/exports\.citizen_records[.:](\w+)/g)].map((m) => m[1]));
  expect([...shown].sort()).toEqual([...registered].sort());
});

test('the example responses are what the normalisers give for the reference rows', () => {
  expect(readme).toContain(JSON.stringify({ success: true, data: exampleAlphaRecord() }, null, 2));
  expect(readme).toContain(JSON.stringify({ success: true, data: exampleBetaRecord() }, null, 2));
});
