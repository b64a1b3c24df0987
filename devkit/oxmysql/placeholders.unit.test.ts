/**
 * The parameter rules of docs/platform.md#parameters-of-the-query-family and
 * #parameters-of-prepare-and-rawexecute.
 */
import { ParameterError, executeParameterSets, queryArguments } from './placeholders';

describe('queryArguments: named placeholders', () => {
  test.each([
    ['a bare key', { id: 7 }],
    ['an @ key', { '@id': 7 }],
    ['a : key', { ':id': 7 }],
  ])(':id and @id take the value of %s', (_label, params) => {
    expect(queryArguments('SELECT :id AS a, @id AS b', params)).toEqual({ sql: 'SELECT ? AS a, ? AS b', values: [7, 7] });
  });

  test('a name may repeat, and a missing one is NULL', () => {
    expect(queryArguments('SELECT :a, :b, :a', { a: 1 })).toEqual({ sql: 'SELECT ?, ?, ?', values: [1, null, 1] });
  });

  test('tokens inside quoted literals are left alone', () => {
    expect(queryArguments(`SELECT '10:30', "x@y", :id`, { id: 1 })).toEqual({ sql: `SELECT '10:30', "x@y", ?`, values: [1] });
  });

  test('numbered tokens like :1 are names too', () => {
    expect(queryArguments('SELECT :1, :2', { 1: 'a', 2: 'b' })).toEqual({ sql: 'SELECT ?, ?', values: ['a', 'b'] });
  });

  test('a MariaDB user variable is taken as a placeholder when parameters is an object', () => {
    expect(queryArguments('SELECT @counter, :id', { id: 1 })).toEqual({ sql: 'SELECT ?, ?', values: [null, 1] });
  });

  test('an array never triggers the conversion', () => {
    expect(queryArguments('SELECT @counter, ?', [1])).toEqual({ sql: 'SELECT @counter, ?', values: [1] });
  });

  test('falsy values are kept, undefined becomes NULL', () => {
    expect(queryArguments('SELECT :a, :b, :c, :d', { a: 0, b: false, c: '', d: undefined }).values).toEqual([0, false, '', null]);
  });
});

describe('queryArguments: positional', () => {
  test('an object without named tokens is read by 1-based keys', () => {
    expect(queryArguments('SELECT ?, ?', { 1: 'x', 2: 'y' }).values).toEqual(['x', 'y']);
  });

  test('missing values are padded with NULL', () => {
    expect(queryArguments('SELECT ?, ?, ?', ['a']).values).toEqual(['a', null, null]);
  });

  test.each([null, undefined, () => undefined])('parameters %p count as none', (params) => {
    expect(queryArguments('SELECT ?', params).values).toEqual([null]);
    expect(queryArguments('SELECT 1', params).values).toEqual([]);
  });

  test('undefined values become NULL', () => {
    expect(queryArguments('SELECT ?, ?', [undefined, 2]).values).toEqual([null, 2]);
  });

  test('too many values is an error only when the query has a ?', () => {
    expect(() => queryArguments('SELECT ?', [1, 2])).toThrow(new ParameterError('Expected 1 parameters, but received 2.'));
    expect(() => queryArguments('SELECT 1', [1, 2])).not.toThrow();
  });

  test('a query that is not a string is refused', () => {
    expect(() => queryArguments(5, [])).toThrow('Expected query to be a string but received number instead.');
  });
});

describe('executeParameterSets', () => {
  test('a flat array is one set, padded with NULL, undefined as NULL', () => {
    expect(executeParameterSets('SELECT ?, ?, ?', ['a', undefined])).toEqual([['a', null, null]]);
  });

  test('an array of arrays or objects is a batch', () => {
    expect(executeParameterSets('SELECT ?', [[1], [2]])).toEqual([[1], [2]]);
    expect(executeParameterSets('SELECT ?, ?', [{ 1: 'a' }, ['b', 'c']])).toEqual([
      ['a', null],
      ['b', 'c'],
    ]);
  });

  test('an object is read by 1-based keys; prefixed names are dropped', () => {
    expect(executeParameterSets('SELECT ?, ?', { 2: 'b', 1: 'a' })).toEqual([['a', 'b']]);
    expect(executeParameterSets('SELECT ?', { '@id': 1 })).toEqual([[]]);
  });

  test('no values at all stay empty, for the server to refuse', () => {
    expect(executeParameterSets('SELECT ?', [])).toEqual([[]]);
    expect(executeParameterSets('SELECT ?', null)).toEqual([[]]);
  });
});
