import { optionalNumber } from '../../values/optional';

/** 9999-12-31T23:59:59.999Z: past it, toISOString writes a six-digit year no ISO parser takes. */
const LAST_ISO_MS = 253402300799999;

/**
 * ISO 8601 UTC from `UNIX_TIMESTAMP(last_updated)`: a number, or for a fractional TIMESTAMP a
 * DECIMAL that oxmysql hands over as a string. `''` when the table has no such column or the
 * value is no real time (NULL, or 0 from a zero TIMESTAMP). Microseconds are cut, not rounded, so
 * a time never moves into the next second (or day, or year).
 */
export function lastUpdatedIso(unixSeconds: unknown): string {
  const seconds = optionalNumber(unixSeconds);
  if (seconds === undefined || seconds <= 0) return '';
  // To whole microseconds first (TIMESTAMP(6)'s precision), so binary fractions such as .123
  // (stored as .12299999…) are not cut a millisecond short.
  const ms = Math.floor(Math.round(seconds * 1e6) / 1000);
  return ms <= LAST_ISO_MS ? new Date(ms).toISOString() : '';
}
