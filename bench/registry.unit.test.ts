import type * as Registry from './registry';

/** A fresh registry module, with nothing registered yet. */
function freshRegistry(): typeof Registry {
  let fresh: typeof Registry | undefined;
  jest.isolateModules(() => {
    fresh = jest.requireActual<typeof Registry>('./registry');
  });
  return fresh!;
}

const plan = (over: Partial<Registry.BlockPlan> = {}): Registry.BlockPlan => ({
  scenario: 's',
  block: 0,
  count: 500,
  round: 0,
  citizens: 10_000,
  ...over,
});

describe('bench registry', () => {
  it('asks each citizen at most once per block, formats alternating, and other citizens in the next block', () => {
    const r = freshRegistry();
    r.defineServer({ name: 'cache-off' });
    r.defineScenario({ name: 's', concurrency: 16, request: (l) => r.http(`/${l.format}/${l.id}`) });
    const [s] = r.registry().scenarios;
    const block = (n: number) => Array.from({ length: 500 }, (_, i) => r.lookupOf(s, plan({ block: n }), i));
    const first = block(0);
    expect(new Set(first.map((l) => l.index)).size).toBe(500);
    expect(first.every((l) => l.index >= 0 && l.index < 10_000)).toBe(true);
    expect(first.slice(0, 4).map((l) => l.format)).toEqual(['alpha', 'beta', 'alpha', 'beta']);
    expect(first[1].id).toBe(r.idOf('beta', first[1].index));
    const second = new Set(block(1).map((l) => l.index));
    expect(first.filter((l) => second.has(l.index))).toEqual([]);
  });

  it('asks each id `repeats` times in a row in a repeating scenario, and new ids in each round', () => {
    const r = freshRegistry();
    r.defineServer({ name: 'cache-off' });
    r.defineScenario({ name: 's', concurrency: 16, repeats: 8, request: (l) => r.http(`/${l.format}/${l.id}`) });
    const [s] = r.registry().scenarios;
    const round = (n: number) => Array.from({ length: 500 }, (_, i) => r.lookupOf(s, plan({ round: n }), i).id);
    const first = round(0);
    expect(new Set(first.slice(0, 8)).size).toBe(1);
    expect(first[8]).not.toBe(first[7]);
    expect(new Set(first).size).toBe(Math.ceil(500 / 8));
    const next = new Set(round(1));
    expect(first.filter((id) => next.has(id))).toEqual([]);
  });

  it('tells where each scenario’s load comes from by the request it makes', () => {
    const r = freshRegistry();
    r.defineScenario({ name: 'a', concurrency: 1, request: () => r.http('/x') });
    r.defineScenario({ name: 'b', concurrency: 1, request: () => r.callExport('res', 'fn', 1) });
    r.defineScenario({ name: 'c', server: r.FLOOR_SERVER, concurrency: 1, request: (l) => r.floor(l.format, l.id) });
    r.defineServer({ name: 'cache-off' });
    expect(r.registry().scenarios.map((s) => [s.name, s.via, s.server])).toEqual([
      ['a', 'http', 'cache-off'],
      ['b', 'exports', 'cache-off'],
      ['c', 'in process', 'floor'],
    ]);
  });

  it('defines a scenario with background load beside its twin without, compared with it', () => {
    const r = freshRegistry();
    r.defineServer({ name: 'cache-off' });
    r.defineWithBackground(
      { name: 'lookups', concurrency: 16, lookups: 5000, request: () => r.http('/x') },
      { label: 'search 1/s', perSecond: 1, request: () => r.http('/s') },
      { p99: 1.25 },
    );
    const [plain, loaded] = r.registry().scenarios;
    expect(plain).toMatchObject({ name: 'lookups', lookups: 5000 });
    expect(plain.background).toBeUndefined();
    expect(loaded).toMatchObject({
      name: 'lookups + search 1/s',
      lookups: 5000,
      background: { perSecond: 1 },
      compare: [{ with: 'lookups', targets: { p99: 1.25 } }],
    });
  });

  it('refuses a scenario or server defined twice, and names what a scenario refers to that is not defined', () => {
    const r = freshRegistry();
    r.defineServer({ name: 'cache-off' });
    r.defineScenario({ name: 'a', concurrency: 1, request: () => r.http('/x') });
    expect(() => r.defineScenario({ name: 'a', concurrency: 2, request: () => r.http('/y') })).toThrow(
      'bench scenario "a" is defined twice',
    );
    expect(() => r.defineServer({ name: 'cache-off' })).toThrow('bench server "cache-off" is defined twice');
    expect(() => r.defineServer({ name: r.FLOOR_SERVER })).toThrow('defined twice');

    r.defineScenario({ name: 'b', concurrency: 1, request: () => r.http('/x'), compare: [{ with: 'nope' }] });
    expect(() => r.registry()).toThrow('bench scenario "b" compares with "nope", which is not defined');

    const other = freshRegistry();
    other.defineScenario({ name: 'c', server: 'live', concurrency: 1, request: () => other.http('/x') });
    expect(() => other.registry()).toThrow('bench scenario "c" names server "live", which is not defined');
  });

  it('refuses a server naming a database no data set of its own loads', () => {
    const r = freshRegistry();
    r.defineDataSet({ name: 'shared rows', load: async () => undefined });
    r.defineServer({ name: 'indexed', database: 'shared rows' });
    expect(() => r.registry()).toThrow('bench server "indexed" names database "shared rows", which no data set with ownDatabase loads');
    const fixed = freshRegistry();
    fixed.defineDataSet({ name: 'own rows', ownDatabase: true, load: async () => undefined });
    fixed.defineServer({ name: 'indexed', database: 'own rows' });
    expect(fixed.registry().servers.map((s) => s.database)).toEqual(['own rows']);
  });

  it('runs every scenario once per block, after a different one in consecutive blocks', () => {
    const r = freshRegistry();
    const names = ['a', 'b', 'c', 'd', 'e'];
    const orders = [-1, 0, 1, 2, 3].map((block) => r.orderOf(names, block));
    for (const order of orders) expect([...order].sort()).toEqual(names);
    const previous = (order: string[], name: string) => order[order.indexOf(name) - 1];
    for (let b = 1; b < orders.length; b++) {
      for (const name of names) {
        if (previous(orders[b], name) !== undefined)
          expect([name, previous(orders[b], name)]).not.toEqual([name, previous(orders[b - 1], name)]);
      }
    }
  });
});
