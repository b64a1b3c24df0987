/** The HTTP response every route gives (DESIGN.md §2.2). */
import { type Envelope, statusOf } from '../api/envelope';
import type { HttpResponse } from './exchange';

/** Codes a client should retry after a pause, with the pause in seconds. */
const RETRY_AFTER_SECONDS: Partial<Record<string, string>> = {
  database_unavailable: '5',
  server_busy: '1',
  resource_stopping: '5',
};

/** The headers every response carries (DESIGN.md §2.2). */
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
  const retryAfter = RETRY_AFTER_SECONDS[envelope.error.code];
  const body = { success: false, error: { ...envelope.error, requestId } };
  return jsonResponse(statusOf(envelope), body, requestId, retryAfter ? { ...extraHeaders, 'Retry-After': retryAfter } : extraHeaders);
}
