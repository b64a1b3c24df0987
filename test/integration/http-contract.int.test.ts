/**
 * The HTTP contract of docs/design.md §2.2–§2.4 and §7 over a real socket: every error row with its
 * status and headers, HEAD, ETag/304, CORS, rate limits and authentication, and every answer
 * checked against the schemas /openapi.json declares. No log line and no response may contain
 * a configured key, and the host must see no contract violation.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { RawResponse } from '../../devkit/host/http-client';
import { REQUEST_ID, ROOT, startHarness, type Harness, type HarnessRequest } from '../../devkit/resource-harness';

const CAD_KEY = '7d1e4b9a2c6f80354e1a9b7c3d5f2e60';
const BOT_KEY = 'c0ffee42a9b8c7d6e5f40312a1b2c3d4';
const KEYS = `cad:${CAD_KEY}, bot:${BOT_KEY}`;
const ORIGIN = 'https://cad.example.com';
const ALPHA_ID = 'b41e8c07d2a96f3e15c0a7b9e4d28f61c3a5e0d7';
const BETA_ID = 'KQW48213';
const FIXTURES = ['esx-legacy-schema.sql', 'esx-legacy-1.9-row.sql', 'qbcore.sql'];

const cad: Array<[string, string]> = [['Authorization', `Bearer ${CAD_KEY}`]];

/** Every response and console line of the suite, for the "no key anywhere" check. */
const seen: string[] = [];

function record(response: RawResponse): RawResponse {
  seen.push(JSON.stringify(response.headers), response.body);
  return response;
}

async function get(h: Harness, path: string, options: HarnessRequest = {}): Promise<RawResponse> {
  return record(await h.request(path, { headers: cad, ...options }));
}

function errorCode(response: RawResponse): string {
  return JSON.parse(response.body).error.code;
}

// ---- schemas of /openapi.json ------------------------------------------------------------------

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
  components: unknown;
};
let doc: Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

/** Checks a JSON answer against the schema the document declares for its path template, method and status. */
function conforms(template: string, method: string, response: RawResponse): void {
  const declared = doc.paths[template]?.[method]?.responses[String(response.status)];
  expect({ template, method, status: response.status, declared: declared !== undefined }).toEqual({
    template,
    method,
    status: response.status,
    declared: true,
  });
  const schema = declared.content?.['application/json']?.schema;
  if (response.body === '') return;
  const validate = ajv.compile({ components: doc.components, $defs: { target: schema }, $ref: '#/$defs/target' });
  const body = JSON.parse(response.body);
  expect({ template, status: response.status, valid: validate(body), errors: validate.errors ?? null }).toEqual({
    template,
    status: response.status,
    valid: true,
    errors: null,
  });
}

function commonHeaders(response: RawResponse): void {
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('private, no-cache');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-request-id']).toMatch(REQUEST_ID);
}

describe('with keys and CORS configured', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('http_contract', FIXTURES, {
      convars: { 'citizen_records:api_keys': KEYS, 'citizen_records:cors_origins': ORIGIN, 'citizen_records:log_level': 'debug' },
    });
    doc = JSON.parse((await get(h, '/openapi.json', { withKey: false, headers: [] })).body);
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(async () => {
    seen.push(...h.host.console.map((l) => l.text));
    await h.close();
  });

  test('200 records of both formats carry the common headers and a weak ETag, and conform to the document', async () => {
    for (const [template, path] of [
      ['/alpha/citizens/{id}', `/alpha/citizens/${ALPHA_ID}`],
      ['/beta/citizens/{id}', `/beta/citizens/${BETA_ID}`],
    ]) {
      const response = await get(h, path);
      expect(response.status).toBe(200);
      commonHeaders(response);
      expect(response.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      conforms(template, 'get', response);
    }
  });

  test('each error code of docs/design.md §2.2 a client can provoke here, with its status, code, request id and headers', async () => {
    const cases: Array<{ path: string; options?: HarnessRequest; status: number; code: string; template: string }> = [
      { path: '/alpha/citizens/bad%20id', status: 400, code: 'invalid_id', template: '/alpha/citizens/{id}' },
      {
        path: `/beta/citizens/${BETA_ID}`,
        options: { headers: [], withKey: false },
        status: 401,
        code: 'unauthorized',
        template: '/beta/citizens/{id}',
      },
      { path: '/beta/citizens/NOPE0000', status: 404, code: 'citizen_not_found', template: '/beta/citizens/{id}' },
      { path: '/gamma/citizens/x', status: 404, code: 'route_not_found', template: '/beta/citizens/{id}' },
      {
        path: `/beta/citizens/${BETA_ID}`,
        options: { method: 'POST' },
        status: 405,
        code: 'method_not_allowed',
        template: '/beta/citizens/{id}',
      },
    ];
    for (const c of cases) {
      const response = await get(h, c.path, { headers: cad, ...c.options });
      expect({ path: c.path, status: response.status, code: errorCode(response) }).toEqual({
        path: c.path,
        status: c.status,
        code: c.code,
      });
      commonHeaders(response);
      expect(JSON.parse(response.body).error.requestId).toBe(response.headers['x-request-id']);
      expect(Object.keys(JSON.parse(response.body))).toEqual(['success', 'error']);
      conforms(c.template, 'get', response);
    }
    const post = await get(h, `/beta/citizens/${BETA_ID}`, { method: 'POST' });
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
    const unauthorized = await get(h, `/beta/citizens/${BETA_ID}`, { headers: [], withKey: false });
    expect(unauthorized.headers['www-authenticate']).toBe('Bearer realm="citizen_records"');
  });

  test('order of checks: route before method, method before auth, auth before the id', async () => {
    expect(errorCode(await get(h, '/nowhere', { method: 'DELETE', headers: [], withKey: false }))).toBe('route_not_found');
    expect(errorCode(await get(h, '/beta/citizens/x', { method: 'DELETE', headers: [], withKey: false }))).toBe('method_not_allowed');
    expect(errorCode(await get(h, '/beta/citizens/not-valid!', { headers: [], withKey: false }))).toBe('unauthorized');
    expect(errorCode(await get(h, '/beta/citizens/not-valid!'))).toBe('invalid_id');
  });

  test('/health and /openapi.json need no key; the document is served as the build wrote it', async () => {
    const health = await get(h, '/health', { headers: [], withKey: false });
    expect(health.status).toBe(200);
    conforms('/health', 'get', health);
    const openapi = await get(h, '/openapi.json', { headers: [], withKey: false });
    expect(openapi.status).toBe(200);
    commonHeaders(openapi);
    expect(JSON.parse(openapi.body).openapi).toBe('3.1.0');
    expect(openapi.body).toBe(readFileSync(resolve(ROOT, 'openapi.json'), 'utf8'));
  });

  test('HEAD answers the GET status and headers with no body, for records, errors, health and the document', async () => {
    for (const path of [`/beta/citizens/${BETA_ID}`, '/beta/citizens/NOPE0000', '/health', '/openapi.json']) {
      const full = await get(h, path);
      const head = await get(h, path, { method: 'HEAD' });
      expect({ path, status: head.status, body: head.body }).toEqual({ path, status: full.status, body: '' });
      expect(head.headers.etag).toBe(full.headers.etag);
      expect(head.headers['content-type']).toBe(full.headers['content-type']);
    }
  });

  test('If-None-Match with the tag, a list holding it, or * answers 304 with ETag, Cache-Control, X-Request-Id and no body', async () => {
    const first = await get(h, `/alpha/citizens/${ALPHA_ID}`);
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `W/"stale", ${etag}`, '*']) {
      const response = await get(h, `/alpha/citizens/${ALPHA_ID}`, { headers: [...cad, ['If-None-Match', ifNoneMatch]] });
      expect({ ifNoneMatch, status: response.status, body: response.body }).toEqual({ ifNoneMatch, status: 304, body: '' });
      expect(response.headers.etag).toBe(etag);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers['x-request-id']).toMatch(REQUEST_ID);
    }
    const other = await get(h, `/alpha/citizens/${ALPHA_ID}`, { headers: [...cad, ['If-None-Match', 'W/"stale"']] });
    expect(other.status).toBe(200);
    expect(other.body).toBe(first.body);
    const notFound = await get(h, '/alpha/citizens/nobody', { headers: [...cad, ['If-None-Match', '*']] });
    expect(notFound.status).toBe(404);
  });

  test('CORS: an allowed origin is echoed with Vary on records and on errors; another origin gets no allowance', async () => {
    const origin: Array<[string, string]> = [['Origin', ORIGIN]];
    for (const [path, options] of [
      [`/beta/citizens/${BETA_ID}`, { headers: [...cad, ...origin] }],
      [`/beta/citizens/${BETA_ID}`, { headers: origin, withKey: false }],
      ['/nowhere', { headers: origin }],
    ] as Array<[string, HarnessRequest]>) {
      const response = await get(h, path, options);
      expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(response.headers.vary).toBe('Origin');
    }
    const foreign = await get(h, `/beta/citizens/${BETA_ID}`, { headers: [...cad, ['Origin', 'https://evil.example']] });
    expect(foreign.status).toBe(200);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('a preflight answers 204 with methods and headers, needs no key and runs no query', async () => {
    const asked = h.oxmysql.queriesAsked;
    const response = await get(h, `/beta/citizens/${BETA_ID}`, {
      method: 'OPTIONS',
      withKey: false,
      headers: [
        ['Origin', ORIGIN],
        ['Access-Control-Request-Method', 'GET'],
        ['Access-Control-Request-Headers', 'authorization'],
      ],
    });
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(response.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(response.headers['access-control-allow-headers']).toBe('Authorization, X-API-Key, If-None-Match');
    expect(h.oxmysql.queriesAsked).toBe(asked);
  });

  test('auth: each header spelling works; a wrong key, one off by its last character, or the name:key entry is 401', async () => {
    for (const header of [
      ['authorization', `Bearer ${CAD_KEY}`],
      ['AUTHORIZATION', `bearer ${BOT_KEY}`],
      ['x-api-key', CAD_KEY],
      ['X-Api-KEY', BOT_KEY],
    ] as Array<[string, string]>) {
      const response = await get(h, `/beta/citizens/${BETA_ID}`, { headers: [header] });
      expect({ header: header[0], status: response.status }).toEqual({ header: header[0], status: 200 });
    }
    const lastChanged = CAD_KEY.slice(0, -1) + (CAD_KEY.endsWith('0') ? '1' : '0');
    for (const key of ['wrong', lastChanged, `cad:${CAD_KEY}`, `${CAD_KEY} ${BOT_KEY}`]) {
      const response = await get(h, `/beta/citizens/${BETA_ID}`, { headers: [['Authorization', `Bearer ${key}`]] });
      expect({ key, status: response.status, code: errorCode(response) }).toEqual({ key, status: 401, code: 'unauthorized' });
    }
  });

  test('an error never echoes more than a short prefix of what was sent', async () => {
    // 8 KB: the request line must stay under the HTTP server's 16 KB header limit to reach the resource.
    const long = 'x'.repeat(8_000);
    const response = await get(h, `/${long}`);
    expect(response.status).toBe(404);
    expect(response.body.length).toBeLessThan(600);
  });

  test('the access log names each request at debug with its key name, never the key', async () => {
    await get(h, `/beta/citizens/${BETA_ID}`, { headers: [['X-API-Key', BOT_KEY]] });
    const lines = h.host.linesOf('citizen_records').filter((l) => l.includes(`/beta/citizens/${BETA_ID} 200`));
    expect(lines.some((l) => l.includes('client=bot'))).toBe(true);
  });

  test('a key sent in the query string (never accepted there) reaches no log line and no answer', async () => {
    for (const path of [`/beta/citizens/${BETA_ID}?api_key=${CAD_KEY}`, `/nope?key=${BOT_KEY}`]) {
      const response = await get(h, path, { headers: [], withKey: false });
      expect(response.status).toBe(path.startsWith('/nope') ? 404 : 401);
    }
    const lines = h.host.linesOf('citizen_records');
    expect(lines.some((l) => l.includes(`/beta/citizens/${BETA_ID}?… 401`))).toBe(true);
    // The suite's afterAll checks every line and answer for both keys.
  });
});

describe('rate limits', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('http_rate', ['qbcore.sql'], {
      convars: { 'citizen_records:api_keys': KEYS, 'citizen_records:rate_limit': '6' },
    });
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(async () => {
    seen.push(...h.host.console.map((l) => l.text));
    await h.close();
  });

  test('after the burst a key gets 429 with Retry-After, while another key still gets 200', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await get(h, `/beta/citizens/${BETA_ID}`)).status);
    expect(statuses).toEqual(Array(10).fill(200));
    const limited = await get(h, `/beta/citizens/${BETA_ID}`);
    expect(limited.status).toBe(429);
    expect(errorCode(limited)).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    commonHeaders(limited);
    expect((await get(h, `/beta/citizens/${BETA_ID}`, { headers: [['X-API-Key', BOT_KEY]] })).status).toBe(200);
    expect((await get(h, '/health')).status).toBe(200);
  });
});

describe('with no key configured', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('http_closed', ['qbcore.sql'], { convars: { 'citizen_records:api_keys': '' } });
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(async () => {
    seen.push(...h.host.console.map((l) => l.text));
    await h.close();
  });

  test('the data routes answer 401 saying which convar to set, and the start-up line says the same', async () => {
    const response = await get(h, `/beta/citizens/${BETA_ID}`, { headers: [['Authorization', `Bearer ${CAD_KEY}`]] });
    expect(response.status).toBe(401);
    const message = JSON.parse(response.body).error.message as string;
    expect(message).toContain('set citizen_records:api_keys');
    expect(message).toContain('citizen_records:allow_anonymous');
    const startLine = h.host.linesOf('citizen_records').find((l) => l.includes('no API key is configured'));
    expect(startLine).toContain('set citizen_records:api_keys');
    expect((await get(h, '/health', { withKey: false, headers: [] })).status).toBe(200);
  });
});

describe('with anonymous access opted in', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('http_anon', ['qbcore.sql'], {
      convars: { 'citizen_records:api_keys': '', 'citizen_records:allow_anonymous': 'true' },
    });
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(async () => {
    seen.push(...h.host.console.map((l) => l.text));
    await h.close();
  });

  test('records are served without a key, and the opt-in is logged at start', async () => {
    expect((await get(h, `/beta/citizens/${BETA_ID}`, { withKey: false, headers: [] })).status).toBe(200);
    expect(h.host.linesOf('citizen_records').some((l) => l.includes('anonymous access is ON'))).toBe(true);
  });
});

afterAll(() => {
  // Runs after every describe's own afterAll: the whole suite's responses and console lines.
  expect(seen.length).toBeGreaterThan(0);
  for (const key of [CAD_KEY, BOT_KEY]) expect(seen.filter((text) => text.includes(key))).toEqual([]);
});
