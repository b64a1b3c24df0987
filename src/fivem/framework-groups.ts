/**
 * Job and gang definitions from the framework running beside the resource
 * (docs/live.md#job-and-gang-definitions): qbx_core's `GetJobs`/`GetGangs`; qb-core's
 * `GetShared('Jobs')` (2026-05+), else `GetSharedJobs`/`GetSharedGangs` (2025-01 to 2026-05),
 * else `GetCoreObject().Shared`. Read as framework-watch.ts says, never per lookup.
 */
import { readCatalog, type GroupCatalogs } from '../formats/beta/group-catalog';
import { tryExport, watchFrameworkData, type Framework } from './framework-watch';

const READERS: Record<Framework, () => { jobs: unknown; gangs: unknown }> = {
  qbx_core: () => ({ jobs: tryExport('qbx_core', 'GetJobs'), gangs: tryExport('qbx_core', 'GetGangs') }),
  'qb-core': () => {
    const jobs = tryExport('qb-core', 'GetShared', 'Jobs') ?? tryExport('qb-core', 'GetSharedJobs');
    const gangs = tryExport('qb-core', 'GetShared', 'Gangs') ?? tryExport('qb-core', 'GetSharedGangs');
    if (jobs !== undefined) return { jobs, gangs };
    const shared = (tryExport('qb-core', 'GetCoreObject') as { Shared?: { Jobs?: unknown; Gangs?: unknown } } | undefined)?.Shared;
    return { jobs: shared?.Jobs, gangs: shared?.Gangs };
  },
};

export function watchFrameworkGroups(log: (message: string) => void): () => GroupCatalogs | undefined {
  const catalogs = (framework: Framework) => (): GroupCatalogs => {
    const { jobs, gangs } = READERS[framework]();
    return { jobs: readCatalog(jobs), gangs: readCatalog(gangs) };
  };
  return watchFrameworkData(
    { qbx_core: catalogs('qbx_core'), 'qb-core': catalogs('qb-core') },
    (c, framework) => `job definitions from ${framework}: ${c.jobs.size} jobs, ${c.gangs.size} gangs`,
    log,
  );
}
