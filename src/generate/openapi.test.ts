import { execFileSync, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ERROR_CODES } from '../contract/errors';
import { OPERATIONS } from '../contract/operations';
import { FORMATS } from '../formats/registry';
import { VERSION } from '../version';
import { buildOpenApiDocument, openApiText } from './openapi';

interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: Array<{ name?: string; in?: string; schema?: { pattern?: string }; $ref?: string }>;
  responses: Record<string, { headers?: Record<string, unknown>; content?: unknown }>;
}
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, any> } };
const doc = buildOpenApiDocument(VERSION) as unknown as Document;

/** The validator is an ES module, which jest's CommonJS runtime cannot load: it runs in a child node. */
const VALIDATE = `
import { Validator } from '@seriousme/openapi-schema-validator';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const validator = new Validator();
const result = await validator.validate(JSON.parse(input));
console.log(JSON.stringify({ valid: result.valid, errors: result.errors ?? [], version: validator.version }));`;

function validate(text: string): { valid: boolean; errors: unknown[]; version: string } {
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', VALIDATE], {
      cwd: resolve(__dirname, '../..'),
      input: text,
      encoding: 'utf8',
    }),
  );
}

test('the document is valid OpenAPI 3.1', () => {
  expect(validate(openApiText(VERSION))).toEqual({ valid: true, errors: [], version: '3.1' });
});

test('a broken document is refused by the same check', () => {
  expect(validate(JSON.stringify({ ...doc, paths: { '/x': { get: { responses: { '200': {} } } } } })).valid).toBe(false);
});

test('every route is described, records need a key, health, the document and its page do not', () => {
  expect(Object.keys(doc.paths).sort()).toEqual([
    '/alpha/changes',
    '/alpha/citizens',
    '/alpha/citizens/{id}',
    '/alpha/citizens/{id}/presence',
    '/alpha/citizens/{id}/vehicles',
    '/alpha/players/{license}/citizens',
    '/alpha/vehicles/{plate}',
    '/beta/changes',
    '/beta/citizens',
    '/beta/citizens/{id}',
    '/beta/citizens/{id}/presence',
    '/beta/citizens/{id}/vehicles',
    '/beta/players/{license}/citizens',
    '/beta/vehicles/{plate}',
    '/docs',
    '/health',
    '/openapi.json',
  ]);
  expect(doc.paths['/health'].get.security).toEqual([]);
  expect(doc.paths['/openapi.json'].get.security).toEqual([]);
  expect(doc.paths['/docs'].get.security).toEqual([]);
  expect(Object.keys(doc.paths['/docs'].get.responses)).toEqual(['200', '304', '500']);
  expect(Object.keys(doc.paths['/docs'].get.responses['200'].content as object)).toEqual(['text/html']);
  expect(doc.paths['/alpha/citizens/{id}'].get.security).toBeUndefined();
  expect(Object.keys(doc.paths['/beta/citizens/{id}'].get.responses)).toEqual([
    '200',
    '304',
    '400',
    '401',
    '404',
    '405',
    '429',
    '500',
    '501',
    '503',
    '504',
  ]);
  expect(Object.keys(doc.paths['/beta/players/{license}/citizens'].get.responses)).toEqual([
    '200',
    '304',
    '400',
    '401',
    '404',
    '405',
    '429',
    '500',
    '501',
    '503',
    '504',
  ]);
  // Presence asks no database: no 504, and 503 only for the stop.
  expect(Object.keys(doc.paths['/alpha/citizens/{id}/presence'].get.responses)).toEqual([
    '200',
    '304',
    '400',
    '401',
    '404',
    '405',
    '429',
    '500',
    '501',
    '503',
  ]);
  // Record answers say where they came from; presence has nothing to say.
  expect(Object.keys(doc.paths['/alpha/citizens/{id}'].get.responses['200'].headers ?? {})).toContain('X-Record-Source');
  expect(Object.keys(doc.paths['/beta/players/{license}/citizens'].get.responses['200'].headers ?? {})).toContain('X-Record-Source');
  expect(Object.keys(doc.paths['/beta/citizens/{id}/presence'].get.responses['200'].headers ?? {})).not.toContain('X-Record-Source');
  expect(Object.keys(doc.paths['/alpha/citizens'].get.responses)).toEqual([
    '200',
    '304',
    '400',
    '401',
    '404',
    '405',
    '429',
    '500',
    '501',
    '503',
    '504',
  ]);
});

test('the search routes: their query parameters, a page of summaries with its cursor, and an example of each format', () => {
  const examples = (doc as unknown as { components: { examples: Record<string, { value: { data: { citizens: object[] } } }> } }).components
    .examples;
  for (const format of FORMATS) {
    const get = doc.paths[`/${format.name}/citizens`].get;
    expect((get.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)).toEqual(['name', 'dob', 'phone', 'limit', 'cursor']);
    const { data } = (get.responses['200'].content as any)['application/json'].schema.properties;
    expect(data.properties.citizens).toMatchObject({
      type: 'array',
      maxItems: 50,
      items: { $ref: `#/components/schemas/${format.title}Summary` },
    });
    expect(data.properties.next.type).toEqual(['string', 'null']);
    expect(Object.keys((get.responses['400'].content as any)['application/json'].examples)).toEqual(['invalid_query']);
    const example = examples[`Search${format.title}Citizens`].value;
    expect(example.data.citizens).toHaveLength(1);
    expect(Object.keys(example.data.citizens[0])).toEqual(Object.keys(doc.components.schemas[`${format.title}Summary`].properties));
  }
});

test('every operation declares the path parameters of its path', () => {
  for (const [path, item] of Object.entries(doc.paths)) {
    const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const [method, operation] of Object.entries(item)) {
      const declared = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect({ path, method, declared }).toEqual({ path, method, declared: inPath });
    }
  }
});

test("a path parameter's published pattern is the rule the resource checks", () => {
  for (const format of FORMATS) {
    const id = doc.paths[`/${format.name}/citizens/{id}`].get.parameters!.find((p) => p.name === 'id')!;
    const published = new RegExp(id.schema!.pattern!);
    for (const value of [format.idRule.example, '', '..', 'a b', 'x'.repeat(65), 'ok1'])
      expect({ value, ok: published.test(value) }).toEqual({ value, ok: format.isValidId(value) });
  }
});

test('the error envelope lists every code, retried codes carry Retry-After, and /health requires its version', () => {
  expect(doc.components.schemas.ErrorEnvelope.properties.error.properties.code.enum).toEqual(ERROR_CODES);
  expect(Object.keys(doc.paths['/alpha/citizens/{id}'].get.responses['503'].headers!)).toContain('Retry-After');
  expect(Object.keys(doc.paths['/alpha/citizens/{id}'].get.responses['404'].headers!)).not.toContain('Retry-After');
  expect(doc.components.schemas.Health.properties.data.required).toEqual(['status', 'database', 'formats', 'vehicles', 'version']);
});

test('each route is one GET operation; HEAD and the CORS preflight are notes on it, not operations of their own', () => {
  for (const [path, item] of Object.entries(doc.paths)) {
    expect({ path, methods: Object.keys(item) }).toEqual({ path, methods: ['get'] });
    const get = item.get as Operation & { description?: string; 'x-also-answers'?: string[] };
    expect({ path, also: get['x-also-answers'] }).toEqual({ path, also: ['HEAD', 'OPTIONS'] });
    expect(get.description).toMatch(
      /^HEAD answers as GET, with the same status and headers and no body\. OPTIONS \(CORS preflight\) answers 204/,
    );
  }
});

test('operation ids are unique, one per route the contract declares', () => {
  const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((o) => o.operationId));
  expect(new Set(ids).size).toBe(ids.length);
  const perFormat = OPERATIONS.filter((o) => o.path.includes('{format}')).length;
  expect(ids).toHaveLength(OPERATIONS.length - perFormat + perFormat * FORMATS.length);
});

test('redocly lint openapi.json (recommended rules, redocly.yaml) finds no error and no warning', () => {
  const root = resolve(__dirname, '../..');
  // No telemetry and no update check: the test talks to nothing outside the machine.
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  // It exits 1 when it finds errors: the JSON report on stdout says which, either way.
  const { stdout } = spawnSync(resolve(root, 'node_modules/.bin/redocly'), ['lint', 'openapi.json', '--format=json'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  const { totals, problems } = JSON.parse(stdout) as { totals: Record<string, number>; problems: unknown[] };
  expect({ errors: totals.errors, warnings: totals.warnings, problems }).toEqual({ errors: 0, warnings: 0, problems: [] });
});
