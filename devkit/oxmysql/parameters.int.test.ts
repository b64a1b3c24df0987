/**
 * Parameters sent through the exports reach MariaDB as docs/platform.md#parameters-of-the-query-family
 * and #parameters-of-prepare-and-rawexecute say.
 */
import { useHarness } from './harness';

const FIXTURE = `
  CREATE TABLE people (id INT PRIMARY KEY, name VARCHAR(32) NOT NULL);
  INSERT INTO people VALUES (1, 'alice'), (2, 'bob'), (3, 'carol');
`;

const h = useHarness('params', { ready: true, fixture: FIXTURE });

describe('query family', () => {
  test.each([
    ['SELECT name FROM people WHERE id = :id', { id: 2 }],
    ['SELECT name FROM people WHERE id = @id', { id: 2 }],
    ['SELECT name FROM people WHERE id = :id', { ':id': 2 }],
    ['SELECT name FROM people WHERE id = @id', { '@id': 2 }],
  ])('%s with %p finds the row', async (sql, params) => {
    expect(await h.answer('scalar', sql, params)).toEqual(['bob']);
  });

  test('a missing name is NULL and a quoted 10:30 is left alone', async () => {
    expect(await h.answer('single', "SELECT '10:30' AS t, :missing AS m, :id AS id", { id: 3 })).toEqual([{ t: '10:30', m: null, id: 3 }]);
  });

  test('fewer positional values than ? are padded with NULL', async () => {
    expect(await h.answer('single', 'SELECT ? AS a, ? AS b', ['x'])).toEqual([{ a: 'x', b: null }]);
  });

  test('an array value expands for IN (?)', async () => {
    expect(await h.answer('query', 'SELECT name FROM people WHERE id IN (?) ORDER BY id', [[1, 3]])).toEqual([
      [{ name: 'alice' }, { name: 'carol' }],
    ]);
  });

  test('an object without named tokens is read by 1-based keys', async () => {
    expect(await h.answer('single', 'SELECT ? AS a, ? AS b', { 1: 'x', 2: 'y' })).toEqual([{ a: 'x', b: 'y' }]);
  });
});

describe('prepare', () => {
  test('fewer values than ? are padded with NULL', async () => {
    expect(await h.answer('prepare', 'SELECT ? AS a, ? AS b', ['x'])).toEqual([{ a: 'x', b: null }]);
  });

  test('no values for a ? is the server error', async () => {
    const [result, message] = await h.answer('prepare', 'SELECT ? AS a', []);
    expect(result).toBeNull();
    expect(message).toContain('Incorrect arguments to mysqld_stmt_execute');
  });

  test('@id reaches the server as a user variable, which is NULL', async () => {
    expect(await h.answer('prepare', 'SELECT @id AS v', { '@id': 2 })).toEqual([null]);
  });
});
