/**
 * What a stored model hash or spawn name is called: the spawn name, its display name, and (from a
 * framework's list only) its vehicle type. Two sources: the base game's list kept as data
 * (models.json, hashes computed at build time), and the shared vehicles list of a qb-core or
 * qbx_core running beside the resource, which also names the server's addon cars. That list is read
 * through the framework's exports when it starts and when it says it changed (src/fivem), never per
 * lookup, and turned into a VehicleCatalog here once.
 */
import { asRecord, asString } from '../values/coerce';
import { asModelHash, joaat } from './joaat';
import { BASE_MODEL_HASHES } from './model-hashes';
import { BASE_MODELS } from './base-models';

export interface ModelInfo {
  /** Spawn name, e.g. `adder`. */
  model: string;
  /** Display name without brand, e.g. `Adder`; `""` when unknown. */
  label: string;
  /** The framework's vehicle type (`automobile`, `boat`, …); `""` in the base-game list. */
  type: string;
}

export interface VehicleCatalog {
  /** Keyed by lower-case spawn name: joaat ignores case, so the game does too. */
  byName: ReadonlyMap<string, ModelInfo>;
  /** Keyed by the model's signed int32 hash. */
  byHash: ReadonlyMap<number, ModelInfo>;
}

function catalogOf(entries: Iterable<readonly [hash: number, info: ModelInfo]>): VehicleCatalog {
  const byName = new Map<string, ModelInfo>();
  const byHash = new Map<number, ModelInfo>();
  for (const [hash, info] of entries) {
    byName.set(info.model.toLowerCase(), info);
    byHash.set(hash, info);
  }
  return { byName, byHash };
}

let base: VehicleCatalog | undefined;

/** The base game's vehicles, built on first use. */
export function baseCatalog(): VehicleCatalog {
  base ??= catalogOf(BASE_MODELS.map(([model, label], i) => [BASE_MODEL_HASHES[i], { model, label, type: '' }] as const));
  return base;
}

/**
 * A catalog of a framework's shared vehicles list as its exports hand it over: qb-core's
 * `QBCore.Shared.Vehicles` and qbx_core's `GetVehiclesByName()` are objects keyed by spawn name of
 * `{model, name, brand, price, category, type, hash, …}` (qbcore-framework/qb-core@37d3b84:shared/vehicles.lua,
 * Qbox-project/qbx_core@959b77b:shared/vehicles.lua); a list of such entries is read too. `hash` is a
 * number (joaat's signed int) or, in 2021's qb-core, a string of it; without one, joaat of the model.
 * Entries without a model name are skipped: they name nothing a row could hold.
 */
export function readSharedVehicles(list: unknown): VehicleCatalog {
  // A Lua list of entries arrives as an array: its indices are keys that name no model.
  const record: Record<string, unknown> = Array.isArray(list) ? { ...list } : (asRecord(list) ?? {});
  const entries: Array<readonly [number, ModelInfo]> = [];
  for (const key of Object.keys(record)) {
    const entry = asRecord(record[key]);
    if (!entry) continue;
    const model = asString(entry.model) || (/^\d+$/.test(key) ? '' : key);
    if (model === '') continue;
    const info = { model, label: asString(entry.name), type: asString(entry.type) };
    entries.push([asModelHash(entry.hash) ?? joaat(model), info]);
  }
  return catalogOf(entries);
}

/**
 * The model a row names, by spawn name when it has one (QBCore's `vehicle` column) and by hash:
 * the framework's entry first (it knows addon cars, and its own labels), then the base game's.
 * Each field comes from the first source that has it; `""` when none does.
 */
export function describeModel(name: string, hash: number, shared: VehicleCatalog | undefined): ModelInfo {
  const key = name.toLowerCase();
  const fromShared = (name !== '' ? shared?.byName.get(key) : undefined) ?? shared?.byHash.get(hash);
  const catalog = baseCatalog();
  const fromBase = (name !== '' ? catalog.byName.get(key) : undefined) ?? catalog.byHash.get(hash);
  return {
    model: fromShared?.model || fromBase?.model || '',
    label: fromShared?.label || fromBase?.label || '',
    type: fromShared?.type || '',
  };
}
