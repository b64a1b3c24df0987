/**
 * The OpenAPI 3.1 description of the HTTP API (docs/design.md §2.1–§2.3), built from the same zod
 * schemas that shape the records (zod's JSON Schema output is draft 2020-12, OpenAPI 3.1's
 * dialect), the route table and the error table. Served at /openapi.json and written to
 * openapi.json at the repository root by the build.
 */
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../api/envelope';
import { MAX_CITIZENS_PER_LICENSE } from '../api/license';
import { alphaRecordSchema } from '../formats/alpha/schema';
import { betaRecordSchema } from '../formats/beta/schema';
import { PREFLIGHT_ALLOWED_HEADERS } from '../http/cors';
import { ROUTES } from '../http/router';
import { exampleAlphaRecord, exampleBetaRecord } from './examples';

/** When each code is answered: the example message of the documentation. */
const ERROR_MEANING: Record<ErrorCode, string> = {
  invalid_id: 'The id breaks the id rule of its format; no query was run.',
  invalid_license: 'The license is not license:<40 hex>, license2:<40 hex> or the 40 hex digits; no query was run.',
  unauthorized: 'No API key, a wrong one, or none configured on the server.',
  citizen_not_found: 'The id is valid but no citizen has it.',
  route_not_found: 'No route has this path.',
  method_not_allowed: 'Only GET, HEAD and OPTIONS are answered.',
  rate_limited: 'This key (or address, when anonymous) is over its rate limit; see Retry-After.',
  internal_error: 'A bug; the server log has it under the request id.',
  format_unavailable: "The format's table does not exist on this server, or the format is disabled.",
  database_unavailable: 'oxmysql is not started or not connected, or the database failed the query itself (connection lost, query killed, lock given up); see Retry-After.',
  server_busy: 'Too many lookups are in flight; see Retry-After.',
  resource_stopping: 'The resource is stopping; see Retry-After.',
  database_timeout: 'The database did not answer within the timeout.',
};

/** Codes each record route can answer; /health and /openapi.json answer none but internal_error. */
const ALL_ERRORS = Object.keys(ERROR_STATUS) as ErrorCode[];
const CITIZEN_ERRORS = ALL_ERRORS.filter((code) => code !== 'invalid_license');
const PLAYER_ERRORS = ALL_ERRORS.filter((code) => code !== 'invalid_id' && code !== 'citizen_not_found');

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

const COMMON_HEADERS = { 'X-Request-Id': headerRef('X-Request-Id'), 'Cache-Control': headerRef('Cache-Control') };

function errorResponses(codes: readonly ErrorCode[]): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const responses: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const headers: Record<string, unknown> = { ...COMMON_HEADERS };
    if (list.some((code) => ['rate_limited', 'database_unavailable', 'server_busy', 'resource_stopping'].includes(code))) headers['Retry-After'] = headerRef('Retry-After');
    if (list.includes('method_not_allowed')) headers.Allow = { description: 'The methods this route answers.', schema: { type: 'string' } };
    if (list.includes('unauthorized')) headers['WWW-Authenticate'] = { description: 'Bearer realm="citizen_records"', schema: { type: 'string' } };
    responses[String(status)] = {
      description: list.map((code) => `\`${code}\`: ${ERROR_MEANING[code]}`).join(' '),
      headers,
      content: {
        'application/json': {
          schema: ref('ErrorEnvelope'),
          examples: Object.fromEntries(
            list.map((code) => [code, { value: { success: false, error: { code, message: ERROR_MEANING[code], requestId: '5f0c2a9e41b7-1a' } } }]),
          ),
        },
      },
    };
  }
  return responses;
}

const ID_PARAMETER = {
  alpha: {
    description: 'The ESX `identifier` as stored (`char1:…`, bare 40-hex license, `steam:…`). When it starts with `license:` and is not found, it is tried again without that prefix.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9:_.-]{1,64}$' },
    example: 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10',
  },
  beta: {
    description: 'The `citizenid`, matched case-insensitively.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9]{1,50}$' },
    example: 'KQW48213',
  },
} as const;

function preflight(): Record<string, unknown> {
  return {
    summary: 'CORS preflight',
    description: `Answers 204 with Allow; to an origin listed in citizen_records:cors_origins also Access-Control-Allow-Methods and Access-Control-Allow-Headers (${PREFLIGHT_ALLOWED_HEADERS}). No key needed, no query run.`,
    security: [],
    responses: { '204': { description: 'Preflight answered.', headers: COMMON_HEADERS }, ...errorResponses(['route_not_found']) },
  };
}

function getAndHead(operation: Record<string, unknown>, id: string): Record<string, unknown> {
  return {
    get: { operationId: `get${id}`, ...operation },
    head: { operationId: `head${id}`, ...operation, description: 'As GET, with the same status and headers and no body.' },
    options: { operationId: `options${id}`, ...preflight() },
  };
}

const LICENSE_PARAMETER = {
  description: "The player's Rockstar license: `license:<40 hex>`, `license2:<40 hex>` or the 40 hex digits, in any case. A bare license matches both kinds.",
  schema: { type: 'string', pattern: '^([Ll][Ii][Cc][Ee][Nn][Ss][Ee]2?:)?[0-9A-Fa-f]{40}$' },
  example: 'license:9a3c5e7f1b2d4068ace13579bdf02468ace1357a',
};

const capitalised = (format: string) => `${format[0].toUpperCase()}${format.slice(1)}`;

/** A record route: one record (`list` false) or one player's list of them. */
function recordPath(format: 'alpha' | 'beta', list: boolean): Record<string, unknown> {
  const record = `${capitalised(format)}Record`;
  const data = list ? { type: 'array', items: ref(record), maxItems: MAX_CITIZENS_PER_LICENSE } : ref(record);
  const example = list ? `${record}List` : record;
  const operation = {
    summary: list ? `Every citizen of one player in format ${format}, in character-slot order` : `One citizen in format ${format}`,
    tags: [format],
    parameters: [
      list ? { name: 'license', in: 'path', required: true, ...LICENSE_PARAMETER } : { name: 'id', in: 'path', required: true, ...ID_PARAMETER[format] },
      { $ref: '#/components/parameters/IfNoneMatch' },
    ],
    responses: {
      '200': {
        description: list ? `The records, each as the single-citizen route gives it; \`[]\` when the player has none; at most ${MAX_CITIZENS_PER_LICENSE}.` : 'The record.',
        headers: { ...COMMON_HEADERS, ETag: headerRef('ETag') },
        content: {
          'application/json': {
            schema: { type: 'object', properties: { success: { const: true }, data }, required: ['success', 'data'], additionalProperties: false },
            examples: { [list ? 'list' : 'record']: { $ref: `#/components/examples/${example}` } },
          },
        },
      },
      '304': { description: 'Unchanged since the ETag sent in If-None-Match; no body.', headers: { ...COMMON_HEADERS, ETag: headerRef('ETag') } },
      ...errorResponses(list ? PLAYER_ERRORS : CITIZEN_ERRORS),
    },
  };
  return getAndHead(operation, `${capitalised(format)}${list ? 'CitizensByLicense' : 'Citizen'}`);
}

function healthPath(): Record<string, unknown> {
  const example = { success: true, data: { status: 'ok', database: 'connected', formats: { alpha: 'available', beta: 'available' }, version: '0.1.0' } };
  const content = (value: unknown) => ({ 'application/json': { schema: ref('Health'), example: value } });
  return getAndHead(
    {
      summary: 'Health of the resource and its database; no key needed, no personal data.',
      tags: ['health'],
      security: [],
      responses: {
        '200': { description: 'The database is usable.', headers: COMMON_HEADERS, content: content(example) },
        '503': {
          description: 'The database is not usable (same shape), or `resource_stopping`: the resource is stopping (an error envelope, with Retry-After).',
          headers: { ...COMMON_HEADERS, 'Retry-After': headerRef('Retry-After') },
          content: {
            'application/json': {
              schema: { oneOf: [ref('Health'), ref('ErrorEnvelope')] },
              examples: {
                degraded: { value: { success: false, data: { ...example.data, status: 'degraded', database: 'unavailable' } } },
                resource_stopping: { value: { success: false, error: { code: 'resource_stopping', message: ERROR_MEANING.resource_stopping, requestId: '5f0c2a9e41b7-1a' } } },
              },
            },
          },
        },
        ...errorResponses(['internal_error']),
      },
    },
    'Health',
  );
}

function openApiPath(): Record<string, unknown> {
  return getAndHead(
    {
      summary: 'This document.',
      tags: ['meta'],
      security: [],
      responses: { '200': { description: 'The OpenAPI 3.1 description.', headers: COMMON_HEADERS, content: { 'application/json': { schema: { type: 'object' } } } } },
    },
    'OpenApi',
  );
}

export function buildOpenApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const route of ROUTES) {
    if (route.path === '/health') paths[route.path] = healthPath();
    else if (route.path === '/openapi.json') paths[route.path] = openApiPath();
    else paths[route.path] = recordPath(route.path.startsWith('/alpha/') ? 'alpha' : 'beta', route.path.includes('/players/'));
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'citizen_records',
      version,
      description:
        'Detailed records of ESX (format alpha) and QBCore/Qbox (format beta) citizens, served by a FiveM resource on the game port. ' +
        'Record routes need an API key from the convar citizen_records:api_keys.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: 'http://{host}:{port}/citizen_records', variables: { host: { default: '127.0.0.1' }, port: { default: '30120' } } }],
    security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <key>' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
      parameters: {
        IfNoneMatch: { name: 'If-None-Match', in: 'header', required: false, description: 'One ETag, a list, or *: a match answers 304.', schema: { type: 'string' } },
      },
      headers: {
        'X-Request-Id': { description: 'Names this request in the server log.', schema: { type: 'string' } },
        'Cache-Control': { description: 'private, no-cache', schema: { type: 'string' } },
        ETag: { description: 'A weak validator of the record.', schema: { type: 'string' } },
        'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'string', pattern: '^[0-9]+$' } },
      },
      examples: {
        AlphaRecord: { summary: 'ESX Legacy 1.13, ox_inventory, illenium-appearance', value: { success: true, data: exampleAlphaRecord() } },
        BetaRecord: { summary: 'QBCore with qb-inventory', value: { success: true, data: exampleBetaRecord() } },
        AlphaRecordList: { summary: 'One ESX player with one character', value: { success: true, data: [exampleAlphaRecord()] } },
        BetaRecordList: { summary: 'One QBCore player with one character', value: { success: true, data: [exampleBetaRecord()] } },
      },
      schemas: {
        AlphaRecord: jsonSchema(alphaRecordSchema),
        BetaRecord: jsonSchema(betaRecordSchema),
        ErrorEnvelope: {
          type: 'object',
          properties: {
            success: { const: false },
            error: {
              type: 'object',
              properties: {
                code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
                message: { type: 'string' },
                requestId: { type: 'string' },
              },
              required: ['code', 'message'],
              additionalProperties: false,
            },
          },
          required: ['success', 'error'],
          additionalProperties: false,
        },
        Health: {
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            data: {
              type: 'object',
              properties: {
                status: { enum: ['ok', 'degraded'] },
                database: { enum: ['connected', 'unavailable'] },
                formats: {
                  type: 'object',
                  properties: Object.fromEntries(['alpha', 'beta'].map((f) => [f, { enum: ['available', 'unavailable', 'pending', 'disabled'] }])),
                  required: ['alpha', 'beta'],
                },
                version: { type: 'string' },
              },
              required: ['status', 'database', 'formats'],
            },
          },
          required: ['success', 'data'],
          additionalProperties: false,
        },
      },
    },
  };
}

/** The document as the build writes it and the route serves it. */
export function openApiText(version: string): string {
  return `${JSON.stringify(buildOpenApiDocument(version), null, 2)}\n`;
}
