/**
 * The boundary codec against the measured msgpack table of docs/platform.md#values-across-the-boundary.
 */
import { collectGarbageUntil } from '../collect-garbage';
import { BoundaryCodec } from './boundary-codec';

const codec = new BoundaryCodec();
const clone = (value: unknown): unknown => codec.clone(value, 'sender', (id) => ({ callable: id }));

class Thing {
  own = 1;
  get derived(): number {
    return 2;
  }
  method(): number {
    return 3;
  }
}

test.each([
  ['undefined', undefined, null],
  ['a Symbol', Symbol('s'), null],
  ['an undefined property (the key is kept)', { a: undefined }, { a: null }],
  // biome-ignore lint/suspicious/noSparseArray: a hole is what this case sends across the boundary
  ['an array with holes', [1, , 3], [1, null, 3]],
  ['a Date', new Date(0), {}],
  ['a Map', new Map([[1, 2]]), {}],
  ['a Set', new Set([1]), {}],
  ['an Error', new Error('e'), {}],
  ['a RegExp', /x/g, {}],
  ['a Promise', Promise.resolve(1), {}],
  ['a class instance (own props only)', new Thing(), { own: 1 }],
  ['symbol-keyed props', { [Symbol('k')]: 1, b: 2 }, { b: 2 }],
  ['-0', -0, 0],
  ['2^31', 2 ** 31, 2 ** 31],
  ['-(2^31) - 1', -(2 ** 31) - 1, -(2 ** 31) - 1],
  ['2^53 + 1', 2 ** 53 + 1, 2 ** 53],
  ['a Uint8Array', new Uint8Array([1, 2]), { '0': 1, '1': 2 }],
  ['a Buffer', Buffer.from([1, 2]), { '0': 1, '1': 2 }],
  ['an Int16Array', new Int16Array([-3]), { '0': -3 }],
  ['a UTF-8 string', 'žluť ✓ 😀', 'žluť ✓ 😀'],
])('%s', (_what, value, expected) => {
  const result = clone(value);
  expect(result).toEqual(expected);
  if (typeof expected === 'number') expect(Object.is(result, expected)).toBe(true);
});

test('NaN and ±Infinity are preserved', () => {
  expect(clone([NaN, Infinity, -Infinity])).toEqual([NaN, Infinity, -Infinity]);
});

test('an ArrayBuffer stays an ArrayBuffer with the same bytes', () => {
  const result = clone(new Uint8Array([0, 255, 7]).buffer);
  expect(Object.prototype.toString.call(result)).toBe('[object ArrayBuffer]');
  expect([...new Uint8Array(result as ArrayBuffer)]).toEqual([0, 255, 7]);
});

test('a BigInt cannot be sent', () => {
  expect(() => clone({ n: 1n })).toThrow('Unsupported type "bigint"');
});

test('functions travel as references owned by the sender, toJSON included; a stopped owner forgets them', () => {
  const fn = (): number => 1;
  const toJSON = (): string => 'not used';
  const result = clone({ fn, toJSON, a: 1 }) as { fn: { callable: number }; toJSON: { callable: number }; a: number };
  expect(result.a).toBe(1);
  expect(codec.lookup(result.fn.callable)).toEqual({ fn, owner: 'sender' });
  expect(codec.lookup(result.toJSON.callable).fn).toBe(toJSON);
  codec.forgetOwner('sender');
  expect(() => codec.lookup(result.fn.callable)).toThrow('no longer valid');
});

test('a reference is deleted once the receiver lets go of its function, and not before', async () => {
  const releasing = new BoundaryCodec();
  let kept: unknown = releasing.clone(
    () => 1,
    'sender',
    () => () => 1,
  );
  releasing.clone(
    () => 2,
    'sender',
    () => () => 2,
  ); // the receiver drops this one at once
  await collectGarbageUntil(() => releasing.heldReferences <= 1);
  expect(releasing.heldReferences).toBe(1);
  expect(typeof kept).toBe('function');
  kept = null;
  await collectGarbageUntil(() => releasing.heldReferences === 0);
  expect(releasing.heldReferences).toBe(0);
}, 30_000);
