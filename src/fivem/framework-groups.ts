/**
 * Job and gang definitions from the framework running beside the resource
 * (docs/live.md#job-and-gang-definitions): qbx_core's `GetJobs`/`GetGangs`; qb-core's
 * `GetShared('Jobs')` (2026-05+), else `GetSharedJobs`/`GetSharedGangs` (2025-01 to 2026-05),
 * else `GetCoreObject().Shared`. Read when
 * the resource starts, when the framework (re)starts, and when it says its definitions changed —
 * never per lookup (each read packs the whole list through msgpack).
 */
import { readCatalog, type GroupCatalogs } from '../formats/beta/group-catalog';
import { onEvent, resourceExport, resourceState } from './natives';

type Reader = () => { jobs: unknown; gangs: unknown };

const tryExport = (resource: string, name: string, ...args: unknown[]): unknown => {
  try {
    return resourceExport(resource, name)(...args);
  } catch {
    return undefined;
  }
};

const READERS: Array<[resource: string, read: Reader]> = [
  ['qbx_core', () => ({ jobs: tryExport('qbx_core', 'GetJobs'), gangs: tryExport('qbx_core', 'GetGangs') })],
  [
    'qb-core',
    () => {
      const jobs = tryExport('qb-core', 'GetShared', 'Jobs') ?? tryExport('qb-core', 'GetSharedJobs');
      const gangs = tryExport('qb-core', 'GetShared', 'Gangs') ?? tryExport('qb-core', 'GetSharedGangs');
      if (jobs !== undefined) return { jobs, gangs };
      const shared = (tryExport('qb-core', 'GetCoreObject') as { Shared?: { Jobs?: unknown; Gangs?: unknown } } | undefined)?.Shared;
      return { jobs: shared?.Jobs, gangs: shared?.Gangs };
    },
  ],
];

/** Events after which the definitions are read again. */
const CHANGED = ['QBCore:Server:UpdateObject', 'qbx_core:server:onJobUpdate', 'qbx_core:server:onGangUpdate'];

export function watchFrameworkGroups(log: (message: string) => void): () => GroupCatalogs | undefined {
  let current: GroupCatalogs | undefined;
  const refresh = () => {
    const found = READERS.find(([resource]) => resourceState(resource) === 'started');
    if (!found) {
      current = undefined;
      return;
    }
    const { jobs, gangs } = found[1]();
    current = { jobs: readCatalog(jobs), gangs: readCatalog(gangs) };
    log(`job definitions from ${found[0]}: ${current.jobs.size} jobs, ${current.gangs.size} gangs`);
  };
  refresh();
  onEvent('onServerResourceStart', (name: string) => READERS.some(([r]) => r === name) && refresh());
  onEvent('onServerResourceStop', (name: string) => READERS.some(([r]) => r === name) && refresh());
  for (const event of CHANGED) onEvent(event, refresh);
  return () => current;
}
