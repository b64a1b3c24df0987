/** Which route a request path names. Paths are relative to the resource prefix. */
import type { FormatName } from '../formats/format';
import { parseRequestPath } from './request-path';

export type Route =
  | { kind: 'health' }
  | {
      kind: 'citizen';
      format: FormatName;
      /** The decoded id, or null when its escape sequence is malformed (400 invalid_id). */
      id: string | null;
    };

const FORMATS: readonly FormatName[] = ['alpha', 'beta'];

/** Methods every route answers; OPTIONS is the CORS preflight. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

export function matchRoute(rawPath: string): Route | null {
  const segments = parseRequestPath(rawPath);
  if (!segments) return null;
  const fixed = segments.map((s) => s.decoded);
  if (fixed.length === 1 && fixed[0] === 'health') return { kind: 'health' };
  if (segments.length === 3 && FORMATS.includes(fixed[0] as FormatName) && fixed[1] === 'citizens') {
    return { kind: 'citizen', format: fixed[0] as FormatName, id: segments[2].decoded };
  }
  return null;
}
