/**
 * Every error code the resource answers, declared once: its HTTP status, the headers that come
 * with it, and what it means. The envelope (src/lookup/envelope.ts), the HTTP responses
 * (src/http/respond.ts), the OpenAPI document, the consumer types and the README's error table all
 * read this table. Codes are stable: consumers switch on them.
 */

export interface ErrorDeclaration {
  readonly status: number;
  /**
   * `Retry-After` on the HTTP answer: a fixed number of seconds, or `computed` when the answer
   * works it out itself (the rate limiter's wait). Absent: no Retry-After.
   */
  readonly retryAfter?: number | 'computed';
  /** Headers besides the common ones and Retry-After that the answer carries. */
  readonly headers?: readonly ('Allow' | 'WWW-Authenticate')[];
  /** When it is answered, for people: the README's table and the OpenAPI document say this. */
  readonly meaning: string;
}

export const ERRORS = {
  invalid_id: {
    status: 400,
    meaning: 'The id breaks the id rule of its format (see the route); checked before any query.',
  },
  invalid_license: {
    status: 400,
    meaning: 'The license is not `license:<40 hex>`, `license2:<40 hex>` or the 40 hex digits; checked before any query.',
  },
  invalid_query: {
    status: 400,
    meaning:
      "A search's or a change feed's parameters break its rules, or its cursor is not one this server gave out (the message names which); checked before any query.",
  },
  invalid_plate: {
    status: 400,
    meaning: 'The plate is not 1 to 8 letters, digits and spaces; checked before any query.',
  },
  unauthorized: {
    status: 401,
    headers: ['WWW-Authenticate'],
    meaning: 'No API key, a wrong one, or none configured on the server (the message says how to set one).',
  },
  citizen_not_found: { status: 404, meaning: 'The id is valid but no citizen has it.' },
  vehicle_not_found: { status: 404, meaning: 'The plate is valid but no vehicle has it.' },
  route_not_found: { status: 404, meaning: 'No route has this path.' },
  method_not_allowed: { status: 405, headers: ['Allow'], meaning: 'Only GET, HEAD and OPTIONS are answered.' },
  cursor_expired: {
    status: 410,
    meaning:
      'The change feed no longer knows this cursor (older than the kept log, from another instance, or its state was lost): start a new snapshot without a cursor.',
  },
  rate_limited: {
    status: 429,
    retryAfter: 'computed',
    meaning: 'This key (or address, when anonymous) is over `citizen_records:rate_limit`.',
  },
  internal_error: { status: 500, meaning: 'A bug; the server log has it under the request id.' },
  format_unavailable: {
    status: 501,
    meaning:
      "The format's table does not exist on this server, or the format is disabled (`citizen_records:formats`), or the change feed is off (`citizen_records:changes`).",
  },
  database_unavailable: {
    status: 503,
    retryAfter: 5,
    meaning:
      'oxmysql is not started or not connected, or the database failed the query itself (connection lost, query killed, ' +
      'lock or deadlock given up, too many connections).',
  },
  server_busy: {
    status: 503,
    retryAfter: 1,
    meaning:
      'More than `citizen_records:max_in_flight` lookups, or `citizen_records:search_max_in_flight` searches and vehicle lookups no index serves, ' +
      'wait on the database.',
  },
  resource_stopping: {
    status: 503,
    retryAfter: 5,
    meaning: 'The resource is stopping; every waiting request and export call gets this.',
  },
  database_timeout: {
    status: 504,
    meaning:
      'The database did not answer within `citizen_records:db_timeout_ms`, or stopped a search, or a vehicle lookup no index serves, ' +
      'at `citizen_records:search_timeout_ms`.',
  },
} as const satisfies Record<string, ErrorDeclaration>;

export type ErrorCode = keyof typeof ERRORS;

export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** A code's declaration, typed as the general shape (the table itself keeps its literal types). */
export function errorDeclaration(code: ErrorCode): ErrorDeclaration {
  return ERRORS[code];
}
