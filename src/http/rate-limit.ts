/**
 * Token buckets, one per client (a key's name, or a client address when anonymous): docs/design.md §2.4.
 * A bucket holds `burst` tokens and refills at `perMinute` a minute. Refill is computed from
 * timestamps when a request comes, so no timer runs; idle buckets are forgotten beyond
 * `maxBuckets` (the least recently used first), which only ever gives a client a full bucket.
 */

export interface RateLimitOptions {
  perMinute: number;
  burst: number;
  /** Milliseconds on a monotonic clock. */
  now(): number;
  maxBuckets?: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Takes `tokens` (1 by default; a search takes more) from the client's bucket, or none when it holds fewer. */
  take(client: string, tokens?: number): RateDecision;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** The burst a per-minute limit gets: ten seconds' worth, at least 10 requests (one search: SEARCH_COST). */
export function burstFor(perMinute: number): number {
  return Math.max(10, Math.ceil(perMinute / 6));
}

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const perMs = options.perMinute / 60_000;
  const maxBuckets = options.maxBuckets ?? 10_000;
  const buckets = new Map<string, Bucket>();
  return {
    take(client, tokens = 1) {
      const now = options.now();
      const bucket = buckets.get(client) ?? { tokens: options.burst, at: now };
      buckets.delete(client);
      bucket.tokens = Math.min(options.burst, bucket.tokens + (now - bucket.at) * perMs);
      bucket.at = now;
      buckets.set(client, bucket);
      if (buckets.size > maxBuckets) buckets.delete(buckets.keys().next().value as string);
      if (bucket.tokens >= tokens) {
        bucket.tokens -= tokens;
        return { allowed: true };
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((tokens - bucket.tokens) / perMs / 1000)) };
    },
  };
}
