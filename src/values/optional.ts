import { asBoolean, asNumber } from './coerce';

/**
 * The coercions of coerce.ts for values that may be absent: `undefined` when the value is missing
 * or unusable, so a caller can tell "not there" from a stored 0 or false (to fall back to another
 * field, or to leave a key out).
 */

export function optionalNumber(value: unknown): number | undefined {
  const n = asNumber(value, Number.NaN);
  return Number.isNaN(n) ? undefined : n;
}

export function optionalBoolean(value: unknown): boolean | undefined {
  if (value === null || value === undefined) return undefined;
  // asBoolean returns its fallback only for unusable values: if both fallbacks give the same
  // answer, the value itself decided it.
  const whenTrue = asBoolean(value, true);
  return whenTrue === asBoolean(value, false) ? whenTrue : undefined;
}

/** A string as stored (lone surrogates repaired), a finite number stringified; `undefined` for anything else. */
export function optionalString(value: unknown): string | undefined {
  if (typeof value === 'string') return value.toWellFormed();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}
