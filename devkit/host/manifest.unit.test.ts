/**
 * Loading a resource folder the way FXServer does (docs/platform.md#script-loading-and-globals,
 * #the-manifest, #what-the-test-host-reproduces items 1–2):
 * the manifest's server scripts, in order, as classic scripts sharing one context.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { FxHost } from './fx-host';
import { resourceDir, violationKinds } from './host-fixture';

const MANIFEST = `fx_version 'cerulean'
game 'gta5'
author 'tester'
-- server_script 'commented-out.js'
server_scripts {
  'first.js',
  "lib/second.js",
}
`;

let host: FxHost;
let dir: string;

beforeEach(() => {
  host = new FxHost({ clock: 'manual' });
  dir = resourceDir({
    'fxmanifest.lua': MANIFEST,
    'first.js': `const shared = 'from first'; var order = ['first']; function declared() { return 'declared'; }`,
    'lib/second.js': `order.push('second'); globalThis.sawShared = shared;`,
    'commented-out.js': `globalThis.commented = true;`,
  });
});
afterEach(async () => {
  expect(host.takeViolations()).toEqual([]);
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

test('server scripts run in manifest order in one context; top-level let/const are shared, var and functions are globals', () => {
  host.startResource(dir, 'res');
  expect(
    host.evaluate(
      'res',
      `[order, sawShared, typeof globalThis.declared, 'order' in globalThis, 'shared' in globalThis, globalThis.commented]`,
    ),
  ).toEqual([['first', 'second'], 'from first', 'function', true, false, undefined]);
});

test('the global scope has require, process, Buffer and module as the Module class, and no __dirname or __filename', () => {
  host.startResource(dir, 'res');
  expect(
    host.evaluate(
      'res',
      `[typeof __dirname, typeof __filename, module === require('node:module'), typeof process.env, typeof Buffer.from, global === globalThis, typeof exports, typeof print]`,
    ),
  ).toEqual(['undefined', 'undefined', true, 'object', 'function', true, 'function', 'function']);
  expect(host.evaluate('res', `require.resolve('./first.js')`)).toBe(join(dir, 'first.js'));
});

test("the global object is an ordinary one, as in FXServer's contexts: the host's handle is the script's globalThis, and it can be frozen", () => {
  const resource = host.startScript('plain', '');
  expect(host.evaluate('plain', 'globalThis') === resource.globals).toBe(true);
  // A contextified sandbox (Node's default) refuses to freeze its global; an ordinary one freezes.
  expect(host.evaluate('plain', `Object.freeze(globalThis); Object.isFrozen(globalThis)`)).toBe(true);
});

test('manifest metadata is readable by any resource', () => {
  host.startResource(dir, 'res');
  host.startScript('reader', '');
  expect(
    host.evaluate(
      'reader',
      `[GetResourceMetadata('res', 'author', 0), GetNumResourceMetadata('res', 'server_scripts'), GetResourceMetadata('res', 'server_scripts', 1)]`,
    ),
  ).toEqual(['tester', 2, 'lib/second.js']);
});

test('a script that fails to parse or throws while loading is printed; the others still load', () => {
  const broken = resourceDir({
    'fxmanifest.lua': `fx_version 'cerulean'\nserver_scripts { 'bad-syntax.js', 'throws.js', 'fine.js' }\n`,
    'bad-syntax.js': 'const = 1;',
    'throws.js': `throw new Error('load failed');`,
    'fine.js': `globalThis.fine = true;`,
  });
  try {
    host.startResource(broken, 'broken');
    expect(host.evaluate('broken', 'globalThis.fine')).toBe(true);
    expect(host.linesOf('broken')).toEqual([
      expect.stringMatching(/^Error parsing script bad-syntax\.js in resource broken: SyntaxError/),
      expect.stringMatching(/^Error loading script throws\.js in resource broken: [\s\S]*Error: load failed/),
    ]);
    expect(violationKinds(host)).toEqual(['script-error', 'script-error']);
  } finally {
    rmSync(broken, { recursive: true, force: true });
  }
});
