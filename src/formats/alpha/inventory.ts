import type { Row } from '../../db/database';
import { asNumber, asString } from '../../values/coerce';
import { compareCodeUnits } from '../../values/compare';
import { readLuaTable } from '../../values/lua-table';
import { namedEntries } from '../../values/named-entries';
import type { AlphaInventoryItem } from './schema';

/**
 * `users.inventory` holds one of two shapes (docs/frameworks.md#esx-inventory): ox_inventory's array of
 * slot items, or the classic ESX map `{name: count}`. A server that moved to ox keeps the old map
 * in a row until that player logs in again, so the shape is read per row, never per server.
 */
export interface AlphaInventory {
  items: AlphaInventoryItem[];
  /** True for ox_inventory's slot array, where weapons are items and the loadout is empty. */
  slotted: boolean;
}

export function normaliseInventory(stored: unknown): AlphaInventory {
  const table = readLuaTable(stored);
  if (table.kind === 'list') return { items: slotItems(table.items), slotted: table.items.length > 0 };
  return { items: mapItems(table.entries), slotted: false };
}

/**
 * ESX 1.1 kept items in the `user_inventory` table, a row per item and player, most of them with
 * count 0 (its loader inserts one for every item the player lacks): read like the classic map.
 */
export function normaliseUserInventory(rows: readonly Row[]): AlphaInventory {
  return { items: mapItems(rows.map((row) => [asString(row.item), row.count])), slotted: false };
}

/**
 * ox_inventory items keep their own slots; every stored item stays, `money` and `black_money`
 * included (docs/design.md §7), even a duplicate slot the game would hide: the record reports the row.
 * Sorted by slot, because the order ox writes them in follows Lua's `pairs()`, not the slots.
 */
function slotItems(items: readonly unknown[]): AlphaInventoryItem[] {
  return namedEntries(items)
    .map(([name, item]) => ({ name, count: asNumber(item.count), slot: asNumber(item.slot) }))
    .sort((a, b) => a.slot - b.slot);
}

/**
 * The classic map has no slots: items are sorted by name and numbered 1..n. ESX saves only
 * counts above 0, so a 0 (or a count that is no number) means the item is not held and takes no
 * slot.
 */
function mapItems(entries: ReadonlyArray<[string, unknown]>): AlphaInventoryItem[] {
  return entries
    .map(([name, count]) => ({ name, count: asNumber(count) }))
    .filter((item) => item.count > 0 && item.name !== '')
    .sort((a, b) => compareCodeUnits(a.name, b.name))
    .map((item, index) => ({ ...item, slot: index + 1 }));
}
