/**
 * Normalisation of the vehicle record's fields that both formats share (the record's shape is
 * schema.ts). Total: whatever a cell holds, a field gets a value of its type.
 */
import { asRecord, asString, clamp } from '../values/coerce';
import { parseJsonColumn, type Warn } from '../values/json-column';
import { optionalNumber } from '../values/optional';
import { plainJson } from '../values/safe-json';
import type { VehicleRecord, VehicleState } from './schema';

/**
 * 0 out, 1 garaged, 2 impounded: esx_garage's `stored` (esx-framework/esx_garage@51c4d247:server/main.lua;
 * older ESX add-ons write true/false, i.e. 1/0) and qb-garages'/qbx_vehicles' `state`
 * (qbcore-framework/qb-garages@a7c974b:server.lua, Qbox-project/qbx_vehicles@7cd0380:server/main.lua
 * `State = { OUT = 0, GARAGED = 1, IMPOUNDED = 2 }`). Anything else, NULL included, is `unknown`:
 * other garages give the column other meanings.
 */
export function vehicleState(value: unknown): VehicleState {
  switch (optionalNumber(value)) {
    case 0:
      return 'out';
    case 1:
      return 'garaged';
    case 2:
      return 'impounded';
    default:
      return 'unknown';
  }
}

/** A stored number within [min, max], or `fallback` when none is stored. */
function bounded(value: unknown, min: number, max: number, fallback: number): number {
  const n = optionalNumber(value);
  return n === undefined ? fallback : clamp(n, min, max);
}

/** Fuel in percent; fuel resources are not all 0–100 (LegacyFuel, ox_fuel), so it is clamped. */
export const fuelLevel = (value: unknown): number => bounded(value, 0, 100, 100);

/** Engine health: −4000…1000 as GetVehicleEngineHealth gives it (citizenfx/natives@4192e98:VEHICLE/GetVehicleEngineHealth.md). */
export const engineHealth = (value: unknown): number => bounded(value, -4000, 1000, 1000);

/** Body health: 0…1000 (citizenfx/natives@4192e98:VEHICLE/GetVehicleBodyHealth.md). */
export const bodyHealth = (value: unknown): number => bounded(value, 0, 1000, 1000);

/** First and last name as one string, the empty parts left out. */
export function fullName(first: unknown, last: unknown): string {
  return [asString(first).trim(), asString(last).trim()].filter((part) => part !== '').join(' ');
}

/** What a row's JSON columns are warned about under: the vehicle's plate. */
export interface VehicleContext {
  plate: string;
  warn: Warn;
}

/** A JSON column of the row as an object, or undefined when absent, unreadable (one warning per plate and column) or not an object. */
export function jsonObject(raw: unknown, column: string, ctx: VehicleContext): Record<string, unknown> | undefined {
  return asRecord(parseJsonColumn(raw, column, { citizen: ctx.plate, kind: 'vehicle', warn: ctx.warn }));
}

/** The stored vehicle properties, carried so that HTTP and the exports give the same value; `{}` when there are none. */
export function vehicleProperties(parsed: Record<string, unknown> | undefined): VehicleRecord['properties'] {
  return parsed ? (plainJson(parsed) as Record<string, unknown>) : {};
}
