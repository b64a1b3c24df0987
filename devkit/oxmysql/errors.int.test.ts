/**
 * Query failures as the calling resource sees them (docs/platform.md#callback-convention,
 * #query-failures): the message
 * format, the `oxmysql:error` event, the isPromise split, and `_async` rejections that arrive as
 * plain strings.
 */
import { waitFor } from '../host/host-fixture';
import { CALLER, useHarness } from './harness';

const BAD_SQL = 'SELECT nope FROM people WHERE id = ?';

const h = useHarness('errors', { ready: true, fixture: 'CREATE TABLE people (id INT PRIMARY KEY, name VARCHAR(32));' });
let serverMessage: string;

beforeAll(async () => {
  serverMessage = await h.db.admin.query(BAD_SQL, [1]).then(
    () => {
      throw new Error(`${BAD_SQL} did not fail`);
    },
    (error: Error) => error.message,
  );
  h.host.startScript('watcher', `globalThis.errors = []; on('oxmysql:error', (e) => globalThis.errors.push(e));`);
});
afterEach(() => h.host.evaluate('watcher', 'globalThis.errors.length = 0'));

/** Computed once the server's own wording of the failure is known. */
const expectedQueryMessage = () => `${CALLER} was unable to execute a query!\nQuery: ${BAD_SQL}\n[1]\n${serverMessage}`;

function watchedErrors(): Array<Record<string, unknown>> {
  return h.host.evaluate('watcher', 'globalThis.errors') as Array<Record<string, unknown>>;
}

describe('with isPromise', () => {
  test('the callback gets (null, message), with the parameters line for the query family', async () => {
    expect(await h.answer('query', BAD_SQL, [1])).toEqual([null, expectedQueryMessage()]);
    expect(await h.answer('single', BAD_SQL, [1])).toEqual([null, expectedQueryMessage()]);
  });

  test('prepare and rawExecute messages have no parameters line', async () => {
    const message = `${CALLER} was unable to execute a query!\nQuery: ${BAD_SQL}\n${serverMessage}`;
    expect(await h.answer('prepare', BAD_SQL, [1])).toEqual([null, message]);
    expect(await h.answer('rawExecute', BAD_SQL, [1])).toEqual([null, message]);
  });

  test('oxmysql:error reaches other resources with the query, parameters, message and resource', async () => {
    await h.answer('query', BAD_SQL, [1]);
    const errors = watchedErrors();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ query: BAD_SQL, parameters: [1], message: expectedQueryMessage(), resource: CALLER });
  });

  test('nothing is printed', async () => {
    const before = h.host.linesOf('oxmysql').length;
    await h.answer('query', BAD_SQL, [1]);
    expect(h.host.linesOf('oxmysql').slice(before)).toEqual([]);
  });
});

describe('without isPromise', () => {
  test('the message goes to console.error, the event fires, and the callback never runs', async () => {
    const before = h.host.linesOf('oxmysql').length;
    const call = h.call('query', BAD_SQL, [1], false);
    await waitFor(() => h.host.linesOf('oxmysql').length > before, 'the error line', 10_000);
    expect(h.host.linesOf('oxmysql').slice(before)).toEqual([expect.stringContaining(expectedQueryMessage())]);
    expect(watchedErrors()).toHaveLength(1);
    // Once the stand-in has finished the call, a callback that has not come never will.
    await waitFor(() => h.standIn.busy === 0, 'the stand-in to finish the call', 10_000);
    expect(call.invocations).toEqual([]);
  });
});

describe('_async and Sync', () => {
  test('resolve with what the callback would get', async () => {
    await h.db.admin.query("INSERT INTO people VALUES (1, 'alice') ON DUPLICATE KEY UPDATE name = 'alice'");
    expect(await h.callExport('single_async', 'SELECT name FROM people WHERE id = ?', [1])).toEqual({ name: 'alice' });
    expect(await h.callExport('scalarSync', 'SELECT name FROM people WHERE id = ?', [1])).toBe('alice');
  });

  test('reject across the boundary with the message as a plain string', async () => {
    for (const name of ['query_async', 'querySync', 'prepare_async']) {
      const rejection = await (h.callExport(name, BAD_SQL, [1]) as Promise<unknown>).then(
        () => 'resolved',
        (reason: unknown) => reason,
      );
      expect(typeof rejection).toBe('string');
      expect(rejection).toMatch(new RegExp(`^${CALLER} was unable to execute a query!\\n`));
      expect(rejection).toContain(serverMessage);
    }
  });
});

describe('argument validation', () => {
  test('too many positional values: "Expected N parameters, but received M." with no parameters line', async () => {
    const sql = 'SELECT ? AS a';
    expect(await h.answer('query', sql, [1, 2])).toEqual([
      null,
      `${CALLER} was unable to execute a query!\nQuery: ${sql}\nExpected 1 parameters, but received 2.`,
    ]);
  });

  test('a query that is not a string is refused', async () => {
    const [result, message] = await h.answer('query', 5, []);
    expect(result).toBeNull();
    expect(message).toMatch(
      /^caller was unable to execute a query!\n[\s\S]*\nExpected query to be a string but received number instead\.$/,
    );
  });
});
