/**
 * Job and gang definitions from the framework running beside the resource
 * (docs/live.md#job-and-gang-definitions): qbx_core's `GetJobs`/`GetGangs`; qb-core's
 * `GetShared('Jobs')` (2026-05+), else `GetSharedJobs`/`GetSharedGangs` (2025-01 to 2026-05),
 * else `GetCoreObject().Shared`. Read as framework-watch.ts says, never per lookup, and handed to
 * the formats as the framework answered them: a format that uses them reads them itself.
 */
import { asRecord } from '../formats/common/coerce';
import type { FrameworkGroups } from '../formats/format';
import { tryExport, watchFrameworkData, type Framework } from './framework-watch';

const READERS: Record<Framework, () => FrameworkGroups> = {
  qbx_core: () => ({ jobs: tryExport('qbx_core', 'GetJobs'), gangs: tryExport('qbx_core', 'GetGangs') }),
  'qb-core': () => {
    const jobs = tryExport('qb-core', 'GetShared', 'Jobs') ?? tryExport('qb-core', 'GetSharedJobs');
    const gangs = tryExport('qb-core', 'GetShared', 'Gangs') ?? tryExport('qb-core', 'GetSharedGangs');
    if (jobs !== undefined) return { jobs, gangs };
    const shared = (tryExport('qb-core', 'GetCoreObject') as { Shared?: { Jobs?: unknown; Gangs?: unknown } } | undefined)?.Shared;
    return { jobs: shared?.Jobs, gangs: shared?.Gangs };
  },
};

/** How many definitions a list holds, for the log line. */
const count = (list: unknown): number => Object.keys(asRecord(list) ?? {}).length;

export function watchFrameworkGroups(log: (message: string) => void): () => FrameworkGroups | undefined {
  return watchFrameworkData(
    READERS,
    (g, framework) => `job definitions from ${framework}: ${count(g.jobs)} jobs, ${count(g.gangs)} gangs`,
    log,
  );
}
