/**
 * Everything a lookup passes before and after the database (docs/design.md §4): the cache, the sharing
 * of identical lookups in flight, the cap on lookups in flight (503 server_busy beyond it, at once),
 * and the stop: when the resource stops, every lookup still waiting is answered 503
 * resource_stopping, so no HTTP client and no Lua Citizen.Await waits for good.
 */
import { fail } from './envelope';
import type { LookupCache } from './cache';
import { unkept, stoppingOutcome, type Outcome } from './outcome';

export interface LookupGate {
  /**
   * Runs `work` once for everyone asking `key` at once; keeps its outcome when it says it is
   * cacheable. A `fresh` lookup (the change feed's, after a write it detected) neither reads nor
   * fills the cache, nor joins a lookup that began before it: it shares only with other fresh ones.
   */
  run(key: string, work: () => Promise<Outcome>, fresh?: boolean): Promise<Outcome>;
  /** How many distinct lookups wait on the database now. */
  inFlight(): number;
  stop(): void;
}

export interface LookupGateOptions {
  maxInFlight: number;
  cache: LookupCache<Outcome>;
  /** What the gate lets through and the convar capping it, for the server_busy message (`lookups`, `max_in_flight`). */
  what?: { noun: string; convar: string };
}

export function createLookupGate(options: LookupGateOptions): LookupGate {
  const { noun, convar } = options.what ?? { noun: 'lookups', convar: 'max_in_flight' };
  // Each waiting lookup carries its own way to be answered at stop: a race against one shared
  // "stopping" promise would hang a reaction on it per lookup, and keep every answer for good.
  const waiting = new Map<string, { answer: Promise<Outcome>; abandon: () => void }>();
  let stopped = false;
  const busy = `Too many ${noun} are waiting on the database (citizen_records:${convar} is ${options.maxInFlight}); try again in a moment.`;

  return {
    run(asked, work, fresh = false) {
      if (stopped) return Promise.resolve(stoppingOutcome());
      const key = fresh ? `fresh\u0000${asked}` : asked;
      const cached = fresh ? undefined : options.cache.get(key);
      if (cached) return Promise.resolve(cached);
      const shared = waiting.get(key);
      if (shared) return shared.answer;
      if (waiting.size >= options.maxInFlight) return Promise.resolve(unkept(fail('server_busy', busy)));
      let abandon: () => void = () => undefined;
      const answer = new Promise<Outcome>((resolve, reject) => {
        abandon = () => resolve(stoppingOutcome());
        work().then((outcome) => {
          if (!stopped && !fresh && outcome.cacheable) options.cache.set(key, outcome);
          resolve(outcome);
        }, reject);
      }).finally(() => waiting.delete(key));
      waiting.set(key, { answer, abandon });
      return answer;
    },
    inFlight: () => waiting.size,
    stop() {
      stopped = true;
      options.cache.clear();
      for (const { abandon } of waiting.values()) abandon();
    },
  };
}
