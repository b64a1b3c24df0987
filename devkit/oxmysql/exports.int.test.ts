/**
 * Registration and calling convention of the exports (docs/platform.md#oxmysql-exports,
 * #callback-convention, #what-the-stand-in-reproduces items 1–2).
 */
import { FxHost } from '../host/fx-host';
import { waitFor } from '../host/host-fixture';
import { CALLER, useHarness } from './harness';

const REQUIRED = ['query', 'single', 'scalar', 'prepare', 'rawExecute', 'isReady', 'awaitConnection'];

describe('oxmysql not started', () => {
  let host: FxHost;

  beforeAll(() => {
    host = new FxHost();
    host.startScript(CALLER, '');
  });
  afterEach(() => expect(host.takeViolations()).toEqual([]));
  afterAll(() => host.close());

  test.each(['query', 'single', 'awaitConnection'])('touching exports.oxmysql.%s throws No such export', (name) => {
    const thrown = host.evaluate(CALLER, `try { exports.oxmysql.${name}; 'no throw' } catch (e) { e.message }`);
    expect(thrown).toBe(`No such export ${name} in resource oxmysql`);
  });
});

describe('oxmysql started', () => {
  const h = useHarness('exports', { ready: true });

  test('every required export exists as itself, _async and Sync', () => {
    const names = REQUIRED.flatMap((n) => [n, `${n}_async`, `${n}Sync`]);
    const missing = h.host.evaluate(
      CALLER,
      `${JSON.stringify(names)}.filter((n) => { try { return typeof exports.oxmysql[n] !== 'function'; } catch { return true; } })`,
    );
    expect(missing).toEqual([]);
  });

  test('GetResourceState reports oxmysql as started', () => {
    expect(h.host.evaluate(CALLER, `GetResourceState('oxmysql')`)).toBe('started');
  });

  test('a callback export returns nothing (null after the boundary) and answers later', async () => {
    let answer: unknown[] | null = null;
    const returned = h.callExport('scalar', 'SELECT 1', [], (...args: unknown[]) => (answer = args), CALLER, true);
    expect(returned).toBeNull();
    expect(answer).toBeNull();
    await waitFor(() => answer !== null, 'the answer', 10_000);
    expect(answer).toEqual([1]);
  });

  test('a function in the parameters position is the callback', async () => {
    const answered = new Promise<unknown[]>((resolve) => h.callExport('scalar', 'SELECT 41 + 1', (...args: unknown[]) => resolve(args)));
    expect(await answered).toEqual([42]);
  });

  test('without invokingResource the error names the calling resource', async () => {
    const answered = new Promise<unknown[]>((resolve) =>
      h.callExport('query', 'SELEC 1', [], (...args: unknown[]) => resolve(args), undefined, true),
    );
    const [result, message] = await answered;
    expect(result).toBeNull();
    expect(message).toMatch(new RegExp(`^${CALLER} was unable to execute a query!\\nQuery: SELEC 1\\n\\[\\]\\n.*SQL syntax`));
  });

  test("oxmysql contains an error thrown by the caller's callback and keeps answering", async () => {
    h.host.evaluate(CALLER, `exports.oxmysql.scalar('SELECT 1', [], () => { throw new Error('boom'); }, '${CALLER}', true)`);
    await waitFor(() => h.host.linesOf(CALLER).some((line) => line.includes('boom')), "the caller's boom", 10_000);
    expect(await h.answer('scalar', 'SELECT 2')).toEqual([2]);
  });

  test('store hands the query back to the callback', async () => {
    const stored = new Promise<unknown[]>((resolve) => h.callExport('store', 'SELECT 1', (...args: unknown[]) => resolve(args)));
    expect(await stored).toEqual(['SELECT 1']);
  });
});
