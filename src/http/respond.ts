/** Turns an envelope into the HTTP response every route gives (DESIGN.md §2.2). */
import { type Envelope, statusOf } from '../api/envelope';
import type { HttpResponse } from './exchange';

export function jsonResponse(envelope: Envelope<unknown>, requestId: string, extraHeaders: Record<string, string> = {}): HttpResponse {
  if (!envelope.success) envelope.error.requestId = requestId;
  return {
    status: statusOf(envelope),
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'private, no-cache',
      'X-Content-Type-Options': 'nosniff',
      'X-Request-Id': requestId,
      ...extraHeaders,
    },
    body: JSON.stringify(envelope),
  };
}
