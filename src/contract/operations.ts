/**
 * Every route and export of the resource, declared once as an operation. The router's table, the
 * exports registered with FXServer, the OpenAPI document, citizen_records.d.ts and .lua, and the
 * README's tables of routes and exports are all derived from this list; the service supplies one
 * handler per operation id (src/server.ts wires them).
 *
 * Templates: `{format}` in a path stands for each format's name, `{Format}` in a name for its
 * title (src/formats/registry.ts); an operation whose path has no `{format}` exists once. The
 * other `{…}` of a path are its path parameters, in order.
 *
 * Adding a route (and its export): one entry in OPERATIONS (its error codes in errors.ts, a new
 * parameter rule in parameters.ts, a new answer shape in shapes.ts when it needs one); a handler
 * under the same id in src/server.ts's `operations` (the typechecker asks for it), usually a
 * method of the service; then `npm run build` rewrites openapi.json, the .d.ts/.lua files and the
 * README tables, which the tests hold to the contract.
 */
import type { ErrorCode } from './errors';
import type { ParameterRuleName, QueryParameter } from './parameters';
import type { Shape } from './shapes';
import { CHANGE_SHAPE, CHANGES_LIMIT, CHANGES_COST, CHANGES_PARAMETERS, CHANGES_RECORD_COST, INCLUDE_RECORD } from './changes';
import { SEARCH_COST, SEARCH_LIMIT, SEARCH_PARAMETERS, SEARCH_REACH } from './search';

/** The most citizens one player's list holds; more is no real server's data, and the list stays bounded. */
export const MAX_CITIZENS_PER_LICENSE = 64;

/** The most vehicles a citizen's list holds; a fleet owner beyond it is shown the first ones by plate. */
export const MAX_VEHICLES_PER_CITIZEN = 100;

export interface PathParameter {
  /** As in the path template: `{id}`. */
  readonly name: string;
  /** Which rule its value follows (src/contract/parameters.ts; `id` is the format's own). */
  readonly rule: ParameterRuleName;
}

/** What a successful answer is. */
export type Answer =
  /**
   * `{success: true, data}` with a weak ETag (304 on If-None-Match); `description` says what `data`
   * is. `recordSource`: HTTP answers say in X-Record-Source whether a record in it is live.
   */
  | { readonly kind: 'data'; readonly data: Shape; readonly description: string; readonly recordSource?: true }
  /** The health report (src/contract/health.ts): 200 or 503, never an error envelope but resource_stopping. */
  | { readonly kind: 'health' }
  /** The OpenAPI document itself. */
  | { readonly kind: 'document' }
  /**
   * The document rendered for people: an HTML page, the one answer that is not JSON, with a strong
   * ETag (304 on If-None-Match) and a week's caching (src/http/docs-page.ts).
   */
  | { readonly kind: 'page' };

export interface Operation {
  /** Stable id: the handler's key. */
  readonly id: string;
  readonly path: string;
  /** OPTIONS (the CORS preflight) is answered on every route besides these. */
  readonly methods: readonly ('GET' | 'HEAD')[];
  readonly pathParameters: readonly PathParameter[];
  /** Read from the query string over HTTP; an export takes them as one table after its path arguments. */
  readonly queryParameters: readonly QueryParameter[];
  /** `key`: an API key is needed (401 without); `open`: anyone may ask. */
  readonly access: 'key' | 'open';
  /** Requests of the key's rate limit one call takes (1 when absent); costOf reads it. */
  readonly cost?: OperationCost;
  readonly answer: Answer;
  /** Every error code it can answer besides the ones any request can meet (route, method). */
  readonly errors: readonly ErrorCode[];
  /** Names its OpenAPI operations: `get<name>`, `head<name>`, `options<name>`. */
  readonly name: string;
  /** The export's name, or null when it is HTTP only. Its arguments are the path parameters, then the query table. */
  readonly export: string | null;
  /** One line for people; `{format}` is the format's name. */
  readonly summary: string;
  /** The OpenAPI tag of a format-less operation (a format's operations are tagged with its name). */
  readonly tag?: string;
}

/**
 * What one call costs of the key's rate limit: `tokens`, or `when.tokens` when the query string
 * gives `when.parameter` the value `when.value` (the cost is taken before the query is checked, so
 * it reads the raw string itself).
 */
export interface OperationCost {
  readonly tokens: number;
  readonly when?: { readonly parameter: string; readonly value: string; readonly tokens: number };
}

/**
 * The tokens a call to `operation` takes, `query` the raw query string (after `?`, undecoded).
 * A pair that does not decode counts for nothing here: the 400 that follows names it.
 */
export function costOf(operation: Operation, query: string): number {
  const { cost } = operation;
  if (!cost) return 1;
  const { when } = cost;
  if (!when) return cost.tokens;
  const asks = query.split('&').some((pair) => {
    const [name, value = ''] = pair.split('=', 2).map((part) => {
      try {
        return decodeURIComponent(part.replace(/\+/g, ' '));
      } catch {
        return '';
      }
    });
    return name === when.parameter && value === when.value;
  });
  return asks ? when.tokens : cost.tokens;
}

/** What every keyed operation through a format may answer, besides its own codes. */
const FORMAT_ERRORS = [
  'unauthorized',
  'route_not_found',
  'method_not_allowed',
  'rate_limited',
  'internal_error',
  'format_unavailable',
  'resource_stopping',
] as const satisfies readonly ErrorCode[];

/** What every lookup that queries the database may answer, besides its own codes. */
const LOOKUP_ERRORS = [...FORMAT_ERRORS, 'database_unavailable', 'server_busy', 'database_timeout'] as const satisfies readonly ErrorCode[];

const READ = ['GET', 'HEAD'] as const;

/** The fields of the format-less routes anyone may read: no parameters, no key. */
const OPEN_READ = { methods: READ, pathParameters: [], queryParameters: [], access: 'open' } as const;

/** The fields of the per-format routes read with an API key (search adds its query parameters). */
const KEYED_READ = { methods: READ, queryParameters: [], access: 'key' } as const;

/** The path parameters of a route under `/{format}/citizens/{id}`. */
const BY_ID = [{ name: 'id', rule: 'id' }] as const;

/** In the order the router tries them and the documents list them. */
export const OPERATIONS = [
  {
    id: 'health',
    path: '/health',
    ...OPEN_READ,
    answer: { kind: 'health' },
    errors: ['internal_error'],
    name: 'Health',
    export: 'getHealth',
    summary: 'Health of the resource and its database, without personal data',
    tag: 'health',
  },
  {
    id: 'openapi',
    path: '/openapi.json',
    ...OPEN_READ,
    answer: { kind: 'document' },
    errors: [],
    name: 'OpenApi',
    export: null,
    summary: 'The OpenAPI 3.1 description of the HTTP API',
    tag: 'meta',
  },
  {
    id: 'docs',
    path: '/docs',
    ...OPEN_READ,
    answer: { kind: 'page' },
    // 500 when the renderer is missing from the resource's folder.
    errors: ['internal_error'],
    name: 'Docs',
    export: null,
    summary: 'The OpenAPI description rendered as a page to read in a browser',
    tag: 'meta',
  },
  {
    id: 'citizen',
    path: '/{format}/citizens/{id}',
    ...KEYED_READ,
    pathParameters: BY_ID,
    answer: {
      kind: 'data',
      data: { formatSchema: 'record' },
      description: 'The record; live values merged in while the citizen is online.',
      recordSource: true,
    },
    errors: ['invalid_id', 'citizen_not_found', ...LOOKUP_ERRORS],
    name: '{Format}Citizen',
    export: 'get{Format}Citizen',
    summary: 'One citizen in format {format}',
  },
  {
    id: 'search',
    path: '/{format}/citizens',
    ...KEYED_READ,
    pathParameters: [],
    queryParameters: SEARCH_PARAMETERS,
    cost: { tokens: SEARCH_COST },
    answer: {
      kind: 'data',
      data: {
        object: {
          citizens: {
            list: { formatSchema: 'summary' },
            max: SEARCH_LIMIT.max,
            description: 'By last name, first name, then id; a missing name last.',
          },
          next: {
            type: 'string',
            nullable: true,
            description: `The \`cursor\` of the next page; null when there is none, or when ${SEARCH_REACH} citizens have been served (narrow the search).`,
          },
        },
      },
      description: `One page of the citizens found, each the record's summary fields. Costs ${SEARCH_COST} requests of the key's rate limit.`,
    },
    errors: ['invalid_query', ...LOOKUP_ERRORS],
    name: 'Search{Format}Citizens',
    export: 'search{Format}Citizens',
    summary: 'Citizens in format {format} found by name, birth date or phone',
  },
  {
    id: 'citizensByLicense',
    path: '/{format}/players/{license}/citizens',
    ...KEYED_READ,
    pathParameters: [{ name: 'license', rule: 'license' }],
    answer: {
      kind: 'data',
      data: { list: { formatSchema: 'record' }, max: MAX_CITIZENS_PER_LICENSE },
      description: `The records, each as the single-citizen route gives it; \`[]\` when the player has none; at most ${MAX_CITIZENS_PER_LICENSE}.`,
      recordSource: true,
    },
    errors: ['invalid_license', ...LOOKUP_ERRORS],
    name: '{Format}CitizensByLicense',
    export: 'get{Format}CitizensByLicense',
    summary: 'Every citizen of one player in format {format}, in character-slot order',
  },
  {
    id: 'vehicle',
    path: '/{format}/vehicles/{plate}',
    ...KEYED_READ,
    pathParameters: [{ name: 'plate', rule: 'plate' }],
    answer: { kind: 'data', data: { sharedSchema: 'Vehicle' }, description: 'The vehicle, with its owner.' },
    errors: ['invalid_plate', 'vehicle_not_found', ...LOOKUP_ERRORS],
    name: '{Format}Vehicle',
    export: 'get{Format}Vehicle',
    summary: 'The vehicle of one number plate in format {format}, matched ignoring case and spacing',
  },
  {
    id: 'citizenVehicles',
    path: '/{format}/citizens/{id}/vehicles',
    ...KEYED_READ,
    pathParameters: BY_ID,
    answer: {
      kind: 'data',
      data: { list: { sharedSchema: 'Vehicle' }, max: MAX_VEHICLES_PER_CITIZEN },
      description: `The citizen's vehicles ordered by plate, each as the plate route gives it; \`[]\` when the citizen owns none; at most ${MAX_VEHICLES_PER_CITIZEN}.`,
    },
    errors: ['invalid_id', 'citizen_not_found', ...LOOKUP_ERRORS],
    name: '{Format}CitizenVehicles',
    export: 'get{Format}CitizenVehicles',
    summary: "One citizen's vehicles in format {format}, ordered by plate",
  },
  {
    id: 'presence',
    path: '/{format}/citizens/{id}/presence',
    ...KEYED_READ,
    pathParameters: BY_ID,
    answer: {
      kind: 'data',
      data: {
        object: {
          online: { type: 'boolean', description: 'The character is loaded by the framework on this server now.' },
          server_id: { type: 'integer', nullable: true, description: "The player's server id (source) while online; null otherwise." },
        },
      },
      description:
        "Whether the citizen is online, from the framework's load and unload events; no database query, also with live_records off.",
    },
    // Answered from the framework's events, so none of the database's codes.
    errors: ['invalid_id', ...FORMAT_ERRORS],
    name: '{Format}Presence',
    export: 'get{Format}Presence',
    summary: 'Whether one citizen in format {format} is online, and his server id',
  },
  {
    id: 'changes',
    path: '/{format}/changes',
    ...KEYED_READ,
    pathParameters: [],
    queryParameters: CHANGES_PARAMETERS,
    cost: { tokens: CHANGES_COST, when: { parameter: 'include', value: INCLUDE_RECORD, tokens: CHANGES_RECORD_COST } },
    answer: {
      kind: 'data',
      data: {
        object: {
          changes: {
            list: CHANGE_SHAPE,
            max: CHANGES_LIMIT.max,
            description: 'In the order they happened; at least once and in order for each id.',
          },
          next: { type: 'string', description: 'The `cursor` of the next page: never null; keep it and ask again.' },
        },
      },
      description:
        'One page of the feed: without a cursor, a snapshot of every citizen and vehicle as upserts, then what changed since. ' +
        `Costs ${CHANGES_COST} request of the key's rate limit, ${CHANGES_RECORD_COST} with \`include=${INCLUDE_RECORD}\`.`,
    },
    errors: ['invalid_query', 'cursor_expired', ...LOOKUP_ERRORS],
    name: '{Format}Changes',
    export: 'get{Format}Changes',
    summary: 'What changed among the citizens and vehicles of format {format}, from a snapshot on',
  },
] as const satisfies readonly Operation[];

export type OperationId = (typeof OPERATIONS)[number]['id'];

/** Operations answered by a handler of the service (`data` answers): each id needs one. */
export type DataOperationId = Extract<(typeof OPERATIONS)[number], { answer: { kind: 'data' } }>['id'];

/** An operation of the list, its id one of the declared ones. */
export type ContractOperation = Operation & { readonly id: OperationId };

/** True when the operation exists once per format. */
export function perFormat(operation: Operation): boolean {
  return operation.path.includes('{format}');
}

/** A template with `{format}` and `{Format}` filled in for one format. */
export function forFormat(template: string, format: { name: string; title: string }): string {
  return template.replaceAll('{format}', format.name).replaceAll('{Format}', format.title);
}
