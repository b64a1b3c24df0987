import { corsHeaders, parseCorsOrigins, preflightHeaders } from './cors';

describe('parseCorsOrigins', () => {
  test('origins are kept as scheme://host[:port], lower case, a trailing slash dropped; * alone means any', () => {
    expect(parseCorsOrigins('https://CAD.example.com/,http://[::1]:8080')).toEqual(
      new Set(['https://cad.example.com', 'http://[::1]:8080']),
    );
    expect(parseCorsOrigins('*')).toBe('*');
  });

  test('anything that is not an origin refuses the whole value', () => {
    for (const text of ['cad.example.com', 'https://cad.example.com/path', '*, https://a.example', 'ftp://x.example']) {
      expect({ text, parsed: parseCorsOrigins(text) }).toEqual({ text, parsed: undefined });
    }
  });
});

describe('corsHeaders and preflightHeaders', () => {
  const origins = parseCorsOrigins('https://cad.example.com')!;

  test('off: nothing added', () => {
    expect(corsHeaders(new Set(), 'https://cad.example.com')).toEqual({});
    expect(preflightHeaders(new Set(), 'https://cad.example.com', 'GET')).toEqual({});
  });

  test('an allowed origin is echoed as sent, with Vary: Origin; another origin gets only Vary', () => {
    expect(corsHeaders(origins, 'https://CAD.example.com')).toMatchObject({
      'Access-Control-Allow-Origin': 'https://CAD.example.com',
      Vary: 'Origin',
    });
    expect(corsHeaders(origins, 'https://evil.example')).toEqual({ Vary: 'Origin' });
    expect(corsHeaders('*', 'https://any.example')['Access-Control-Allow-Origin']).toBe('https://any.example');
  });

  test('a preflight from an allowed origin names the methods and the three request headers', () => {
    expect(preflightHeaders(origins, 'https://cad.example.com', 'GET, HEAD, OPTIONS')).toMatchObject({
      'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
      'Access-Control-Allow-Headers': 'Authorization, X-API-Key, If-None-Match',
    });
    expect(preflightHeaders(origins, undefined, 'GET')).toEqual({});
  });
});
