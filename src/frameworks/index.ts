/**
 * The framework room's one entry: the watcher of framework resources, and what follows it (the
 * live source, the shared lists). server.ts wires them; tests pass other natives.
 */
import type { LiveSource, Presence } from '../live/source';
import type { LiveFormat } from '../live/parts';
import type { Natives } from '../natives';
import { createTroubleLog } from './calls';
import { FrameworkLiveSource } from './live-source';
import { followSharedLists, type SharedLists } from './shared-lists';
import { FrameworkWatch } from './watch';

/**
 * How long one framework call that answers a Promise may take. Framework reads are in-memory
 * table lookups; one that waits is stuck on something (a Lua export that yields), and the
 * database record is the answer meanwhile.
 */
export const LIVE_CALL_TIMEOUT_MS = 250;

export interface FrameworksOptions {
  natives: Natives;
  /** The format registry's formats: what each says about its live records, and its stored ids. */
  formats: readonly LiveFormat[];
  /** Convar live_records. */
  liveRecords: boolean;
  warn(message: string): void;
  info(message: string): void;
  timeoutMs?: number;
}

export interface Frameworks extends SharedLists {
  live: LiveSource<Presence>;
}

export function startFrameworks(options: FrameworksOptions): Frameworks {
  const context = { natives: options.natives, timeoutMs: options.timeoutMs ?? LIVE_CALL_TIMEOUT_MS };
  const troubles = createTroubleLog(options.warn);
  const watch = new FrameworkWatch({
    context,
    report: (resource, error) => troubles.report(resource, error),
    restarted: (resource) => troubles.forget(resource),
    stopped: (resource) => options.warn(`live records: ${resource} stopped; records come from the database until it starts again`),
  });
  const live = new FrameworkLiveSource({
    natives: options.natives,
    watch,
    formats: options.formats,
    enabled: options.liveRecords,
    troubles,
    info: options.info,
  });
  const lists = followSharedLists({ watch, context, info: options.info });
  watch.start();
  return { live, groups: lists.groups, vehicles: lists.vehicles };
}
