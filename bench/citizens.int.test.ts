import { createTestDatabase, type TestDatabase } from '../devkit/db/test-database';
import { loadFixture } from '../devkit/resource-harness';
import { alphaId, alphaRow, betaId, betaRow, insertCitizens, loadRows } from './citizens';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('bench_citizens');
});
afterAll(() => db.drop());

describe('bench data', () => {
  it('loads values with tabs, newlines, backslashes, NUL, NULL and the text \\N through LOAD DATA unchanged', async () => {
    const values = [
      'plain',
      'tab\there',
      'two\nlines',
      'crlf\r\n',
      'back\\slash',
      '\\N',
      'N',
      'nul\0byte',
      '{"a":"b\\"c"}',
      'Zoë 🦊',
      '',
      null,
    ];
    await db.admin.query('CREATE TABLE tricky (id INT PRIMARY KEY, v LONGTEXT NULL) CHARACTER SET utf8mb4');
    await loadRows(db.admin, 'tricky', ['id', 'v'], values.length, (i) => [i, values[i]]);
    const [rows] = await db.admin.query('SELECT v FROM tricky ORDER BY id');
    expect((rows as Array<{ v: string | null }>).map((r) => r.v)).toEqual(values);
  });

  it('fails when the server skips a row or warns, which LOAD DATA LOCAL would only count', async () => {
    await db.admin.query('CREATE TABLE short_text (id INT PRIMARY KEY, v VARCHAR(3))');
    await expect(loadRows(db.admin, 'short_text', ['id', 'v'], 2, (i) => [0, `value ${i}`])).rejects.toThrow(
      /LOAD DATA into short_text: 1 of 2 rows, \d+ warnings/,
    );
  });

  it('inserts generated citizens of both formats as their rows say', async () => {
    await loadFixture(db, 'esx-legacy-schema.sql');
    await loadFixture(db, 'qbcore.sql');
    await insertCitizens(db.admin, 9);
    const [users] = await db.admin.query('SELECT identifier, skin, inventory, dateofbirth FROM users ORDER BY id');
    expect((users as unknown[]).length).toBe(9);
    expect((users as unknown[])[5]).toEqual({
      identifier: alphaId(5),
      skin: alphaRow(5)[14],
      inventory: alphaRow(5)[3],
      dateofbirth: alphaRow(5)[11],
    });
    const [players] = await db.admin.query('SELECT citizenid, metadata FROM players WHERE citizenid = ?', [betaId(8)]);
    expect(players).toEqual([{ citizenid: betaId(8), metadata: betaRow(8)[10] }]);
  });
});
