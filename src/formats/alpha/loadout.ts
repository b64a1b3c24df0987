import { asNumber, asRecord } from '../../values/coerce';
import { compareCodeUnits } from '../../values/compare';
import { readLuaTable } from '../../values/lua-table';
import { namedEntries } from '../../values/named-entries';
import type { AlphaLoadoutItem } from './schema';

/**
 * `users.loadout` (docs/frameworks.md#esx-loadout): ESX 1.1/1.2 saved the full list
 * `[{name, ammo, label, components, tintIndex}]`; v1-final and Legacy save a map keyed by weapon
 * name `{"WEAPON_PISTOL": {"ammo": 42, …}}`; under ox_inventory it is `[]`, weapons being items.
 * ox's `convertesx` leaves the old map in the column while the weapons move into the inventory,
 * so beside a slotted (ox) inventory the loadout is empty whatever the column still holds.
 */
export function normaliseLoadout(stored: unknown, inventoryIsSlotted: boolean): AlphaLoadoutItem[] {
  if (inventoryIsSlotted) return [];
  const table = readLuaTable(stored);
  if (table.kind === 'map') {
    // Key order of a Lua map is not stable between saves; name order is.
    return table.entries
      .map(([name, weapon]) => ({ name, ammo: asNumber(asRecord(weapon)?.ammo) }))
      .sort((a, b) => compareCodeUnits(a.name, b.name));
  }
  return namedEntries(table.items).map(([name, weapon]) => ({ name, ammo: asNumber(weapon.ammo) }));
}
