/**
 * The job and gang definitions and the shared vehicles list of the framework running beside the
 * resource (docs/live.md#job-and-gang-definitions), as its generation shares them: read when the
 * watcher finds the framework (at start, and when it starts again) and when it says they changed,
 * never per lookup, as each read packs a whole list through msgpack. Handed to the formats as the
 * framework answered them: a format that uses them reads them itself. Without such a framework
 * (ESX) there are none: the formats' defaults and the base game's models alone apply.
 */
import { asRecord } from '../values/coerce';
import { readSharedVehicles, type VehicleCatalog } from '../vehicles/catalog';
import type { FrameworkGroups } from '../formats/format';
import type { FrameworkContext } from './calls';
import type { Attached, FrameworkWatch } from './watch';

export interface SharedListsOptions {
  watch: FrameworkWatch;
  context: FrameworkContext;
  info(message: string): void;
}

export interface SharedLists {
  groups(): FrameworkGroups | undefined;
  vehicles(): VehicleCatalog | undefined;
}

/** How many definitions a list holds, for the log line. */
const count = (list: unknown): number => Object.keys(asRecord(list) ?? {}).length;

/** The lists, kept up to date by the watcher. */
export function followSharedLists({ watch, context, info }: SharedListsOptions): SharedLists {
  let groups: FrameworkGroups | undefined;
  let vehicles: VehicleCatalog | undefined;
  const read = (attached: Attached | undefined) => {
    const lists = attached?.generation.shared?.(context);
    groups = lists && { jobs: lists.jobs, gangs: lists.gangs };
    vehicles = lists && readSharedVehicles(lists.vehicles);
    if (!attached || !groups || !vehicles) return;
    const name = attached.framework.resource;
    info(`job definitions from ${name}: ${count(groups.jobs)} jobs, ${count(groups.gangs)} gangs`);
    info(`vehicle list from ${name}: ${vehicles.byName.size} models`);
  };
  watch.subscribe({
    // Only the qb family (qbx_core, qb-core) shares lists this resource reads.
    attached: (family, current) => family === 'qb' && read(current),
    sharedChanged: (family, current) => family === 'qb' && read(current),
  });
  return { groups: () => groups, vehicles: () => vehicles };
}
