/**
 * The Citizen runtime a Lua resource runs on in the test host: a Lua caller of JS exports (what
 * it gets for each kind of answer, the await built into the call, the error texts), a JS caller
 * of Lua exports, events both ways, threads on the host's tick, and the player natives.
 */
import { types } from 'node:util';
import { FxHost } from '../host/fx-host';
import type { ExtBuffer } from '../host/boundary-codec';
import { LuaResource } from './lua-resource';

let host: FxHost;

const JS_EDGE = `
globalThis.calls = [];
exports('resolvesObject', async (id) => ({ id, online: true }));
exports('resolvesNothing', async () => undefined);
exports('resolvesList', async () => [1, 'two', null]);
exports('givesFunction', () => (x) => x + 1);
exports('rejects', async () => { throw new Error('nope'); });
exports('rejectsString', () => Promise.reject('plain string'));
exports('throws', () => { throw new Error('sync detail'); });
exports('args', (...args) => { calls.push(args); return args.length; });
exports('who', () => GetInvokingResource());
exports('slow', () => new Promise((resolve) => setTimeout(() => resolve('done'), 120)));
`;

beforeEach(() => {
  host = new FxHost({ clock: 'manual', convars: { onesync: 'on' } });
  host.startScript('js_edge', JS_EDGE);
});
afterEach(async () => {
  expect(host.takeViolations()).toEqual([]);
  await host.close();
});

/** A Lua resource whose global functions the test calls; each runs in a thread, as a call into Lua does. */
const luaWith = (code: string, name = 'lua_caller') => LuaResource.start(host, name, [{ file: 'server.lua', code }]);

/** Waits, on the host's clock, for a Promise a Lua call answered (microtasks settle between ticks). */
async function settled<T>(value: unknown, ms = 0): Promise<T> {
  let result: { value?: T; error?: unknown } | null = null;
  Promise.resolve(value).then(
    (v) => (result = { value: v as T }),
    (error) => (result = { error }),
  );
  await host.advance(ms);
  if (!result) throw new Error('the call has not settled');
  const { value: v, error } = result as { value?: T; error?: unknown };
  if (error !== undefined) throw error;
  return v as T;
}

describe('a Lua caller of JS exports', () => {
  test('a resolved object is a table; the call awaited the Promise by itself', async () => {
    const lua = await luaWith(`function run() local r = exports.js_edge:resolvesObject(7) return type(r), r.id, r.online end`);
    expect(await settled(lua.call('run'))).toEqual(['table', 7, true]);
  });

  test('a Promise resolving with undefined gives no values at all', async () => {
    const lua = await luaWith(`function run() return select('#', exports.js_edge:resolvesNothing()) end`);
    expect(await settled(lua.call('run'))).toBe(0);
  });

  test('[1, "two", null] is {1, "two"} of length 2', async () => {
    const lua = await luaWith(`function run() local r = exports.js_edge:resolvesList() return #r, r[2], r[3] == nil end`);
    expect(await settled(lua.call('run'))).toEqual([2, 'two', true]);
  });

  test('a returned function is callable', async () => {
    const lua = await luaWith(`function run() local f = exports.js_edge:givesFunction() return f(41) end`);
    expect(lua.call('run')).toBe(42);
  });

  test('a rejection is a Lua error in the export wrapper, with the message', async () => {
    const lua = await luaWith(`function run()
      local ok, err = pcall(function() return exports.js_edge:rejects() end)
      local ok2, err2 = pcall(function() return exports.js_edge:rejectsString() end)
      return ok, err, ok2, err2
    end`);
    const [ok, err, ok2, err2] = await settled<[boolean, string, boolean, string]>(lua.call('run'));
    expect(ok).toBe(false);
    expect(err).toMatch(/\n\^5 An error occurred while calling export `rejects` in resource `js_edge`:\n {2}.*nope\n\^5 ---$/);
    expect(ok2).toBe(false);
    expect(err2).toContain('in resource `js_edge`:\n  ');
    expect(err2).toContain('plain string');
  });

  test('a synchronous throw is a Lua error whose message is nil; JS prints the real error', async () => {
    const lua = await luaWith(`function run() local ok, err = pcall(function() return exports.js_edge:throws() end) return ok, err end`);
    const [ok, err] = lua.call('run') as [boolean, string];
    expect(ok).toBe(false);
    expect(err).toMatch(/An error occurred while calling export `throws` in resource `js_edge`:\n {2}nil\n/);
    expect(host.linesOf('js_edge').join('\n')).toContain('sync detail');
  });

  test('a missing export fails at access: No such export', async () => {
    const lua = await luaWith(`function run() local ok, err = pcall(function() return exports.js_edge.nope end) return err end`);
    expect(lua.call('run')).toMatch(/No such export nope in resource js_edge$/);
  });

  test('a dot call passes its first argument as self: the export gets none of them', async () => {
    const lua = await luaWith(`function run() return exports.js_edge.args(1, 2), exports.js_edge:args(1, 2) end`);
    expect(lua.call('run')).toEqual([1, 2]);
    expect(host.evaluate('js_edge', 'JSON.stringify(calls)')).toBe('[[2],[1,2]]');
  });

  test('nil arguments are kept in place', async () => {
    const lua = await luaWith(`function run() return exports.js_edge:args(nil, 'a') end`);
    expect(lua.call('run')).toBe(2);
    expect(host.evaluate('js_edge', 'JSON.stringify(calls)')).toBe('[[null,"a"]]');
  });

  test('the provider sees the Lua resource as its invoking resource', async () => {
    const lua = await luaWith(`function run() return exports.js_edge:who() end`);
    expect(lua.call('run')).toBe('lua_caller');
  });

  test("a file's top-level call awaits; the rest of the file runs once the Promise settles", async () => {
    const lua = await luaWith(`
      order = { 'before' }
      function report() return table.concat(order, ',') end
      order[#order + 1] = exports.js_edge:slow()
    `);
    expect(lua.call('report')).toBe('before');
    await host.advance(200);
    expect(lua.call('report')).toBe('before,done');
  });

  test('where the caller cannot yield, the await fails: yield across a C-call boundary', async () => {
    const lua = await luaWith(`function run()
      local ok, err = pcall(function()
        local t = { 2, 1 }
        table.sort(t, function(a, b) exports.js_edge:resolvesObject(1) return a < b end)
      end)
      return err
    end`);
    expect(await settled(lua.call('run'))).toMatch(/attempt to yield across a C-call boundary/);
  });

  test('the export cache is dropped when the provider stops: the next access fails', async () => {
    const lua = await luaWith(`function run() local ok, err = pcall(function() return exports.js_edge:who() end) return ok, err end`);
    expect(lua.call('run')).toEqual([true, 'lua_caller']);
    host.stopResource('js_edge');
    await host.advance(50);
    const [ok, err] = lua.call('run') as [boolean, string];
    expect(ok).toBe(false);
    expect(err).toMatch(/No such export who in resource js_edge/);
  });
});

describe('a JS caller of Lua exports', () => {
  const PROVIDER = `
    exports('one', function(x) return { x = x } end)
    exports('many', function() return 1, 'b' end)
    exports('fails', function() error('lua detail') end)
    exports('waits', function(ms) Wait(ms) return 'woke' end)
    exports('who', function() return GetInvokingResource() end)
  `;

  test('values come back as one value, several as an array', async () => {
    await luaWith(PROVIDER, 'lua_provider');
    expect(host.callExport('js_edge', 'lua_provider', 'one', 3)).toEqual({ x: 3 });
    expect(host.callExport('js_edge', 'lua_provider', 'many')).toEqual([1, 'b']);
    expect(host.callExport('js_edge', 'lua_provider', 'who')).toBe('js_edge');
  });

  test('a Lua error prints SCRIPT ERROR and the caller gets the export error', async () => {
    await luaWith(PROVIDER, 'lua_provider');
    expect(() => host.callExport('js_edge', 'lua_provider', 'fails')).toThrow(
      'An error occurred while calling export fails of resource lua_provider',
    );
    expect(host.linesOf('lua_provider').join('\n')).toMatch(/SCRIPT ERROR: lua_provider\/server\.lua:4: lua detail/);
    expect(host.takeViolations().map((v) => v.kind)).toEqual(['script-error']);
  });

  test('an export that waits answers a Promise that settles when the thread ends', async () => {
    await luaWith(PROVIDER, 'lua_provider');
    const answer = host.callExport('js_edge', 'lua_provider', 'waits', 100);
    expect(types.isPromise(answer)).toBe(true);
    let value: unknown = 'pending';
    (answer as Promise<unknown>).then((v) => (value = v));
    await host.advance(50);
    expect(value).toBe('pending');
    await host.advance(100);
    expect(value).toBe('woke');
  });
});

describe('events, threads and natives', () => {
  test('TriggerEvent from Lua reaches JS listeners with the packed arguments; JS events reach Lua with source', async () => {
    host.evaluate('js_edge', `on('fromLua', (a, b) => calls.push([a, b]));`);
    const lua = await luaWith(`
      seen = {}
      AddEventHandler('fromJs', function(v) seen[#seen + 1] = tostring(source) .. ':' .. v.name end)
      function fire() TriggerEvent('fromLua', { 1, 2 }, vector3(1, 2, 3)) end
      function report() return table.concat(seen, ',') end
    `);
    lua.call('fire');
    const [[list, vector]] = host.evaluate('js_edge', 'calls') as [[number[], ExtBuffer]];
    expect(list).toEqual([1, 2]);
    expect(vector.type).toBe(21);
    host.emitNet('fromJs', 3, { name: 'x' });
    host.evaluate('js_edge', `RegisterNetEvent('fromJs'); emit('fromJs', { name: 'local' })`);
    host.emitNet('fromJs', 3, { name: 'net' });
    expect(lua.call('report')).toBe(':local,3:net');
  });

  test('Wait(ms) resumes the thread once the host clock has moved that far', async () => {
    const lua = await luaWith(`
      steps = {}
      CreateThread(function() steps[#steps + 1] = 'start' Wait(100) steps[#steps + 1] = 'after 100' end)
      function report() return table.concat(steps, ',') end
    `);
    expect(lua.call('report')).toBe('');
    await host.advance(50);
    expect(lua.call('report')).toBe('start');
    await host.advance(100);
    expect(lua.call('report')).toBe('start,after 100');
  });

  test('ped natives read the player world; state bags cross between Lua and JS', async () => {
    const player = host.world.connect({ source: 4, coords: { x: 100.5, y: -20.25, z: 30.1 }, heading: 90 });
    const lua = await luaWith(`
      function where(src)
        local ped = GetPlayerPed(src)
        local c = GetEntityCoords(ped)
        return type(c), c.x, c.z, GetEntityHeading(ped), #GetPlayers()
      end
      function setStress(src, v) Player(src).state:set('stress', v, true) end
      function hunger(src) return Player(src).state.hunger end
    `);
    expect(lua.call('where', player.source)).toEqual(['vector3', 100.5, Math.fround(30.1), 90, 1]);
    lua.call('setStress', 4, 35);
    expect(host.evaluate('js_edge', `GetStateBagValue('player:4', 'stress')`)).toBe(35);
    host.evaluate('js_edge', `Player(4).state.hunger = 80.5`);
    expect(lua.call('hunger', 4)).toBe(80.5);
    host.world.movePed(4, { x: 1, y: 2, z: 3 });
    expect(host.evaluate('js_edge', 'GetEntityCoords(GetPlayerPed(4))')).toEqual([1, 2, 3]);
  });

  test('without OneSync there is no ped: GetPlayerPed is 0 and coords are the origin', async () => {
    host.setConvar('onesync', 'off');
    host.world.connect({ source: 5, coords: { x: 9, y: 9, z: 9 } });
    const lua = await luaWith(`function where() local ped = GetPlayerPed(5) return ped, GetEntityCoords(ped).x end`);
    expect(lua.call('where')).toEqual([0, 0]);
  });
});
