/**
 * The shared vehicles list of the framework running beside the resource, for vehicle labels and
 * addon models: qbx_core's `GetVehiclesByName()` (Qbox-project/qbx_core@959b77b:server/main.lua);
 * qb-core's `GetShared('Vehicles')` (2026-05+), else `GetSharedVehicles` (2025-01 to 2026-05),
 * else `GetCoreObject().Shared.Vehicles`. Read as framework-watch.ts says, never per lookup.
 * Without a framework (ESX) the base game's models alone are known.
 */
import { readSharedVehicles, type VehicleCatalog } from '../formats/common/vehicle-catalog';
import { tryExport, watchFramework, type Framework } from './framework-watch';

const READERS: Record<Framework, () => unknown> = {
  qbx_core: () => tryExport('qbx_core', 'GetVehiclesByName'),
  'qb-core': () =>
    tryExport('qb-core', 'GetShared', 'Vehicles') ??
    tryExport('qb-core', 'GetSharedVehicles') ??
    (tryExport('qb-core', 'GetCoreObject') as { Shared?: { Vehicles?: unknown } } | undefined)?.Shared?.Vehicles,
};

export function watchFrameworkVehicles(log: (message: string) => void): () => VehicleCatalog | undefined {
  let current: VehicleCatalog | undefined;
  watchFramework((framework) => {
    if (!framework) {
      current = undefined;
      return;
    }
    current = readSharedVehicles(READERS[framework]());
    log(`vehicle list from ${framework}: ${current.byName.size} models`);
  });
  return () => current;
}
