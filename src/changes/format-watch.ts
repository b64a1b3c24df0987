/**
 * One format's detection as the feed asks for it (watch.ts): its citizens' and vehicles' tables,
 * each swept (and the citizens' polled where an index leads with their change column) by
 * src/changes/detect, their kept hashes and poll time together as the format's kept data.
 */
import type { ChangeKind } from '../contract/changes';
import type { StatementRunner } from '../db/database';
import type { FormatChanges, WatchedTable } from '../formats/changes';
import type { VehicleLookups } from '../vehicles/prepare';
import {
  citizenWatch,
  emptyKept,
  hasId,
  keptFrom,
  keptIds,
  pollTable,
  readDialect,
  sweepTable,
  vehicleWatch,
  type Change,
  type Dialect,
  type Kept,
  type SortedIds,
  type TableWatch,
} from './detect';
import type { Detection, FormatWatch } from './watch';

/** What change detection watches of a format, as its prepare read it; null where a table is missing. */
export interface WatchedTables {
  citizens: WatchedTable | null;
  vehicles: VehicleLookups['watched'] | null;
}

/** What the format's data kept holds per table: its hashes, and for the citizens the time of the last poll. */
interface TablesKept {
  citizen: { kept: Kept; since: number | null };
  vehicle: { kept: Kept; since: number | null };
}

export interface FormatWatchOptions {
  /** The format's tables as its prepare read them (the lookups' own, so nothing is inspected twice). */
  tables(): Promise<WatchedTables>;
  changes: FormatChanges;
  /** The bounded scan: statements the database stops at search_timeout_ms. */
  run: StatementRunner;
}

/** What a pass returned, as it is (its Kept values shared, so an idle sweep keeps the same objects). */
const produced = new WeakSet<TablesKept>();

/** The kept data of a pass, or, read back from the state file, checked table by table (a table that is not: kept afresh). */
function tablesKept(kept: unknown): TablesKept {
  if (produced.has(kept as TablesKept)) return kept as TablesKept;
  const saved = (kept ?? {}) as Partial<Record<ChangeKind, { kept?: unknown; since?: unknown }>>;
  const one = (kind: ChangeKind) => ({
    kept: keptFrom(saved[kind]?.kept) ?? emptyKept(),
    since: typeof saved[kind]?.since === 'number' ? (saved[kind]?.since as number) : null,
  });
  return { citizen: one('citizen'), vehicle: one('vehicle') };
}

export function formatWatch(options: FormatWatchOptions): FormatWatch {
  const { run } = options;
  let dialect: Dialect | null = null;
  const ids = new WeakMap<Kept, SortedIds>();

  /** The watch of each table this server has, and the dialect (read once). */
  async function prepare(): Promise<{ watches: Partial<Record<ChangeKind, TableWatch>>; dialect: Dialect } | { error: string }> {
    const tables = await options.tables();
    if (dialect === null) {
      const read = await readDialect({ run });
      if ('error' in read) return { error: read.error.message };
      dialect = read.dialect;
    }
    const watches: Partial<Record<ChangeKind, TableWatch>> = {};
    if (tables.citizens) watches.citizen = citizenWatch({ table: tables.citizens, changes: options.changes.citizens });
    if (tables.vehicles) watches.vehicle = vehicleWatch({ tables: tables.vehicles, changes: options.changes.vehicles });
    return { watches, dialect };
  }

  async function pass(kept: unknown, mode: 'sweep' | 'poll'): Promise<Detection> {
    const prepared = await prepare();
    if ('error' in prepared) return prepared;
    const before = tablesKept(kept);
    const next = { ...before };
    const changes: Change[] = [];
    for (const kind of ['citizen', 'vehicle'] as const) {
      const watch = prepared.watches[kind];
      if (!watch) continue;
      const { since } = next[kind];
      // A poll reads rows changed since the last one; the first only reads the clock, before the first sweep, so nothing falls between.
      if (watch.changedAt !== null && (mode === 'poll' || since === null)) {
        const polled = await pollTable({ run, watch, dialect: prepared.dialect, kept: next[kind].kept, since });
        if ('error' in polled) return { error: polled.error.message };
        next[kind] = { kept: polled.kept, since: polled.since };
        changes.push(...polled.changes);
      }
      if (mode === 'poll') continue;
      const swept = await sweepTable({ run, watch, dialect: prepared.dialect, kept: next[kind].kept });
      if ('error' in swept) return { error: swept.error.message };
      next[kind] = { kept: swept.kept, since: next[kind].since };
      changes.push(...swept.changes);
    }
    produced.add(next);
    keepIdLists(before, next, changes);
    return { kept: next, changes };
  }

  /**
   * Carries each table's snapshot id list over to the data a pass kept when the pass changed no
   * id's presence (no delete, no id new to the list): rows saved while a consumer walks a snapshot
   * of 100,000 would otherwise have the list sorted again at every poll that saw one.
   */
  function keepIdLists(before: TablesKept, after: TablesKept, changes: readonly Change[]): void {
    for (const kind of ['citizen', 'vehicle'] as const) {
      const list = ids.get(before[kind].kept);
      if (!list || after[kind].kept === before[kind].kept) continue;
      const same = changes.every((change) => change.kind !== kind || (change.op === 'upsert' && hasId(list, change.id)));
      if (same) ids.set(after[kind].kept, list);
    }
  }

  return {
    sweep: (kept) => pass(kept, 'sweep'),
    poll: (kept) => pass(kept, 'poll'),
    ids(kept, kind) {
      const table = tablesKept(kept)[kind].kept;
      let list = ids.get(table);
      if (!list) {
        list = keptIds(table);
        ids.set(table, list);
      }
      return list;
    },
  };
}
