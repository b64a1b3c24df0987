/**
 * A LiveContext for the formats' unit suites: its framework answers the same parts for every id it
 * is asked, and it records the ids asked and what the format could not merge, as the service's
 * context tells the live source (src/api/citizen-service.ts, `guarded`).
 */
import type { LiveContext } from '../src/formats/format';
import type { LiveParts } from '../src/formats/live';

export function fakeLiveContext(answer: LiveParts | null): { live: LiveContext; reads: string[]; unmergeable: LiveParts[] } {
  const reads: string[] = [];
  const unmergeable: LiveParts[] = [];
  const live: LiveContext = {
    read: async (id) => {
      reads.push(id);
      return answer;
    },
    merge: (answered, merge) => {
      const merged = merge(answered);
      if (merged === null) unmergeable.push(answered);
      return merged;
    },
  };
  return { live, reads, unmergeable };
}
