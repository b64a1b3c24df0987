/**
 * A LiveContext for the formats' unit suites: its framework answers the same parts for every id it
 * is asked (the citizen is online whenever there are parts), and it records the ids asked and what
 * the format could not merge, as the citizens room's context tells the live source
 * (src/citizens/rooms.ts, `liveContext`).
 */
import type { LiveContext } from '../src/formats/format';
import type { LiveParts } from '../src/live/parts';

export function fakeLiveContext(answer: LiveParts | null): { live: LiveContext; reads: string[]; unmergeable: LiveParts[] } {
  const reads: string[] = [];
  const unmergeable: LiveParts[] = [];
  const live: LiveContext = {
    read: async (id) => {
      reads.push(id);
      return { online: answer !== null, parts: answer };
    },
    unmergeable: (parts) => void unmergeable.push(parts),
  };
  return { live, reads, unmergeable };
}
