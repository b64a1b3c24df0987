import { OLDEST_OXMYSQL, isOlderThan, oxmysqlVersionWarning, parseVersion } from './oxmysql-version';

describe('parseVersion', () => {
  test.each([
    ['2.14.1', [2, 14, 1]],
    ['v2.7.0', [2, 7, 0]],
    ['2.10.0-beta', [2, 10, 0]],
    ['1.9', null],
    ['', null],
  ])('%p → %p', (text, expected) => {
    expect(parseVersion(text)).toEqual(expected);
  });
});

describe('isOlderThan', () => {
  test.each([
    [[2, 6, 9], true],
    [[1, 9, 3], true],
    [[2, 7, 0], false],
    [[2, 7, 1], false],
    [[2, 10, 0], false],
    [[3, 0, 0], false],
  ] as Array<[[number, number, number], boolean]>)('%p older than 2.7.0: %p', (version, expected) => {
    expect(isOlderThan(version, [2, 7, 0])).toBe(expected);
  });
});

describe('oxmysqlVersionWarning', () => {
  test('an older release is named, with the oldest supported one and what it lacks', () => {
    const warning = oxmysqlVersionWarning('2.6.0');
    expect(warning).toContain('oxmysql 2.6.0 is older than 2.7.0');
    expect(warning).toContain('isReady');
    expect(OLDEST_OXMYSQL).toBe('2.7.0');
  });

  test.each(['2.7.0', '2.14.1', '2.10.0', '', 'dev'])('no warning for %p', (version) => {
    expect(oxmysqlVersionWarning(version)).toBeNull();
  });
});
