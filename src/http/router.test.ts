import { parseRequestPath } from './request-path';
import { matchRoute } from './router';

describe('parseRequestPath', () => {
  test('drops the query string, accepts one trailing slash and decodes each segment once', () => {
    expect(parseRequestPath('/alpha/citizens/char1%3Aabc/?x=1')).toEqual([
      { raw: 'alpha', decoded: 'alpha' },
      { raw: 'citizens', decoded: 'citizens' },
      { raw: 'char1%3Aabc', decoded: 'char1:abc' },
    ]);
    expect(parseRequestPath('/a%2541')?.[0].decoded).toBe('a%41');
    expect(parseRequestPath('/?only=query')).toEqual([]);
  });

  test('empty, dot and dot-dot segments name no route', () => {
    for (const path of ['//health', '/health//', '/./health', '/health/..', 'health', '', '/alpha/citizens/%2E%2E', '/alpha/citizens/%2e', '/%2e/health']) {
      expect({ path, segments: parseRequestPath(path) }).toEqual({ path, segments: null });
    }
  });

  test('a malformed escape is kept as a segment with no decoded text', () => {
    expect(parseRequestPath('/beta/citizens/%E0%A4%A')?.[2]).toEqual({ raw: '%E0%A4%A', decoded: null });
  });
});

describe('matchRoute', () => {
  test('the three route shapes', () => {
    expect(matchRoute('/health')).toEqual({ kind: 'health' });
    expect(matchRoute('/health/?probe')).toEqual({ kind: 'health' });
    expect(matchRoute('/docs')).toEqual({ kind: 'docs' });
    expect(matchRoute('/docs/')).toEqual({ kind: 'docs' });
    expect(matchRoute('/alpha/citizens/steam:1100001')).toEqual({ kind: 'citizen', format: 'alpha', id: 'steam:1100001' });
    expect(matchRoute('/beta/citizens/ABC12345')).toEqual({ kind: 'citizen', format: 'beta', id: 'ABC12345' });
    expect(matchRoute('/beta/citizens/%ZZ')).toEqual({ kind: 'citizen', format: 'beta', id: null });
  });

  test('fixed segments match after decoding, and nothing else matches', () => {
    expect(matchRoute('/%61lpha/citizens/x')).toEqual({ kind: 'citizen', format: 'alpha', id: 'x' });
    for (const path of ['/', '/Health', '/gamma/citizens/x', '/alpha/citizens', '/alpha/citizens/', '/alpha/citizen/x', '/alpha/citizens/x/y']) {
      expect({ path, route: matchRoute(path) }).toEqual({ path, route: null });
    }
  });
});
