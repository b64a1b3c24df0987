/**
 * The player's ped, read with the server-side entity natives, which exist only under OneSync
 * (the `onesync` convar `on` or `legacy`); without it the record keeps the database's position.
 * A player still in the loading screen has no ped (GetPlayerPed answers 0).
 */
import type { PedState } from '../live/parts';
import type { Natives } from '../natives';
import { LiveTrouble } from './calls';

/** The `onesync` convar: `on`, `legacy` or `off` (FXServer sets it; '' where it does not exist). */
export function oneSyncEnabled(natives: Natives): boolean {
  const mode = natives.getConvar('onesync').trim().toLowerCase();
  return mode === 'on' || mode === 'legacy';
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** `[x, y, z]` as the JS natives answer a vector, or `{x, y, z}`; null for anything else. */
function coordinates(value: unknown): PedState['position'] | null {
  const [x, y, z] = Array.isArray(value)
    ? value
    : [(value as { x?: unknown })?.x, (value as { y?: unknown })?.y, (value as { z?: unknown })?.z];
  return finite(x) && finite(y) && finite(z) ? { x, y, z } : null;
}

/** The ped's position, health and armour; null while the player has no ped. Throws LiveTrouble. */
export function readPed(natives: Natives, serverId: number): PedState | null {
  let ped: number;
  let state: { position: unknown; health: unknown; armour: unknown };
  try {
    ped = natives.playerPed(serverId);
    if (!ped) return null;
    state = { position: natives.entityCoords(ped), health: natives.entityHealth(ped), armour: natives.pedArmour(ped) };
  } catch (error) {
    throw new LiveTrouble('failed', 'ped natives', error instanceof Error ? error.message : String(error));
  }
  const position = coordinates(state.position);
  if (!position || !finite(state.health) || !finite(state.armour)) {
    throw new LiveTrouble('unreadable', 'ped natives', `ped ${ped} of player ${serverId}`);
  }
  return { position, health: state.health, armour: state.armour };
}
