/**
 * Warnings about stored data, once each: a row with unreadable JSON is looked up again and again,
 * and a warning per request would let anyone flood the server console. Remembers at most
 * `capacity` messages; beyond, the oldest is forgotten (and may be printed again).
 */
export function createWarnOnce(warn: (message: string) => void, capacity = 10_000): (message: string) => void {
  const seen = new Set<string>();
  return (message) => {
    if (seen.has(message)) return;
    seen.add(message);
    if (seen.size > capacity) seen.delete(seen.values().next().value as string);
    warn(message);
  };
}
