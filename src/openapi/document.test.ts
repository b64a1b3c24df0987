import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { VERSION } from '../version';
import { buildOpenApiDocument, openApiText } from './document';

test('the committed openapi.json is what the build generates from the current schemas (run npm run build when this fails)', () => {
  const committed = readFileSync(resolve(__dirname, '../../openapi.json'), 'utf8');
  expect(committed).toBe(openApiText(VERSION));
});

/** The validator is an ES module, which jest's CommonJS runtime cannot load: it runs in a child node. */
const VALIDATE = `
import { Validator } from '@seriousme/openapi-schema-validator';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const validator = new Validator();
const result = await validator.validate(JSON.parse(input));
console.log(JSON.stringify({ valid: result.valid, errors: result.errors ?? [], version: validator.version }));`;

test('the document is valid OpenAPI 3.1', () => {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', VALIDATE], {
    cwd: resolve(__dirname, '../..'),
    input: openApiText(VERSION),
    encoding: 'utf8',
  });
  expect(JSON.parse(output)).toEqual({ valid: true, errors: [], version: '3.1' });
});

test('a broken document is refused by the same check', () => {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', VALIDATE], {
    cwd: resolve(__dirname, '../..'),
    input: JSON.stringify({ ...buildOpenApiDocument(VERSION), paths: { '/x': { get: { responses: { '200': {} } } } } }),
    encoding: 'utf8',
  });
  expect(JSON.parse(output).valid).toBe(false);
});

test('every route is described, records need a key, health, the document and its page do not', () => {
  const doc = buildOpenApiDocument(VERSION) as { paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>> };
  expect(Object.keys(doc.paths).sort()).toEqual([
    '/alpha/citizens/{id}',
    '/alpha/players/{license}/citizens',
    '/beta/citizens/{id}',
    '/beta/players/{license}/citizens',
    '/docs',
    '/health',
    '/openapi.json',
  ]);
  expect(doc.paths['/health'].get.security).toEqual([]);
  expect(doc.paths['/openapi.json'].get.security).toEqual([]);
  expect(doc.paths['/docs'].get.security).toEqual([]);
  expect(Object.keys(doc.paths['/docs'].get.responses)).toEqual(['200', '304', '500']);
  expect(doc.paths['/alpha/citizens/{id}'].get.security).toBeUndefined();
  expect(Object.keys(doc.paths['/beta/citizens/{id}'].get.responses)).toEqual(['200', '304', '400', '401', '404', '405', '429', '500', '501', '503', '504']);
});
