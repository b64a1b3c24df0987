/**
 * A small FXServer behind the natives (src/natives), for the framework room's unit tests:
 * resources with exports, synchronous events with `source`, players with peds and state bags, and
 * the `onesync` convar. Exports fail as FXServer's JS exports proxy fails: `No such export …` at
 * access when the resource or export is missing. Values are handed over as the tests write them,
 * in the shapes a JS resource receives from Lua (docs/live.md); the integration suites run the
 * same paths through real Lua stand-ins. What the framework room does not use throws.
 */
import type { AnyFunction, Natives } from '../src/natives';

interface FakePed {
  coords: unknown;
  health: unknown;
  armour: unknown;
}

export class FakeNatives implements Natives {
  readonly states = new Map<string, string>();
  readonly exported = new Map<string, Map<string, AnyFunction>>();
  readonly calls: string[] = [];
  readonly listeners = new Map<string, Array<(...args: never[]) => unknown>>();
  readonly peds = new Map<number, FakePed>();
  readonly bags = new Map<string, unknown>();
  players: string[] = [];
  oneSync = 'on';
  /** Throws from the ped natives when set. */
  pedFailure: Error | null = null;
  private source: unknown = null;

  /** Starts (or restarts) a resource with these exports; each call is counted in `calls`. */
  start(resource: string, exports: Record<string, AnyFunction>): void {
    this.states.set(resource, 'started');
    this.exported.set(resource, new Map(Object.entries(exports)));
    this.emitEvent('onServerResourceStart', resource);
  }

  stop(resource: string): void {
    this.states.set(resource, 'stopped');
    this.exported.delete(resource);
    this.emitEvent('onServerResourceStop', resource);
  }

  /** Calls made to `resource.export`, e.g. `qb-core.GetPlayer`. */
  count(call: string): number {
    return this.calls.filter((c) => c === call).length;
  }

  resourceState(resource: string): string {
    return this.states.get(resource) ?? 'missing';
  }

  resourceExport(resource: string, name: string): AnyFunction {
    const fn = this.exported.get(resource)?.get(name);
    if (!fn) throw new Error(`No such export ${name} in resource ${resource}`);
    return (...args: unknown[]) => {
      this.calls.push(`${resource}.${name}`);
      return fn(...args);
    };
  }

  onEvent(event: string, listener: (...args: never[]) => unknown): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }

  emitEvent(event: string, ...args: unknown[]): void {
    this.emitFrom(null, event, ...args);
  }

  /** An event as a player's action makes it: `source` is his server id (a string, as from Lua). */
  emitFrom(source: unknown, event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      this.source = source;
      try {
        (listener as AnyFunction)(...args);
      } finally {
        this.source = null;
      }
    }
  }

  eventSource(): unknown {
    return this.source;
  }

  connectedPlayers(): string[] {
    return this.players;
  }

  getConvar(name: string): string {
    return name === 'onesync' ? this.oneSync : '';
  }

  playerPed(serverId: number): number {
    this.calls.push('GetPlayerPed');
    if (this.pedFailure) throw this.pedFailure;
    return this.peds.has(serverId) ? 1000 + serverId : 0;
  }

  private ped(entity: number): FakePed {
    const ped = this.peds.get(entity - 1000);
    // Only entities playerPed answered reach here: another is a mistake of the test.
    if (!ped) throw new Error(`no ped is entity ${entity}`);
    return ped;
  }

  entityCoords(entity: number): unknown {
    return this.ped(entity).coords;
  }

  entityHealth(entity: number): number {
    return this.ped(entity).health as number;
  }

  pedArmour(ped: number): number {
    return this.ped(ped).armour as number;
  }

  stateBagValue(bag: string, key: string): unknown {
    return this.bags.get(`${bag}.${key}`) ?? null;
  }

  setHttpHandler(): never {
    throw new Error('not used by the framework room');
  }

  registerExport(): never {
    throw new Error('not used by the framework room');
  }

  currentResourceName(): string {
    return 'citizen_records';
  }

  resourceVersion(): string {
    return '';
  }

  loadResourceFile(): null {
    return null;
  }

  /** Nowhere to write: the live-record units save nothing. */
  saveResourceFile(): boolean {
    return false;
  }
}
