import { burstFor, createRateLimiter } from './rate-limit';

function limiter(perMinute: number, burst: number, maxBuckets?: number) {
  let now = 0;
  const rl = createRateLimiter({ perMinute, burst, now: () => now, maxBuckets });
  return { rl, advance: (ms: number) => (now += ms) };
}

describe('createRateLimiter', () => {
  test('a burst passes, the next request waits for a token, with the wait in whole seconds', () => {
    const { rl, advance } = limiter(60, 3);
    expect([1, 2, 3].map(() => rl.take('key:cad').allowed)).toEqual([true, true, true]);
    expect(rl.take('key:cad')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    advance(999);
    expect(rl.take('key:cad').allowed).toBe(false);
    advance(1);
    expect(rl.take('key:cad').allowed).toBe(true);
  });

  test('one client at its limit never slows another', () => {
    const { rl } = limiter(6, 2);
    rl.take('key:cad');
    rl.take('key:cad');
    expect(rl.take('key:cad')).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(rl.take('key:bot')).toEqual({ allowed: true });
  });

  test('a bucket never fills beyond its burst, however long it stays idle', () => {
    const { rl, advance } = limiter(60, 2);
    advance(3_600_000);
    expect([1, 2, 3].map(() => rl.take('address:1.2.3.4').allowed)).toEqual([true, true, false]);
  });

  test('a request may cost several tokens (a search costs 10): taken whole or not at all, the wait counted for all of them', () => {
    const { rl, advance } = limiter(60, 10);
    expect(rl.take('key:cad', 10)).toEqual({ allowed: true });
    expect(rl.take('key:cad', 10)).toEqual({ allowed: false, retryAfterSeconds: 10 });
    advance(3000);
    expect(rl.take('key:cad', 10)).toEqual({ allowed: false, retryAfterSeconds: 7 });
    expect(rl.take('key:cad')).toEqual({ allowed: true });
    advance(8000);
    expect(rl.take('key:cad', 10)).toEqual({ allowed: true });
  });

  test('beyond maxBuckets the least recently used bucket is forgotten', () => {
    const { rl } = limiter(1, 1, 2);
    expect(rl.take('a').allowed).toBe(true);
    expect(rl.take('b').allowed).toBe(true);
    expect(rl.take('a').allowed).toBe(false);
    rl.take('c');
    expect(rl.take('b').allowed).toBe(true);
  });
});

test('the burst is ten seconds of the limit, at least 10', () => {
  expect(burstFor(600)).toBe(100);
  expect(burstFor(30)).toBe(10);
});
