/**
 * Calls into the framework, bounded: live data may make an answer fresher, never make it fail or
 * wait. A call that throws, answers a Promise that rejects or does not settle within the bound (a
 * Lua export that yielded: docs/live.md#lua-exports-called-from-js), or answers something unreadable is a
 * LiveTrouble; the lookup then answers from the database, and each cause is told once.
 */
import type { LiveFx } from './fx';

export type TroubleKind = 'failed' | 'timeout' | 'unreadable';

export class LiveTrouble extends Error {
  constructor(
    readonly kind: TroubleKind,
    /** The call, e.g. `GetPlayer`. */
    readonly call: string,
    detail: string,
  ) {
    super(detail);
    this.name = 'LiveTrouble';
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return error === null || error === undefined ? 'no message' : String(error);
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function';

export type Timers = Pick<LiveFx, 'setTimeout' | 'clearTimeout'>;

/**
 * Runs one framework call. A plain answer comes back as it is (no timer, no extra turn); a Promise
 * is awaited at most `timeoutMs`.
 */
export function callFramework(call: string, run: () => unknown, timers: Timers, timeoutMs: number): unknown {
  let answer: unknown;
  try {
    answer = run();
  } catch (error) {
    throw new LiveTrouble('failed', call, messageOf(error));
  }
  if (!isThenable(answer)) return answer;
  return new Promise((resolve, reject) => {
    const timer = timers.setTimeout(() => reject(new LiveTrouble('timeout', call, `no answer within ${timeoutMs} ms`)), timeoutMs);
    answer.then(
      (value) => {
        timers.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        timers.clearTimeout(timer);
        reject(new LiveTrouble('failed', call, messageOf(error)));
      },
    );
  });
}

const WHAT: Record<TroubleKind, string> = {
  failed: 'failed',
  timeout: 'did not answer in time',
  unreadable: 'answered something unreadable',
};

/**
 * One warning per framework, call and kind of trouble, never one per lookup: a broken framework
 * is asked on every lookup of an online citizen. Forgotten when the framework restarts, so a new
 * instance that fails the same way is told again.
 */
export function createTroubleLog(warn: (message: string) => void) {
  const told = new Set<string>();
  return {
    report(framework: string, error: unknown): void {
      const trouble = error instanceof LiveTrouble ? error : new LiveTrouble('failed', 'reading the player', messageOf(error));
      const key = `${framework}\u0000${trouble.call}\u0000${trouble.kind}`;
      if (told.has(key)) return;
      told.add(key);
      warn(
        `live records: ${framework} ${trouble.call} ${WHAT[trouble.kind]} (${trouble.message}); ` +
          `its online citizens' records come from the database meanwhile (told once)`,
      );
    },
    forget(framework: string): void {
      for (const key of told) if (key.startsWith(`${framework}\u0000`)) told.delete(key);
    },
  };
}

export type TroubleLog = ReturnType<typeof createTroubleLog>;
