/** Latency percentiles and medians over blocks. */
export function percentile(sorted: readonly number[], p: number): number {
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
  /** Process CPU (user + system) per lookup, µs. */
  cpuUs: number;
}

/** Runs `count` calls of `one(i)` with `concurrency` in flight and measures them. */
export async function runBlock(count: number, concurrency: number, one: (i: number) => Promise<void>): Promise<BlockFigures> {
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
  const cpu = process.cpuUsage();
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  const sorted = Array.from(latencies).sort((a, b) => a - b);
  return {
    perSecond: count / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    cpuUs: (used.user + used.system) / count,
  };
}

/** The median of each figure over the blocks. */
export function medianFigures(blocks: readonly BlockFigures[]): BlockFigures {
  const of = (key: keyof BlockFigures) => median(blocks.map((b) => b[key]));
  return { perSecond: of('perSecond'), p50: of('p50'), p95: of('p95'), p99: of('p99'), cpuUs: of('cpuUs') };
}
