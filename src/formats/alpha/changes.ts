/**
 * What change detection reads of ESX's tables (src/formats/changes.ts says how it is used).
 *
 * - `position` is written at every save (es_extended Core.SavePlayer, every 10 minutes and at
 *   drop), so alone it is no change.
 * - The record reads only `health` and `armor` from `metadata` (normalise.ts), which move at every
 *   save too (esx_core `updateHealthAndArmorInMetadata`), beside `lastPlaytime`, which the record
 *   does not read: `metadata` is no change at all.
 * - `last_seen` (`TIMESTAMP NULL ON UPDATE CURRENT_TIMESTAMP`, legacy.sql from ESX 1.8.5) is set at
 *   every change of a row; no ESX SQL indexes it, so rows are polled through it only where the
 *   server owner added the index (`ALTER TABLE users ADD INDEX (last_seen)`); otherwise sweeps.
 * - ESX 1.1/1.2's `user_accounts` and `user_inventory` rows are not watched: a change there alone
 *   is not seen (servers of 2018–2020).
 */
import type { TableColumn, TableIndexes } from '../../db/table-columns';
import type { FormatChanges, WatchedTable } from '../changes';
import type { SelectedColumn } from './query';

export const alphaChanges: FormatChanges = {
  citizens: { ignore: ['position', 'metadata'], remove: {}, changedAt: 'last_seen' },
  // The vehicle route's owner_name is `users.firstname` and `users.lastname` (vehicles.ts).
  vehicles: { ownerMembers: null },
};

/** `users` as prepareAlpha read it. */
export function alphaWatchedTable(options: {
  columns: ReadonlyMap<string, TableColumn>;
  selected: readonly SelectedColumn[];
  indexes: TableIndexes;
  maxColumnBytes: number;
}): WatchedTable | undefined {
  const key = options.columns.get('identifier');
  if (!key) return undefined;
  const { columns, indexes, maxColumnBytes } = options;
  return { table: 'users', key, read: options.selected.map((s) => s.column), columns, indexes, maxColumnBytes };
}
