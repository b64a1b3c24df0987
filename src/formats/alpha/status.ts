import { asList, asNumber } from '../../values/coerce';
import { namedEntries } from '../../values/named-entries';
import type { AlphaStatus } from './schema';

/**
 * esx_status's list `[{name, val, percent}]` (docs/frameworks.md#esx-status), saved as the client last
 * reported it; `percent` is already 0–100.
 */
export function normaliseStatus(stored: unknown): AlphaStatus[] {
  return namedEntries(asList(stored)).map(([name, status]) => ({
    name,
    val: asNumber(status.val),
    percent: asNumber(status.percent),
  }));
}
