import { createTestDatabase, type TestDatabase } from '../devkit/db/test-database';
import { loadFixture } from '../devkit/resource-harness';
import { alphaId, betaId, insertCitizens } from './citizens';
import { primaryKeyStatements } from './resource-source';
import { plainStatement } from './servers';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('bench_servers');
  await loadFixture(db, 'esx-legacy-schema.sql');
  await loadFixture(db, 'qbcore.sql');
  await insertCitizens(db.admin, 3);
});
afterAll(() => db.drop());

const rowOf = async (sql: string, id: string) => {
  const [rows] = await db.admin.query(sql, [id]);
  return (rows as Array<Record<string, unknown>>)[0];
};

describe("the plain ceiling's statement", () => {
  it.each([
    ['alpha', alphaId(1), {}],
    // citizen_records reads last_updated as UNIX_TIMESTAMP() under another name; the plain statement reads the column.
    ['beta', betaId(1), { last_updated_unix: 'last_updated' }],
  ] as const)(
    '%s: selects the columns citizen_records reads, by key, without wrapping them',
    async (format, id, renamed: Record<string, string>) => {
      const resource = (await primaryKeyStatements(db.admin))[format];
      const plain = await plainStatement(db.admin, resource);
      expect(plain).toMatch(/^SELECT `[^()]+` FROM `\w+` WHERE `\w+` = \?$/);
      expect(resource).toMatch(/IF\(|CAST\(| \+ 0/);

      const wrapped = await rowOf(resource, id);
      const bare = await rowOf(plain, id);
      const readColumns = Object.keys(wrapped)
        .filter((key) => !key.endsWith(':oversize'))
        .map((key) => renamed[key] ?? key);
      expect(Object.keys(bare).sort()).toEqual(readColumns.sort());
      const key = /WHERE `(\w+)`/.exec(plain)![1];
      expect(bare[key]).toBe(id);
    },
  );
});
