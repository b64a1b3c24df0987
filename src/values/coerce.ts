/**
 * Total coercions from what a database cell or a Lua-encoded JSON value may hold to the
 * record's types. None of them throws: anything unusable becomes the fallback.
 */

/** A plain object (not an array). Lua encodes an empty table as `[]`, so `[]` counts as `{}`. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  if (Array.isArray(value)) return value.length === 0 ? {} : undefined;
  if (value !== null && typeof value === 'object') return value as Record<string, unknown>;
  return undefined;
}

/**
 * The values of a Lua list. A list Lua found too sparse is encoded as an object with numeric
 * string keys (`{"3": …, "17": …}`); its values come back in key order. Holes (`null`) are dropped.
 */
export function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined);
  const record = asRecord(value);
  if (!record) return [];
  return Object.keys(record)
    .filter((k) => /^\d+$/.test(k))
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => record[k])
    .filter((v) => v !== null && v !== undefined);
}

/** A finite number from a number or a numeric string (`'180'`, `' 1.5 '`); otherwise the fallback. */
export function asNumber(value: unknown, fallback = 0): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : fallback;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : fallback;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  return fallback;
}

/** A boolean from true/false, 0/1, '0'/'1', 'true'/'false', or a BIT byte array like `[1]` (one level: no recursion into nested arrays). */
export function asBoolean(value: unknown, fallback = false): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value !== 0 : fallback;
  if (typeof value === 'string') {
    const s = value.trim().toLowerCase();
    if (s === '1' || s === 'true') return true;
    if (s === '0' || s === 'false' || s === '') return false;
    return fallback;
  }
  if (Array.isArray(value) && typeof value[0] === 'number') return asBoolean(value[0], fallback);
  return fallback;
}

/** A string: strings as they are (lone surrogates repaired), finite numbers stringified, anything else the fallback. */
export function asString(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value.toWellFormed();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return fallback;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
