/**
 * The lookups behind every operation, shared by the HTTP routes and the exports: each operation is
 * one room's lookup run through the one pipeline (src/lookup/pipeline.ts), so a route and its
 * export give the same answer, with the same validation, limits, cache and error codes. The rooms
 * are src/citizens, src/search, src/vehicles and src/presence; this file only puts them together.
 */
import { citizenPreparation, citizenRoom, licenseRoom, liveContext, type CitizenTables } from '../citizens/rooms';
import type { FormatAvailability } from '../contract/health';
import type { ChangeKind } from '../contract/changes';
import type { DataOperationId } from '../contract/operations';
import type { WatchedTables } from '../changes/format-watch';
import type { ScanningDatabase } from '../db/database';
import { tableLabel, type FormatLookups, type FormatOptions } from '../formats/format';
import type { AnyFormat, FormatName } from '../formats/registry';
import type { LiveSource } from '../live/source';
import { createDatabaseFailures } from '../lookup/failures';
import type { LookupGate } from '../lookup/gate';
import { unkept, type Outcome } from '../lookup/outcome';
import { runLookup, type LookupHouse, type Room, type Runner } from '../lookup/pipeline';
import {
  keepPrepared,
  prepareAll,
  preparedAvailability,
  preparedLookups,
  SCHEMA_RECHECK_MS,
  type PreparedTables,
} from '../lookup/prepared';
import { answerPresence } from '../presence/presence';
import { searchRoom } from '../search/room';
import { citizenVehiclesRoom, plateRoom, vehiclePreparation } from '../vehicles/room';
import type { PreparedVehicles, VehicleLookups } from '../vehicles/prepare';
import type { PlateQuery } from '../vehicles/plate';
import type { License } from '../values/license';
import { answerCount, catalogueRoom, membersRoom } from '../rosters/room';
import type { GroupKind } from '../rosters/query';
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

/** The lookup rooms, each declared once and run through the pipeline. */
interface Rooms {
  citizen: Room<string, CitizenTables, FormatLookups<unknown>>;
  license: Room<License, CitizenTables, FormatLookups<unknown>>;
  search: ReturnType<typeof searchRoom>;
  plate: Room<PlateQuery, PreparedVehicles, VehicleLookups>;
  citizenVehicles: Room<string, PreparedVehicles, VehicleLookups>;
  /** Job and gang rosters (src/rosters): each kind's catalogue and members page. */
  catalogue: Record<GroupKind, ReturnType<typeof catalogueRoom>>;
  members: Record<GroupKind, ReturnType<typeof membersRoom>>;
}

/** What the operations share: the pipeline's house, the rooms, each room's kept tables, the live source. */
export interface Service {
  readonly options: ServiceOptions;
  readonly house: LookupHouse;
  readonly rooms: Rooms;
  readonly citizens: PreparedTables<AnyFormat, CitizenTables>;
  readonly vehicles: PreparedTables<AnyFormat, PreparedVehicles>;
}

/** The operations a lookup room answers (the change feed's is wired beside them, in server.ts). */
export type LookupOperationId = Exclude<DataOperationId, 'changes'>;

/** What the rosters' rooms and counts know of the service. */
function rosterOptions(options: ServiceOptions) {
  return {
    labels: Object.fromEntries(options.formats.map((f) => [f.name, f.rosterTables])),
    live: options.live,
    cursorSecret: options.cursorSecret,
  };
}

function roomsOf(options: ServiceOptions): Rooms {
  const formats = Object.fromEntries(options.formats.map((f) => [f.name, f]));
  const live = Object.fromEntries(options.formats.map((f) => [f.name, liveContext(options.live, f.name)]));
  const citizens = { formats, live, wholeRecord: options.live.wholeRecord?.bind(options.live) };
  const missingTable = (format: string) =>
    `Format ${format} needs the ${tableLabel(formats[format])} table, which this server's database does not have.`;
  return {
    citizen: citizenRoom(citizens),
    license: licenseRoom(citizens),
    search: searchRoom({ cursorSecret: options.cursorSecret, missingTable }),
    plate: plateRoom({ formats }),
    citizenVehicles: citizenVehiclesRoom({ formats }),
    catalogue: { job: catalogueRoom(rosterOptions(options), 'job'), gang: catalogueRoom(rosterOptions(options), 'gang') },
    members: { job: membersRoom(rosterOptions(options), 'job'), gang: membersRoom(rosterOptions(options), 'gang') },
  };
}

/** One call's lookup: `room` on `tables`, with the value `given` picks from the call. */
function through<I, B, T>(
  service: Service,
  room: Room<I, B, T>,
  tables: PreparedTables<AnyFormat, B>,
  given: (call: OperationCall) => unknown,
  live = false,
): OperationHandler {
  const { house, options } = service;
  return (call) => {
    const format = formatOf(call);
    const liveVersion = live ? options.live.version(format) : 0;
    return runLookup({ house, room, tables, format, given: given(call), via: call.via, requestId: call.requestId, liveVersion });
  };
}

/** The handler of each lookup operation: its room, on its tables, through the pipeline. */
export function lookupOperations(service: Service): Record<LookupOperationId, OperationHandler> {
  const { rooms, citizens, vehicles, options } = service;
  const presence = { formats: Object.fromEntries(options.formats.map((f) => [f.name, f])), enabled: options.enabled, live: options.live };
  const counting = { ...rosterOptions(options), enabled: options.enabled };
  return {
    citizen: through(service, rooms.citizen, citizens, (call) => call.params.id, true),
    citizensByLicense: through(service, rooms.license, citizens, (call) => call.params.license, true),
    search: through(service, rooms.search, citizens, (call) => call.query),
    vehicle: through(service, rooms.plate, vehicles, (call) => call.params.plate),
    citizenVehicles: through(service, rooms.citizenVehicles, vehicles, (call) => call.params.id),
    presence: async (call) => unkept(await answerPresence(presence, formatOf(call), call.params.id)),
    // A roster depends on who holds what online: its cache key changes with every load, unload, hire and duty toggle.
    jobs: through(service, rooms.catalogue.job, citizens, () => null, true),
    gangs: through(service, rooms.catalogue.gang, citizens, () => null, true),
    jobMembers: through(service, rooms.members.job, citizens, (call) => ({ name: call.params.job, query: call.query }), true),
    gangMembers: through(service, rooms.members.gang, citizens, (call) => ({ name: call.params.gang, query: call.query }), true),
    jobCount: (call) => Promise.resolve(unkept(answerCount({ ...counting, citizens }, 'job', formatOf(call), call.params.job))),
    gangCount: (call) => Promise.resolve(unkept(answerCount({ ...counting, citizens }, 'gang', formatOf(call), call.params.gang))),
  };
}

/**
 * A citizen by id or a vehicle by plate exactly as its route answers it now, never from the cache
 * (the change feed's lookups: an answer cached just before a write would hide it).
 */
export function lookupFresh(service: Service, kind: ChangeKind, format: string, id: string): Promise<Outcome> {
  const { house, rooms, citizens, vehicles, options } = service;
  const asked = { house, format, given: id, via: 'export', fresh: true } as const;
  return kind === 'citizen'
    ? runLookup({ ...asked, room: rooms.citizen, tables: citizens, liveVersion: options.live.version(format) })
    : runLookup({ ...asked, room: rooms.plate, tables: vehicles });
}

/** The format's tables as its citizens' and vehicles' prepare read them, for change detection (nothing is inspected twice). */
export async function watchedTables(service: Service, format: string): Promise<WatchedTables> {
  const [citizens, vehicles] = await Promise.all([preparedLookups(service.citizens, format), preparedLookups(service.vehicles, format)]);
  return { citizens: citizens?.watched ?? null, vehicles: 'lookups' in vehicles ? vehicles.lookups.watched : null };
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
  return { options, house, rooms: roomsOf(options), citizens, vehicles };
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
