/**
 * The qb-core stand-in of each generation, read from a JS resource across the msgpack boundary:
 * the shapes qb-core's own exports deliver (the project's docs/live.md), its load/unload/drop
 * events, the setters tests use, and its failure modes.
 */
import { types } from 'node:util';
import { FxHost } from '../../host/fx-host';
import type { ExtBuffer } from '../../host/boundary-codec';
import { Framework, type StandinKind } from '../frameworks';
import { qbCoreRow } from './rows';

let host: FxHost;

beforeEach(() => {
  host = new FxHost({ clock: 'manual', convars: { onesync: 'on' } });
  host.startScript(
    'reader',
    `globalThis.events = [];
     on('QBCore:Server:PlayerLoaded', (player) => events.push(['loaded', player.PlayerData.citizenid, typeof player.Functions.SetMoney]));
     on('QBCore:Server:OnPlayerUnload', (src) => events.push(['unload', src]));`,
  );
});
afterEach(async () => {
  expect(host.takeViolations()).toEqual([]);
  await host.close();
});

const read = (code: string): unknown => host.evaluate('reader', code);
type Player = { PlayerData: Record<string, any>; Functions: Record<string, unknown>; Offline?: unknown };

/** How each generation's JS caller reaches a player by citizenid. */
const lookups: Array<[StandinKind, string]> = [
  ['qb-core-before-2025-01', `exports['qb-core'].GetCoreObject().Functions.GetPlayerByCitizenId`],
  ['qb-core-2025-01', `exports['qb-core'].GetPlayerByCitizenId`],
  ['qb-core-2025-11', `exports['qb-core'].GetPlayerByCitizenId`],
  ['qb-core-2026-05', `exports['qb-core'].GetPlayerByCitizenId`],
];

describe.each(lookups)('%s', (kind, lookup) => {
  let qb: Framework;
  let source: number;
  beforeEach(async () => {
    qb = await Framework.start(host, kind);
    source = qb.loadPlayer(qbCoreRow(), { source: 3, name: 'zoe_b' });
  });
  const byCitizenId = (cid: string) => read(`(${lookup})(${JSON.stringify(cid)})`) as Player | undefined;

  test('a loaded player crosses with the shapes qb-core delivers', () => {
    const player = byCitizenId('KQW48213') as Player;
    const data = player.PlayerData;
    expect(data.citizenid).toBe('KQW48213');
    expect(data.source).toBe(source);
    expect(data.name).toBe('zoe_b');
    expect(data.money).toEqual({ cash: 742, bank: 18250.5, crypto: 0 });
    expect(data.charinfo.lastname).toBe('Brandt');
    expect(data.job.grade).toEqual({ name: 'Officer', level: 1, payment: 75, isboss: false });
    // The row's position, {x,y,z}: qb-core never updates it while playing.
    expect(data.position).toEqual({ x: 441.8338623046875, y: -981.9259643554688, z: 30.68960571289062 });
    // Empty tables arrive as [].
    expect(data.metadata.jailitems).toEqual([]);
    expect(data.metadata.inside).toEqual({ apartment: [] });
    // Slots 1, 2 and 4: not 1..n, so an object keyed by the slot as a string.
    expect(Object.keys(data.items)).toEqual(['1', '2', '4']);
    expect(data.items['4']).toMatchObject({ name: 'sandwich', amount: 3, info: '', slot: 4, label: 'Sandwich' });
    expect(data.items['2'].info).toEqual({ serie: '48KQz7AB193lMnP', quality: 97.45, ammo: 36 });
    expect(typeof player.Functions.GetMoney).toBe('function');
  });

  test('items in slots 1..n arrive as an array indexed slot - 1', () => {
    qb.loadPlayer(
      qbCoreRow({ citizenid: 'ARR00001', inventory: '[{"name":"phone","amount":1,"slot":1},{"name":"lockpick","amount":2,"slot":2}]' }),
      { source: 4 },
    );
    const items = (byCitizenId('ARR00001') as Player).PlayerData.items;
    expect(Array.isArray(items)).toBe(true);
    expect(items.map((i: { name: string; slot: number }) => [i.name, i.slot])).toEqual([
      ['phone', 1],
      ['lockpick', 2],
    ]);
  });

  test('a row without a position gets the DefaultSpawn vector4: an ExtBuffer of type 22', () => {
    qb.loadPlayer(qbCoreRow({ citizenid: 'NOPOS001', position: null }), { source: 5 });
    const position = (byCitizenId('NOPOS001') as Player).PlayerData.position as ExtBuffer;
    expect(position.type).toBe(22);
    expect(position.buffer.readFloatLE(0)).toBe(Math.fround(-1035.71));
  });

  test('an offline citizen is undefined', () => {
    expect(byCitizenId('OFFLINE1')).toBeUndefined();
  });

  test('load, unload and drop: events as qb-core fires them, the player gone after each', () => {
    expect(read('events')).toEqual([['loaded', 'KQW48213', 'function']]);
    qb.unloadPlayer(source);
    expect(read('events')).toEqual([
      ['loaded', 'KQW48213', 'function'],
      ['unload', 3],
    ]);
    expect(byCitizenId('KQW48213')).toBeUndefined();
    qb.loadPlayer(qbCoreRow(), { source: 3 });
    qb.dropPlayer(3);
    expect(byCitizenId('KQW48213')).toBeUndefined();
    expect(host.world.player(3)).toBeUndefined();
  });

  test('setters change what the framework holds: money, a new item, cuffs, the ped', () => {
    qb.setMoney(source, 'cash', 10);
    qb.addItem(source, { name: 'lockpick', amount: 2 });
    qb.setCuffed(source, true);
    qb.movePed(source, { x: 1, y: 2, z: 3 }, 90);
    const data = (byCitizenId('KQW48213') as Player).PlayerData;
    expect(data.money.cash).toBe(10);
    // Slot 3 filled the gap: slots 1..4 now cross as an array, slot 3 at index 2.
    expect(Array.isArray(data.items)).toBe(true);
    expect(data.items[2]).toMatchObject({ name: 'lockpick', amount: 2, slot: 3 });
    expect(data.metadata.ishandcuffed).toBe(true);
    expect(read(`GetEntityCoords(GetPlayerPed(${source}))`)).toEqual([1, 2, 3]);
  });

  test('fault modes: the export throws, never answers, or answers nonsense', async () => {
    const entry = kind === 'qb-core-before-2025-01' ? 'GetCoreObject' : 'GetPlayerByCitizenId';
    qb.fault('throw', [entry]);
    expect(() => byCitizenId('KQW48213')).toThrow(`An error occurred while calling export ${entry} of resource qb-core`);
    expect(host.takeViolations().map((v) => v.kind)).toEqual(['script-error']);
    qb.fault('garbage', [entry], 'nonsense');
    if (kind !== 'qb-core-before-2025-01') expect(byCitizenId('KQW48213')).toBe('nonsense');
    qb.fault('hang', [entry]);
    const pending = read(`exports['qb-core'].${entry}('KQW48213')`);
    expect(types.isPromise(pending)).toBe(true);
    let settled = false;
    (pending as Promise<unknown>).then(() => (settled = true));
    await host.advance(1000);
    expect(settled).toBe(false);
    qb.fault(null);
  });
});

test('before 2025-01 qb-core exports nothing but GetCoreObject', async () => {
  await Framework.start(host, 'qb-core-before-2025-01');
  expect(() => read(`exports['qb-core'].GetPlayerByCitizenId`)).toThrow('No such export GetPlayerByCitizenId in resource qb-core');
});

test('2025-01: GetPlayerByCitizenId answers the raw Player; GetCoreObject takes filters', async () => {
  const qb = await Framework.start(host, 'qb-core-2025-01');
  qb.loadPlayer(qbCoreRow(), { source: 3 });
  const player = read(`exports['qb-core'].GetPlayerByCitizenId('KQW48213')`) as Player;
  expect(Object.keys(player).sort()).toEqual(['Functions', 'Offline', 'PlayerData']);
  expect(Object.keys(read(`exports['qb-core'].GetCoreObject(['Functions'])`) as object)).toEqual(['Functions']);
  expect(Object.keys(read(`exports['qb-core'].GetSharedJobs().police.grades`) as object)).toEqual(
    expect.arrayContaining(['0', '1', '2', '4']),
  );
});

test('2025-11: GetShared is there but answers nil without an item (3da7c33); no GetOfflinePlayerByLicense', async () => {
  await Framework.start(host, 'qb-core-2025-11');
  expect(read(`exports['qb-core'].GetShared('Jobs')`)).toBeUndefined();
  expect((read(`exports['qb-core'].GetShared('Jobs', 'police')`) as { label: string }).label).toBe('Law Enforcement');
  expect(Object.keys(read(`exports['qb-core'].GetSharedVehicles()`) as object)).toEqual(['rmodgtr']);
  expect(() => read(`exports['qb-core'].GetOfflinePlayerByLicense`)).toThrow(
    'No such export GetOfflinePlayerByLicense in resource qb-core',
  );
});

test('2026-05: the interface has no Offline, its methods on it and in Functions; GetShared replaces GetSharedJobs', async () => {
  const qb = await Framework.start(host, 'qb-core-2026-05');
  qb.loadPlayer(qbCoreRow(), { source: 3 });
  const player = read(`exports['qb-core'].GetPlayerByCitizenId('KQW48213')`) as Player;
  const methods = Object.keys(player.Functions).sort();
  expect(methods).toEqual(expect.arrayContaining(['SetJob', 'SetJobDuty', 'SetMoney']));
  expect(Object.keys(player).sort()).toEqual(['Functions', 'PlayerData', ...methods].sort());
  expect(Object.keys(read(`exports['qb-core'].GetShared('Jobs')`) as object)).toEqual(expect.arrayContaining(['police']));
  expect((read(`exports['qb-core'].GetShared('Jobs', 'police')`) as { label: string }).label).toBe('Law Enforcement');
  expect(() => read(`exports['qb-core'].GetSharedJobs`)).toThrow('No such export GetSharedJobs in resource qb-core');
  for (const name of ['GetOfflinePlayerByCitizenId', 'GetOfflinePlayerByLicense'])
    expect(types.isPromise(read(`exports['qb-core'].${name}('OFFLINE1')`))).toBe(true);
});

test('74ac036: GetShared answers nil without an item (fixed in 42b2707)', async () => {
  await Framework.start(host, 'qb-core-2026-05', { config: { commit: '74ac036' } });
  expect(read(`exports['qb-core'].GetShared('Jobs')`)).toBeUndefined();
  expect((read(`exports['qb-core'].GetShared('Jobs', 'police')`) as { label: string }).label).toBe('Law Enforcement');
});

test('a restarted framework holds no players until they load again', async () => {
  const qb = await Framework.start(host, 'qb-core-2026-05');
  qb.loadPlayer(qbCoreRow(), { source: 3 });
  await qb.restart();
  await host.advance(50);
  expect(read(`exports['qb-core'].GetPlayerByCitizenId('KQW48213')`)).toBeUndefined();
  qb.loadPlayer(qbCoreRow(), { source: 3 });
  expect((read(`exports['qb-core'].GetPlayerByCitizenId('KQW48213')`) as Player).PlayerData.source).toBe(3);
});
