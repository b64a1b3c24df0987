/**
 * beta vehicles: QBCore/Qbox `player_vehicles`, which qb-core never creates: the txAdmin recipe
 * did first (2021: `#` and `steam` columns, qbcore-framework/txAdminRecipe@83e3f1d:qbcore.sql; later
 * `id`/`license`, the finance columns, and at HEAD `plate VARCHAR(8)`), then qb-garages and
 * qb-vehicleshop (with or without a unique plate: qbcore-framework/qb-garages@5c72303:database.sql,
 * @8c9299f:player_vehicles.sql), and Qbox's qbx_vehicles (unique plate, ox_lib properties:
 * Qbox-project/qbx_vehicles@7cd0380:vehicles.sql). Every shape indexes `plate` and `citizenid`.
 */
import type { Row } from '../../db/database';
import { asString } from '../../values/coerce';
import { asModelHash, joaat } from '../../vehicles/joaat';
import { displayPlate } from '../../vehicles/plate';
import { describeModel } from '../../vehicles/catalog';
import { bodyHealth, engineHealth, fuelLevel, fullName, jsonObject, vehicleProperties, vehicleState } from '../../vehicles/fields';
import type { VehicleNormaliseContext, VehicleSource } from '../../vehicles/prepare';
import type { VehicleRecord } from '../../vehicles/schema';
import { citizenIdMatch } from './citizen-id-match';

/**
 * The model hash of a row: `hash`, a string of the signed int32 (`GetHashKey(vehicle)` in
 * qb-vehicleshop@2e1bcff:server.lua, `props.model` in qbx_vehicles), else joaat of the `vehicle`
 * spawn name, else the properties' `model`; 0 when none is stored.
 */
function modelHash(row: Row, vehicle: string, mods: Record<string, unknown> | undefined): number {
  return asModelHash(row.hash) ?? (vehicle !== '' ? joaat(vehicle) : (asModelHash(mods?.model) ?? 0));
}

/**
 * The vehicle record of one `player_vehicles` row (prepareVehicles' columns, the owner's
 * `charinfo` as `owner_charinfo`). `state` alone decides the state: `depotprice` is not read, as
 * Qbox sets it on every spawn (qbx_garages@969c29d:server/spawn-vehicle.lua) and QBCore's depot is
 * state 0 with a fee (qb-garages@a7c974b:server.lua), i.e. `out`.
 */
export function normaliseBetaVehicle(row: Row, ctx: VehicleNormaliseContext): VehicleRecord {
  const plate = displayPlate(asString(row.plate));
  const context = { plate, warn: ctx.warn };
  const mods = jsonObject(row.mods, 'mods', context);
  const charinfo = jsonObject(row.owner_charinfo, 'players.charinfo', context);
  const vehicle = asString(row.vehicle).trim();
  const hash = modelHash(row, vehicle, mods);
  const model = describeModel(vehicle, hash, ctx.vehicles);
  return {
    plate,
    owner: asString(row.citizenid),
    owner_name: fullName(charinfo?.firstname, charinfo?.lastname),
    model: vehicle || model.model,
    label: model.label,
    model_hash: hash,
    type: model.type,
    job: '',
    state: vehicleState(row.state),
    garage: asString(row.garage),
    fuel: fuelLevel(row.fuel),
    engine: engineHealth(row.engine),
    body: bodyHealth(row.body),
    fakeplate: asString(row.fakeplate).trim(),
    properties: vehicleProperties(mods),
  };
}

export const BETA_VEHICLES_TABLE = 'player_vehicles';

export const betaVehicleSource: VehicleSource = {
  table: BETA_VEHICLES_TABLE,
  ownerColumn: 'citizenid',
  read: ['plate', 'citizenid', 'vehicle', 'hash', 'mods', 'fakeplate', 'garage', 'fuel', 'engine', 'body', 'state'],
  ownerTable: 'players',
  ownerKey: 'citizenid',
  ownerRead: [['owner_charinfo', 'charinfo']],
  ownerMatch: citizenIdMatch,
  normalise: normaliseBetaVehicle,
};
