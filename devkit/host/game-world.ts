/**
 * The server's view of connected players, for the natives a resource reads live state with:
 * player ids and identifiers, each player's ped (position, heading, health, armour) and player
 * state bags. Tests connect players, move their peds and set state bag values here.
 *
 * Ped natives answer only with OneSync (`onesync` convar `on` or `legacy`): without it the server
 * has no entities, so GetPlayerPed gives 0 and entity natives read nothing (docs.fivem.net
 * docs/scripting-reference/onesync: server-side entity natives need OneSync).
 *
 * State bag values are kept as the msgpack bytes their writer packed, as FXServer keeps them
 * (citizenfx/fivem main.js NewStateBag: `SetStateBagValue(bag, key, msgpack_pack(v), …)`), so each
 * reader unpacks them with its own runtime's rules.
 */

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

export interface PlayerOptions {
  /** The server id; the next free one from 1 when absent. */
  source?: number;
  name?: string;
  /** `type:value` identifiers in the order GetPlayerIdentifier lists them, e.g. `license:…`. */
  identifiers?: string[];
  coords?: Vec3;
  heading?: number;
  health?: number;
  armour?: number;
}

interface Ped {
  handle: number;
  coords: Vec3;
  heading: number;
  health: number;
  armour: number;
}

export interface ConnectedPlayer {
  source: number;
  name: string;
  identifiers: string[];
  ped: Ped;
}

/** Native vector components are float32. */
const float32 = (v: number) => Math.fround(v);

export class GameWorld {
  private readonly players = new Map<number, ConnectedPlayer>();
  private readonly bags = new Map<string, Map<string, Uint8Array>>();
  private nextPed = 0x10a02;

  constructor(private readonly convar: (name: string) => string | undefined) {}

  private get oneSync(): boolean {
    const value = this.convar('onesync');
    return value === 'on' || value === 'legacy';
  }

  connect(options: PlayerOptions = {}): ConnectedPlayer {
    let source = options.source ?? 1;
    if (options.source === undefined) while (this.players.has(source)) source++;
    if (this.players.has(source)) throw new Error(`player ${source} is already connected`);
    this.nextPed += 0x103;
    const player: ConnectedPlayer = {
      source,
      name: options.name ?? `player${source}`,
      identifiers: options.identifiers ?? [`license:${source.toString(16).padStart(40, '0')}`],
      ped: {
        handle: this.nextPed,
        coords: { x: 0, y: 0, z: 0 },
        heading: 0,
        health: options.health ?? 200,
        armour: options.armour ?? 0,
      },
    };
    this.players.set(source, player);
    this.movePed(source, options.coords ?? { x: -1035.71, y: -2731.87, z: 12.86 }, options.heading ?? 0);
    return player;
  }

  /** The player left: his ped and his player state bag go with him. */
  disconnect(source: number): void {
    this.players.delete(source);
    this.bags.delete(`player:${source}`);
  }

  player(source: unknown): ConnectedPlayer | undefined {
    const id = Number(source);
    return Number.isInteger(id) ? this.players.get(id) : undefined;
  }

  movePed(source: number, coords: Vec3, heading?: number): void {
    const ped = this.requirePlayer(source).ped;
    ped.coords = { x: float32(coords.x), y: float32(coords.y), z: float32(coords.z) };
    if (heading !== undefined) ped.heading = float32(heading);
  }

  setPedHealth(source: number, health: number, armour?: number): void {
    const ped = this.requirePlayer(source).ped;
    ped.health = health;
    if (armour !== undefined) ped.armour = armour;
  }

  private requirePlayer(source: number): ConnectedPlayer {
    const player = this.players.get(source);
    if (!player) throw new Error(`player ${source} is not connected`);
    return player;
  }

  // ---- natives ----------------------------------------------------------------------------------

  /** GET_PLAYERS: the server ids as strings, as GetPlayerFromIndex gives them. */
  playerIds(): string[] {
    return [...this.players.keys()].map(String);
  }

  /** GET_PLAYER_PED: the ped handle, 0 for no such player or without OneSync. */
  playerPed(source: unknown): number {
    const player = this.player(source);
    return player && this.oneSync ? player.ped.handle : 0;
  }

  private ped(handle: unknown): Ped | undefined {
    if (!this.oneSync) return undefined;
    for (const player of this.players.values()) if (player.ped.handle === Number(handle)) return player.ped;
    return undefined;
  }

  entityExists(handle: unknown): boolean {
    return this.ped(handle) !== undefined;
  }

  /** GET_ENTITY_COORDS: the origin for an entity that does not exist. */
  entityCoords(handle: unknown): Vec3 {
    return { ...(this.ped(handle)?.coords ?? { x: 0, y: 0, z: 0 }) };
  }

  entityHeading(handle: unknown): number {
    return this.ped(handle)?.heading ?? 0;
  }

  entityHealth(handle: unknown): number {
    return this.ped(handle)?.health ?? 0;
  }

  pedArmour(handle: unknown): number {
    return this.ped(handle)?.armour ?? 0;
  }

  stateBagValue(bag: string, key: string): Uint8Array | undefined {
    return this.bags.get(bag)?.get(key);
  }

  setStateBagValue(bag: string, key: string, bytes: Uint8Array): void {
    let values = this.bags.get(bag);
    if (!values) {
      values = new Map();
      this.bags.set(bag, values);
    }
    values.set(key, bytes);
  }
}
