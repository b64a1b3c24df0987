/** The bench's tables (printed, and copied into bench/RESULTS.md) and the same figures as JSON. */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { SIZES } from './citizens';
import type { NormaliserFigures } from './normaliser';
import { FORMATS, type RegisteredScenario, type ServerContext, type Targets } from './registry';
import { median, medianFigures, percentile, type BlockFigures } from './stats';

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
  if (targets.throughput !== undefined)
    cells.push(`throughput ≥ ${targets.throughput} ${ratios.throughput >= targets.throughput ? 'met' : 'missed'}`);
  if (targets.p99 !== undefined) cells.push(`p99 ≤ ${targets.p99} ${ratios.p99 <= targets.p99 ? 'met' : 'missed'}`);
  if (targets.cpu !== undefined) cells.push(`CPU ≤ ${targets.cpu} ${ratios.cpu <= targets.cpu ? 'met' : 'missed'}`);
  return cells.join(', ');
}

export type Report = ReturnType<typeof report>;

/** The tables as text (`text`, Markdown) and the same figures for latest.json (`figures`). */
export function report(input: ReportInput) {
  const { settings, results, normaliser, heap, heapCached } = input;
  const figures = new Map(results.map((r) => [r.scenario.name, medianFigures(r.blocks)]));
  const blocksOf = new Map(results.map((r) => [r.scenario.name, r.blocks]));
  const rows = results.map(({ scenario }) => {
    const f = figures.get(scenario.name)!;
    return {
      name: scenario.name,
      via: scenario.via,
      server: scenario.server,
      concurrency: scenario.concurrency,
      blocks: blocksOf.get(scenario.name)!,
      // A window-long lookup (the change feed's idle window) is less than one a second: two significant digits.
      lookupsPerSecond: f.perSecond >= 10 ? Math.round(f.perSecond) : Number(f.perSecond.toPrecision(2)),
      p50Ms: round(f.p50),
      p95Ms: round(f.p95),
      p99Ms: round(f.p99),
      serverCpuUsPerLookup: Math.round(f.cpuUs),
      loadGeneratorCpuUsPerLookup: f.loadCpuUs === null ? null : Math.round(f.loadCpuUs),
    };
  });
  const comparisons = results.flatMap(({ scenario, blocks }) =>
    (scenario.compare ?? []).flatMap((c) => {
      const others = blocksOf.get(c.with);
      if (!others) return [];
      // Ratios block by block: both sides of a pair ran minutes apart at most, so a slow drift of
      // the machine's load cancels; the median of the pairs is the figure, min–max its spread.
      const paired = (ratio: (mine: BlockFigures, other: BlockFigures) => number) => {
        const each = blocks.map((mine, j) => ratio(mine, others[j]));
        return { median: median(each), min: Math.min(...each), max: Math.max(...each) };
      };
      const ratios = {
        throughput: paired((m, o) => m.perSecond / o.perSecond),
        p99: paired((m, o) => m.p99 / o.p99),
        cpu: paired((m, o) => m.cpuUs / o.cpuUs),
        // What a one-process bench would have divided: both processes' CPU, where both loads came over HTTP.
        cpuWithLoadGenerator:
          blocks[0].loadCpuUs !== null && others[0].loadCpuUs !== null
            ? paired((m, o) => (m.cpuUs + m.loadCpuUs!) / (o.cpuUs + o.loadCpuUs!))
            : null,
      };
      const medians = { throughput: ratios.throughput.median, p99: ratios.p99.median, cpu: ratios.cpu.median };
      const rounded = (r: { median: number; min: number; max: number } | null) =>
        r && { median: round(r.median), min: round(r.min), max: round(r.max) };
      return [
        {
          scenario: scenario.name,
          with: c.with,
          throughput: rounded(ratios.throughput)!,
          p99: rounded(ratios.p99)!,
          cpu: rounded(ratios.cpu)!,
          cpuWithLoadGenerator: rounded(ratios.cpuWithLoadGenerator),
          targets: c.targets ?? null,
          verdict: targetCell(c.targets, medians),
        },
      ];
    }),
  );
  const spread = (r: { median: number | null; min: number | null; max: number | null } | null) =>
    r ? `${r.median} (${r.min}–${r.max})` : '';
  const backgrounds = results
    .filter((r) => r.scenario.background)
    .map(({ scenario, background }) => {
      const sorted = [...background].sort((a, b) => a - b);
      return {
        scenario: scenario.name,
        background: scenario.background!.label,
        requests: sorted.length,
        p50Ms: round(percentile(sorted, 50)),
        p95Ms: round(percentile(sorted, 95)),
        maxMs: round(sorted[sorted.length - 1] ?? NaN),
      };
    });

  const lines = [
    '| scenario | lookups/s | p50 ms | p95 ms | p99 ms | server CPU µs/lookup | load generator CPU µs/lookup |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.lookupsPerSecond} | ${r.p50Ms} | ${r.p95Ms} | ${r.p99Ms} | ${r.serverCpuUsPerLookup} | ${r.loadGeneratorCpuUsPerLookup ?? ''} |`,
    ),
    '',
    '| scenario | compared with | throughput × | p99 × | CPU × | CPU × with the load generator | target |',
    '|---|---|---:|---:|---:|---:|---|',
    ...comparisons.map(
      (c) =>
        `| ${c.scenario} | ${c.with} | ${c.throughput.median} | ${c.p99.median} | ${spread(c.cpu)} | ${spread(c.cpuWithLoadGenerator)} | ${c.verdict} |`,
    ),
    ...(backgrounds.length
      ? [
          '',
          '| scenario | background | requests | p50 ms | p95 ms | max ms |',
          '|---|---|---:|---:|---:|---:|',
          ...backgrounds.map((b) => `| ${b.scenario} | ${b.background} | ${b.requests} | ${b.p50Ms} | ${b.p95Ms} | ${b.maxMs} |`),
        ]
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
  const heading = `${machine.date}: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, oxmysql ${machine.oxmysql}; ${settings.citizens} citizens per format (inserted in ${settings.insertSeconds.toFixed(1)} s), medians of ${settings.blocks} blocks of ${settings.block}`;
  return {
    text: `${heading}\n\n${lines.join('\n')}`,
    figures: {
      machine,
      settings,
      statements: input.statements,
      scenarios: rows,
      comparisons,
      backgrounds,
      normaliserUsPerRecord: normaliser,
      heap,
      heapCached,
    },
  };
}
