/**
 * The envelope every answer travels in, over HTTP and through the exports alike
 * (docs/design.md §2.2): `{success:true, data}` or `{success:false, error:{code, message[, requestId]}}`.
 */

/** Stable error codes and the HTTP status each one answers with. Consumers switch on the code. */
export const ERROR_STATUS = {
  invalid_id: 400,
  invalid_license: 400,
  unauthorized: 401,
  citizen_not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  internal_error: 500,
  format_unavailable: 501,
  database_unavailable: 503,
  server_busy: 503,
  resource_stopping: 503,
  database_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  requestId?: string;
}

export interface Success<T> {
  success: true;
  data: T;
}

export interface Failure {
  success: false;
  error: ErrorBody;
}

export type Envelope<T> = Success<T> | Failure;

export function ok<T>(data: T): Success<T> {
  return { success: true, data };
}

export function fail(code: ErrorCode, message: string): Failure {
  return { success: false, error: { code, message } };
}

/** The answer of everything still waiting, and of everything asked, once the resource stops. */
export function resourceStopping(): Failure {
  return fail('resource_stopping', 'The resource is stopping; try again once it has restarted.');
}

export function statusOf(envelope: Envelope<unknown>): number {
  return envelope.success ? 200 : ERROR_STATUS[envelope.error.code];
}
