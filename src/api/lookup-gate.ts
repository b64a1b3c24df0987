/**
 * Everything a lookup passes before and after the database (docs/design.md §4): the cache, the sharing
 * of identical lookups in flight, the cap on lookups in flight (503 server_busy beyond it, at once),
 * and the stop: when the resource stops, every lookup still waiting is answered 503
 * resource_stopping, so no HTTP client and no Lua Citizen.Await waits for good.
 */
import { fail, resourceStopping, type Envelope } from './envelope';
import type { LookupCache } from './lookup-cache';

export interface LookupGate {
  /** `keep` says, once `work` has answered, whether its answer may be cached (besides being a record or a not-found). */
  run(key: string, work: () => Promise<Envelope<unknown>>, keep?: () => boolean): Promise<Envelope<unknown>>;
  /** How many distinct lookups wait on the database now. */
  inFlight(): number;
  stop(): void;
}

/** Answers worth keeping for a moment: a record, or the news that there is none. */
function cacheable(envelope: Envelope<unknown>): boolean {
  return envelope.success || envelope.error.code === 'citizen_not_found';
}

export interface LookupGateOptions {
  maxInFlight: number;
  cache: LookupCache<Envelope<unknown>>;
  /** What the gate lets through and the convar capping it, for the server_busy message (`lookups`, `max_in_flight`). */
  what?: { noun: string; convar: string };
}

export function createLookupGate(options: LookupGateOptions): LookupGate {
  const { noun, convar } = options.what ?? { noun: 'lookups', convar: 'max_in_flight' };
  // Each waiting lookup carries its own way to be answered at stop: a race against one shared
  // "stopping" promise would hang a reaction on it per lookup, and keep every answer for good.
  const waiting = new Map<string, { answer: Promise<Envelope<unknown>>; abandon: () => void }>();
  let stopped = false;

  return {
    run(key, work, keep = () => true) {
      if (stopped) return Promise.resolve(resourceStopping());
      const cached = options.cache.get(key);
      if (cached) return Promise.resolve(cached);
      const shared = waiting.get(key);
      if (shared) return shared.answer;
      if (waiting.size >= options.maxInFlight) {
        return Promise.resolve(
          fail(
            'server_busy',
            `Too many ${noun} are waiting on the database (citizen_records:${convar} is ${options.maxInFlight}); try again in a moment.`,
          ),
        );
      }
      let abandon: () => void = () => undefined;
      const answer = new Promise<Envelope<unknown>>((resolve, reject) => {
        abandon = () => resolve(resourceStopping());
        work().then((envelope) => {
          if (!stopped && cacheable(envelope) && keep()) options.cache.set(key, envelope);
          resolve(envelope);
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
