/**
 * FXServer's timer implementation (docs/platform.md#timers-and-the-tick): timers fire on the 50 ms resource
 * tick where `now - lastRun > interval`, handles are objects whose id is their primitive value,
 * and clearTimeout ignores plain numbers.
 */
interface Timer {
  id: number;
  fn: () => unknown;
  interval: number;
  lastRun: number;
  repeat: boolean;
}

export interface TimerHandle {
  id: number;
  ref(): TimerHandle;
  unref(): TimerHandle;
  hasRef(): boolean;
  refresh(): TimerHandle;
  [Symbol.toPrimitive](): number;
}

export class CfxTimers {
  private readonly timers = new Map<number, Timer>();
  private readonly ticks = new Map<number, { fn: () => unknown; busy: boolean }>();
  private nextId = 1;

  constructor(
    private readonly now: () => number,
    private readonly report: (text: string) => void,
  ) {}

  private handle(timer: Timer): TimerHandle {
    const handle: TimerHandle = {
      id: timer.id,
      ref: () => handle,
      unref: () => handle,
      hasRef: () => true,
      refresh: () => {
        timer.lastRun = this.now();
        return handle;
      },
      [Symbol.toPrimitive]: () => timer.id,
    };
    return handle;
  }

  private add(fn: unknown, ms: unknown, args: unknown[], repeat: boolean): TimerHandle {
    const n = Number(ms);
    const interval = Number.isFinite(n) ? Math.min(Math.max(Math.trunc(n), 1), 2 ** 31 - 1) : 1;
    const callback = typeof fn === 'function' ? () => (fn as (...a: unknown[]) => unknown)(...args) : () => undefined;
    const timer: Timer = { id: this.nextId++, fn: callback, interval, lastRun: this.now(), repeat };
    this.timers.set(timer.id, timer);
    return this.handle(timer);
  }

  readonly setTimeout = (fn: unknown, ms?: unknown, ...args: unknown[]): TimerHandle => this.add(fn, ms, args, false);
  readonly setInterval = (fn: unknown, ms?: unknown, ...args: unknown[]): TimerHandle => this.add(fn, ms, args, true);
  readonly setImmediate = (fn: unknown, ...args: unknown[]): TimerHandle => this.add(fn, 0, args, false);
  readonly clearTimeout = (handle: unknown): void => {
    if (handle !== null && typeof handle === 'object' && 'id' in handle) this.timers.delete((handle as TimerHandle).id);
  };
  readonly setTick = (fn: unknown): number => {
    const id = this.nextId++;
    if (typeof fn === 'function') this.ticks.set(id, { fn: fn as () => unknown, busy: false });
    return id;
  };
  readonly clearTick = (id: unknown): void => {
    this.ticks.delete(Number(id));
  };

  /** Runs what is due on one resource tick. */
  runTick(): void {
    const now = this.now();
    for (const timer of [...this.timers.values()]) {
      if (!this.timers.has(timer.id) || !(now - timer.lastRun > timer.interval)) continue;
      if (timer.repeat) timer.lastRun = now;
      else this.timers.delete(timer.id);
      try {
        timer.fn();
      } catch (error) {
        this.report(`^1SCRIPT ERROR in timer: ${String(error)}^7`);
      }
    }
    for (const tick of [...this.ticks.values()]) {
      if (tick.busy) continue;
      try {
        const result = tick.fn() as { then?: unknown } | undefined;
        if (result && typeof result.then === 'function') {
          tick.busy = true;
          (result as Promise<unknown>).then(
            () => (tick.busy = false),
            (error: unknown) => {
              tick.busy = false;
              this.report(`^1SCRIPT ERROR in ticker: ${String(error)}^7`);
            },
          );
        }
      } catch (error) {
        this.report(`^1SCRIPT ERROR in ticker: ${String(error)}^7`);
      }
    }
  }

  /** How many timers and ticks are still scheduled (a stopped resource must leave none). */
  pending(): number {
    return this.timers.size + this.ticks.size;
  }

  clearAll(): void {
    this.timers.clear();
    this.ticks.clear();
  }
}
