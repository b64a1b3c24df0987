import { readChangesArgument, readChangesQueryString } from './query';

describe('a change feed request', () => {
  test('defaults: limit 100, no wait, no records; with include=record the limit is 50', () => {
    expect(readChangesQueryString('')).toEqual({ ok: true, query: { cursor: null, limit: 100, waitMs: 0, records: false } });
    expect(readChangesQueryString('include=record')).toEqual({ ok: true, query: { cursor: null, limit: 50, waitMs: 0, records: true } });
    expect(readChangesQueryString('cursor=a.b&limit=500&wait=30')).toEqual({
      ok: true,
      query: { cursor: 'a.b', limit: 500, waitMs: 30_000, records: false },
    });
  });

  test.each([
    ['limit=0', 'limit must be a whole number from 1 to 500'],
    ['limit=501', 'limit must be a whole number from 1 to 500'],
    ['limit=1e2', 'limit must be a whole number'],
    ['limit=51&include=record', 'at most 50'],
    ['wait=31', 'wait must be a whole number from 0 to 30'],
    ['wait=-1', 'wait must be a whole number'],
    ['include=records', 'include takes only record'],
    ['since=1', 'Unknown parameter "since"'],
    ['limit=1&limit=2', 'given more than once'],
    ['cursor=%zz', 'malformed %-escape'],
  ])('%s is refused: %s', (raw, message) => {
    const read = readChangesQueryString(raw);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toContain(message);
  });

  test('an empty value counts as absent', () => {
    expect(readChangesQueryString('cursor=&limit=&wait=&include=')).toEqual(readChangesQueryString(''));
  });

  test("an export's table: numbers as numbers, nil and an empty table as nothing, anything else named", () => {
    expect(readChangesArgument({ limit: 5, wait: 2, include: 'record' })).toEqual({
      ok: true,
      query: { cursor: null, limit: 5, waitMs: 2000, records: true },
    });
    expect(readChangesArgument(null)).toEqual(readChangesQueryString(''));
    expect(readChangesArgument([])).toEqual(readChangesQueryString(''));
    expect(readChangesArgument({ limit: 2.5 })).toMatchObject({ ok: false });
    expect(readChangesArgument({ cursor: 12 })).toMatchObject({ ok: false, message: 'cursor must be a string; a number was given.' });
    expect(readChangesArgument('cursor')).toMatchObject({ ok: false });
    expect(readChangesArgument({ since: 1 })).toMatchObject({ ok: false });
  });
});
