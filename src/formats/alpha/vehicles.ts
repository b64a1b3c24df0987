/**
 * alpha vehicles: ESX `owned_vehicles`, which es_extended never creates: esx_vehicleshop does
 * (owner VARCHAR(22) in 1.1, VARCHAR(40) in 1.2, VARCHAR(60) utf8mb4 from esx_core 1.3.0-final;
 * esx-framework/esx_core `[esx_addons]/esx_vehicleshop/esx_vehicleshop.sql` history), and Legacy's
 * `[SQL]/legacy.sql` from 1.5.0, where esx_garage adds `parking` and `pound`
 * (esx-framework/esx_garage@51c4d247:esx_garage.sql). The only key is PRIMARY KEY(plate): no ESX
 * SQL indexes `owner`, so a citizen's list reads the whole table unless the server owner adds one
 * (preparing says so, with the ALTER TABLE); such a query is bounded by the database's statement
 * timeout.
 */
import type { Row } from '../../db/database';
import type { TableColumn } from '../../db/table-columns';
import { asString } from '../../values/coerce';
import { asModelHash, joaat } from '../../vehicles/joaat';
import { displayPlate } from '../../vehicles/plate';
import { describeModel } from '../../vehicles/catalog';
import { bodyHealth, engineHealth, fuelLevel, fullName, jsonObject, vehicleProperties, vehicleState } from '../../vehicles/fields';
import type { VehicleNormaliseContext, VehicleSource } from '../../vehicles/prepare';
import type { VehicleRecord } from '../../vehicles/schema';
import { quoteIdentifier } from '../../db/sql';

/** ESX's own default for `type` (`NOT NULL DEFAULT 'car'` in every owned_vehicles since 1.1), for rows or tables without one. */
const DEFAULT_TYPE = 'car';

/**
 * The model of ESX's `vehicle.model`: the game's signed int32 hash (`GetEntityModel`, and
 * `GetHashKey(model)` at purchase: esx_core@1.3.0-final `[esx_addons]/esx_vehicleshop/server/main.lua`),
 * stored unsigned by a few writers; a spawn name by others, hashed as the game would.
 */
function modelOf(value: unknown): { name: string; hash: number } {
  const hash = asModelHash(value);
  if (hash !== null) return { name: '', hash };
  const name = asString(value).trim();
  return { name, hash: name === '' ? 0 : joaat(name) };
}

/**
 * The vehicle record of one `owned_vehicles` row (prepareVehicles' columns, the owner's names as
 * `owner_firstname`/`owner_lastname`). Fuel and health come from the stored properties (ESX 1.2+
 * `ESX.Game.GetVehicleProperties`: `fuelLevel`, `engineHealth`, `bodyHealth`), which a car bought
 * and never parked lacks (`{model, plate}` only): their defaults then.
 */
export function normaliseAlphaVehicle(row: Row, ctx: VehicleNormaliseContext): VehicleRecord {
  const plate = displayPlate(asString(row.plate));
  const properties = jsonObject(row.vehicle, 'vehicle', { plate, warn: ctx.warn });
  const { name, hash } = modelOf(properties?.model);
  const model = describeModel(name, hash, ctx.vehicles);
  const state = vehicleState(row.stored);
  return {
    plate,
    owner: asString(row.owner),
    owner_name: fullName(row.owner_firstname, row.owner_lastname),
    model: model.model || name,
    label: model.label,
    model_hash: hash,
    type: asString(row.type) || DEFAULT_TYPE,
    job: asString(row.job),
    state,
    garage: asString(state === 'impounded' ? row.pound : row.parking),
    fuel: fuelLevel(properties?.fuelLevel),
    engine: engineHealth(properties?.engineHealth),
    body: bodyHealth(properties?.bodyHealth),
    fakeplate: '',
    properties: vehicleProperties(properties),
  };
}

/** `users.identifier` as stored: exact (ESX's ids are generated, one spelling each). `LIMIT 1`: essentialmode's `identifier` has no unique key. */
function ownerMatch(key: TableColumn) {
  return { where: `${quoteIdentifier(key.name)} = ?`, order: '', params: (id: string) => [id] };
}

export const ALPHA_VEHICLES_TABLE = 'owned_vehicles';

export const alphaVehicleSource: VehicleSource = {
  table: ALPHA_VEHICLES_TABLE,
  ownerColumn: 'owner',
  read: ['plate', 'owner', 'vehicle', 'type', 'job', 'stored', 'parking', 'pound'],
  ownerTable: 'users',
  ownerKey: 'identifier',
  ownerRead: [
    ['owner_firstname', 'firstname'],
    ['owner_lastname', 'lastname'],
  ],
  ownerMatch,
  normalise: normaliseAlphaVehicle,
};
