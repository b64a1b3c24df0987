/**
 * CFX timers on the manual 50 ms tick (docs/platform.md#timers-and-the-tick, and items 3 and 27
 * of #what-the-test-host-reproduces) and the natives of docs/platform.md#natives (item 26).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { FxHost } from './fx-host';
import { resourceDir, waitFor } from './host-fixture';

let host: FxHost;

beforeEach(() => {
  host = new FxHost({
    clock: 'manual',
    convars: {
      port: '12abc',
      on: 'TRUE',
      off: 'false',
      padded: '  7',
      real: '3.9',
      hex: '0x10',
      word: 'yes',
      huge: '99999999999',
      neg: '-5',
      empty: '',
    },
  });
  host.startScript('t', 'globalThis.log = [];');
});
afterEach(async () => {
  expect(host.takeViolations()).toEqual([]);
  await host.close();
});

const inT = (code: string): unknown => host.evaluate('t', code);

describe('timers', () => {
  test('setTimeout(fn, 0), setTimeout(fn) and setImmediate fire on the next tick, not before', async () => {
    inT(`setTimeout(() => log.push('zero'), 0); setTimeout(() => log.push('none')); setImmediate(() => log.push('immediate'));`);
    await new Promise((r) => setImmediate(r));
    expect(inT('log.length')).toBe(0);
    await host.advance(50);
    expect(inT('log')).toEqual(['zero', 'none', 'immediate']);
  });

  test('setTimeout returns an object whose primitive value is its id', () => {
    expect(
      inT(
        `const h = setTimeout(() => {}, 10); [typeof h, typeof h.id, +h === h.id, \`\${h}\` === String(h.id), typeof h.unref, typeof h.refresh]`,
      ),
    ).toEqual(['object', 'number', true, true, 'function', 'function']);
  });

  test('clearTimeout with the plain number does nothing; with the handle it cancels', async () => {
    inT(`const kept = setTimeout(() => log.push('kept'), 0); clearTimeout(+kept); clearTimeout(kept.id);
      const gone = setTimeout(() => log.push('gone'), 0); clearTimeout(gone);
      const every = setInterval(() => log.push('every'), 0); clearInterval(every);`);
    await host.advance(100);
    expect(inT('log')).toEqual(['kept']);
  });

  test('a timer fires on the first tick where now - lastRun > interval; setInterval restarts from that tick', async () => {
    inT(`setInterval(() => log.push('i'), 100);`);
    const counts = [];
    for (const step of [100, 50, 100, 50, 150]) {
      await host.advance(step);
      counts.push(inT('log.length'));
    }
    // ticks at 100 (100 > 100 fails), 150 fires, 250 (100 since 150) waits, 300 fires, 450 fires.
    expect(counts).toEqual([0, 1, 1, 2, 3]);
  });

  test('timer and ticker errors are printed, never thrown; the other timers still run', async () => {
    inT(`setTimeout(() => { throw new Error('timer broke'); }, 0); setTimeout(() => log.push('after'), 0);
      setTick(() => { throw new Error('tick broke'); });`);
    await host.advance(50);
    expect(inT('log')).toEqual(['after']);
    expect(host.linesOf('t')).toEqual([
      expect.stringMatching(/^\^1SCRIPT ERROR in timer: Error: timer broke/),
      expect.stringMatching(/^\^1SCRIPT ERROR in ticker: Error: tick broke/),
    ]);
  });

  test('setTick runs every tick but waits for the promise it returned; clearTick takes the number', async () => {
    inT(`globalThis.release = null; globalThis.id = setTick(() => { log.push('tick'); return new Promise((r) => (release = r)); });`);
    await host.advance(150);
    expect(inT('[typeof id, log.length]')).toEqual(['number', 1]);
    inT('release()');
    await host.advance(50);
    expect(inT('log.length')).toBe(2);
    inT('release(); clearTick(id)');
    await host.advance(100);
    expect(inT('log.length')).toBe(2);
  });

  test.each(['setTimeout', 'setInterval', 'setImmediate', 'clearTimeout', 'clearInterval', 'clearImmediate', 'setTick', 'clearTick'])(
    '%s is a non-writable, non-configurable global of a script resource',
    (name) => {
      expect(inT(`const d = Object.getOwnPropertyDescriptor(globalThis, '${name}'); [typeof d.value, d.writable, d.configurable]`)).toEqual(
        ['function', false, false],
      );
      expect(
        inT(`(() => { 'use strict'; try { ${name} = () => 'mine'; return 'assigned'; } catch (e) { return e instanceof TypeError; } })()`),
      ).toBe(true);
    },
  );

  test("a resource's unhandled rejection and its Node callback's uncaught throw are put down to it, not thrown at the test", async () => {
    inT(`Promise.reject(new Error('nobody catches')); process.nextTick(() => { throw new Error('boom from t'); });`);
    const taken: ReturnType<FxHost['takeViolations']> = [];
    await waitFor(() => taken.push(...host.takeViolations()) >= 2, 'both violations');
    expect(taken).toEqual(
      expect.arrayContaining([
        { resource: 't', kind: 'unhandled-rejection', detail: 'nobody catches' },
        { resource: 't', kind: 'script-error', detail: 'uncaught: boom from t' },
      ]),
    );
    expect(host.linesOf('t')).toEqual(
      expect.arrayContaining([expect.stringContaining('UnhandledPromiseRejectionWarning: nobody catches')]),
    );
  });

  test("a stopped resource's timers never fire", async () => {
    inT(`setTimeout(() => log.push('late'), 0);`);
    const log = inT('log') as string[];
    host.stopResource('t');
    await host.advance(100);
    expect(log).toEqual([]);
  });
});

describe('natives', () => {
  test.each([
    [`GetConvar('missing', 0)`, null],
    [`GetConvar('missing')`, null],
    [`GetConvar('missing', false)`, null],
    [`GetConvar('missing', '')`, ''],
    [`GetConvar('missing', 'fallback')`, 'fallback'],
    [`GetConvar('missing', 5)`, '5'],
    [`GetConvar('port', 'fallback')`, '12abc'],
    [`GetConvar('empty', 'fallback')`, ''],
  ])('%s → %p', (call, expected) => {
    expect(inT(call)).toBe(expected);
  });

  test.each([
    ['port', 12],
    ['on', 1],
    ['off', 0],
    ['padded', 7],
    ['real', 3],
    ['hex', 0],
    ['neg', -5],
    ['word', 42],
    ['huge', 42],
    ['empty', 42],
    ['missing', 42],
  ])("GetConvarInt('%s', 42) → %p", (name, expected) => {
    expect(inT(`GetConvarInt('${name}', 42)`)).toBe(expected);
  });

  test.each([
    ['on', false, true],
    ['off', true, false],
    ['port', false, true],
    ['word', true, true],
    ['word', false, false],
    ['missing', true, true],
  ])("GetConvarBool('%s', %p) → %p", (name, fallback, expected) => {
    expect(inT(`GetConvarBool('${name}', ${fallback})`)).toBe(expected);
  });

  test('ScheduleResourceTick runs one tick of the named resource only, before the next server tick', async () => {
    host.startScript('other', `globalThis.ticks = 0; setTick(() => { ticks += 1; });`);
    inT(`globalThis.ticks = 0; setTick(() => { ticks += 1; });`);
    inT(`ScheduleResourceTick('other'); ScheduleResourceTick('nope');`);
    expect(host.evaluate('other', 'ticks')).toBe(0);
    await new Promise((r) => setImmediate(r));
    expect([inT('ticks'), host.evaluate('other', 'ticks')]).toEqual([0, 1]);
    expect(() => inT('ScheduleResourceTick(null)')).toThrow('Argument at index 0 was null.');
  });

  test('SetConvar is seen by every reader; IsPlayerAceAllowed allows nobody', () => {
    inT(`SetConvar('mysql_debug', 'true')`);
    host.startScript('other', '');
    expect([host.evaluate('other', `GetConvar('mysql_debug', 'false')`), inT(`IsPlayerAceAllowed('1', 'command.mysql')`)]).toEqual([
      'true',
      false,
    ]);
  });

  test('GetResourceState and GetCurrentResourceName', () => {
    host.startScript('other', '');
    expect(inT(`[GetCurrentResourceName(), GetResourceState('t'), GetResourceState('other'), GetResourceState('nope')]`)).toEqual([
      't',
      'started',
      'started',
      'missing',
    ]);
    host.stopResource('other');
    expect(inT(`GetResourceState('other')`)).toBe('stopped');
  });

  describe('resource files', () => {
    let root: string;
    let dir: string;

    beforeEach(() => {
      root = resourceDir({ 'outside.txt': 'secret', 'res/fxmanifest.lua': "fx_version 'cerulean'\n", 'res/data/a.txt': 'contents ✓' });
      dir = join(root, 'res');
      host.startResource(dir, 'files');
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    test.each([
      ['data/a.txt', 'contents ✓'],
      ['/data/a.txt', 'contents ✓'],
      ['\\\\data/a.txt', 'contents ✓'],
      ['../outside.txt', null],
      ['data/../../outside.txt', null],
      ['data/missing.txt', null],
      ['data', null],
    ])("LoadResourceFile('files', %p) → %p", (file, expected) => {
      expect(inT(`LoadResourceFile('files', ${JSON.stringify(file)})`)).toBe(expected);
    });

    test('LoadResourceFile rejects an absolute path and an unknown resource', () => {
      expect(inT(`LoadResourceFile('files', ${JSON.stringify(join(root, 'outside.txt'))})`)).toBeNull();
      expect(inT(`LoadResourceFile('nope', 'data/a.txt')`)).toBeNull();
    });

    test('SaveResourceFile writes into its own folder and LoadResourceFile reads it back; dataLength counts bytes', () => {
      const save = (args: string) => host.evaluate('files', `SaveResourceFile('files', ${args})`);
      expect(save(`'data/new.txt', 'héllo ✓', -1`)).toBe(true);
      expect(inT(`LoadResourceFile('files', 'data/new.txt')`)).toBe('héllo ✓');
      expect(readFileSync(join(dir, 'data/new.txt'), 'utf8')).toBe('héllo ✓');
      // 3 bytes of UTF-8: h and the two bytes of é. A JS length (7 here) counts UTF-16 units instead.
      expect(save(`'data/new.txt', 'héllo ✓', 3`)).toBe(true);
      expect(readFileSync(join(dir, 'data/new.txt'), 'utf8')).toBe('hé');
      expect(save(`'data/new.txt', 'a\u0000b', 0`)).toBe(true);
      expect(readFileSync(join(dir, 'data/new.txt'), 'utf8')).toBe('a');
    });

    test('SaveResourceFile: null for another resource, an unknown one, or a path climbing out; false when the folder is missing', () => {
      expect(inT(`SaveResourceFile('files', 'data/x.txt', 'no', -1)`)).toBeNull();
      expect(inT(`SaveResourceFile('nope', 'x.txt', 'no', -1)`)).toBeNull();
      expect(host.evaluate('files', `SaveResourceFile('files', '../outside.txt', 'no', -1)`)).toBeNull();
      expect(readFileSync(join(root, 'outside.txt'), 'utf8')).toBe('secret');
      expect(host.evaluate('files', `SaveResourceFile('files', 'missing/x.txt', 'no', -1)`)).toBe(false);
      expect(existsSync(join(dir, 'data/x.txt'))).toBe(false);
    });

    test('GetResourcePath is the folder without a trailing slash; null for an unknown resource', () => {
      expect(inT(`[GetResourcePath('files'), GetResourcePath('nope')]`)).toEqual([dir, null]);
    });
  });
});
