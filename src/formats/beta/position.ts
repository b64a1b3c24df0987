import { asRecord } from '../../values/coerce';
import { toPosition, type Position } from '../../values/position';
import { DEFAULT_POSITION } from './defaults';

/**
 * `{x, y, z}` from `{x,y,z}`, `{x,y,z,a}` (2021) or `{x,y,z,w}` (Qbox, SaveOffline). A row with no
 * position (NULL, unreadable, an empty table) is at qb-core's default spawn, where the game
 * would put the character.
 */
export function normalisePosition(value: unknown): Position {
  const empty = Array.isArray(value) ? value.length === 0 : Object.keys(asRecord(value) ?? {}).length === 0;
  return empty ? { ...DEFAULT_POSITION } : toPosition(value);
}
