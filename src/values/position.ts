import { asNumber, asRecord } from './coerce';

export interface Position {
  x: number;
  y: number;
  z: number;
}

/**
 * `{x, y, z}` from a Lua vector or table: `{x,y,z}`, with a heading as `heading`, `a` or `w`
 * (dropped), or a list `[x, y, z, h]`. Anything else is the origin.
 */
export function toPosition(value: unknown): Position {
  if (Array.isArray(value)) {
    return { x: asNumber(value[0]), y: asNumber(value[1]), z: asNumber(value[2]) };
  }
  const record = asRecord(value) ?? {};
  return { x: asNumber(record.x), y: asNumber(record.y), z: asNumber(record.z) };
}
