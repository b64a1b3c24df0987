import { optionalNumber } from '../common/optional';

/**
 * ISO 8601 UTC from `UNIX_TIMESTAMP(last_updated)`: a number, or for a fractional TIMESTAMP a
 * DECIMAL that oxmysql hands over as a string. `''` when the table has no such column or the
 * value is no real time (NULL, or 0 from a zero TIMESTAMP).
 */
export function lastUpdatedIso(unixSeconds: unknown): string {
  const seconds = optionalNumber(unixSeconds);
  if (seconds === undefined || seconds <= 0) return '';
  const date = new Date(Math.round(seconds * 1000));
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}
