/**
 * Asking the resource both ways, as the integration suites compare them: a route over HTTP and the
 * export that answers the same from the `caller` resource. The export names and what each resolves
 * with come from the generated citizen_records.d.ts (written by `npm run build` from src/contract),
 * so a misspelt export, wrong arguments or a field no record has fail to compile, and the suites
 * read the envelope consumers are promised rather than a shape of their own.
 */
import type { CitizenRecordsExports, Envelope, ErrorCode, Failure } from '../citizen_records';
import type { Harness } from './resource-harness';

export type ExportName = keyof CitizenRecordsExports;

/** What export `K` resolves with (its envelope); the route's JSON body is the same, a request id besides. */
export type AnswerOf<K extends ExportName> = Awaited<ReturnType<CitizenRecordsExports[K]>>;

export interface BothWays<T> {
  /** The HTTP status of the route's answer. */
  status: number;
  /** The route's body, parsed. */
  http: T;
  /** What the export resolved with. */
  viaExport: T;
}

/** GET `path` over HTTP, then `exportName(...args)` from the caller resource: both answers and the status. */
export async function bothWays<K extends ExportName>(
  h: Harness,
  path: string,
  exportName: K,
  ...args: Parameters<CitizenRecordsExports[K]>
): Promise<BothWays<AnswerOf<K>>> {
  const response = await h.request(path);
  const viaExport = (await h.callExport(exportName, ...args)) as AnswerOf<K>;
  return { status: response.status, http: JSON.parse(response.body) as AnswerOf<K>, viaExport };
}

/** The data of a success; a failure fails the test, naming its error. */
export function dataOf<T>(envelope: Envelope<T>): T {
  if (envelope.success) return envelope.data;
  throw new Error(`expected a success, got ${envelope.error.code}: ${envelope.error.message}`);
}

/** The error of a failure; a success fails the test. */
export function errorOf(envelope: Envelope<unknown>): Failure['error'] {
  if (!envelope.success) return envelope.error;
  throw new Error(`expected a failure, got a success: ${JSON.stringify(envelope.data).slice(0, 200)}`);
}

/** The error code of a failure, null for a success: for an assertion that names beside it what was asked. */
export function codeOf(envelope: Envelope<unknown>): ErrorCode | null {
  return envelope.success ? null : envelope.error.code;
}

/** The envelope but for the request id, which only HTTP answers carry: what the export gives for the same failure. */
export function withoutRequestId(envelope: Envelope<unknown>): Envelope<unknown> {
  if (envelope.success) return envelope;
  const { requestId: _requestId, ...error } = envelope.error;
  return { ...envelope, error };
}
