import { parseJsonColumn } from './json-column';
import { asBoolean, asString } from './coerce';
import { depthWithin, MAX_JSON_DEPTH, plainJson } from './safe-json';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('bounded JSON columns', () => {
  test('JSON nested a few thousand levels deep is no value, with one warning naming citizen and column', () => {
    const warnings: string[] = [];
    const value = parseJsonColumn(`{"headOverlays":${nested(5000)}}`, 'skin', { citizen: 'char1:abc', warn: (m) => warnings.push(m) });
    expect(value).toBeUndefined();
    expect(warnings).toEqual([
      `citizen char1:abc: column skin nests JSON deeper than ${MAX_JSON_DEPTH} levels; the field takes its default`,
    ]);
  });

  test('nesting up to the bound is kept as it is', () => {
    expect(depthWithin(JSON.parse(nested(MAX_JSON_DEPTH)))).toBe(true);
    expect(depthWithin(JSON.parse(nested(MAX_JSON_DEPTH + 1)))).toBe(false);
    expect(parseJsonColumn(nested(3), 'x', { citizen: 'c', warn: () => undefined })).toEqual([[[]]]);
  });

  test('objects count as levels like arrays, however the two alternate, and scalars do not', () => {
    const objects = (depth: number) => `${'{"a":'.repeat(depth - 1)}{"n":1,"s":"x"}${'}'.repeat(depth - 1)}`;
    const alternating = (depth: number) =>
      `${Array.from({ length: depth }, (_, k) => (k % 2 ? '{"k":' : '[1,')).join('')}null${Array.from({ length: depth }, (_, k) =>
        k % 2 ? '}' : ']',
      )
        .reverse()
        .join('')}`;
    expect(depthWithin(JSON.parse(objects(MAX_JSON_DEPTH)))).toBe(true);
    expect(depthWithin(JSON.parse(objects(MAX_JSON_DEPTH + 1)))).toBe(false);
    expect(depthWithin(JSON.parse(alternating(MAX_JSON_DEPTH)))).toBe(true);
    expect(depthWithin(JSON.parse(alternating(MAX_JSON_DEPTH + 1)))).toBe(false);
    expect(depthWithin(JSON.parse(`{"__proto__":${nested(MAX_JSON_DEPTH)}}`))).toBe(false);
    expect(depthWithin('text')).toBe(true);
  });

  test('asBoolean reads a BIT byte array but does not walk into nested arrays', () => {
    expect(asBoolean([1])).toBe(true);
    expect(asBoolean([0])).toBe(false);
    expect(asBoolean(JSON.parse(nested(20000)))).toBe(false);
  });
});

describe('values that survive both boundaries alike', () => {
  test('own __proto__, constructor and prototype keys are dropped at every level', () => {
    const stored = JSON.parse('{"__proto__":{"polluted":true},"beard":{"style":1,"constructor":{"x":1}},"prototype":2}');
    const copy = plainJson(stored) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['beard']);
    expect(copy).toEqual({ beard: { style: 1 } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('non-finite numbers become null, as JSON.stringify gives them', () => {
    expect(plainJson(JSON.parse('{"noseWidth":1e400,"list":[-1e400, 0.5]}'))).toEqual({ noseWidth: null, list: [null, 0.5] });
  });

  test('lone surrogates in strings and keys are replaced by U+FFFD; pairs are kept', () => {
    expect(plainJson('a\uD800b')).toBe('a\uFFFDb');
    expect(plainJson(['\uDC00x\uD83E\uDD8A'])).toEqual(['\uFFFDx\uD83E\uDD8A']);
    expect(plainJson(JSON.parse('{"k\\udc01":"v\\ud83d"}'))).toEqual({ 'k\uFFFD': 'v\uFFFD' });
    expect(asString(JSON.parse('"Zo\\ud800"'))).toBe('Zo\uFFFD');
  });
});
