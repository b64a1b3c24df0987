/**
 * The shared vehicles list of the framework running beside the resource, for vehicle labels and
 * addon models: qbx_core's `GetVehiclesByName()` (Qbox-project/qbx_core@959b77b:server/main.lua);
 * qb-core's `GetShared('Vehicles')` (2026-05+), else `GetSharedVehicles` (2025-01 to 2026-05),
 * else `GetCoreObject().Shared.Vehicles`. Read as framework-watch.ts says, never per lookup.
 * Without a framework (ESX) the base game's models alone are known.
 */
import { readSharedVehicles, type VehicleCatalog } from '../formats/common/vehicle-catalog';
import { tryExport, watchFrameworkData, type Framework } from './framework-watch';

/** The list as each framework's exports hand it over, read into a catalog. */
const READERS: Record<Framework, () => VehicleCatalog> = {
  qbx_core: () => readSharedVehicles(tryExport('qbx_core', 'GetVehiclesByName')),
  'qb-core': () =>
    readSharedVehicles(
      tryExport('qb-core', 'GetShared', 'Vehicles') ??
        tryExport('qb-core', 'GetSharedVehicles') ??
        (tryExport('qb-core', 'GetCoreObject') as { Shared?: { Vehicles?: unknown } } | undefined)?.Shared?.Vehicles,
    ),
};

export function watchFrameworkVehicles(log: (message: string) => void): () => VehicleCatalog | undefined {
  return watchFrameworkData(READERS, (catalog, framework) => `vehicle list from ${framework}: ${catalog.byName.size} models`, log);
}
