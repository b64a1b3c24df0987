import { fail, ok, type Envelope } from './envelope';
import { createLookupCache } from './cache';
import { createLookupGate } from './gate';
import { MET_NOBODY_ONLINE, MET_ONLINE } from './looked';
import { outcomeOf, type Outcome } from './outcome';
import { createWarnOnce } from '../api/warn-once';
import { collectGarbageUntil } from '../../devkit/collect-garbage';

/** The outcome of an answer that met nobody online. */
const answered = (envelope: Envelope<unknown>): Outcome => outcomeOf(envelope, MET_NOBODY_ONLINE);

function deferred() {
  let resolve!: (value: Outcome) => void;
  const promise = new Promise<Outcome>((r) => (resolve = r));
  return { promise, resolve };
}

function gate(maxInFlight: number, ttlMs = 0) {
  let now = 0;
  const cache = createLookupCache<Outcome>({ ttlMs, maxEntries: 100, maxBytes: 1 << 20, now: () => now });
  return { gate: createLookupGate({ maxInFlight, cache }), advance: (ms: number) => (now += ms) };
}

describe('createLookupGate', () => {
  test('identical lookups in flight share one piece of work', async () => {
    const { gate: g } = gate(4);
    const work = deferred();
    let started = 0;
    const run = () =>
      g.run('format\0A1', () => {
        started++;
        return work.promise;
      });
    const answers = [run(), run(), run()];
    expect(started).toBe(1);
    expect(g.inFlight()).toBe(1);
    const outcome = answered(ok({ citizenid: 'A1' }));
    work.resolve(outcome);
    expect(await Promise.all(answers)).toEqual([outcome, outcome, outcome]);
    expect(g.inFlight()).toBe(0);
  });

  test('beyond the cap a new lookup is 503 server_busy at once, and the cap frees as lookups settle', async () => {
    const { gate: g } = gate(2);
    const first = deferred();
    const a = g.run('a', () => first.promise);
    void g.run('b', () => new Promise(() => undefined));
    const busy = await g.run('c', () => Promise.resolve(answered(ok(1))));
    expect(busy).toMatchObject({ envelope: { success: false, error: { code: 'server_busy' } }, cacheable: false });
    first.resolve(answered(ok(1)));
    await a;
    expect(await g.run('c', () => Promise.resolve(answered(ok(3))))).toEqual(answered(ok(3)));
  });

  test('stop answers every waiting lookup with resource_stopping, and every later one', async () => {
    const { gate: g } = gate(8);
    const waiting = [g.run('a', () => new Promise(() => undefined)), g.run('b', () => new Promise(() => undefined))];
    g.stop();
    for (const answer of await Promise.all(waiting))
      expect(answer).toMatchObject({ envelope: { success: false, error: { code: 'resource_stopping' } } });
    expect(await g.run('c', () => Promise.resolve(answered(ok(1))))).toMatchObject({ envelope: { error: { code: 'resource_stopping' } } });
  });

  test('a settled lookup keeps nothing alive in the gate (a long-running server answers millions)', async () => {
    const { gate: g } = gate(8);
    const collected = new Set<number>();
    const registry = new FinalizationRegistry<number>((n) => collected.add(n));
    const answer = (n: number) => {
      const outcome = answered(ok({ n }));
      registry.register(outcome, n);
      return Promise.resolve(outcome);
    };
    let answers = 0;
    for (let i = 0; i < 20; i++) if ((await g.run(`k${i}`, () => answer(i))).envelope.success) answers++;
    expect(answers).toBe(20);
    await collectGarbageUntil(() => collected.size === 20);
    expect(collected.size).toBe(20);
    g.stop();
  }, 30_000);

  test('records and not-found answers are cached for the TTL; other failures are not', async () => {
    const { gate: g, advance } = gate(8, 1000);
    let calls = 0;
    const work = () => {
      calls++;
      return Promise.resolve(answered(ok({ n: calls })));
    };
    expect(await g.run('k', work)).toEqual(answered(ok({ n: 1 })));
    expect(await g.run('k', work)).toEqual(answered(ok({ n: 1 })));
    advance(1000);
    expect(await g.run('k', work)).toEqual(answered(ok({ n: 2 })));
    const notFound = () => Promise.resolve(answered(fail('citizen_not_found', 'none')));
    await g.run('n', notFound);
    expect(await g.run('n', () => Promise.resolve(answered(ok('later'))))).toEqual(await notFound());
    const timeout = () => Promise.resolve(answered(fail('database_timeout', 'slow')));
    await g.run('t', timeout);
    let again = 0;
    await g.run('t', () => {
      again++;
      return timeout();
    });
    expect(again).toBe(1);
  });

  test('an answer that met a citizen online is not cached: it is as fresh as his framework', async () => {
    const { gate: g } = gate(8, 1000);
    let calls = 0;
    const online = () => Promise.resolve(outcomeOf(ok({ n: ++calls }), MET_ONLINE));
    expect((await g.run('k', online)).cacheable).toBe(false);
    expect(await g.run('k', online)).toEqual(outcomeOf(ok({ n: 2 }), MET_ONLINE));
  });
});

describe('createLookupCache', () => {
  test('bounded in entries and in bytes, the oldest going first', () => {
    // Sizes are JSON lengths: 7 bytes for a five-letter string, 22 for twenty letters.
    const cache = createLookupCache<string>({ ttlMs: 1000, maxEntries: 2, maxBytes: 25, now: () => 0 });
    cache.set('a', 'x'.repeat(5));
    cache.set('b', 'y'.repeat(5));
    cache.set('c', 'z'.repeat(5));
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'yyyyy', 'zzzzz']);
    cache.set('d', 'w'.repeat(20));
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([undefined, undefined, 'w'.repeat(20)]);
    cache.set('huge', 'h'.repeat(100));
    expect(cache.get('huge')).toBeUndefined();
  });

  test('counts bytes as UTF-8, not as UTF-16 code units', () => {
    // "é" is one code unit and two UTF-8 bytes: JSON '"éééé"' is 6 units, 10 bytes.
    const cache = createLookupCache<string>({ ttlMs: 1000, maxEntries: 10, maxBytes: 8, now: () => 0 });
    cache.set('ascii', 'eeee');
    cache.set('accented', 'éééé');
    expect([cache.get('ascii'), cache.get('accented')]).toEqual(['eeee', undefined]);
  });

  test('a TTL of 0 keeps nothing', () => {
    const cache = createLookupCache<string>({ ttlMs: 0, maxEntries: 2, maxBytes: 30, now: () => 0 });
    cache.set('a', 'x');
    expect(cache.get('a')).toBeUndefined();
  });
});

test('createWarnOnce prints each message once, remembering a bounded number of them', () => {
  const printed: string[] = [];
  const warn = createWarnOnce((m) => printed.push(m), 2);
  for (const m of ['a', 'a', 'b', 'a', 'c', 'a']) warn(m);
  expect(printed).toEqual(['a', 'b', 'c', 'a']);
});
