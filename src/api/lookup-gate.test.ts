import { ok, type Envelope } from './envelope';
import { createLookupCache } from './lookup-cache';
import { createLookupGate } from './lookup-gate';
import { createWarnOnce } from './warn-once';
import { collectGarbageUntil } from '../../devkit/collect-garbage';

function deferred() {
  let resolve!: (value: Envelope<unknown>) => void;
  const promise = new Promise<Envelope<unknown>>((r) => (resolve = r));
  return { promise, resolve };
}

function gate(maxInFlight: number, ttlMs = 0) {
  let now = 0;
  const cache = createLookupCache<Envelope<unknown>>({ ttlMs, maxEntries: 100, maxBytes: 1 << 20, now: () => now });
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
    work.resolve(ok({ citizenid: 'A1' }));
    expect(await Promise.all(answers)).toEqual([ok({ citizenid: 'A1' }), ok({ citizenid: 'A1' }), ok({ citizenid: 'A1' })]);
    expect(g.inFlight()).toBe(0);
  });

  test('beyond the cap a new lookup is 503 server_busy at once, and the cap frees as lookups settle', async () => {
    const { gate: g } = gate(2);
    const first = deferred();
    const a = g.run('a', () => first.promise);
    void g.run('b', () => new Promise(() => undefined));
    const busy = await g.run('c', () => Promise.resolve(ok(1)));
    expect(busy).toMatchObject({ success: false, error: { code: 'server_busy' } });
    first.resolve(ok(1));
    await a;
    expect(await g.run('c', () => Promise.resolve(ok(3)))).toEqual(ok(3));
  });

  test('stop answers every waiting lookup with resource_stopping, and every later one', async () => {
    const { gate: g } = gate(8);
    const waiting = [g.run('a', () => new Promise(() => undefined)), g.run('b', () => new Promise(() => undefined))];
    g.stop();
    for (const answer of await Promise.all(waiting)) expect(answer).toMatchObject({ success: false, error: { code: 'resource_stopping' } });
    expect(await g.run('c', () => Promise.resolve(ok(1)))).toMatchObject({ error: { code: 'resource_stopping' } });
  });

  test('a settled lookup keeps nothing alive in the gate (a long-running server answers millions)', async () => {
    const { gate: g } = gate(8);
    const collected = new Set<number>();
    const registry = new FinalizationRegistry<number>((n) => collected.add(n));
    const answer = (n: number) => {
      const envelope = ok({ n });
      registry.register(envelope, n);
      return Promise.resolve(envelope);
    };
    let answers = 0;
    for (let i = 0; i < 20; i++) if ((await g.run(`k${i}`, () => answer(i))).success) answers++;
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
      return Promise.resolve(ok({ n: calls }));
    };
    expect(await g.run('k', work)).toEqual(ok({ n: 1 }));
    expect(await g.run('k', work)).toEqual(ok({ n: 1 }));
    advance(1000);
    expect(await g.run('k', work)).toEqual(ok({ n: 2 }));
    const timeout = () => Promise.resolve({ success: false as const, error: { code: 'database_timeout' as const, message: 'slow' } });
    await g.run('t', timeout);
    let again = 0;
    await g.run('t', () => {
      again++;
      return timeout();
    });
    expect(again).toBe(1);
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
