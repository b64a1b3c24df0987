/**
 * What answers each operation of the contract, and the exports made from it. The HTTP handler and
 * the exports call the same handlers, so a route and its export give the same envelope.
 */
import { forFormat, OPERATIONS, perFormat, type DataOperationId } from '../contract/operations';
import { FORMATS, type FormatName } from '../formats/registry';
import type { Failure } from '../lookup/envelope';
import type { Outcome } from '../lookup/outcome';
import type { HealthReport } from './health';

export interface OperationCall {
  /** The format the route names; null for a format-less operation. */
  format: FormatName | null;
  /**
   * Path parameters by name: over HTTP each decoded segment (null when its %-escapes are
   * malformed), from an export each argument as the caller passed it.
   */
  params: Record<string, unknown>;
  /**
   * The query parameters: over HTTP the raw query string (after `?`; '' when none), from an export
   * the table passed after the path arguments. Only operations that declare query parameters read it.
   */
  query: unknown;
  /** Which way the call came: `query` is a query string over HTTP, a table (whatever was passed) from an export. */
  via: 'http' | 'export';
  /** Names the request in the log line of an internal error (HTTP only). */
  requestId?: string;
}

/** The format of a call to an operation that exists once per format. */
export function formatOf(call: OperationCall): FormatName {
  if (call.format === null) throw new Error('a format-less call reached a per-format operation');
  return call.format;
}

/** The outcome of one call: the envelope, and (for HTTP's X-Record-Source) where a record in it came from. */
export type OperationHandler = (call: OperationCall) => Promise<Outcome>;

export interface Api {
  /** The health report, or resource_stopping once the resource stops. */
  health(): Promise<HealthReport | Failure>;
  /** The OpenAPI document as JSON text (the shipped openapi.json); throws when it cannot be read. */
  openApi(): string;
  /** The renderer of the /docs page (Redoc's standalone bundle); throws when it cannot be read. */
  docsRenderer(): string;
  /** One handler per operation answering `data`. */
  operations: Record<DataOperationId, OperationHandler>;
}

export interface ExportedFunction {
  name: string;
  call(...args: unknown[]): Promise<unknown>;
}

/** Every export of the contract, bound to its handler: path parameters first, then the query table. */
export function exportedFunctions(api: Api): ExportedFunction[] {
  const functions: ExportedFunction[] = [];
  for (const operation of OPERATIONS) {
    if (operation.export === null) continue;
    const { answer, pathParameters, queryParameters } = operation;
    if (answer.kind === 'health') {
      functions.push({ name: operation.export, call: () => api.health() });
      continue;
    }
    if (answer.kind !== 'data') continue;
    const handler = api.operations[operation.id as DataOperationId];
    const bind =
      (format: FormatName | null) =>
      (...args: unknown[]) => {
        const params = Object.fromEntries(pathParameters.map((p, i) => [p.name, args[i]]));
        const query = queryParameters.length > 0 ? args[pathParameters.length] : undefined;
        // An export answers the envelope alone: the contract's `{success, data}`.
        return handler({ format, params, query, via: 'export' }).then((outcome) => outcome.envelope);
      };
    if (perFormat(operation))
      for (const format of FORMATS) functions.push({ name: forFormat(operation.export, format), call: bind(format.name) });
    else functions.push({ name: operation.export, call: bind(null) });
  }
  return functions;
}
