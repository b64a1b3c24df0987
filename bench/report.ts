/** The bench's tables (printed, and pasted into the README) and the same figures as JSON. */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { SIZES } from './citizens';
import type { NormaliserFigures } from './normaliser';
import { FORMATS, type RegisteredScenario, type ServerContext, type Targets } from './registry';
import { medianFigures, percentile, type BlockFigures } from './stats';

export interface ScenarioResult {
  scenario: RegisteredScenario;
  /** The measured blocks' figures (the warm-up block left out). */
  blocks: BlockFigures[];
  /** Latencies (ms) of the background requests of the measured blocks. */
  background: number[];
}

export interface HeapFigures {
  lookups: number;
  distinctIds: number;
  /** Function references the test host still holds after the run: those whose receiving function is alive. */
  hostFunctionReferences: number;
  beforeMB: number;
  afterMB: number;
  growth: number;
}

export interface ReportInput {
  settings: { citizens: number; blocks: number; block: number; insertSeconds: number; oxmysql: string };
  statements: ServerContext['statements'];
  results: ScenarioResult[];
  normaliser: NormaliserFigures;
  heap: HeapFigures | null;
  heapCached: HeapFigures | null;
}

const round = (n: number, digits = 2) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : null);

/** Each target of a comparison with whether the ratios meet it, e.g. `throughput ≥ 0.85 met`. */
function targetCell(targets: Targets | undefined, ratios: { throughput: number; p99: number; cpu: number }): string {
  if (!targets) return '';
  const cells: string[] = [];
  if (targets.throughput !== undefined) cells.push(`throughput ≥ ${targets.throughput} ${ratios.throughput >= targets.throughput ? 'met' : 'missed'}`);
  if (targets.p99 !== undefined) cells.push(`p99 ≤ ${targets.p99} ${ratios.p99 <= targets.p99 ? 'met' : 'missed'}`);
  if (targets.cpu !== undefined) cells.push(`CPU ≤ ${targets.cpu} ${ratios.cpu <= targets.cpu ? 'met' : 'missed'}`);
  return cells.join(', ');
}

/** Prints the tables and returns the figures for latest.json. */
export function report(input: ReportInput) {
  const { settings, results, normaliser, heap, heapCached } = input;
  const figures = new Map(results.map((r) => [r.scenario.name, medianFigures(r.blocks)]));
  const rows = results.map(({ scenario }) => {
    const f = figures.get(scenario.name)!;
    return { name: scenario.name, via: scenario.via, server: scenario.server, concurrency: scenario.concurrency, lookupsPerSecond: Math.round(f.perSecond), p50Ms: round(f.p50), p95Ms: round(f.p95), p99Ms: round(f.p99), serverCpuUsPerLookup: Math.round(f.cpuUs), loadGeneratorCpuUsPerLookup: f.loadCpuUs === null ? null : Math.round(f.loadCpuUs) };
  });
  const comparisons = results.flatMap(({ scenario }) =>
    (scenario.compare ?? []).flatMap((c) => {
      const mine = figures.get(scenario.name)!;
      const other = figures.get(c.with);
      if (!other) return [];
      const ratios = { throughput: mine.perSecond / other.perSecond, p99: mine.p99 / other.p99, cpu: mine.cpuUs / other.cpuUs };
      // What a one-process bench would have divided: both processes' CPU, where both loads came over HTTP.
      const withLoad = mine.loadCpuUs !== null && other.loadCpuUs !== null ? (mine.cpuUs + mine.loadCpuUs) / (other.cpuUs + other.loadCpuUs) : null;
      return [{ scenario: scenario.name, with: c.with, throughput: round(ratios.throughput), p99: round(ratios.p99), cpu: round(ratios.cpu), cpuWithLoadGenerator: withLoad === null ? null : round(withLoad), targets: c.targets ?? null, verdict: targetCell(c.targets, ratios) }];
    }),
  );
  const backgrounds = results
    .filter((r) => r.scenario.background)
    .map(({ scenario, background }) => {
      const sorted = [...background].sort((a, b) => a - b);
      return { scenario: scenario.name, background: scenario.background!.label, requests: sorted.length, p50Ms: round(percentile(sorted, 50)), p95Ms: round(percentile(sorted, 95)), maxMs: round(sorted[sorted.length - 1] ?? NaN) };
    });

  const lines = [
    '| scenario | lookups/s | p50 ms | p95 ms | p99 ms | server CPU µs/lookup | load generator CPU µs/lookup |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.name} | ${r.lookupsPerSecond} | ${r.p50Ms} | ${r.p95Ms} | ${r.p99Ms} | ${r.serverCpuUsPerLookup} | ${r.loadGeneratorCpuUsPerLookup ?? ''} |`),
    '',
    '| scenario | compared with | throughput × | p99 × | CPU × | CPU × with the load generator | target |',
    '|---|---|---:|---:|---:|---:|---|',
    ...comparisons.map((c) => `| ${c.scenario} | ${c.with} | ${c.throughput} | ${c.p99} | ${c.cpu} | ${c.cpuWithLoadGenerator ?? ''} | ${c.verdict} |`),
    ...(backgrounds.length
      ? ['', '| scenario | background | requests | p50 ms | p95 ms | max ms |', '|---|---|---:|---:|---:|---:|', ...backgrounds.map((b) => `| ${b.scenario} | ${b.background} | ${b.requests} | ${b.p50Ms} | ${b.p95Ms} | ${b.maxMs} |`)]
      : []),
    '',
    '| µs per record | small | typical | large |',
    '|---|---:|---:|---:|',
    ...FORMATS.flatMap((f) =>
      (
        [
          ['normaliser', 'normalise'],
          ['JSON.parse of its columns alone', 'parseOnly'],
          ['boundary clone of the row', 'cloneRow'],
          ['boundary clone of the record', 'cloneRecord'],
        ] as const
      ).map(([label, key]) => `| ${f} ${label} | ${SIZES.map((s) => round(normaliser[f][s][key], 1)).join(' | ')} |`),
    ),
    '',
    ...[
      ['cache off', heap],
      ['cache on', heapCached],
    ].flatMap(([label, h]) => {
      const figures = h as HeapFigures | null;
      if (!figures) return [];
      return [
        `Heap of the server process after GC, ${label} (${figures.distinctIds} ids): ${figures.beforeMB} MB before, ${figures.afterMB} MB after ${figures.lookups} lookups (${round(figures.growth * 100, 1)} %); function references the test host still holds: ${figures.hostFunctionReferences}`,
      ];
    }),
  ];
  const machine = {
    cpu: /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown',
    cores: cpus().length,
    node: process.version,
    oxmysql: settings.oxmysql,
    date: new Date().toISOString(),
  };
  console.log(
    `\n${machine.date}: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, oxmysql ${machine.oxmysql}; ${settings.citizens} citizens per format (inserted in ${settings.insertSeconds.toFixed(1)} s), medians of ${settings.blocks} blocks of ${settings.block}\n`,
  );
  console.log(lines.join('\n'));
  return { machine, settings, statements: input.statements, scenarios: rows, comparisons, backgrounds, normaliserUsPerRecord: normaliser, heap, heapCached };
}
