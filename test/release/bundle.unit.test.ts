/**
 * What dist/server.js is made of: the code the resource runs. The document's generator, zod (its
 * schemas only describe records; no lookup runs them), the test rows behind the examples and the
 * OpenAPI document itself (the resource reads the shipped openapi.json) stay out of it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LEGACY_1_13_OX_ILLENIUM } from '../../src/formats/alpha/__fixtures__/rows';
import { qbcoreRow } from '../../src/formats/beta/__fixtures__/rows';

const ROOT = resolve(__dirname, '../..');
let dir: string;
let inputs: string[];
let bundle: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'citizen-records-bundle-'));
  const [outfile, metafile] = [join(dir, 'server.js'), join(dir, 'inputs.json')];
  execFileSync(process.execPath, ['build.mjs', '--bundle-only', '--outfile', outfile, '--metafile', metafile], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  inputs = JSON.parse(readFileSync(metafile, 'utf8'));
  bundle = readFileSync(outfile, 'utf8');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the bundle is made of runtime code only: no zod, schema, generator, documentation, fixture or test file', () => {
  expect(inputs).toContain('src/server.ts');
  const unwanted = inputs.filter((path) =>
    /node_modules\/zod\/|^src\/generate\/|__fixtures__|\/documentation\.ts$|schema(-parts)?\.ts$|\.test\.ts$|^test\//.test(path),
  );
  expect(unwanted).toEqual([]);
  expect(inputs.filter((path) => path.startsWith('node_modules/'))).toEqual([]);
});

// That it serves the document the build generated: test/integration/http-contract.int.test.ts.
test('the OpenAPI document is not in it: no reference to its schemas, which only the document makes', () => {
  expect(readFileSync(join(ROOT, 'openapi.json'), 'utf8')).toContain('"$ref": "#/components/schemas/');
  expect(bundle).not.toContain('#/components/schemas/');
});

test('no raw test row reaches it', () => {
  for (const raw of [String(LEGACY_1_13_OX_ILLENIUM.accounts), String(LEGACY_1_13_OX_ILLENIUM.metadata), String(qbcoreRow.charinfo)]) {
    expect(bundle).not.toContain(JSON.stringify(raw).slice(1, -1));
    expect(bundle).not.toContain(raw);
  }
});
