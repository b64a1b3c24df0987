/**
 * Live records, in terms neither the formats nor the FiveM side own alone: what the framework
 * running beside the resource holds in memory for one online citizen (LiveParts), and what a
 * format says about the citizens it describes (FormatLive). The FiveM side reads LiveParts; each
 * format merges them over its database row, so the merged row goes through the same normaliser and
 * the record keeps its shape. The shapes are those a JS resource receives from the frameworks'
 * exports (docs/live.md): Lua's `{}` arrives as `[]`, a table keyed by slot 1..n as an array
 * shifted by one, any other slot table as an object with string keys.
 */
import type { Position } from '../values/position';

/**
 * The frameworks whose players one format describes: es_extended (`esx`), or qb-core and its
 * successor qbx_core, whose PlayerData has the same layout (`qb`).
 */
export type LiveFamily = 'esx' | 'qb';

/**
 * What es_extended's xPlayer holds. Where the build has `RunStaticPlayerMethod` (1.13+), the
 * answers of the methods its own save calls (Core.SavePlayer, esx-framework/esx_core@c026092
 * `[core]/es_extended/server/functions.lua`): `getAccounts(true)` `{name: money}`, `getJob()`,
 * `getGroup()`, `getInventory(true)` (`{name: count}`, or ox_inventory's `[{name, count, slot,
 * metadata}]`), `getLoadout(true)` `{weapon: {ammo, …}}`, `getMeta()`. On older builds, the
 * xPlayer's fields of those names: accounts and loadout as full lists, the inventory as its full
 * list (or ox_inventory's slot table), metadata absent before Legacy 1.9.
 */
export interface EsxPlayerParts {
  family: 'esx';
  accounts: unknown;
  job: unknown;
  group: unknown;
  inventory: unknown;
  loadout: unknown;
  metadata: unknown;
}

/**
 * What qb-core and qbx_core hold: the player's `PlayerData` (money, charinfo, job, gang,
 * metadata, items), and on Qbox what lives beside it.
 */
export interface QbPlayerParts {
  family: 'qb';
  playerData: Record<string, unknown>;
  /**
   * ox_inventory's items of this player (Qbox, where `PlayerData.items` is `{}`), keyed by slot;
   * null where ox_inventory does not run (the database's items stay); undefined where PlayerData's
   * own `items` hold the inventory (qb-core).
   */
  items?: unknown;
  /** Qbox's player state bag values `hunger`, `thirst`, `stress` (the live ones; PlayerData's lag). */
  state?: Partial<Record<'hunger' | 'thirst' | 'stress', unknown>>;
}

/** Read from the player's ped; only with OneSync, which the server-side ped natives need. */
export interface PedState {
  /** `GetEntityCoords`: where the ped is now. */
  position: Position;
  /** `GetEntityHealth`, 0 to 200 for a player ped. */
  health: number;
  /** `GetPedArmour`, 0 to 100. */
  armour: number;
}

/** One online citizen as the framework holds him now. */
export interface LiveParts {
  /** The framework resource that answered (`es_extended`, `qb-core`, `qbx_core`). */
  framework: string;
  /** The player's server id (his `source`). */
  serverId: number;
  player: EsxPlayerParts | QbPlayerParts;
  /** Null without OneSync, or while the player has no ped (loading screen). */
  ped: PedState | null;
}

/** What a format says about its live records. */
export interface FormatLive {
  family: LiveFamily;
  /** The key an online citizen is kept under, from the identifier his framework holds. */
  key(identifier: string): string;
}

/** A format as the live source sees it: its live records (where it has them) and the stored ids a requested id may name. */
export interface LiveFormat {
  readonly name: string;
  readonly live?: FormatLive;
  /** The format's one rule (FormatDeclaration.idCandidates); each is kept under `live.key` of it. */
  idCandidates(id: string): string[];
}
