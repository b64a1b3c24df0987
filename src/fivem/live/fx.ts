/**
 * What live records use of FXServer, as one object: the natives in production (natives.ts), small
 * fakes in the unit tests.
 */
import {
  connectedPlayers,
  emitEvent,
  entityCoords,
  entityHealth,
  eventSource,
  getConvar,
  onEvent,
  pedArmour,
  playerPed,
  resourceExport,
  resourceState,
  stateBagValue,
} from '../natives';

export type AnyFunction = (...args: unknown[]) => unknown;

export interface LiveFx {
  resourceState(resource: string): string;
  /** `exports[resource][name]`; throws `No such export …` when the resource or export is missing. */
  resourceExport(resource: string, name: string): AnyFunction;
  emit(event: string, ...args: unknown[]): void;
  on(event: string, listener: (...args: never[]) => unknown): void;
  /** `source` inside the event handler running now. */
  eventSource(): unknown;
  /** Server ids of the connected players, as strings. */
  connectedPlayers(): string[];
  /** The `onesync` convar: `on`, `legacy` or `off` (FXServer sets it; '' where it does not exist). */
  oneSyncMode(): string;
  playerPed(serverId: number): number;
  entityCoords(entity: number): unknown;
  entityHealth(entity: number): number;
  pedArmour(ped: number): number;
  stateBagValue(bag: string, key: string): unknown;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const FX: LiveFx = {
  resourceState,
  resourceExport,
  emit: emitEvent,
  on: onEvent,
  eventSource,
  connectedPlayers,
  oneSyncMode: () => getConvar('onesync'),
  playerPed,
  entityCoords,
  entityHealth,
  pedArmour,
  stateBagValue,
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
