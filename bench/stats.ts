/** Latency percentiles, medians over blocks, and the timing of one block of lookups. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export interface BlockFigures {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** The server process's CPU (user + system) over the block, per lookup, µs. */
  cpuUs: number;
  /**
   * The parent's CPU over an HTTP block, per lookup, µs: the load generator and HTTP client, which
   * a one-process bench counted as well. Null where the load comes from inside the server.
   */
  loadCpuUs: number | null;
}

/** A block as the side that sent the load saw it: its lookups' latencies (ms, sorted) and its wall time. */
export interface TimedBlock {
  seconds: number;
  latencies: Float64Array;
}

/** Runs `count` calls of `one(i)` with `concurrency` in flight; latencies are taken where the calls are made. */
export async function timeBlock(count: number, concurrency: number, one: (i: number) => Promise<void>): Promise<TimedBlock> {
  const latencies = new Float64Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const start = performance.now();
      await one(i);
      latencies[i] = performance.now() - start;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { seconds: (performance.now() - start) / 1000, latencies: latencies.sort() };
}

/** A block's figures: its timing, and the server's CPU over it (µs of user + system), and the load generator's when it is apart. */
export function blockFigures(timed: TimedBlock, serverCpuMicros: number, loadCpuMicros: number | null = null): BlockFigures {
  const { latencies, seconds } = timed;
  return {
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    cpuUs: serverCpuMicros / latencies.length,
    loadCpuUs: loadCpuMicros === null ? null : loadCpuMicros / latencies.length,
  };
}

/** CPU µs (user + system) spent between two process.cpuUsage() readings. */
export function cpuMicrosBetween(start: NodeJS.CpuUsage, end: NodeJS.CpuUsage): number {
  return end.user - start.user + (end.system - start.system);
}

/** The median of each figure over the blocks. */
export function medianFigures(blocks: readonly BlockFigures[]): BlockFigures {
  const of = (key: Exclude<keyof BlockFigures, 'loadCpuUs'>) => median(blocks.map((b) => b[key]));
  const load = blocks.map((b) => b.loadCpuUs);
  return {
    perSecond: of('perSecond'),
    p50: of('p50'),
    p95: of('p95'),
    p99: of('p99'),
    cpuUs: of('cpuUs'),
    loadCpuUs: load.includes(null) ? null : median(load as number[]),
  };
}
