/**
 * Full collections until `done()` holds, for tests of what must not stay reachable (and a fixed
 * number of them before the bench reads the heap). Finalizers run
 * in a task after the collection that found their objects, so each collection is followed by a few
 * turns of the event loop; collections are few because each one walks the whole worker's heap,
 * which other suites of the same jest worker may have filled.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export async function collectGarbageUntil(done: () => boolean, collections = 8): Promise<void> {
  for (let round = 0; round < collections && !done(); round++) {
    gc();
    for (let turn = 0; turn < 5 && !done(); turn++) await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** `collections` full collections, each with its finalizers run: what is left is what stays reachable. */
export function collectGarbage(collections: number): Promise<void> {
  return collectGarbageUntil(() => false, collections);
}
