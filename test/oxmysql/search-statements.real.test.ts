/**
 * What a search asks of oxmysql, through the real release (OXMYSQL_DIR) and through the stand-in
 * alike: `rawExecute` passes MariaDB's `SET STATEMENT max_statement_time=… FOR SELECT …` through
 * as a server-side prepared statement, binds quotes and backslashes as data, answers rows as an
 * array whatever their number, and hands back the database's own message when the time limit
 * stops the statement, so the resource can tell that timeout from a lost database.
 */
import { realOxmysqlDir } from '../../devkit/oxmysql/real-oxmysql';
import { startOxmysql, type OxmysqlUnderTest } from '../../devkit/resource-harness';
import { createTestDatabase, type TestDatabase } from '../../devkit/db/test-database';
import { FxHost } from '../../devkit/host/fx-host';
import { isStatementTimeout, statementTimeoutStyle, withStatementTimeout } from '../../src/db/statement-timeout';

describe.each([
  ['the real oxmysql', () => realOxmysqlDir()],
  ['the stand-in', () => null],
])('%s', (_label, dir) => {
  let db: TestDatabase;
  let host: FxHost;
  let oxmysql: OxmysqlUnderTest;

  /** `exports.oxmysql[name](sql, params, cb, 'caller', true)`: what the callback got. */
  const call = (name: string, sql: string, params: unknown[]) =>
    new Promise<unknown[]>((resolve) => host.callExport('caller', 'oxmysql', name, sql, params, (...args: unknown[]) => resolve(args), 'caller', true));

  beforeAll(async () => {
    db = await createTestDatabase('search_statements');
    await db.admin.query("CREATE TABLE people (id INT PRIMARY KEY, name VARCHAR(40)); INSERT INTO people VALUES (1, 'O''Brien'), (2, 'Back\\\\slash'), (3, 'Plain')");
    host = new FxHost({ clock: 'auto' });
    oxmysql = await startOxmysql(host, db.url, {}, dir());
    host.startScript('caller', '');
    await host.callExport('caller', 'oxmysql', 'awaitConnection');
  });
  afterEach(() => expect(host.takeViolations()).toEqual([]));
  afterAll(async () => {
    await oxmysql.close();
    await host.close();
    await db.drop();
  });

  const style = async () => {
    const [version] = await call('scalar', 'SELECT VERSION()', []);
    return statementTimeoutStyle(String(version));
  };

  test('a time-limited SELECT runs as a prepared statement and answers its rows as an array, whatever their number', async () => {
    const limited = withStatementTimeout('SELECT id, name FROM people WHERE name LIKE ? ESCAPE \'!\' ORDER BY id LIMIT ?', await style(), 2000);
    expect(limited).toMatch(/^SET STATEMENT max_statement_time=2\.000 FOR SELECT /);
    expect(await call('rawExecute', limited, ["O'%", '5'])).toEqual([[{ id: 1, name: "O'Brien" }]]);
    expect(await call('rawExecute', limited, ['Back\\%', '5'])).toEqual([[{ id: 2, name: 'Back\\slash' }]]);
    expect(await call('rawExecute', limited, ['%', '5'])).toEqual([[{ id: 1, name: "O'Brien" }, { id: 2, name: 'Back\\slash' }, { id: 3, name: 'Plain' }]]);
    expect(await call('rawExecute', limited, ['nobody%', '5'])).toEqual([[]]);
  });

  test('the database stopping it comes back as its own message, which says so', async () => {
    const [result, message] = await call('rawExecute', withStatementTimeout('SELECT SLEEP(5) AS s, ? AS x', await style(), 200), ['x']);
    expect(result).toBeNull();
    expect(String(message)).toMatch(/^caller was unable to execute a query!\nQuery: SET STATEMENT max_statement_time=0\.200 FOR SELECT SLEEP\(5\)/);
    expect(isStatementTimeout(String(message))).toBe(true);
    // The connection it ran on went back to the pool and answers at once.
    expect(await call('rawExecute', 'SELECT ? AS x', ['next'])).toEqual([[{ x: 'next' }]]);
  });
});
