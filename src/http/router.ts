/** Which route a request path names (docs/design.md §2.1). Paths are relative to the resource prefix. */
import type { FormatName } from '../formats/format';
import { parseRequestPath, type PathSegment } from './request-path';

export type RecordRoute =
  | {
      kind: 'citizen';
      format: FormatName;
      /** The decoded id, or null when its escape sequence is malformed (400 invalid_id). */
      id: string | null;
    }
  | {
      kind: 'player-citizens';
      format: FormatName;
      /** The decoded license, or null when its escape sequence is malformed (400 invalid_license). */
      license: string | null;
    };

export type Route = { kind: 'health' } | { kind: 'openapi' } | RecordRoute;

const FORMATS: readonly FormatName[] = ['alpha', 'beta'];

/** Methods every route answers; OPTIONS is the CORS preflight. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

/** One line per route: its path as documented, and how its segments become a Route. */
interface RouteEntry {
  path: string;
  match(segments: readonly PathSegment[], fixed: ReadonlyArray<string | null>): Route | null;
}

export const ROUTES: readonly RouteEntry[] = [
  { path: '/health', match: (s, f) => (s.length === 1 && f[0] === 'health' ? { kind: 'health' } : null) },
  { path: '/openapi.json', match: (s, f) => (s.length === 1 && f[0] === 'openapi.json' ? { kind: 'openapi' } : null) },
  ...FORMATS.map(
    (format): RouteEntry => ({
      path: `/${format}/citizens/{id}`,
      match: (s, f) => (s.length === 3 && f[0] === format && f[1] === 'citizens' ? { kind: 'citizen', format, id: s[2].decoded } : null),
    }),
  ),
  ...FORMATS.map(
    (format): RouteEntry => ({
      path: `/${format}/players/{license}/citizens`,
      match: (s, f) =>
        s.length === 4 && f[0] === format && f[1] === 'players' && f[3] === 'citizens' ? { kind: 'player-citizens', format, license: s[2].decoded } : null,
    }),
  ),
];

export function matchRoute(rawPath: string): Route | null {
  const segments = parseRequestPath(rawPath);
  if (!segments) return null;
  const fixed = segments.map((s) => s.decoded);
  for (const route of ROUTES) {
    const found = route.match(segments, fixed);
    if (found) return found;
  }
  return null;
}
