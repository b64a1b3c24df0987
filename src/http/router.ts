/**
 * Which operation a request path names. The table is the contract's operations
 * (src/contract/operations.ts), each `{format}` path made once per format of the registry. Paths
 * are relative to the resource prefix.
 */
import { forFormat, OPERATIONS, operationFormats, type ContractOperation } from '../contract/operations';
import { FORMATS, type AnyFormat, type FormatName } from '../formats/registry';
import { parseRequestPath, type PathSegment } from './request-path';

export interface RouteMatch {
  operation: ContractOperation;
  /** The format the path names, or null for a format-less operation (/health). */
  format: FormatName | null;
  /** Each path parameter decoded, or null when its escape sequence is malformed (400 with the rule's code). */
  params: Record<string, string | null>;
}

/** Methods every route answers; OPTIONS is the CORS preflight. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

/** One concrete route: an operation's path with the format filled in. */
interface RouteEntry {
  /** As documented: the operation's path with the format's name in place of `{format}`. */
  path: string;
  operation: ContractOperation;
  format: AnyFormat | null;
  /** Each segment: fixed text to match, or the name of the parameter it holds. */
  segments: ReadonlyArray<{ fixed: string } | { parameter: string }>;
}

function entry(operation: ContractOperation, format: AnyFormat | null): RouteEntry {
  const path = format ? forFormat(operation.path, format) : operation.path;
  const segments = path
    .slice(1)
    .split('/')
    .map((segment) => (/^\{\w+\}$/.test(segment) ? { parameter: segment.slice(1, -1) } : { fixed: segment }));
  return { path, operation, format, segments };
}

/** Every route, in the contract's order: each operation, once or once per format. */
export const ROUTES: readonly RouteEntry[] = OPERATIONS.flatMap((operation) =>
  operationFormats(operation, FORMATS).map((format) => entry(operation, format)),
);

function matchEntry(route: RouteEntry, segments: readonly PathSegment[]): RouteMatch | null {
  if (segments.length !== route.segments.length) return null;
  const params: Record<string, string | null> = {};
  for (const [i, expected] of route.segments.entries()) {
    // Fixed segments match after decoding (`%61` is `a`).
    if ('fixed' in expected) {
      if (segments[i].decoded !== expected.fixed) return null;
    } else params[expected.parameter] = segments[i].decoded;
  }
  return { operation: route.operation, format: route.format?.name ?? null, params };
}

export function matchRoute(rawPath: string): RouteMatch | null {
  const segments = parseRequestPath(rawPath);
  if (!segments) return null;
  for (const route of ROUTES) {
    const found = matchEntry(route, segments);
    if (found) return found;
  }
  return null;
}
