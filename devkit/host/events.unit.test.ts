/**
 * Events and the resource lifecycle against docs/platform.md#events and
 * #what-the-test-host-reproduces items 6–9.
 */
import { FxHost } from './fx-host';
import { violationKinds } from './host-fixture';

let host: FxHost;

beforeEach(() => {
  host = new FxHost({ clock: 'manual' });
  host.startScript('a', 'globalThis.log = [];');
  host.startScript('b', 'globalThis.log = [];');
});
afterEach(async () => {
  expect(host.takeViolations()).toEqual([]);
  await host.close();
});

const logOf = (resource: string): unknown => host.evaluate(resource, 'log');

describe('emit', () => {
  test("runs every listener before it returns, with source '' during the call and null after", () => {
    host.evaluate('b', `on('ping', (n) => log.push(['b', source, n]));`);
    const result = host.evaluate(
      'a',
      `on('ping', (n) => log.push(['a', source, n]));
      emit('ping', 1);
      [log.length, source]`,
    );
    expect(result).toEqual([1, null]);
    expect(logOf('a')).toEqual([['a', '', 1]]);
    expect(logOf('b')).toEqual([['b', '', 1]]);
  });

  test('listeners get clones: undefined is null, a Date is {}, the sender keeps its object', () => {
    host.evaluate('b', `on('data', (v) => { log.push(JSON.stringify(v)); v.mutated = true; });`);
    expect(host.evaluate('a', `const sent = { when: new Date(0), missing: undefined }; emit('data', sent); 'mutated' in sent`)).toBe(false);
    expect(logOf('b')).toEqual(['{"when":{},"missing":null}']);
  });

  test('a throwing listener is printed; the others still run and the emitter sees nothing', () => {
    host.evaluate('a', `on('ev', () => { throw new Error('listener broke'); }); on('ev', () => log.push('a second'));`);
    host.evaluate('b', `on('ev', () => log.push('b'));`);
    expect(host.evaluate('b', `emit('ev'); 'returned'`)).toBe('returned');
    expect(logOf('a')).toEqual(['a second']);
    expect(logOf('b')).toEqual(['b']);
    expect(host.linesOf('a')).toEqual([expect.stringMatching(/^\^1SCRIPT ERROR in event `ev': Error: listener broke/)]);
    expect(violationKinds(host)).toEqual(['script-error']);
  });

  test('an async listener that rejects prints Unhandled promise failure', async () => {
    host.evaluate('a', `on('later', async () => { throw new Error('async broke'); });`);
    host.evaluate('b', `emit('later')`);
    await new Promise((r) => setImmediate(r));
    expect(host.linesOf('a')).toEqual([expect.stringMatching(/Unhandled promise failure: Error: async broke/)]);
  });

  test('an emit inside a listener resets source to null for the rest of the outer listener', () => {
    host.evaluate(
      'a',
      `on('outer', () => { log.push(source); emit('inner'); log.push(source); }); on('inner', () => log.push('inner ' + source));`,
    );
    host.evaluate('b', `emit('outer')`);
    expect(logOf('a')).toEqual(['', 'inner ', null]);
  });

  test('a client event needs a net-safe registration; it then carries the player id as source', () => {
    host.evaluate('a', `on('open', () => log.push('open ' + source)); onNet('net', (x) => log.push(['net', source, x]));`);
    host.emitNet('open', 7);
    host.emitNet('net', 7, 'arg');
    expect(logOf('a')).toEqual([['net', 7, 'arg']]);
    expect(host.console.filter((l) => l.text.includes('was not safe for net')).map((l) => l.text)).toEqual([
      'Event open was not safe for net',
    ]);
  });
});

describe('lifecycle', () => {
  test('onResourceStart reaches every resource, itself included, at once; onServerResourceStart on the next tick', async () => {
    await host.advance(50);
    host.evaluate(
      'a',
      `on('onResourceStart', (n) => log.push('start ' + n)); on('onServerResourceStart', (n) => log.push('server start ' + n));`,
    );
    host.startScript('c', `globalThis.log = []; on('onResourceStart', (n) => log.push('own start ' + n));`);
    expect(logOf('a')).toEqual(['start c']);
    expect(logOf('c')).toEqual(['own start c']);
    await host.advance(50);
    expect(logOf('a')).toEqual(['start c', 'server start c']);
  });

  test('onResourceStop reaches the stopping resource while its scripts run; onServerResourceStop follows on the next tick', async () => {
    host.evaluate(
      'a',
      `on('onResourceStop', (n) => log.push('stop ' + n + ' ' + GetResourceState(n))); on('onServerResourceStop', (n) => log.push('server stop ' + n));`,
    );
    host.evaluate('b', `on('onResourceStop', (n) => log.push('own stop ' + n + ' ' + GetCurrentResourceName()));`);
    host.stopResource('b');
    expect(logOf('b')).toEqual(['own stop b b']);
    expect(logOf('a')).toEqual(['stop b stopping']);
    await host.advance(50);
    expect(logOf('a')).toEqual(['stop b stopping', 'server stop b']);
    expect(host.evaluate('a', `GetResourceState('b')`)).toBe('stopped');
  });

  test('stopResource reports the timers a resource left behind after its onResourceStop', () => {
    host.evaluate('a', `setInterval(() => {}, 1000); const t = setTimeout(() => {}, 1000); on('onResourceStop', () => clearTimeout(t));`);
    expect(host.stopResource('a')).toBe(1);
  });
});
