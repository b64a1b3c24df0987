/**
 * A short TTL cache of answers (docs/design.md §4), shared by HTTP and the exports: it absorbs bursts of
 * the same lookup. Bounded in entries and in bytes (the JSON size of the answers); expiry is read
 * from timestamps, so no timer runs. Least recently stored goes first.
 */
export interface LookupCache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  clear(): void;
}

export interface LookupCacheOptions {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  now(): number;
}

interface Entry<T> {
  value: T;
  expires: number;
  bytes: number;
}

export function createLookupCache<T>(options: LookupCacheOptions): LookupCache<T> {
  const entries = new Map<string, Entry<T>>();
  let bytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= options.now()) {
        remove(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
      if (options.ttlMs <= 0) return;
      // Bytes as they are sent (UTF-8), not the string's UTF-16 code units.
      const size = Buffer.byteLength(JSON.stringify(value));
      if (size > options.maxBytes) return;
      remove(key);
      entries.set(key, { value, expires: options.now() + options.ttlMs, bytes: size });
      bytes += size;
      while (entries.size > options.maxEntries || bytes > options.maxBytes) remove(entries.keys().next().value as string);
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}
