/**
 * The msgpack rules values follow between a Lua resource and a JS resource (lua-cmsgpack as
 * CfxLua configures it on the Lua side, FXServer's JS codec on the other), one test per rule:
 * each compares what the receiver sees with what FXServer delivers (docs/live.md).
 */
import { FxHost } from '../host/fx-host';
import { ExtBuffer } from '../host/boundary-codec';
import { LuaResource } from './lua-resource';

let host: FxHost;

const LUA = `
-- Values the JS side reads through exports.lua_side:<name>().
exports('value', function(code) return load('return ' .. code)() end)
exports('none', function() end)
exports('two', function() return 1, 2 end)
exports('nested', function(depth)
  local top = {}
  local t = top
  for i = 2, depth do t.next = {} t = t.next end
  t.leaf = true
  return top
end)
exports('withMethods', function()
  return setmetatable({ own = 1 }, { __index = { method = function() end } })
end)
exports('adder', function(base) return function(n) return base + n end end)

-- What a value from JS looks like here, described in words.
local function describe(v)
  if type(v) ~= 'table' then return type(v) .. ':' .. (math.type(v) or tostring(v)) end
  local keys = {}
  for k, x in pairs(v) do keys[#keys + 1] = type(k) .. ' ' .. tostring(k) .. '=' .. tostring(x) end
  table.sort(keys)
  return ('#%d {%s}'):format(#v, table.concat(keys, ', '))
end
exports('describe', describe)
exports('depth', function(t)
  local d = 0
  while type(t) == 'table' do d = d + 1 t = t.next end
  return d
end)
exports('call', function(fn, x) return fn(x) end)
exports('vectorOf', function(v) return type(v) .. ' ' .. tostring(v) end)
`;

beforeEach(async () => {
  host = new FxHost({ clock: 'manual' });
  await LuaResource.start(host, 'lua_side', [{ file: 'server.lua', code: LUA }]);
  host.startScript(
    'js_side',
    `
    exports('identity', (v) => v);
    exports('makeNested', (depth) => { const top = {}; let t = top; for (let i = 1; i < depth; i++) { t.next = {}; t = t.next; } return top; });
  `,
  );
});
afterEach(async () => {
  expect(host.takeViolations()).toEqual([]);
  await host.close();
});

/** exports.lua_side[name](...args) called from the JS resource, as it receives the answer. */
const fromLua = (name: string, ...args: unknown[]): unknown => host.callExport('js_side', 'lua_side', name, ...args);

describe('Lua to JS', () => {
  test('vector3 arrives as ExtBuffer type 21: three little-endian float32s', () => {
    const v = fromLua('value', 'vector3(1.5, -2.25, 30.1)') as ExtBuffer;
    expect(v).toBeInstanceOf(ExtBuffer);
    expect(v.type).toBe(21);
    expect(v.buffer.length).toBe(12);
    expect([v.buffer.readFloatLE(0), v.buffer.readFloatLE(4), v.buffer.readFloatLE(8)]).toEqual([1.5, -2.25, Math.fround(30.1)]);
    expect(v.buffer.readFloatLE(8)).toBe(30.100000381469727);
  });

  test('vector4 arrives as type 22 (16 bytes), vector2 as type 20', () => {
    const v4 = fromLua('value', 'vector4(1, 2, 3, 90.5)') as ExtBuffer;
    expect([v4.type, v4.buffer.length, v4.buffer.readFloatLE(12)]).toEqual([22, 16, 90.5]);
    const v2 = fromLua('value', 'vec2(7, 8)') as ExtBuffer;
    expect([v2.type, v2.buffer.length, v2.buffer.readFloatLE(4)]).toEqual([20, 8, 8]);
  });

  test('a vector reaching a JS script resource keeps its ExtBuffer (not an index map)', () => {
    host.startScript(
      'reader',
      `globalThis.read = () => { const v = exports.lua_side.value('vector3(4, 5, 6)'); return [v.type, v.buffer.readFloatLE(4), JSON.stringify(v)]; };`,
    );
    const [type, y, json] = host.evaluate('reader', 'read()') as [number, number, string];
    expect([type, y]).toEqual([21, 5]);
    expect(JSON.parse(json)).toEqual({ buffer: { type: 'Buffer', data: [0, 0, 128, 64, 0, 0, 160, 64, 0, 0, 192, 64] }, type: 21 });
  });

  test('an empty table arrives as []', () => {
    expect(fromLua('value', '{}')).toEqual([]);
    expect(fromLua('value', '{ metadata = { jailitems = {}, rep = {} } }')).toEqual({ metadata: { jailitems: [], rep: [] } });
  });

  test('slots 1..n arrive as an array, slot 1 at index 0', () => {
    expect(fromLua('value', "{ [1] = 'bread', [2] = 'water' }")).toEqual(['bread', 'water']);
  });

  test('slots with a gap, or from 0, arrive as an object with string keys', () => {
    expect(fromLua('value', "{ [1] = 'bread', [3] = 'phone' }")).toEqual({ '1': 'bread', '3': 'phone' });
    expect(fromLua('value', "{ [0] = 'zero', [1] = 'one' }")).toEqual({ '0': 'zero', '1': 'one' });
    expect(fromLua('value', "{ 'a', x = 1 }")).toEqual({ '1': 'a', x: 1 });
  });

  test('a function arrives as a callable function', () => {
    const add = fromLua('adder', 10) as (n: number) => number;
    expect(typeof add).toBe('function');
    expect(add(5)).toBe(15);
  });

  test('no return value is undefined; two are an array', () => {
    expect(fromLua('none')).toBeUndefined();
    expect(fromLua('two')).toEqual([1, 2]);
  });

  test('numbers: a float with no fraction arrives as an integer, integers stay exact', () => {
    expect(fromLua('value', '42.0')).toBe(42);
    expect(fromLua('value', '93120.75')).toBe(93120.75);
    expect(fromLua('value', '-129')).toBe(-129);
    expect(fromLua('value', '4294967296')).toBe(4294967296);
    expect(fromLua('value', 'math.maxinteger')).toBe(2 ** 63);
  });

  test('strings cross as bytes decoded as UTF-8', () => {
    expect(fromLua('value', "'Zoë ' .. string.rep('x', 40)")).toBe(`Zoë ${'x'.repeat(40)}`);
  });

  test('bytes that are not UTF-8 arrive as U+FFFD, and the value after them intact', () => {
    expect(fromLua('value', "{ 'abc\\233', 'Z' }")).toEqual(['abc\uFFFD', 'Z']);
  });

  test('a table at nesting level 16 packs as nil (a return value sits at level 1, in the list of results)', () => {
    const depthOf = (v: unknown) => {
      let d = 0;
      for (let t = v as { next?: unknown } | null; t && typeof t === 'object'; t = t.next as never) d++;
      return d;
    };
    expect(depthOf(fromLua('nested', 15))).toBe(15);
    expect(depthOf(fromLua('nested', 16))).toBe(15);
  });

  test('only own fields are packed, not methods on the metatable', () => {
    expect(fromLua('withMethods')).toEqual({ own: 1 });
  });
});

describe('JS to Lua', () => {
  const seen = (value: unknown) => fromLua('describe', value);

  test('a key whose value is null or undefined is absent', () => {
    expect(seen({ a: null, b: undefined, c: 1 })).toBe('#0 {string c=1}');
  });

  test('[1, null, 3] keeps its hole and its border; [1, 2, null] ends at 2', () => {
    expect(seen([1, null, 3])).toBe('#3 {number 1=1, number 3=3}');
    expect(seen([1, 2, null])).toBe('#2 {number 1=1, number 2=2}');
  });

  test('[] and {} are the same empty table, which comes back as []', () => {
    expect(seen([])).toBe('#0 {}');
    expect(seen({})).toBe('#0 {}');
    expect(fromLua('call', (x: unknown) => x, {})).toEqual([]);
  });

  test('an object key "1" stays a string key', () => {
    expect(seen({ '1': 'a' })).toBe('#0 {string 1=a}');
  });

  test('integers up to 2^32-1 are Lua integers; from 2^32 (epoch ms) floats; 1.5 a float', () => {
    expect(seen(2 ** 31 - 1)).toBe('number:integer');
    expect(seen(2 ** 32 - 1)).toBe('number:integer');
    expect(seen(1732377600000)).toBe('number:float');
    expect(seen(1.5)).toBe('number:float');
  });

  test('a function arrives as a callable reference', () => {
    expect(fromLua('call', (x: number) => x * 3, 7)).toBe(21);
    expect(seen((x: number) => x)).toMatch(/^#0 \{string __cfx_functionReference=\d+\}$/);
  });

  test('nesting of depth 21 is kept', () => {
    const nested = host.callExport('js_side', 'js_side', 'makeNested', 21);
    expect(fromLua('depth', nested)).toBe(21);
  });

  test('an ExtBuffer vector from JS is a vector again in Lua', () => {
    const v = fromLua('value', 'vector3(1, 2, 3)');
    expect(fromLua('vectorOf', v)).toBe('vector3 vector3(1.0, 2.0, 3.0)');
  });
});

describe('Lua to Lua', () => {
  test('a second Lua resource gets the packed bytes: integer keys and floats survive', async () => {
    const other = await LuaResource.start(host, 'lua_other', [
      {
        file: 'server.lua',
        code: `function probe()
          local t = exports.lua_side:value("{ [1] = 'a', [3] = 'c', f = 2.0 }")
          return math.type(next(t)) .. ' ' .. tostring(t[3]) .. ' ' .. math.type(t.f)
        end`,
      },
    ]);
    expect(other.call('probe')).toBe('integer c float');
  });
});
