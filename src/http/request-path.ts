/**
 * FXServer hands the handler the raw request target (resource prefix stripped, query kept, nothing
 * decoded). This turns it into path segments by DESIGN.md §2.1: drop the query string, accept one
 * trailing slash, decode each segment once.
 */

export interface PathSegment {
  raw: string;
  /** The percent-decoded text, or null when the segment holds a malformed escape. */
  decoded: string | null;
}

/** The segments of a path, or null when it cannot name any route (`//x`, `.`, `..`, no leading `/`). */
export function parseRequestPath(rawPath: string): PathSegment[] | null {
  let path = rawPath;
  const cut = path.search(/[?#]/);
  if (cut !== -1) path = path.slice(0, cut);
  if (!path.startsWith('/')) return null;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (path === '/') return [];
  const segments: PathSegment[] = [];
  for (const raw of path.slice(1).split('/')) {
    if (raw === '' || raw === '.' || raw === '..') return null;
    let decoded: string | null;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      decoded = null;
    }
    // %2E and %2E%2E are `.` and `..` (RFC 3986 §6.2.2.2): no route either.
    if (decoded === '.' || decoded === '..') return null;
    segments.push({ raw, decoded });
  }
  return segments;
}
