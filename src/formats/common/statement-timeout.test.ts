import { isStatementTimeout, sqlFlavour, withStatementTimeout } from './statement-timeout';

test('the flavour comes from VERSION()', () => {
  expect(sqlFlavour('10.11.19-MariaDB-0+deb12u1')).toBe('mariadb');
  expect(sqlFlavour('11.4.2-MariaDB')).toBe('mariadb');
  expect(sqlFlavour('8.0.36')).toBe('mysql');
  expect(sqlFlavour('5.7.44-log')).toBe('mysql');
});

test('MariaDB bounds the statement with SET STATEMENT in seconds, MySQL with the MAX_EXECUTION_TIME hint in ms', () => {
  expect(withStatementTimeout('SELECT 1 FROM t WHERE a = ?', 'mariadb', 2000)).toBe('SET STATEMENT max_statement_time=2.000000 FOR SELECT 1 FROM t WHERE a = ?');
  expect(withStatementTimeout('SELECT 1 FROM t', 'mariadb', 0.5)).toBe('SET STATEMENT max_statement_time=0.000500 FOR SELECT 1 FROM t');
  expect(withStatementTimeout('SELECT `a` FROM t', 'mysql', 2000)).toBe('SELECT /*+ MAX_EXECUTION_TIME(2000) */ `a` FROM t');
  expect(withStatementTimeout('SELECT 1', 'mysql', 0.2)).toBe('SELECT /*+ MAX_EXECUTION_TIME(1) */ 1');
  expect(() => withStatementTimeout('UPDATE t SET a = 1', 'mariadb', 1000)).toThrow(/SELECT only/);
});

test('the errors of a stopped statement are told apart from others', () => {
  expect(isStatementTimeout('Query execution was interrupted (max_statement_time exceeded)')).toBe(true);
  expect(isStatementTimeout('Query execution was interrupted, maximum statement execution time exceeded')).toBe(true);
  expect(isStatementTimeout('Query execution was interrupted')).toBe(false);
  expect(isStatementTimeout("Table 'x.owned_vehicles' doesn't exist")).toBe(false);
});
