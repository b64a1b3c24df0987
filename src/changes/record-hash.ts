/**
 * What makes a record "changed" for the feed: its hash as its route answers it, without the fields
 * that move at every save (the design's §2.10): `position`, health and armour, beta `last_updated`.
 * They are live data a consumer reads on demand; a save that moved only them (qb-core and Qbox save
 * every online player every 5 minutes, ESX every 10) is no change.
 */
import { createHash } from 'node:crypto';
import type { ChangeKind } from '../contract/changes';

/**
 * The volatile fields of a citizen's record, top-level and inside `metadata`, in every format
 * (alpha metadata.health and .armor, beta metadata.armor; beta last_updated; position in both).
 * A name a format lacks is simply absent.
 */
const VOLATILE_TOP = new Set(['position', 'last_updated']);
const VOLATILE_METADATA = new Set(['health', 'armor']);

function withoutVolatile(record: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(record)) {
    if (VOLATILE_TOP.has(field)) continue;
    if (field === 'metadata' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      kept[field] = Object.fromEntries(Object.entries(value).filter(([name]) => !VOLATILE_METADATA.has(name)));
    } else kept[field] = value;
  }
  return kept;
}

/** Objects with their keys in one order, so that a record merged from live data and one read from the row hash alike. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((k) => [k, object[k]]),
  );
}

/** A short hash of a record (kind citizen) or vehicle as its route answered it, volatile fields left out. */
export function recordHash(kind: ChangeKind, record: unknown): string {
  const stable =
    kind === 'citizen' && record !== null && typeof record === 'object' ? withoutVolatile(record as Record<string, unknown>) : record;
  return createHash('sha256').update(JSON.stringify(stable, sortedKeys)).digest('base64url').slice(0, 22);
}
