/**
 * The bench runs end to end, every registered scenario with it, on a tiny data set: a scenario
 * someone adds that fails (a wrong path, an export that does not succeed, a server that does not
 * start) fails here rather than in the next full run. No timing is asserted, only that each figure
 * was measured where it should be.
 */
import { registry } from './registry';
import { runBench } from './run';

jest.setTimeout(180_000);

it('runs every registered scenario, reads the server process for CPU and heap, and compares what it says it compares', async () => {
  const lines: string[] = [];
  const { text, figures } = await runBench({
    // Enough that every search's name matches a full page of 20 (each name pair is every eighth citizen).
    citizens: 200,
    blocks: 1,
    block: 16,
    // Through every search name of bench/scenarios/search.ts (each answer checked for 20 summaries), not thousands of lookups.
    maxLookups: 60,
    heapLookups: 40,
    heapWarmUp: 20,
    only: /./,
    build: false,
    log: (line) => lines.push(line),
  });

  const names = registry().scenarios.map((s) => s.name);
  expect(figures.scenarios.map((s) => s.name)).toEqual(names);
  for (const s of figures.scenarios) {
    expect([s.name, s.lookupsPerSecond > 0, s.p99Ms! >= s.p50Ms!, s.serverCpuUsPerLookup > 0]).toEqual([s.name, true, true, true]);
    // The parent's CPU is counted apart, and only where the load comes from it (HTTP).
    expect([s.name, s.loadGeneratorCpuUsPerLookup === null]).toEqual([s.name, s.via !== 'http']);
  }
  const compared = registry().scenarios.flatMap((s) => (s.compare ?? []).map((c) => `${s.name} / ${c.with}`));
  expect(figures.comparisons.map((c) => `${c.scenario} / ${c.with}`)).toEqual(compared);
  expect(figures.comparisons.find((c) => c.scenario === 'citizen_records http c16' && c.with === 'ceiling http c16')?.verdict).toMatch(
    /^throughput ≥ 0\.85 (met|missed), CPU ≤ 1\.3 (met|missed)$/,
  );

  expect(figures.heap).toMatchObject({ lookups: 40, distinctIds: 200, hostFunctionReferences: 0 });
  expect(figures.heap!.beforeMB).toBeGreaterThan(0);
  expect(figures.heapCached).toMatchObject({ lookups: 40, distinctIds: 200 });
  for (const format of ['alpha', 'beta'] as const) {
    expect(Object.values(figures.normaliserUsPerRecord[format]).every((size) => size.normalise > 0 && size.cloneRecord > 0)).toBe(true);
  }
  expect(figures.statements.plain.alpha).toMatch(/^SELECT .* FROM `users` WHERE `identifier` = \?$/);
  expect(lines).toContain('block 1/1 done');
  expect(text).toContain('| citizen_records exports cache-hits c16 |');
  // The searches in the background ran (and answered full pages) in the blocks of their scenario.
  expect(text).toMatch(/\| citizen_records http c16, 3000 lookups \+ search 1\/s \| search 1\/s \| [1-9]\d* \|/);
});
