/**
 * FXServer hands the handler the raw request target (resource prefix stripped, query kept, nothing
 * decoded). This turns it into path segments by docs/design.md §2.1: drop the query string, accept one
 * trailing slash, decode each segment once.
 */

export interface PathSegment {
  raw: string;
  /** The percent-decoded text, or null when the segment holds a malformed escape. */
  decoded: string | null;
}

/** The request target without its query string (and fragment), as every route and log reads it. */
export function pathOnly(rawPath: string): string {
  const cut = rawPath.search(/[?#]/);
  return cut === -1 ? rawPath : rawPath.slice(0, cut);
}

/** The query string of a request target: what follows `?` (up to a fragment), '' when there is none. */
export function queryString(rawPath: string): string {
  const cut = rawPath.search(/[?#]/);
  if (cut === -1 || rawPath[cut] === '#') return '';
  const end = rawPath.indexOf('#', cut);
  return rawPath.slice(cut + 1, end === -1 ? undefined : end);
}

/** The segments of a path, or null when it cannot name any route (`//x`, `.`, `..`, no leading `/`). */
export function parseRequestPath(rawPath: string): PathSegment[] | null {
  let path = pathOnly(rawPath);
  if (!path.startsWith('/')) return null;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (path === '/') return [];
  const segments: PathSegment[] = [];
  for (const raw of path.slice(1).split('/')) {
    if (raw === '') return null;
    let decoded: string | null;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      decoded = null;
    }
    // `.` and `..`, also spelt %2E and %2E%2E (RFC 3986 §6.2.2.2), name no route.
    if (decoded === '.' || decoded === '..') return null;
    segments.push({ raw, decoded });
  }
  return segments;
}
