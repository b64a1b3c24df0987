import { FakeDatabase, manualClock } from '../../devkit/db/fake-database';
import { DatabaseError } from '../db/database';
import { createDatabaseFailures, UNAVAILABLE_LOG_MS } from './failures';

/** What the fake database rejects a statement with after being told to fail with `error`. */
async function failureOf(error: DatabaseError): Promise<unknown> {
  const db = new FakeDatabase();
  db.failNext(error);
  return db.query('SELECT `id` FROM `people` WHERE `id` = ?', ['1']).then(
    () => null,
    (e: unknown) => e,
  );
}

function setup() {
  const clock = manualClock(1_000_000);
  const logged: string[] = [];
  return { clock, logged, answer: createDatabaseFailures({ now: clock.now, logError: (m) => logged.push(m) }) };
}

describe('createDatabaseFailures', () => {
  test('a timeout is 504 database_timeout with its reason, and not logged', async () => {
    const { answer, logged } = setup();
    const error = await failureOf(new DatabaseError('timeout', 'the database did not answer within 300 ms'));
    expect(answer(error, 'request r1: people lookup of 1')).toEqual({
      success: false,
      error: {
        code: 'database_timeout',
        message: 'The database did not answer in time (the database did not answer within 300 ms); try again shortly.',
      },
    });
    expect(logged).toEqual([]);
  });

  test('stopping is resource_stopping, and not logged', async () => {
    const { answer, logged } = setup();
    expect(answer(await failureOf(new DatabaseError('stopping', 'the resource is stopping')), 'lookup')).toMatchObject({
      error: { code: 'resource_stopping' },
    });
    expect(logged).toEqual([]);
  });

  test('an unavailable database is logged once a minute however many lookups fail, then again', async () => {
    const { answer, logged, clock } = setup();
    const lost = await failureOf(new DatabaseError('unavailable', 'connect ECONNREFUSED 127.0.0.1:3306'));
    for (let i = 0; i < 5; i++) expect(answer(lost, `lookup ${i}`)).toMatchObject({ error: { code: 'database_unavailable' } });
    expect(logged).toEqual([
      'lookup 0: the database is unavailable: connect ECONNREFUSED 127.0.0.1:3306 (repeats are not logged for a minute)',
    ]);
    clock.advance(UNAVAILABLE_LOG_MS - 1);
    answer(lost, 'lookup 5');
    expect(logged).toHaveLength(1);
    clock.advance(1);
    answer(lost, 'lookup 6');
    expect(logged).toHaveLength(2);
    expect(logged[1]).toMatch(/^lookup 6: /);
  });

  test('the pool not connected yet (an empty message) is database_unavailable without a log line', () => {
    const { answer, logged } = setup();
    expect(answer(new DatabaseError('unavailable', ''), 'people lookup')).toMatchObject({ error: { code: 'database_unavailable' } });
    expect(logged).toEqual([]);
  });

  test('a query the database refused, or a bug, is 500 internal_error, logged each time with its context and stack', async () => {
    const { answer, logged } = setup();
    const refused = await failureOf(new DatabaseError('failed', "Unknown column 'nope' in 'field list'"));
    expect(answer(refused, 'request r7: people lookup of 1')).toEqual({
      success: false,
      error: { code: 'internal_error', message: 'The lookup failed; the server log has the details.' },
    });
    answer(new TypeError('row.name is not a function'), 'request r8: people lookup of 2');
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatch(/^request r7: people lookup of 1 failed: DatabaseError: Unknown column 'nope'/);
    expect(logged[1]).toMatch(/^request r8: people lookup of 2 failed: TypeError: row.name is not a function\n\s+at /);
  });
});
