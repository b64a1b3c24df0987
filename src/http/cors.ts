/**
 * CORS (docs/design.md §2.4, §7): off unless citizen_records:cors_origins lists origins or `*`. An
 * allowed origin is echoed on every response to it, errors included, since a browser hides an
 * error body without it; `Vary: Origin` keeps shared caches from serving one origin's answer to another.
 */

/** `*`, or the allowed origins as `scheme://host[:port]`, lower case. Empty: CORS off. */
export type CorsOrigins = '*' | ReadonlySet<string>;

export const PREFLIGHT_ALLOWED_HEADERS = 'Authorization, X-API-Key, If-None-Match';
/** Headers a browser script may read from our answers. */
const EXPOSED_HEADERS = 'ETag, Retry-After, X-Request-Id, X-Record-Source';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$|^https?:\/\/\[[0-9a-f:.]+\](?::\d{1,5})?$/;

/** Parses the convar; undefined when an entry is no origin. */
export function parseCorsOrigins(text: string): CorsOrigins | undefined {
  const entries = text
    .split(',')
    .map((s) => s.trim().toLowerCase().replace(/\/$/, ''))
    .filter(Boolean);
  if (entries.length === 1 && entries[0] === '*') return '*';
  if (entries.length === 0 || !entries.every((e) => ORIGIN.test(e))) return undefined;
  return new Set(entries);
}

export function corsEnabled(origins: CorsOrigins): boolean {
  return origins === '*' || origins.size > 0;
}

function allowed(origins: CorsOrigins, origin: string | undefined): origin is string {
  if (origin === undefined || origin === '') return false;
  return origins === '*' || origins.has(origin.toLowerCase());
}

/** Headers for any response, given the request's Origin. */
export function corsHeaders(origins: CorsOrigins, origin: string | undefined): Record<string, string> {
  if (!corsEnabled(origins)) return {};
  if (!allowed(origins, origin)) return { Vary: 'Origin' };
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS, Vary: 'Origin' };
}

/** Extra headers of a preflight answer from an allowed origin. */
export function preflightHeaders(origins: CorsOrigins, origin: string | undefined, methods: string): Record<string, string> {
  if (!allowed(origins, origin)) return {};
  return {
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Allow-Headers': PREFLIGHT_ALLOWED_HEADERS,
    'Access-Control-Max-Age': PREFLIGHT_MAX_AGE_SECONDS,
  };
}
