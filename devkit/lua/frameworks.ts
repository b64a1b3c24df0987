/**
 * The framework stand-ins (frameworks/*, Lua run by lua-resource.ts) as a test drives them:
 * start one generation under the framework's resource name, log characters in from their
 * database rows (connecting the player to the host's world first, as a real login follows a
 * connection), log them out or drop them, change live values through the framework's own
 * functions, and make its exports fail. README.md in this folder describes each stand-in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FxHost } from '../host/fx-host';
import type { PlayerOptions, Vec3 } from '../host/game-world';
import { LuaResource, manifestScripts, type LuaScript } from './lua-resource';

export type StandinKind =
  | 'es_extended'
  | 'es_extended-pre-1.13'
  | 'qb-core-before-2025-01'
  | 'qb-core-2025-01'
  | 'qb-core-2025-11'
  | 'qb-core-2026-05'
  | 'qbx_core'
  | 'ox_inventory';

interface StandinSpec {
  /** The resource name it runs under: the framework's own. */
  resource: string;
  folder: string;
  config: Record<string, unknown>;
  /** The files of frameworks/common/ it runs before its own scripts. */
  common: readonly string[];
}

/** What every stand-in runs first (faults, JSON decoding). */
const STANDIN = ['standin.lua'];
/** qb-core and qbx_core also share their players' common functions. */
const QB_STANDIN = [...STANDIN, 'qb-player.lua'];

const SPECS: Record<StandinKind, StandinSpec> = {
  es_extended: { resource: 'es_extended', folder: 'es_extended', config: { generation: 'legacy' }, common: STANDIN },
  'es_extended-pre-1.13': { resource: 'es_extended', folder: 'es_extended', config: { generation: 'pre-1.13' }, common: STANDIN },
  'qb-core-before-2025-01': { resource: 'qb-core', folder: 'qb-core', config: { generation: 'before-2025-01' }, common: QB_STANDIN },
  'qb-core-2025-01': { resource: 'qb-core', folder: 'qb-core', config: { generation: '2025-01' }, common: QB_STANDIN },
  'qb-core-2025-11': { resource: 'qb-core', folder: 'qb-core', config: { generation: '2025-11' }, common: QB_STANDIN },
  'qb-core-2026-05': { resource: 'qb-core', folder: 'qb-core', config: { generation: '2026-05' }, common: QB_STANDIN },
  qbx_core: { resource: 'qbx_core', folder: 'qbx_core', config: {}, common: QB_STANDIN },
  ox_inventory: { resource: 'ox_inventory', folder: 'ox_inventory', config: {}, common: STANDIN },
};

const FRAMEWORKS = join(__dirname, 'frameworks');
const commonScripts = (files: readonly string[]): LuaScript[] =>
  files.map((file) => ({ file, code: readFileSync(join(FRAMEWORKS, 'common', file), 'utf8') }));

export type FaultMode = 'throw' | 'hang' | 'garbage';

/** An item as a test adds it: qb-core takes amount/info, ox_inventory and ESX count/metadata. */
export interface StandinItem {
  name: string;
  amount?: number;
  count?: number;
  slot?: number;
  info?: unknown;
  metadata?: unknown;
}

export interface StartOptions {
  /** Extra configuration merged into the stand-in's Standin table (see README.md). */
  config?: Record<string, unknown>;
}

export class Framework {
  private constructor(
    readonly host: FxHost,
    readonly kind: StandinKind,
    private lua: LuaResource,
    private readonly options: StartOptions,
    /** The ox_inventory that holds this framework's items (qbx_core; es_extended with ox). */
    readonly inventory: Framework | null,
  ) {}

  /**
   * Starts stand-in `kind` under its framework's resource name; qbx_core, and es_extended with
   * `config: { customInventory: 'ox' }`, start an ox_inventory stand-in first, which holds the
   * items of the players they load.
   */
  static async start(host: FxHost, kind: StandinKind, options: StartOptions = {}): Promise<Framework> {
    let inventory: Framework | null = null;
    if (kind === 'qbx_core' || options.config?.customInventory === 'ox') inventory = await Framework.start(host, 'ox_inventory');
    return new Framework(host, kind, await Framework.launch(host, kind, options), options, inventory);
  }

  private static launch(host: FxHost, kind: StandinKind, options: StartOptions): Promise<LuaResource> {
    const spec = SPECS[kind];
    const dir = join(FRAMEWORKS, spec.folder);
    const Standin = { ...spec.config, ...options.config };
    return LuaResource.start(host, spec.resource, [...commonScripts(spec.common), ...manifestScripts(dir)], { globals: { Standin } }, dir);
  }

  get name(): string {
    return this.lua.name;
  }

  get resource(): LuaResource {
    return this.lua;
  }

  /**
   * Logs a character in from his database row (as oxmysql hands it over: JSON columns as text):
   * connects the player to the world if `player.source` is not connected yet, then the framework
   * builds its player and fires its load event. Answers the player's server id.
   */
  loadPlayer(row: Record<string, unknown>, player: PlayerOptions = {}): number {
    const connected = player.source !== undefined ? this.host.world.player(player.source) : undefined;
    const source = connected?.source ?? this.host.world.connect(player).source;
    const citizenid = this.call('Standin_load', row, source);
    // ox_inventory loads the players.inventory column once the framework has loaded the player.
    this.inventory?.call('Standin_load', source, row.inventory ?? null, citizenid);
    return source;
  }

  /** The framework logs the player out (its unload event); he stays connected. */
  unloadPlayer(source: number): void {
    this.call('Standin_logout', source);
    this.inventory?.call('Standin_logout', source);
  }

  /** The player leaves the server: playerDropped, the framework forgets him, the world too. */
  dropPlayer(source: number, reason?: string): void {
    this.host.dropPlayer(source, reason);
  }

  setMoney(source: number, account: string, amount: number): void {
    this.call('Standin_setMoney', source, account, amount);
  }

  /** Adds an item where the framework keeps items (qbx_core: its ox_inventory). */
  addItem(source: number, item: StandinItem): void {
    (this.inventory ?? this).call('Standin_addItem', source, item);
  }

  setCuffed(source: number, cuffed: boolean): void {
    this.call('Standin_setCuffed', source, cuffed);
  }

  setMetadata(source: number, key: string, value: unknown): void {
    this.call('Standin_setMetadata', source, key, value);
  }

  setJob(source: number, name: string, grade: number): void {
    this.call('Standin_setJob', source, name, grade);
  }

  /** Puts the player on or off duty through the framework's own function (ESX: setJob with the duty). */
  setDuty(source: number, onDuty: boolean): void {
    this.call('Standin_setDuty', source, onDuty);
  }

  /** qb-core: what its `QBCore:ToggleDuty` net event does (SetJobDuty, then QBCore:Server:SetDuty). */
  toggleDuty(source: number): void {
    this.call('Standin_toggleDuty', source);
  }

  /** How often each of its exports was called since it started, by export name. */
  calls(): Record<string, number> {
    const counts = this.call('Standin_calls');
    return counts && typeof counts === 'object' && !Array.isArray(counts) ? (counts as Record<string, number>) : {};
  }

  /** Moves the player's ped: what GetEntityCoords(GetPlayerPed(source)) answers from now on. */
  movePed(source: number, coords: Vec3, heading?: number): void {
    this.host.world.movePed(source, coords, heading);
  }

  /** What the framework holds for the player, as a JS resource receives it. */
  player(source: number): unknown {
    return this.call('Standin_player', source);
  }

  /**
   * Makes the stand-in's exports fail: 'throw' raises a Lua error, 'hang' never answers,
   * 'garbage' answers `value` (default: a nonsense table); `exports` limits it to those names;
   * null makes them work again.
   */
  fault(mode: FaultMode | null, exports?: string[], value?: unknown): void {
    this.call('Standin_fault', mode, exports ?? null, value ?? null);
  }

  stop(): void {
    this.lua.stop();
  }

  /** Stops and starts it again, as `restart <resource>` does: it holds no players afterwards. */
  async restart(): Promise<void> {
    if (this.lua.running) this.stop();
    this.lua = await Framework.launch(this.host, this.kind, this.options);
  }

  private call(fn: string, ...args: unknown[]): unknown {
    return this.lua.call(fn, ...args);
  }
}
