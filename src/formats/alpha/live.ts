/**
 * An online ESX citizen: what es_extended holds in memory, put where its save would write it in
 * `users` (accounts, job, job_grade, group, inventory, loadout, metadata; Core.SavePlayer,
 * esx-framework/esx_core@c026092 `[core]/es_extended/server/functions.lua`), and the ped's
 * position, health and armour. Identity (names, date of birth, sex, height) stays from the row:
 * xPlayer's `variables` can hold placeholders esx_identity has not replaced yet. What only the
 * database holds (skin, status, last_property, phone_number, is_dead, disabled) stays too.
 */
import type { Row } from '../../db/database';
import { asRecord, asString } from '../../values/coerce';
import { readLuaTable } from '../../values/lua-table';
import { namedEntries } from '../../values/named-entries';
import type { FormatLive, LiveParts } from '../../live/parts';
import type { AlphaSource } from './normalise';

export const alphaLive: FormatLive = {
  family: 'esx',
  // es_extended keys its players by the identifier exactly as stored (Core.playersByIdentifier).
  key: (identifier) => identifier,
};

const isTable = (value: unknown): boolean => value !== null && typeof value === 'object';

/**
 * `{name: money}`, as `getAccounts(true)` answers; xPlayer's own `accounts` field is the list
 * `[{name, money, label, …}]` it is made from.
 */
function accountsMap(accounts: unknown): Record<string, unknown> {
  const table = readLuaTable(accounts);
  if (table.kind === 'map') return Object.fromEntries(table.entries);
  return Object.fromEntries(namedEntries(table.items).map(([name, account]) => [name, account.money]));
}

/**
 * The inventory as the column holds it. `getInventory(true)` answers the classic map
 * `{name: count}` or ox_inventory's slot list, both the column's own shapes. xPlayer's `inventory`
 * field (builds without RunStaticPlayerMethod) is ox_inventory's slot table, or the classic full
 * list `[{name, count, label, …}]` of every registered item, which has no slots: that one becomes
 * the map the save would write.
 */
function inventoryColumn(inventory: unknown): unknown {
  const table = readLuaTable(inventory);
  if (table.kind === 'map') return inventory;
  const items = namedEntries(table.items);
  if (items.every(([, item]) => item.slot !== undefined)) return inventory;
  return Object.fromEntries(items.map(([name, item]) => [name, item.count]));
}

/**
 * The `users` columns what the framework answered replaces for this online citizen, with their
 * values, or null when it is no xPlayer (the record then comes from the database alone). The
 * lookup of an online citizen by his stored identifier reads only the other columns.
 */
export function alphaLiveColumns(parts: LiveParts): Row | null {
  const { player, ped } = parts;
  if (player.family !== 'esx') return null;
  const job = asRecord(player.job);
  const metadata = asRecord(player.metadata);
  if (!isTable(player.accounts) || !isTable(player.inventory) || !isTable(player.loadout) || !job || asString(job.name) === '') return null;
  // Builds before Legacy 1.9 hold no metadata; a group is a name.
  if ((player.metadata !== undefined && !metadata) || (player.group !== undefined && typeof player.group !== 'string')) return null;

  const columns: Row = {
    accounts: accountsMap(player.accounts),
    job: job.name,
    job_grade: job.grade,
    inventory: inventoryColumn(player.inventory),
    loadout: player.loadout,
  };
  if (player.group !== undefined) columns.group = player.group;
  if (metadata) columns.metadata = metadata;
  if (ped) {
    columns.position = ped.position;
    // What the save itself puts into metadata just before writing it (updateHealthAndArmorInMetadata);
    // the record reads no other metadata key.
    columns.metadata = { health: ped.health, armor: ped.armour };
  }
  return columns;
}

/**
 * The source the alpha normaliser reads for an online citizen: `source.row` (the whole row, or
 * only the columns `live` leaves) with the columns `live` replaces; null when what the framework
 * answered is no xPlayer. Accounts and items from the framework replace ESX 1.1/1.2's
 * `user_accounts`/`user_inventory` rows too.
 */
export function mergeAlphaLive(source: AlphaSource, parts: LiveParts, live = alphaLiveColumns(parts)): AlphaSource | null {
  return live && { row: { ...source.row, ...live } };
}
