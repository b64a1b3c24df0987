/**
 * The search scenarios ask what they claim to: distinct searches back to back (none shares the
 * query of the one beside it), and an answer is accepted only with a full page of 20 summaries.
 */
import type * as Registry from '../registry';

/** The search scenarios, from a fresh registry holding them and the lookups they compare with. */
function searchScenarios(): Registry.RegisteredScenario[] {
  let scenarios: Registry.RegisteredScenario[] = [];
  jest.isolateModules(() => {
    const registry = jest.requireActual<typeof Registry>('../registry');
    jest.requireActual('./lookups');
    jest.requireActual('./search');
    scenarios = [...registry.registry().scenarios].filter((s) => s.name.includes('search'));
  });
  return scenarios;
}

const lookup = (i: number): Registry.Lookup => ({ i, block: 0, format: 'alpha', index: i, id: 'x', citizens: 10_000 });
const answer = (citizens: number) =>
  JSON.stringify({ success: true, data: { citizens: Array.from({ length: citizens }, () => ({})), next: null } });

describe('search scenarios', () => {
  const scenarios = searchScenarios();
  const named = (name: string) => scenarios.find((s) => s.name === name)!;
  const [alpha, beta] = [named('search alpha http c2'), named('search beta http c2')];

  it('searches each format with names that differ from one request to the next', () => {
    for (const [scenario, format] of [
      [alpha, 'alpha'],
      [beta, 'beta'],
    ] as const) {
      expect(scenario).toMatchObject({ concurrency: 2, via: 'http', server: 'search', lookups: 52 });
      const paths = Array.from({ length: 200 }, (_, i) => scenario.request(lookup(i)) as { path: string });
      expect(paths.every((p) => p.path.startsWith(`/citizen_records/${format}/citizens?name=`) && p.path.endsWith('&limit=20'))).toBe(true);
      expect(paths.some((p, i) => i > 0 && p.path === paths[i - 1].path)).toBe(false);
    }
  });

  it('accepts a search answer only when it holds the page it asked for', () => {
    const background = scenarios.find((s) => s.background)!.background!;
    for (const request of [alpha.request(lookup(0)), background.request(0, 0)]) {
      const check = (request as { check?: Registry.AnswerCheck }).check!;
      expect([check(answer(20), {}), check(answer(19), {}), check('{"success":true,"data":{}}', {})]).toEqual([
        null,
        'a search answered 19 citizens, not 20',
        'a search answered no citizens, not 20',
      ]);
    }
    const one = named('search beta limit 1 http c2').request(lookup(0)) as { path: string; check: Registry.AnswerCheck };
    expect([one.path.endsWith('&limit=1'), one.check(answer(1), {}), one.check(answer(20), {})]).toEqual([
      true,
      null,
      'a search answered 20 citizens, not 1',
    ]);
  });

  it('runs one search a second beside primary-key lookups, both formats, against the same lookups alone', () => {
    const loaded = scenarios.find((s) => s.background)!;
    expect(loaded.compare).toEqual([{ with: 'citizen_records http c16, 3000 lookups', targets: { p99: 1.25 } }]);
    const formats = [0, 1, 2, 3].map((k) => (loaded.background!.request(k, 0) as { path: string }).path.split('/')[2]);
    expect(formats).toEqual(['alpha', 'beta', 'alpha', 'beta']);
  });
});
