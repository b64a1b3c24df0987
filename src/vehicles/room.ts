/**
 * The vehicles room: the vehicle of a plate, and a citizen's vehicles (docs/design.md §2.9). A key
 * lookup where an index of this server's tables serves it; where none does (ESX's
 * `owned_vehicles.owner` has none), the bounded scan under the search cap, decided once per lookup
 * from the tables, and a 504 that names the indexes that would serve it.
 */
import { PLATE_RULE } from '../contract/parameters';
import type { Database } from '../db/database';
import { checkId, noCitizen, type IdRule } from '../lookup/checks';
import { fail, ok } from '../lookup/envelope';
import { metNobody } from '../lookup/looked';
import type { Checked, Room, Runner } from '../lookup/pipeline';
import type { Preparation } from '../lookup/prepared';
import { parsePlate, type PlateQuery } from './plate';
import {
  prepareVehicles,
  type PreparedVehicles,
  type VehicleLookupKind,
  type VehicleLookups,
  type VehicleOptions,
  type VehiclesOf,
} from './prepare';

/** What the vehicles room knows of a format. */
export interface VehicleFormat extends IdRule, VehiclesOf {
  readonly name: string;
  readonly framework: string;
}

/** The vehicle lookups over the format's vehicle source, or the table they miss. */
export function vehiclePreparation(options: VehicleOptions): Preparation<VehicleFormat, PreparedVehicles> {
  return {
    tables: (format) => [format.vehicles.table, format.vehicles.ownerTable],
    prepare: (db: Database, format) => prepareVehicles(db, format, options),
    found: (bound) => 'lookups' in bound,
    label: (format) => `${format.vehicles.table} (${format.framework} vehicles) table`,
  };
}

function usable(formats: Readonly<Record<string, VehicleFormat>>, format: string, bound: PreparedVehicles): Checked<VehicleLookups> {
  if ('lookups' in bound) return { ok: true, value: bound.lookups };
  const why = `Vehicles of format ${format} need the ${bound.missing} table (${formats[format].framework}), which this server's database does not have.`;
  return { ok: false, refused: fail('format_unavailable', why) };
}

/** A key lookup where this server has the indexes the lookup needs, else a bounded scan. */
function runnerFor(kind: VehicleLookupKind): (lookups: VehicleLookups) => Runner {
  return (lookups) => (lookups.missingIndexes[kind].length === 0 ? 'lookup' : 'scan');
}

function noIndexAdvice(lookups: VehicleLookups, kind: VehicleLookupKind): string {
  const missing = lookups.missingIndexes[kind].join(' and ');
  return `no index serves it on this server: ${missing} would make it a key lookup. Try again, or ask the server owner to add it.`;
}

function checkPlate(given: unknown): Checked<PlateQuery> {
  const parsed = parsePlate(given);
  if (parsed.ok) return { ok: true, value: parsed.plate };
  return { ok: false, refused: fail(PLATE_RULE.error, `The plate must be ${PLATE_RULE.wording}: ${parsed.problem}.`) };
}

export interface VehicleRoomOptions {
  formats: Readonly<Record<string, VehicleFormat>>;
}

/** The vehicle of a plate (matched ignoring case and spacing), with its owner's name. */
export function plateRoom(options: VehicleRoomOptions): Room<PlateQuery, PreparedVehicles, VehicleLookups> {
  return {
    input: (_format, given) => checkPlate(given),
    // Keyed by the plate as typed: the spelling typed is preferred among rows sharing a plate.
    key: (plate) => `plate\u0000${plate.typed}`,
    what: (plate) => `lookup of plate ${plate.typed}`,
    runner: runnerFor('byPlate'),
    usable: (format, bound) => usable(options.formats, format, bound),
    scanStopped: (plate, lookups) => ({ subject: `The lookup of plate ${plate.typed}`, advice: noIndexAdvice(lookups, 'byPlate') }),
    async answer({ format, input: plate, tables, execute }) {
      const record = await tables.byPlate(plate, execute);
      return metNobody(
        record === null ? fail('vehicle_not_found', `No vehicle with plate ${plate.typed} exists in format ${format}.`) : ok(record),
      );
    },
  };
}

/** A citizen's vehicles ordered by plate; 404 for an unknown citizen, `[]` for one without vehicles. */
export function citizenVehiclesRoom(options: VehicleRoomOptions): Room<string, PreparedVehicles, VehicleLookups> {
  return {
    input: (format, given) => checkId(options.formats[format], given),
    key: (id) => `vehicles\u0000${id}`,
    what: (id) => `vehicles of ${id}`,
    runner: runnerFor('byCitizen'),
    usable: (format, bound) => usable(options.formats, format, bound),
    scanStopped: (id, lookups) => ({ subject: `Listing the vehicles of ${id}`, advice: noIndexAdvice(lookups, 'byCitizen') }),
    async answer({ format, input: id, tables, execute }) {
      const list = await tables.byCitizen(id, execute);
      return metNobody(list === null ? noCitizen(format, id) : ok(list));
    },
  };
}
