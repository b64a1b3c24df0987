import { asNumber, asRecord } from './coerce';

/**
 * Exactly the named fields of a stored object, each as a number: a missing or unusable one is
 * `fallback`, and keys not named are left behind (record objects carry only their spec fields).
 */
export function numberFields<K extends string>(source: unknown, keys: readonly K[], fallback = 0): Record<K, number> {
  const record = asRecord(source) ?? {};
  const result = {} as Record<K, number>;
  for (const key of keys) result[key] = asNumber(record[key], fallback);
  return result;
}
