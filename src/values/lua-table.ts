import { asList, asRecord } from './coerce';

/**
 * What a decoded Lua table holds: a list (a JSON array, holes included, or the object with
 * numeric string keys Lua writes for a too-sparse list) or a map keyed by name. An empty table is
 * an empty list, since Lua writes both an empty list and an empty map as `[]`.
 */
export type LuaTable = { kind: 'list'; items: unknown[] } | { kind: 'map'; entries: Array<[string, unknown]> };

const NUMERIC_KEY = /^\d+$/;

/** Classifies a decoded Lua table; anything that is no table is an empty list. */
export function readLuaTable(value: unknown): LuaTable {
  if (Array.isArray(value)) return { kind: 'list', items: asList(value) };
  const record = asRecord(value);
  if (!record) return { kind: 'list', items: [] };
  const keys = Object.keys(record);
  if (keys.every((key) => NUMERIC_KEY.test(key))) return { kind: 'list', items: asList(record) };
  return { kind: 'map', entries: Object.entries(record).map(([key, value]) => [key.toWellFormed(), value]) };
}
