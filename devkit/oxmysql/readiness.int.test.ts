/**
 * Readiness and lost databases (docs/platform.md#readiness,
 * #lost-database-and-other-failures, #what-the-stand-in-reproduces item 4): queries made before the pool
 * exists wait without limit, a database that is never reachable leaves every caller pending, and
 * one lost after start-up swallows callbacks while isReady stays true.
 */
import { waitFor } from '../host/host-fixture';
import { useHarness, type Harness } from './harness';

/**
 * The stand-in has finished every call or parked it until the pool exists: a callback that has not
 * come by then never comes (until a tick connects the pool).
 */
function stillness(h: Harness): Promise<void> {
  return waitFor(() => h.standIn.busy === 0, 'the stand-in to finish or park every call', 10_000);
}

async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setImmediate(r));
  return done;
}

describe('before the pool exists (manual clock, nothing has ticked)', () => {
  const h = useHarness('ready', {
    clock: 'manual',
    fixture: "CREATE TABLE people (id INT PRIMARY KEY, name VARCHAR(32)); INSERT INTO people VALUES (1, 'alice');",
  });

  test('a query waits; after the first tick it is answered, and isReady/awaitConnection follow', async () => {
    expect(h.callExport('isReady')).toBe(false);
    const connected = h.callExport('awaitConnection') as Promise<unknown>;
    const call = h.call('single', 'SELECT name FROM people WHERE id = ?', [1]);
    await stillness(h);
    expect(call.invocations).toEqual([]);
    expect(await settled(connected)).toBe(false);
    expect(h.callExport('isReady')).toBe(false);

    await h.host.advance(50);
    expect(await call.answered).toEqual([{ name: 'alice' }]);
    expect(await connected).toBe(true);
    expect(h.callExport('isReady')).toBe(true);
    expect(call.invocations).toHaveLength(1);
  });
});

describe('a database that is never reachable', () => {
  const h = useHarness('unreachable', { reachable: false });

  test('prints the three-line failure in the oxmysql console, stays not ready, and leaves callbacks pending', async () => {
    const connected = h.callExport('awaitConnection') as Promise<unknown>;
    const call = h.call('scalar', 'SELECT 1');
    await waitFor(() => h.host.linesOf('oxmysql').length >= 3, 'three failure lines', 10_000);
    const lines = h.host.linesOf('oxmysql');
    expect(lines[0]).toMatch(/^\^3Unable to establish a connection to the database \(ECONNREFUSED\)!$/);
    expect(lines[1]).toMatch(/^\^1Error -?\d+: .*ECONNREFUSED.*\^0$/);
    expect(lines[2]).toContain('https://github.com/overextended/oxmysql/issues/154');
    await stillness(h);
    expect(call.invocations).toEqual([]);
    expect(await settled(connected)).toBe(false);
    expect(h.callExport('isReady')).toBe(false);
  });
});

describe('a database lost after ready', () => {
  const h = useHarness('lost', { ready: true });

  test('no callback at all, not even an error; isReady stays true; queries work once it is back', async () => {
    h.standIn.loseConnection();
    const before = h.host.linesOf('oxmysql').length;
    const lost = h.call('scalar', 'SELECT 1', [], true);
    await waitFor(() => h.host.linesOf('oxmysql').length > before, 'the rejection line', 10_000);
    expect(h.host.linesOf('oxmysql').slice(before)).toEqual([expect.stringMatching(/UnhandledPromiseRejectionWarning: .*ECONNREFUSED/)]);
    expect(h.host.takeViolations()).toEqual([
      { resource: 'oxmysql', kind: 'unhandled-rejection', detail: expect.stringMatching(/ECONNREFUSED/) },
    ]);
    await stillness(h);
    expect(lost.invocations).toEqual([]);
    expect(h.callExport('isReady')).toBe(true);

    h.standIn.restoreConnection();
    expect(await h.answer('scalar', 'SELECT 6 * 7')).toEqual([42]);
    expect(lost.invocations).toEqual([]);
  });
});
