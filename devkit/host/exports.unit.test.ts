/**
 * Exports between two script resources against docs/platform.md#exports,
 * #export-calls-between-js-resources, #values-across-the-boundary and
 * #what-the-test-host-reproduces items 11–13: registration, resolution at property access, the
 * ref-call semantics, and cloning.
 */
import { ExtBuffer } from './boundary-codec';
import { FxHost } from './fx-host';

const PROVIDER = `
globalThis.log = [];
exports('add', (a, b) => a + b);
exports('boom', () => { throw new Error('provider detail'); });
exports('nothing', () => undefined);
exports('later', async (v) => v);
exports('laterNothing', async () => undefined);
exports('refuse', async () => { throw new Error('refused'); });
exports('refuseString', () => Promise.reject('plain reason'));
exports('who', () => GetInvokingResource());
exports('describe', (...args) => args.map((v) => Object.prototype.toString.call(v) + ' ' + JSON.stringify(v)));
exports('echo', (v) => v);
exports('parse', (text) => JSON.parse(text));
exports('callBack', (fn) => fn(new Date(0), 20));
exports('giveFn', () => (x) => x * 2);
exports('v', () => 1);
exports('v', () => 2);
on('onResourceStop', (name) => { if (name === 'prov') log.push('provider onResourceStop, state ' + GetResourceState('prov')); });
`;

let host: FxHost;

beforeEach(() => {
  host = new FxHost({ clock: 'manual' });
  host.startScript('prov', PROVIDER);
  host.startScript('consumer', 'globalThis.log = [];');
});
afterEach(async () => {
  expect(host.takeViolations()).toEqual([]);
  await host.close();
});

/** Runs `code` as part of the consumer's scripts and returns what it evaluates to. */
const inConsumer = (code: string): unknown => host.evaluate('consumer', code);
/** Runs `code` in the consumer and returns the message it threw, or 'no throw'. */
const thrown = (code: string): unknown =>
  inConsumer(`(() => { try { ${code}; return 'no throw'; } catch (e) { return [e instanceof Error, e.message]; } })()`);

describe('registering and resolving', () => {
  test.each([`exports('x')`, `exports('x', () => 1, 3)`, `exports()`])('%s throws: exactly 2 arguments', (call) => {
    expect(thrown(call)).toEqual([true, 'this needs 2 arguments']);
  });

  test('a missing export throws at property access, before any call', () => {
    expect(thrown(`const fn = exports.prov.missing`)).toEqual([true, 'No such export missing in resource prov']);
    expect(thrown(`const fn = exports.nowhere.add`)).toEqual([true, 'No such export add in resource nowhere']);
  });

  test('assigning to exports or to a resource of exports throws', () => {
    expect(thrown(`exports.x = 1`)).toEqual([true, 'cannot set values on exports']);
    expect(thrown(`exports.prov.x = 1`)).toEqual([true, 'cannot set values on an export resource']);
  });

  test('the last registration of a name wins', () => {
    expect(inConsumer(`exports.prov.v()`)).toBe(2);
  });
});

describe('calling', () => {
  test('arguments and the return value cross; GetInvokingResource in the provider is the caller', () => {
    expect(inConsumer(`exports.prov.add(2, 3)`)).toBe(5);
    expect(inConsumer(`exports.prov.who()`)).toBe('consumer');
    expect(host.evaluate('prov', 'GetInvokingResource()')).toBeNull();
  });

  test('a throwing provider: the caller gets the generic error, the provider channel the SCRIPT ERROR', () => {
    expect(thrown(`exports.prov.boom()`)).toEqual([
      true,
      'An error occurred while calling export boom of resource prov - see above for details',
    ]);
    expect(host.linesOf('prov')).toEqual([expect.stringMatching(/^\^1SCRIPT ERROR in call ref: Error: provider detail/)]);
    expect(host.linesOf('consumer')).toEqual([]);
  });

  test('undefined returned synchronously arrives as null', () => {
    expect(inConsumer(`exports.prov.nothing()`)).toBeNull();
  });

  test("a Promise returned by the provider is a Promise of the caller's realm; undefined resolves to null", async () => {
    const result = inConsumer(`(async () => {
      const p = exports.prov.later({ a: 1 });
      const q = exports.prov.laterNothing();
      return [p instanceof Promise, await p, await q];
    })()`);
    expect(await result).toEqual([true, { a: 1 }, null]);
  });

  test.each([
    ['an Error', 'refuse', 'refused'],
    ['a string', 'refuseString', 'plain reason'],
  ])('a rejection with %s arrives as a plain string', async (_what, name, message) => {
    const result = inConsumer(`exports.prov.${name}().then(() => 'resolved', (e) => [typeof e, e])`);
    expect(await result).toEqual(['string', message]);
  });
});

describe('values are msgpack-cloned both ways', () => {
  test('Date, Map and Error become {}, undefined becomes null, a Uint8Array an index map, an ArrayBuffer stays', () => {
    const seen = inConsumer(
      `exports.prov.describe(new Date(0), new Map([[1, 2]]), new Error('e'), undefined, new Uint8Array([7, 8]), new ArrayBuffer(2), { kept: undefined })`,
    );
    expect(seen).toEqual([
      '[object Object] {}',
      '[object Object] {}',
      '[object Object] {}',
      '[object Null] null',
      '[object Object] {"0":7,"1":8}',
      '[object ArrayBuffer] {}',
      '[object Object] {"kept":null}',
    ]);
  });

  test('what a resource receives is built in its own realm: objects, arrays, ArrayBuffers, function references', () => {
    expect(
      inConsumer(
        `const got = exports.prov.echo({ list: [1, { deep: true }], bytes: new ArrayBuffer(3) }); const fn = exports.prov.giveFn();
        [got instanceof Object, got.list instanceof Array, got.list[1] instanceof Object, got.bytes instanceof ArrayBuffer, fn instanceof Function, fn(4)]`,
      ),
    ).toEqual([true, true, true, true, true, 8]);
  });

  test('a vector from a runtime that packs its own values stays an extension value a resource passes on as one', () => {
    const vector = new ExtBuffer(Buffer.from([0, 0, 192, 63, 0, 0, 0, 0, 0, 0, 0, 0]), 21);
    host.startModule('packer', (globals) => (globals.exports as (name: string, fn: () => unknown) => void)('vector', () => vector));
    const seen = inConsumer(`const v = exports.packer.vector(); [v.type, v.buffer.readFloatLE(0), exports.prov.describe(v)[0]]`);
    expect(seen).toEqual([21, 1.5, expect.stringContaining('"type":21')]);
    const back = host.evaluate('consumer', 'exports.packer.vector()');
    expect(back).toBeInstanceOf(ExtBuffer);
  });

  test("a received own __proto__ key is assigned as msgpack-lite's decoder does, setting the object's prototype", () => {
    expect(inConsumer(`const got = exports.prov.parse('{"__proto__":{"polluted":1},"n":2}'); [got.polluted, Object.keys(got)]`)).toEqual([
      1,
      ['n'],
    ]);
  });

  test('a returned object is a copy, not the provider object', () => {
    expect(inConsumer(`const sent = { n: 1 }; const back = exports.prov.echo(sent); back.n = 2; [sent === back, sent.n]`)).toEqual([
      false,
      1,
    ]);
  });

  test("a BigInt argument throws in the caller's realm", () => {
    expect(thrown(`exports.prov.echo(1n)`)).toEqual([true, expect.stringContaining('Unsupported type "bigint"')]);
  });

  test('functions cross as callable references, with their arguments and returns cloned too', () => {
    expect(inConsumer(`exports.prov.callBack((when, n) => JSON.stringify(when) + (n + 1))`)).toBe('{}21');
    expect(inConsumer(`const double = exports.prov.giveFn(); [typeof double, double(21)]`)).toEqual(['function', 42]);
  });
});

describe('stopping the provider', () => {
  test('onResourceStop runs first, while the exports still answer; afterwards a cached export throws', async () => {
    inConsumer(`
      globalThis.cached = exports.prov.add;
      on('onResourceStop', (name) => { if (name === 'prov') log.push('consumer onResourceStop: ' + cached(1, 2)); });`);
    host.stopResource('prov');
    expect(host.evaluate('prov', 'log')).toEqual(['provider onResourceStop, state stopping']);
    expect(inConsumer('log')).toEqual(['consumer onResourceStop: 3']);
    expect(thrown(`cached(1, 2)`)).toEqual([true, 'An error occurred while calling export add of resource prov - see above for details']);
    // The caller's cache is cleared by onServerResourceStop, on the next tick.
    await host.advance(50);
    expect(thrown(`exports.prov.add`)).toEqual([true, 'No such export add in resource prov']);
  });

  test('an export cached before a restart throws; a fresh access reaches the new provider', async () => {
    inConsumer(`globalThis.cached = exports.prov.v;`);
    host.stopResource('prov');
    await host.advance(50);
    host.startScript('prov', `exports('v', () => 'new');`);
    expect(thrown(`cached()`)).toEqual([true, 'An error occurred while calling export v of resource prov - see above for details']);
    expect(inConsumer(`exports.prov.v()`)).toBe('new');
  });
});
