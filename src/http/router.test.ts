import { parseRequestPath, queryString } from './request-path';
import { matchRoute, ROUTES } from './router';

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
    for (const path of [
      '//health',
      '/health//',
      '/./health',
      '/health/..',
      'health',
      '',
      '/alpha/citizens/%2E%2E',
      '/alpha/citizens/%2e',
      '/%2e/health',
    ]) {
      expect({ path, segments: parseRequestPath(path) }).toEqual({ path, segments: null });
    }
  });

  test('a malformed escape is kept as a segment with no decoded text', () => {
    expect(parseRequestPath('/beta/citizens/%E0%A4%A')?.[2]).toEqual({ raw: '%E0%A4%A', decoded: null });
  });
});

/** What a match names, without the operation object. */
function named(path: string) {
  const match = matchRoute(path);
  return match && { id: match.operation.id, format: match.format, params: match.params };
}

describe('matchRoute', () => {
  test('the route shapes', () => {
    expect(named('/health')).toEqual({ id: 'health', format: null, params: {} });
    expect(named('/health/?probe')).toEqual({ id: 'health', format: null, params: {} });
    expect(named('/openapi.json')).toEqual({ id: 'openapi', format: null, params: {} });
    expect(named('/docs')).toEqual({ id: 'docs', format: null, params: {} });
    expect(named('/docs/')).toEqual({ id: 'docs', format: null, params: {} });
    expect(named('/alpha/citizens/steam:1100001')).toEqual({ id: 'citizen', format: 'alpha', params: { id: 'steam:1100001' } });
    expect(named('/beta/citizens/ABC12345')).toEqual({ id: 'citizen', format: 'beta', params: { id: 'ABC12345' } });
    expect(named('/beta/citizens/%ZZ')).toEqual({ id: 'citizen', format: 'beta', params: { id: null } });
    expect(named('/beta/players/license%3Aab/citizens')).toEqual({
      id: 'citizensByLicense',
      format: 'beta',
      params: { license: 'license:ab' },
    });
    // Without an id (one trailing slash or none), the search; its query string is the handler's to read.
    expect(named('/alpha/citizens?name=jo+smi')).toEqual({ id: 'search', format: 'alpha', params: {} });
    expect(named('/beta/citizens/')).toEqual({ id: 'search', format: 'beta', params: {} });
  });

  test('fixed segments match after decoding, and nothing else matches', () => {
    expect(named('/%61lpha/citizens/x')).toEqual({ id: 'citizen', format: 'alpha', params: { id: 'x' } });
    for (const path of [
      '/',
      '/Health',
      '/gamma/citizens/x',
      '/gamma/citizens',
      '/alpha/citizens//',
      '/alpha/citizen/x',
      '/alpha/citizens/x/y',
      '/alpha/players/x/citizen',
    ]) {
      expect({ path, route: matchRoute(path) }).toEqual({ path, route: null });
    }
  });

  test("the table holds each operation once, or once per format, in the contract's order", () => {
    expect(ROUTES.map((r) => r.path)).toEqual([
      '/health',
      '/openapi.json',
      '/docs',
      '/alpha/citizens/{id}',
      '/beta/citizens/{id}',
      '/alpha/citizens',
      '/beta/citizens',
      '/alpha/players/{license}/citizens',
      '/beta/players/{license}/citizens',
      '/alpha/vehicles/{plate}',
      '/beta/vehicles/{plate}',
      '/alpha/citizens/{id}/vehicles',
      '/beta/citizens/{id}/vehicles',
      '/alpha/citizens/{id}/presence',
      '/beta/citizens/{id}/presence',
      '/alpha/changes',
      '/beta/changes',
    ]);
  });
});

describe('queryString', () => {
  test('is what follows ?, without a fragment', () => {
    expect(queryString('/alpha/citizens?name=jo+smi&limit=5')).toBe('name=jo+smi&limit=5');
    expect(queryString('/alpha/citizens?a=1#frag')).toBe('a=1');
    expect(queryString('/alpha/citizens#x?y')).toBe('');
    expect(queryString('/health')).toBe('');
  });
});
