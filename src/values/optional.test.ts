import { optionalBoolean, optionalNumber, optionalString } from './optional';

describe('optionalNumber', () => {
  it.each([
    [0, 0],
    ['12.5', 12.5],
    [false, 0],
    [undefined, undefined],
    [null, undefined],
    ['', undefined],
    ['abc', undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    [{}, undefined],
  ])('reads %p as %p', (value, expected) => {
    expect(optionalNumber(value)).toBe(expected);
  });
});

describe('optionalBoolean', () => {
  it.each([
    [false, false],
    [true, true],
    [0, false],
    ['1', true],
    ['false', false],
    [[1], true],
    [undefined, undefined],
    [null, undefined],
    ['maybe', undefined],
    [{}, undefined],
    [[], undefined],
  ])('reads %p as %p', (value, expected) => {
    expect(optionalBoolean(value)).toBe(expected);
  });
});

describe('optionalString', () => {
  it.each([
    ['', ''],
    ['Marcus Hale', 'Marcus Hale'],
    [519204, '519204'],
    [false, undefined],
    [null, undefined],
    [Number.NaN, undefined],
    [{}, undefined],
  ])('reads %p as %p', (value, expected) => {
    expect(optionalString(value)).toBe(expected);
  });
});
