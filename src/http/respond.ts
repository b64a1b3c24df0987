/** The HTTP response every route gives. */
import { type Envelope, statusOf } from '../lookup/envelope';
import { errorDeclaration } from '../contract/errors';
import { weakEtag } from './etag';
import type { HttpResponse } from './exchange';

/** The headers every response carries (docs/design.md §2.2). */
export function commonHeaders(requestId: string): Record<string, string> {
  return {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'private, no-cache',
    'X-Content-Type-Options': 'nosniff',
    'X-Request-Id': requestId,
  };
}

export function jsonResponse(status: number, body: unknown, requestId: string, extraHeaders: Record<string, string> = {}): HttpResponse {
  return { status, headers: { ...commonHeaders(requestId), ...extraHeaders }, body: JSON.stringify(body) };
}

/** An envelope as HTTP: its status, and the request id inside a failure so it can be quoted. */
export function envelopeResponse(envelope: Envelope<unknown>, requestId: string, extraHeaders: Record<string, string> = {}): HttpResponse {
  if (envelope.success) return jsonResponse(200, envelope, requestId, extraHeaders);
  // A pause the contract fixes for the code; a computed one (rate_limited) comes in extraHeaders.
  const { retryAfter } = errorDeclaration(envelope.error.code);
  const body = { success: false, error: { ...envelope.error, requestId } };
  const headers = typeof retryAfter === 'number' ? { ...extraHeaders, 'Retry-After': String(retryAfter) } : extraHeaders;
  return jsonResponse(statusOf(envelope), body, requestId, headers);
}

/**
 * Body and validator of each record answer, made once per envelope: a cached or shared lookup
 * hands every request the same envelope object, so its hits skip JSON.stringify and the hash. Weak,
 * so an envelope the cache lets go of takes its body with it.
 */
const recordBodies = new WeakMap<object, { body: string; etag: string }>();

/** A record's 200, with its ETag. */
export function recordResponse(envelope: Envelope<unknown>, requestId: string): HttpResponse {
  let made = recordBodies.get(envelope);
  if (!made) {
    const body = JSON.stringify(envelope);
    made = { body, etag: weakEtag(body) };
    recordBodies.set(envelope, made);
  }
  return { status: 200, headers: { ...commonHeaders(requestId), ETag: made.etag }, body: made.body };
}
