/**
 * Calls into the framework, bounded: live data may make an answer fresher, never make it fail or
 * wait. A call that throws, answers a Promise that rejects or does not settle within the bound (a
 * Lua export that yielded: docs/live.md#lua-exports-called-from-js), or answers something unreadable is a
 * LiveTrouble; the lookup then answers from the database, and each cause is told once.
 */
import { asRecord } from '../values/coerce';
import type { AnyFunction, Natives } from '../natives';

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

/**
 * Runs one framework call. A plain answer comes back as it is (no timer, no extra turn); a Promise
 * is awaited at most `timeoutMs`.
 */
export function callFramework(call: string, run: () => unknown, timeoutMs: number): unknown {
  let answer: unknown;
  try {
    answer = run();
  } catch (error) {
    throw new LiveTrouble('failed', call, messageOf(error));
  }
  if (!isThenable(answer)) return answer;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new LiveTrouble('timeout', call, `no answer within ${timeoutMs} ms`)), timeoutMs);
    answer.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
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

/** What reading a framework needs: the natives, and the bound on one call that answers a Promise. */
export interface FrameworkContext {
  natives: Natives;
  timeoutMs: number;
}

/** Whether `resource` offers the export `name` now. */
export function hasExport({ natives }: FrameworkContext, resource: string, name: string): boolean {
  try {
    natives.resourceExport(resource, name);
    return true;
  } catch {
    return false;
  }
}

/** An export's answer, or undefined when the resource does not have it or it throws. */
export function tryExport({ natives }: FrameworkContext, resource: string, name: string, ...args: unknown[]): unknown {
  try {
    return natives.resourceExport(resource, name)(...args);
  } catch {
    return undefined;
  }
}

/** Calls into one framework resource, each bounded (callFramework) and named in what a trouble says. */
export function frameworkCaller({ natives, timeoutMs }: FrameworkContext, resource: string) {
  const named = (label: string, name: string, ...args: unknown[]) =>
    callFramework(label, () => natives.resourceExport(resource, name)(...args), timeoutMs);
  return {
    named,
    /** `exports[resource][name](...args)`. */
    export: (name: string, ...args: unknown[]) => named(name, name, ...args),
    /** A kept function reference. */
    ref: (label: string, fn: AnyFunction, ...args: unknown[]) => callFramework(label, () => fn(...args), timeoutMs),
  };
}

export type FrameworkCaller = ReturnType<typeof frameworkCaller>;

export const unreadable = (call: string, detail: string) => new LiveTrouble('unreadable', call, detail);

/**
 * `trouble`, once the Promise an object-fetching export answered (a Lua export that yielded) is
 * left to settle unread: its own rejection at the call bound is no news beyond `trouble`.
 */
export function settledAside(answer: Promise<unknown>, trouble: LiveTrouble): LiveTrouble {
  answer.catch(() => undefined);
  return trouble;
}

/** A table, or LiveTrouble: an answer that is no table is no player. */
export function table(value: unknown, call: string, what: string): Record<string, unknown> {
  const record = asRecord(value);
  if (!record) throw unreadable(call, `${what} is ${value === undefined || value === null ? 'nothing' : `a ${typeof value}`}`);
  return record;
}
