/**
 * The OpenAPI 3.1 description of the HTTP API, made at build time from the contract (operations,
 * errors, health, parameter rules) and the formats (their id rules, zod schemas and examples).
 * Written to openapi.json at the repository root; the bundle serves that text at /openapi.json.
 */
import { ERROR_CODES, errorDeclaration, type ErrorCode } from '../contract/errors';
import { HEALTH_DATA } from '../contract/health';
import { forFormat, type ContractOperation } from '../contract/operations';
import { PARAMETER_RULES, type ParameterRule } from '../contract/parameters';
import { FORMATS, type AnyFormat } from '../formats/registry';
import { PREFLIGHT_ALLOWED_HEADERS } from '../http/cors';
import { DOCS_CACHE_CONTROL, documentPath } from '../http/docs-page';
import { ALLOWED_METHODS, ROUTES } from '../http/router';
import { exampleOf, namedSchemas, SCHEMA_REF, shapeSchema, type JsonSchema } from './schemas';
import { errorsTable } from './tables';

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `${SCHEMA_REF}${name}` });
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

const COMMON_HEADERS = { 'X-Request-Id': headerRef('X-Request-Id'), 'Cache-Control': headerRef('Cache-Control') };
const REQUEST_ID_EXAMPLE = '5f0c2a9e41b7-1a';

function errorExample(code: ErrorCode): Json {
  return { value: { success: false, error: { code, message: errorDeclaration(code).meaning, requestId: REQUEST_ID_EXAMPLE } } };
}

/** One response per status the codes answer with, each listing its codes, headers and examples. */
function errorResponses(codes: readonly ErrorCode[]): Json {
  const byStatus = new Map<number, ErrorCode[]>();
  // In the contract's order, whatever order the operation lists them in.
  for (const code of ERROR_CODES.filter((c) => codes.includes(c))) {
    const { status } = errorDeclaration(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Json = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const declarations = list.map(errorDeclaration);
    const headers: Json = { ...COMMON_HEADERS };
    if (declarations.some((d) => d.retryAfter !== undefined)) headers['Retry-After'] = headerRef('Retry-After');
    if (declarations.some((d) => d.headers?.includes('Allow'))) headers.Allow = headerRef('Allow');
    if (declarations.some((d) => d.headers?.includes('WWW-Authenticate'))) headers['WWW-Authenticate'] = headerRef('WWW-Authenticate');
    responses[String(status)] = {
      description: list.map((code) => `\`${code}\`: ${errorDeclaration(code).meaning}`).join(' '),
      headers,
      content: {
        'application/json': { schema: ref('ErrorEnvelope'), examples: Object.fromEntries(list.map((code) => [code, errorExample(code)])) },
      },
    };
  }
  return responses;
}

/** The rule a path parameter follows in this format. */
function ruleOf(rule: keyof typeof PARAMETER_RULES | 'id', format: AnyFormat | null): ParameterRule {
  if (rule !== 'id') return PARAMETER_RULES[rule];
  if (!format) throw new Error('a format-less operation has an id parameter');
  return format.idRule;
}

function pathParameters(operation: ContractOperation, format: AnyFormat | null): Json[] {
  return operation.pathParameters.map(({ name, rule }) => {
    const { description, pattern, example } = ruleOf(rule, format);
    return { name, in: 'path', required: true, description, schema: { type: 'string', pattern }, example };
  });
}

function queryParameters(operation: ContractOperation, format: AnyFormat | null): Json[] {
  return operation.queryParameters.map(({ name, description, shape }) => ({
    name,
    in: 'query',
    required: false,
    description,
    schema: shapeSchema(shape, format),
  }));
}

/** The preflight, told as a note: it answers every route alike, so it is no entry of its own. */
const PREFLIGHT_NOTE =
  `OPTIONS (CORS preflight) answers 204 with Allow, no key needed and no query run; to an origin listed in ` +
  `citizen_records:cors_origins also Access-Control-Allow-Methods and Access-Control-Allow-Headers (${PREFLIGHT_ALLOWED_HEADERS}).`;
const HEAD_NOTE = 'HEAD answers as GET, with the same status and headers and no body.';

function tagOf(operation: ContractOperation, format: AnyFormat | null): string {
  return format?.name ?? operation.tag ?? 'meta';
}

/**
 * The GET of one route. HEAD and the CORS preflight answer every route the same way, so they are
 * notes on the GET (its description, and `x-also-answers` for tools) rather than operations of
 * their own: a reader of /docs sees each route once.
 */
function pathItem(operation: ContractOperation, format: AnyFormat | null, body: Json): Json {
  const name = format ? forFormat(operation.name, format) : operation.name;
  const also = operation.methods.includes('HEAD') ? ['HEAD', 'OPTIONS'] : ['OPTIONS'];
  return {
    get: {
      operationId: `get${name}`,
      summary: format ? forFormat(operation.summary, format) : operation.summary,
      description: [...(also.includes('HEAD') ? [HEAD_NOTE] : []), PREFLIGHT_NOTE].join(' '),
      'x-also-answers': also,
      tags: [tagOf(operation, format)],
      ...(operation.access === 'open' ? { security: [] } : {}),
      ...body,
    },
  };
}

function dataBody(operation: ContractOperation & { answer: { kind: 'data' } }, format: AnyFormat | null, exampleName: string): Json {
  const parameters = [
    ...pathParameters(operation, format),
    ...queryParameters(operation, format),
    { $ref: '#/components/parameters/IfNoneMatch' },
  ];
  const recordHeaders = {
    ...COMMON_HEADERS,
    ETag: headerRef('ETag'),
    ...('recordSource' in operation.answer ? { 'X-Record-Source': headerRef('X-Record-Source') } : {}),
  };
  return {
    parameters,
    responses: {
      '200': {
        description: operation.answer.description,
        headers: recordHeaders,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { success: { const: true }, data: shapeSchema(operation.answer.data, format) },
              required: ['success', 'data'],
              additionalProperties: false,
            },
            examples: { example: { $ref: `#/components/examples/${exampleName}` } },
          },
        },
      },
      '304': { description: 'Unchanged since the ETag sent in If-None-Match; no body.', headers: recordHeaders },
      ...errorResponses(operation.errors),
    },
  };
}

function healthBody(operation: ContractOperation, version: string): Json {
  const data = exampleOf(HEALTH_DATA, null).value as Json;
  const example = {
    success: true,
    data: { ...data, status: 'ok', database: 'connected', formats: Object.fromEntries(FORMATS.map((f) => [f.name, 'available'])), version },
  };
  return {
    responses: {
      '200': {
        description: 'The database is usable.',
        headers: COMMON_HEADERS,
        content: { 'application/json': { schema: ref('Health'), example } },
      },
      '503': {
        description:
          'The database is not usable (same shape), or `resource_stopping`: the resource is stopping (an error envelope, with Retry-After).',
        headers: { ...COMMON_HEADERS, 'Retry-After': headerRef('Retry-After') },
        content: {
          'application/json': {
            schema: { oneOf: [ref('Health'), ref('ErrorEnvelope')] },
            examples: {
              degraded: { value: { success: false, data: { ...example.data, status: 'degraded', database: 'unavailable' } } },
              resource_stopping: errorExample('resource_stopping'),
            },
          },
        },
      },
      ...errorResponses(operation.errors),
    },
  };
}

function documentBody(operation: ContractOperation): Json {
  return {
    responses: {
      '200': {
        description: 'The OpenAPI 3.1 description.',
        headers: COMMON_HEADERS,
        content: { 'application/json': { schema: { type: 'object' } } },
      },
      ...errorResponses(operation.errors),
    },
  };
}

/** The HTML page: its own caching, a strong ETag and a Content-Security-Policy, no JSON. */
function pageBody(operation: ContractOperation, documentPath: string): Json {
  const headers = {
    ...COMMON_HEADERS,
    'Cache-Control': { description: `${DOCS_CACHE_CONTROL}: a week, then revalidated with the ETag.`, schema: { type: 'string' } },
    ETag: { description: 'A strong validator of the page.', schema: { type: 'string' } },
    'Content-Security-Policy': {
      description: `Only the page's own two scripts run, and it fetches nothing but ${documentPath}.`,
      schema: { type: 'string' },
    },
  };
  return {
    parameters: [{ $ref: '#/components/parameters/IfNoneMatch' }],
    responses: {
      '200': {
        description: `An HTML page that fetches ${documentPath} beside it and renders it with Redoc.`,
        headers,
        content: { 'text/html': { schema: { type: 'string' } } },
      },
      '304': { description: 'Unchanged since the ETag sent in If-None-Match; no body.', headers },
      ...errorResponses(operation.errors),
    },
  };
}

export function buildOpenApiDocument(version: string): Json {
  const paths: Json = {};
  const examples: Json = {};
  for (const route of ROUTES) {
    const { operation, format } = route;
    const { answer } = operation;
    if (answer.kind === 'health') paths[route.path] = pathItem(operation, format, healthBody(operation, version));
    else if (answer.kind === 'document') paths[route.path] = pathItem(operation, format, documentBody(operation));
    else if (answer.kind === 'page') paths[route.path] = pathItem(operation, format, pageBody(operation, documentPath()));
    else {
      const name = format ? forFormat(operation.name, format) : operation.name;
      examples[name] = (({ summary, value }) => ({ summary, value: { success: true, data: value } }))(exampleOf(answer.data, format));
      paths[route.path] = pathItem(operation, format, dataBody({ ...operation, answer }, format, name));
    }
  }
  const health: JsonSchema = {
    type: 'object',
    properties: { success: { type: 'boolean' }, data: shapeSchema(HEALTH_DATA, null) },
    required: ['success', 'data'],
    additionalProperties: false,
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'citizen_records',
      version,
      description:
        `Detailed records of ${FORMATS.map((f) => `${f.framework} (format ${f.name})`).join(' and ')} citizens, served by a FiveM resource on the game port. ` +
        'Record routes need an API key from the convar citizen_records:api_keys.\n\n' +
        // Every code in one place, those no operation answers yet included: a reader (and /docs, which
        // renders this text) finds each one without opening every response.
        '# Error codes\n\n' +
        'A failure answers `{"success": false, "error": {"code", "message", "requestId"}}` with one of these codes:\n\n' +
        errorsTable(),
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
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'One ETag, a list, or *: a match answers 304.',
          schema: { type: 'string' },
        },
      },
      headers: {
        'X-Request-Id': { description: 'Names this request in the server log.', schema: { type: 'string' } },
        'Cache-Control': { description: 'private, no-cache', schema: { type: 'string' } },
        ETag: { description: 'A weak validator of the record.', schema: { type: 'string' } },
        'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'string', pattern: '^[0-9]+$' } },
        Allow: { description: `The methods this route answers: ${ALLOWED_METHODS.join(', ')}.`, schema: { type: 'string' } },
        'WWW-Authenticate': { description: 'Bearer realm="citizen_records"', schema: { type: 'string' } },
        'X-Record-Source': {
          description:
            '`live` when the answer holds values the framework holds in memory for an online citizen (a list: any of its records), `database` otherwise.',
          schema: { enum: ['live', 'database'] },
        },
      },
      examples,
      schemas: {
        ...namedSchemas(),
        ErrorEnvelope: {
          type: 'object',
          properties: {
            success: { const: false },
            error: {
              type: 'object',
              properties: { code: { type: 'string', enum: ERROR_CODES }, message: { type: 'string' }, requestId: { type: 'string' } },
              required: ['code', 'message'],
              additionalProperties: false,
            },
          },
          required: ['success', 'error'],
          additionalProperties: false,
        },
        Health: health,
      },
    },
  };
}

/** The document as the build writes it and the route serves it. */
export function openApiText(version: string): string {
  return `${JSON.stringify(buildOpenApiDocument(version), null, 2)}\n`;
}
