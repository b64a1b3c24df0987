/**
 * The envelope every answer travels in, over HTTP and through the exports alike:
 * `{success:true, data}` or `{success:false, error:{code, message[, requestId]}}`. The codes and
 * their statuses are the contract's (src/contract/errors.ts).
 */
import { ERRORS, type ErrorCode } from '../contract/errors';

export type { ErrorCode };

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

/** The 501 of a format switched off by the convar citizen_records:formats, for every room and the feed. */
export function formatDisabled(format: string): Failure {
  return fail('format_unavailable', `Format ${format} is disabled on this server (convar citizen_records:formats).`);
}

export function statusOf(envelope: Envelope<unknown>): number {
  return envelope.success ? 200 : ERRORS[envelope.error.code].status;
}
