/**
 * What each export hands the calling resource (docs/platform.md#result-shapes,
 * #prepare-and-rawexecute-results), after the msgpack boundary.
 * A successful callback gets exactly one argument, so each answer is compared as the whole
 * argument list.
 */
import { useHarness } from './harness';

const FIXTURE = `
  CREATE TABLE people (id INT PRIMARY KEY AUTO_INCREMENT, name VARCHAR(32) NOT NULL, age INT NULL, active TINYINT(1) NULL);
  INSERT INTO people (name, age, active) VALUES ('alice', 30, 1), ('bob', 0, 0), ('', NULL, NULL);
  CREATE TABLE notes (id INT PRIMARY KEY AUTO_INCREMENT, text VARCHAR(32) NOT NULL);
`;
const HEADER_KEYS = ['affectedRows', 'changedRows', 'fieldCount', 'info', 'insertId', 'serverStatus', 'warningStatus'];

const h = useHarness('shapes', { ready: true, fixture: FIXTURE });

async function lastNoteId(): Promise<number> {
  const [rows] = await h.db.admin.query('SELECT MAX(id) AS id FROM notes');
  return (rows as Array<{ id: number }>)[0].id;
}

describe('single', () => {
  test('gives the first row, even without LIMIT', async () => {
    expect(await h.answer('single', 'SELECT id, name FROM people WHERE id = ?', [2])).toEqual([{ id: 2, name: 'bob' }]);
    expect(await h.answer('single', 'SELECT name FROM people ORDER BY id')).toEqual([{ name: 'alice' }]);
  });

  test('gives null when there is no row, and for DML', async () => {
    expect(await h.answer('single', 'SELECT name FROM people WHERE id = ?', [99])).toEqual([null]);
    expect(await h.answer('single', 'UPDATE people SET age = age WHERE id = ?', [99])).toEqual([null]);
  });
});

describe('scalar', () => {
  test('gives the first column of the first row, ignoring the others', async () => {
    expect(await h.answer('scalar', 'SELECT age, name FROM people WHERE id = ?', [1])).toEqual([30]);
  });

  test('keeps 0, false and the empty string', async () => {
    expect(await h.answer('scalar', 'SELECT age FROM people WHERE id = ?', [2])).toEqual([0]);
    expect(await h.answer('scalar', 'SELECT active FROM people WHERE id = ?', [2])).toEqual([false]);
    expect(await h.answer('scalar', 'SELECT name FROM people WHERE id = ?', [3])).toEqual(['']);
  });

  test('gives null for SQL NULL and when there is no row', async () => {
    expect(await h.answer('scalar', 'SELECT age FROM people WHERE id = ?', [3])).toEqual([null]);
    expect(await h.answer('scalar', 'SELECT age FROM people WHERE id = ?', [99])).toEqual([null]);
  });
});

describe('query', () => {
  test('gives an array of plain rows, [] when none match', async () => {
    expect(await h.answer('query', 'SELECT id, name FROM people WHERE id <= ? ORDER BY id', [2])).toEqual([
      [
        { id: 1, name: 'alice' },
        { id: 2, name: 'bob' },
      ],
    ]);
    expect(await h.answer('query', 'SELECT id FROM people WHERE id = ?', [99])).toEqual([[]]);
  });

  test('gives the ResultSetHeader fields for DML', async () => {
    const [header] = (await h.answer('query', 'INSERT INTO notes (text) VALUES (?)', ['q'])) as [Record<string, unknown>];
    expect(Object.keys(header).sort()).toEqual(HEADER_KEYS);
    expect(header).toMatchObject({ affectedRows: 1, insertId: await lastNoteId(), fieldCount: 0, warningStatus: 0 });
  });

  test('execute and fetch are the same as query', async () => {
    for (const name of ['execute', 'fetch']) {
      expect(await h.answer(name, 'SELECT name FROM people WHERE id = ?', [1])).toEqual([[{ name: 'alice' }]]);
    }
  });
});

describe('update and insert', () => {
  test('insert gives the insertId, update the affected rows', async () => {
    const [id] = await h.answer('insert', 'INSERT INTO notes (text) VALUES (?)', ['i']);
    expect(id).toBe(await lastNoteId());
    const [[{ count }]] = (await h.db.admin.query('SELECT COUNT(*) AS count FROM notes')) as unknown as [[{ count: number }]];
    expect(await h.answer('update', "UPDATE notes SET text = CONCAT(text, '!')")).toEqual([count]);
  });

  test('both give null for a SELECT', async () => {
    expect(await h.answer('insert', 'SELECT 1')).toEqual([null]);
    expect(await h.answer('update', 'SELECT 1')).toEqual([null]);
  });
});

describe('prepare', () => {
  test('0 rows: undefined, which arrives as null', async () => {
    expect(await h.answer('prepare', 'SELECT name FROM people WHERE id = ?', [99])).toEqual([null]);
  });

  test('1 row and 1 column: the bare value, null included', async () => {
    expect(await h.answer('prepare', 'SELECT name FROM people WHERE id = ?', [1])).toEqual(['alice']);
    expect(await h.answer('prepare', 'SELECT age FROM people WHERE id = ?', [3])).toEqual([null]);
  });

  test('1 row and several columns: the row', async () => {
    expect(await h.answer('prepare', 'SELECT id, name FROM people WHERE id = ?', [1])).toEqual([{ id: 1, name: 'alice' }]);
  });

  test('2 or more rows: an array of rows, even with one column', async () => {
    expect(await h.answer('prepare', 'SELECT name FROM people WHERE id <= ? ORDER BY id', [2])).toEqual([
      [{ name: 'alice' }, { name: 'bob' }],
    ]);
  });

  test('upper-case INSERT gives the insertId, UPDATE and DELETE the affected rows', async () => {
    const [id] = await h.answer('prepare', 'INSERT INTO notes (text) VALUES (?)', ['p']);
    expect(id).toBe(await lastNoteId());
    expect(await h.answer('prepare', 'UPDATE notes SET text = ? WHERE id = ?', ['p2', id])).toEqual([1]);
    expect(await h.answer('prepare', 'DELETE FROM notes WHERE id = ?', [id])).toEqual([1]);
  });

  test('lower-case update is typed as a SELECT, so it gives undefined (null)', async () => {
    const [id] = await h.answer('insert', 'INSERT INTO notes (text) VALUES (?)', ['l']);
    expect(await h.answer('prepare', 'update notes SET text = ? WHERE id = ?', ['l2', id])).toEqual([null]);
    expect(await h.answer('scalar', 'SELECT text FROM notes WHERE id = ?', [id])).toEqual(['l2']);
  });

  test('a batch of one-row sets gives one rows array per set', async () => {
    expect(await h.answer('prepare', 'SELECT name FROM people WHERE id = ?', [[1], [2]])).toEqual([
      [[{ name: 'alice' }], [{ name: 'bob' }]],
    ]);
  });

  test('a batch mixes rows of multi-row sets with the arrays of one-row sets', async () => {
    expect(await h.answer('prepare', 'SELECT id FROM people WHERE id > ? ORDER BY id', [[0], [2]])).toEqual([
      [{ id: 1 }, { id: 2 }, { id: 3 }, [{ id: 3 }]],
    ]);
  });
});

describe('rawExecute', () => {
  test('always gives the rows array, and the header for DML', async () => {
    expect(await h.answer('rawExecute', 'SELECT name FROM people WHERE id = ?', [99])).toEqual([[]]);
    expect(await h.answer('rawExecute', 'SELECT name FROM people WHERE id = ?', [1])).toEqual([[{ name: 'alice' }]]);
    expect(await h.answer('rawExecute', 'SELECT name FROM people WHERE id <= ? ORDER BY id', [2])).toEqual([
      [{ name: 'alice' }, { name: 'bob' }],
    ]);
    const [header] = (await h.answer('rawExecute', 'INSERT INTO notes (text) VALUES (?)', ['r'])) as [Record<string, unknown>];
    expect(header).toMatchObject({ affectedRows: 1, insertId: await lastNoteId() });
  });
});
