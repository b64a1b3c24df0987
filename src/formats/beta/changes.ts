/**
 * What change detection reads of QBCore's and Qbox's tables (src/formats/changes.ts says how it
 * is used).
 *
 * - `position` and `last_updated` move at every save (qb-core saves every online player every 5
 *   minutes, Qbox too): alone they are no change.
 * - `metadata.health` (Qbox) and `metadata.armor` are the ped's, written at every save; removed
 *   from `metadata` before hashing where it is valid JSON.
 * - `last_updated` (`TIMESTAMP … ON UPDATE current_timestamp()`, `KEY last_updated` in qb-core's
 *   and Qbox's SQL and the 2021 recipe) is set at every change of a row: rows are polled through
 *   it where the index is there.
 */
import type { TableColumn, TableIndexes } from '../../db/table-columns';
import type { FormatChanges, WatchedTable } from '../changes';
import { PLAYERS_TABLE, READ_COLUMNS } from './query';

export const betaChanges: FormatChanges = {
  citizens: { ignore: ['position', 'last_updated'], remove: { metadata: ['health', 'armor'] }, changedAt: 'last_updated' },
  // The vehicle route's owner_name is made of `charinfo.firstname` and `charinfo.lastname` (vehicles.ts).
  vehicles: { ownerMembers: ['firstname', 'lastname'] },
};

/** `players` as prepareBeta read it: the columns buildCitizenQuery reads. */
export function betaWatchedTable(options: {
  columns: ReadonlyMap<string, TableColumn>;
  indexes: TableIndexes;
  maxColumnBytes: number;
}): WatchedTable | undefined {
  const { columns, indexes, maxColumnBytes } = options;
  const key = columns.get('citizenid');
  if (!key) return undefined;
  const names = ['id', '#', ...READ_COLUMNS, 'last_updated'];
  const read = names.flatMap((name) => columns.get(name) ?? []);
  return { table: PLAYERS_TABLE, key, read, columns, indexes, maxColumnBytes };
}
