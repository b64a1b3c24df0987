/**
 * The lookups behind every operation, shared by the HTTP routes and the exports: each operation is
 * one room's lookup run through the one pipeline (src/lookup/pipeline.ts), so a route and its
 * export give the same answer, with the same validation, limits, cache and error codes. The rooms
 * are src/citizens, src/search, src/vehicles and src/presence; this file only puts them together.
 */
import { citizenPreparation, citizenRoom, licenseRoom, liveContext, type CitizenTables } from '../citizens/rooms';
import type { FormatAvailability } from '../contract/health';
import type { DataOperationId } from '../contract/operations';
import type { ScanningDatabase } from '../db/database';
import { tableLabel, type FormatOptions } from '../formats/format';
import type { AnyFormat, FormatName } from '../formats/registry';
import type { LiveSource } from '../live/source';
import { createDatabaseFailures } from '../lookup/failures';
import type { LookupGate } from '../lookup/gate';
import { unkept, type Outcome } from '../lookup/outcome';
import { runLookup, type LookupHouse, type Room, type Runner } from '../lookup/pipeline';
import { keepPrepared, prepareAll, preparedAvailability, SCHEMA_RECHECK_MS, type PreparedTables } from '../lookup/prepared';
import { answerPresence } from '../presence/presence';
import { searchRoom } from '../search/room';
import { citizenVehiclesRoom, plateRoom, vehiclePreparation } from '../vehicles/room';
import type { PreparedVehicles } from '../formats/common/vehicle-lookup';
import { formatOf, type OperationCall, type OperationHandler } from './handlers';

export interface ServiceOptions {
  db: ScanningDatabase;
  /** Every format of the registry, enabled or not. */
  formats: readonly AnyFormat[];
  enabled: ReadonlySet<FormatName>;
  formatOptions: FormatOptions;
  /**
   * The gate of key lookups (max_in_flight), and of lookups that scan (search_max_in_flight, the
   * same cache): searches, and vehicle lookups no index of this server's tables serves.
   */
  gates: Readonly<Record<Runner, LookupGate>>;
  /** The online citizens and what their framework holds (live records); NO_LIVE_SOURCE where none runs. */
  live: LiveSource;
  /** How long the database may run one scanning statement before it stops it (search_timeout_ms). */
  searchTimeoutMs: number;
  /** Signs the search cursors this run hands out (random per start). */
  cursorSecret: Uint8Array;
  /** Milliseconds, for the pace of looking again for a missing table and of the failure log. */
  now(): number;
  logError(message: string): void;
}

/** What the operations share: the pipeline's house, each room's kept tables, the live source. */
export interface Service {
  readonly options: ServiceOptions;
  readonly house: LookupHouse;
  readonly citizens: PreparedTables<AnyFormat, CitizenTables>;
  readonly vehicles: PreparedTables<AnyFormat, PreparedVehicles>;
  readonly operations: Record<DataOperationId, OperationHandler>;
}

/** The handler of each operation: its room, on its tables, through the pipeline. */
function operationsOf(options: ServiceOptions, house: LookupHouse, citizens: Service['citizens'], vehicles: Service['vehicles']) {
  const formats = Object.fromEntries(options.formats.map((f) => [f.name, f]));
  const live = Object.fromEntries(options.formats.map((f) => [f.name, liveContext(options.live, f.name)]));
  const rooms = { formats, live, wholeRecord: options.live.wholeRecord?.bind(options.live) };
  const missingTable = (format: string) =>
    `Format ${format} needs the ${tableLabel(formats[format])} table, which this server's database does not have.`;
  const through =
    <I, B, T>(room: Room<I, B, T>, tables: PreparedTables<AnyFormat, B>, given: (call: OperationCall) => unknown, liveVersion = false) =>
    (call: OperationCall): Promise<Outcome> => {
      const format = formatOf(call);
      const version = liveVersion ? options.live.version(format) : 0;
      return runLookup({ house, room, tables, format, given: given(call), via: call.via, requestId: call.requestId, liveVersion: version });
    };
  const operations: Record<DataOperationId, OperationHandler> = {
    citizen: through(citizenRoom(rooms), citizens, (call) => call.params.id, true),
    citizensByLicense: through(licenseRoom(rooms), citizens, (call) => call.params.license, true),
    search: through(searchRoom({ cursorSecret: options.cursorSecret, missingTable }), citizens, (call) => call.query),
    vehicle: through(plateRoom({ formats }), vehicles, (call) => call.params.plate),
    citizenVehicles: through(citizenVehiclesRoom({ formats }), vehicles, (call) => call.params.id),
    presence: async (call) =>
      unkept(await answerPresence({ formats, enabled: options.enabled, live: options.live }, formatOf(call), call.params.id)),
  };
  return operations;
}

export function openService(options: ServiceOptions): Service {
  const house: LookupHouse = {
    db: options.db,
    enabled: options.enabled,
    gates: options.gates,
    scanTimeoutMs: options.searchTimeoutMs,
    failures: createDatabaseFailures(options),
  };
  const kept = { db: options.db, formats: options.formats, enabled: options.enabled, now: options.now, logError: options.logError };
  const citizens = keepPrepared<AnyFormat, CitizenTables>({ ...kept, preparation: citizenPreparation(options.formatOptions) });
  const vehicles = keepPrepared<AnyFormat, PreparedVehicles>({ ...kept, preparation: vehiclePreparation(options.formatOptions) });
  return { options, house, citizens, vehicles, operations: operationsOf(options, house, citizens, vehicles) };
}

/**
 * Inspects the tables of every enabled format not known yet; looks again for missing ones, and
 * compares present ones, not looked at within `recheckMs`. Resolves true when every enabled format
 * is known, its citizens and its vehicles.
 */
export async function prepareFormats(service: Service, recheckMs = SCHEMA_RECHECK_MS): Promise<boolean> {
  const [citizensKnown, vehiclesKnown] = await Promise.all([
    prepareAll(service.citizens, recheckMs),
    prepareAll(service.vehicles, recheckMs),
  ]);
  return citizensKnown && vehiclesKnown;
}

/** Where each format's citizens and vehicles stand, for /health. */
export function availability(service: Service): {
  formats: Record<FormatName, FormatAvailability>;
  vehicles: Record<FormatName, FormatAvailability>;
} {
  return {
    formats: preparedAvailability(service.citizens) as Record<FormatName, FormatAvailability>,
    vehicles: preparedAvailability(service.vehicles) as Record<FormatName, FormatAvailability>,
  };
}
