import { asList, asNumber, asRecord, clamp } from '../../values/coerce';
import { namedEntries } from '../../values/named-entries';
import { optionalNumber, optionalString } from '../../values/optional';
import type { BetaItem, BetaItemMetadata } from './schema';

/**
 * ox_inventory stores the durability of an item that decays (`degrade`, in minutes) as its expiry
 * time in Unix seconds, and treats any durability above 100 that way (docs/design.md §7): with `degrade`
 * the record gives the share of the lifetime left, without it 100 until expiry and 0 from then on.
 */
function oxDurability(stored: number, degrade: unknown, nowMs: number): number {
  if (stored <= 100) return clamp(stored, 0, 100);
  const secondsLeft = stored - nowMs / 1000;
  const minutes = optionalNumber(degrade);
  if (minutes === undefined || minutes <= 0) return secondsLeft > 0 ? 100 : 0;
  return clamp((secondsLeft / (minutes * 60)) * 100, 0, 100);
}

function durability(data: Record<string, unknown>, nowMs: number): number | undefined {
  const oxValue = optionalNumber(data.durability);
  if (oxValue !== undefined) return oxDurability(oxValue, data.degrade, nowMs);
  const quality = typeof data.quality === 'object' && data.quality !== null ? lowestUnit(data.quality) : optionalNumber(data.quality);
  return quality === undefined ? undefined : clamp(quality, 0, 100);
}

/**
 * qb-inventory forks that decay each unit of a stack apart store `info.quality` as a list, one value
 * per unit (Lua may write it as a numeric-keyed object). The record gives the lowest: a stack is as
 * good as its worst unit, and that is the value that reaches 0 first.
 */
function lowestUnit(list: unknown): number | undefined {
  // A loop, not Math.min(...values): a stack of 100,000+ units would overflow the call stack.
  let lowest: number | undefined;
  for (const entry of asList(list)) {
    const value = optionalNumber(entry);
    if (value !== undefined && (lowest === undefined || value < lowest)) lowest = value;
  }
  return lowest;
}

/** ox lists item names (Lua may have written the list as a numeric-keyed object); qb lists `{component}`. */
function components(data: Record<string, unknown>): string[] | undefined {
  const names = (list: unknown[]) => list.map((entry) => optionalString(entry)).filter((n): n is string => !!n);
  if (data.components !== undefined) return names(asList(data.components));
  if (data.attachments !== undefined) return names(asList(data.attachments).map((a) => asRecord(a)?.component));
  return undefined;
}

/**
 * ox keeps item data in `metadata`, qb-inventory in `info` (`""` when there is none); ox's
 * `convertqb` copied `info` into `metadata` as it was, so both spellings are read from either.
 * Only the keys the item really has are set: a bread carries none.
 */
function itemMetadata(item: Record<string, unknown>, nowMs: number): BetaItemMetadata {
  const data = asRecord(item.metadata) ?? asRecord(item.info) ?? {};
  const found: BetaItemMetadata = {};
  // No key may hold undefined: FXServer's msgpack cloning of export results would turn it into
  // null. Each key is set only when found, in this order (the record's key order); built this way
  // rather than by filtering Object.entries, which allocated an array per key on every item.
  const itemDurability = durability(data, nowMs);
  if (itemDurability !== undefined) found.durability = itemDurability;
  const ammo = optionalNumber(data.ammo);
  if (ammo !== undefined) found.ammo = Math.max(0, ammo);
  const serial = optionalString(data.serial ?? data.serie);
  if (serial !== undefined) found.serial = serial;
  const registered = optionalString(data.registered);
  if (registered !== undefined) found.registered = registered;
  const names = components(data);
  if (names !== undefined) found.components = names;
  return found;
}

/**
 * Items in slot order. NULL, `''`, `[]` and `{}` are an empty inventory; a sparse Lua table
 * (object with numeric keys) is read as a list. qb-inventory and ox_inventory index a loaded
 * inventory by slot (`inventory[item.slot] = …`), so an entry with no name or no slot never
 * reaches the game and is left out, and where two entries claim one slot the later one wins: the
 * record shows what the player sees in game. ox counts in `count`, qb-inventory in `amount`.
 */
export function normaliseInventory(value: unknown, nowMs: number): BetaItem[] {
  const bySlot = new Map<number, BetaItem>();
  for (const [name, item] of namedEntries(asList(value))) {
    const slot = optionalNumber(item.slot);
    if (slot === undefined) continue;
    bySlot.set(slot, { name, count: asNumber(item.count ?? item.amount), slot, metadata: itemMetadata(item, nowMs) });
  }
  return [...bySlot.values()].sort((a, b) => a.slot - b.slot);
}
