import { isStatementTimeout, statementTimeoutStyle, withStatementTimeout } from './statement-timeout';

describe('statementTimeoutStyle', () => {
  test.each([
    ['10.11.19-MariaDB-0+deb12u1', 'mariadb'],
    ['11.8.2-MariaDB-ubu2404', 'mariadb'],
    ['5.5.5-10.6.18-MariaDB', 'mariadb'],
    ['10.1.2-MariaDB', 'mariadb'],
    ['10.1.1-MariaDB', 'none'],
    ['10.0.38-MariaDB', 'none'],
    ['8.0.36', 'mysql'],
    ['8.4.3-0ubuntu0.24.04.1', 'mysql'],
    ['5.7.44-log', 'mysql'],
    ['8.0.36-28 Percona Server', 'mysql'],
    ['5.7.8-rc', 'mysql'],
    ['5.7.7-rc', 'none'],
    ['5.6.51', 'none'],
    ['', 'none'],
  ])('%s → %s', (version, style) => {
    expect(statementTimeoutStyle(version)).toBe(style);
  });
});

describe('withStatementTimeout', () => {
  const select = 'SELECT `a` FROM `users` WHERE `b` LIKE ? LIMIT ?';

  test('MariaDB: SET STATEMENT with seconds', () => {
    expect(withStatementTimeout(select, 'mariadb', 2000)).toBe(`SET STATEMENT max_statement_time=2.000 FOR ${select}`);
    expect(withStatementTimeout(select, 'mariadb', 1)).toBe(`SET STATEMENT max_statement_time=0.001 FOR ${select}`);
  });

  test('MySQL: the MAX_EXECUTION_TIME hint right after SELECT, in milliseconds', () => {
    expect(withStatementTimeout(select, 'mysql', 2000)).toBe('SELECT /*+ MAX_EXECUTION_TIME(2000) */ `a` FROM `users` WHERE `b` LIKE ? LIMIT ?');
  });

  test('an older server: the statement as it is', () => {
    expect(withStatementTimeout(select, 'none', 2000)).toBe(select);
  });

  test('only a SELECT can be limited', () => {
    expect(() => withStatementTimeout('UPDATE users SET a = 1', 'mariadb', 2000)).toThrow(/starts with SELECT/);
  });
});

describe('isStatementTimeout', () => {
  test('MariaDB 1969 and MySQL 3024, as oxmysql passes them on', () => {
    expect(isStatementTimeout('Query execution was interrupted (max_statement_time exceeded)')).toBe(true);
    expect(isStatementTimeout('citizen_records was unable to execute a query!\nQuery: SET STATEMENT …\nQuery execution was interrupted (max_statement_time exceeded)')).toBe(true);
    expect(isStatementTimeout('Query execution was interrupted, maximum statement execution time exceeded')).toBe(true);
    expect(isStatementTimeout('Query was interrupted: execution time limit 2 sec exceeded')).toBe(true);
  });

  test('a query killed for another reason is no statement timeout', () => {
    expect(isStatementTimeout('Query execution was interrupted')).toBe(false);
    expect(isStatementTimeout('Connection was killed')).toBe(false);
    expect(isStatementTimeout('Lock wait timeout exceeded; try restarting transaction')).toBe(false);
  });
});
