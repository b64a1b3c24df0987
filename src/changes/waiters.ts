/**
 * The long poll: requests held until a change of their format comes or their wait ends, at most
 * `max` at once over every format and both ways in (HTTP and exports). One held beyond that is
 * answered at once; at stop, every held one is let go to answer resource_stopping.
 */

/** Why a hold ended. */
export type HoldEnd = 'change' | 'timeout' | 'full' | 'stopped';

interface Held {
  format: string;
  end(why: HoldEnd): void;
}

export interface Waiters {
  readonly max: number;
  held: Set<Held>;
  stopped: boolean;
}

export function createWaiters(max: number): Waiters {
  return { max, held: new Set(), stopped: false };
}

/** Resolves when a change of `format` is announced, `ms` pass, or the feed stops; `full` at once beyond the cap. */
export function holdForChange(waiters: Waiters, format: string, ms: number): Promise<HoldEnd> {
  if (waiters.stopped) return Promise.resolve('stopped');
  if (waiters.held.size >= waiters.max) return Promise.resolve('full');
  return new Promise<HoldEnd>((resolve) => {
    const held: Held = {
      format,
      end(why) {
        clearTimeout(timer);
        waiters.held.delete(held);
        resolve(why);
      },
    };
    const timer = setTimeout(() => held.end('timeout'), ms);
    waiters.held.add(held);
  });
}

/** Lets go every request held for `format`: something new is in its log. */
export function announceChange(waiters: Waiters, format: string): void {
  for (const held of [...waiters.held]) if (held.format === format) held.end('change');
}

/** Lets go every held request, and holds none from now on. */
export function stopWaiters(waiters: Waiters): void {
  waiters.stopped = true;
  for (const held of [...waiters.held]) held.end('stopped');
}
