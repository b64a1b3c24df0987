/** Lua snippets run as a caller of a JS resource's exports, as the README's Lua examples will be. */
import { FxHost } from '../host/fx-host';
import { runLuaSnippet } from './snippet';

let host: FxHost;

beforeEach(() => {
  host = new FxHost({ clock: 'auto' });
  host.startScript(
    'citizen_records',
    `exports('getBetaCitizen', (id) => new Promise((resolve) => setTimeout(() => resolve(id === 'ABC12345'
        ? { success: true, data: { citizenid: id, money: { cash: 742 }, items: [] } }
        : { success: false, error: { code: 'not_found' } }), 50)));`,
  );
});
afterEach(async () => {
  expect(host.takeViolations()).toEqual([]);
  await host.close();
});

test('a snippet awaits a JS export by calling it, and its return values cross back', async () => {
  const result = await runLuaSnippet(
    host,
    `local r = exports.citizen_records:getBetaCitizen('ABC12345')
     print(r.data.citizenid, r.data.money.cash, #r.data.items)
     local missing = exports.citizen_records:getBetaCitizen('NOPE0000')
     return r.success, missing.error.code`,
  );
  expect(result).toEqual({ values: [true, 'not_found'], error: null, printed: ['ABC12345\t742\t0'] });
  expect(host.resource('lua_snippet')?.state).toBe('stopped');
});

test('a snippet that fails reports the error with its position', async () => {
  const result = await runLuaSnippet(host, `local r = exports.citizen_records.getBetaCitizen('ABC12345')\nreturn r.data.citizenid`);
  // With a dot the id is taken as self: the export gets no id and answers not_found.
  expect(result.error).toMatch(/^lua_snippet\/snippet\.lua:2: attempt to index a nil value \(field 'data'\)/);
  expect(result.values).toEqual([]);
});
