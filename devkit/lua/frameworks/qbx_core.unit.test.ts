/**
 * The qbx_core stand-in (with its ox_inventory) read from a JS resource across the msgpack
 * boundary: the shapes Qbox delivers (the project's docs/live.md), needs in state bags, events,
 * setters and faults.
 */
import { types } from 'node:util';
import { FxHost } from '../../host/fx-host';
import { ExtBuffer } from '../../host/boundary-codec';
import { Framework } from '../frameworks';
import { qbxRow } from './rows';

let host: FxHost;
let qbx: Framework;
let source: number;

beforeEach(async () => {
  host = new FxHost({ clock: 'manual', convars: { onesync: 'on' } });
  host.startScript(
    'reader',
    `globalThis.events = [];
     for (const name of ['QBCore:Server:PlayerLoaded', 'QBCore:Server:OnPlayerUnload', 'qbx_core:server:playerLoggedOut'])
       on(name, (arg) => events.push([name, typeof arg === 'object' ? arg.PlayerData.citizenid : arg]));`,
  );
  qbx = await Framework.start(host, 'qbx_core');
  source = qbx.loadPlayer(qbxRow(), { source: 7, name: 'ana_l' });
});
afterEach(async () => {
  expect(host.takeViolations()).toEqual([]);
  await host.close();
});

const read = (code: string): any => host.evaluate('reader', code);

test('GetPlayersData: every online PlayerData, without Functions, in the shapes Qbox delivers', () => {
  const list = read(`exports.qbx_core.GetPlayersData()`);
  expect(Array.isArray(list)).toBe(true);
  expect(list).toHaveLength(1);
  const data = list[0];
  expect(data.citizenid).toBe('QX7M2K9B');
  expect(data.userId).toBe(341);
  expect(data.source).toBe(source);
  expect(data.jobs).toEqual({ ambulance: 1 });
  expect(data.job).toMatchObject({ name: 'ambulance', bankAuth: false, grade: { name: 'Paramedic', level: 1 } });
  // items are ox_inventory's: {} here, which crosses as [].
  expect(data.items).toEqual([]);
  expect(data.Functions).toBeUndefined();
  // The position is a vec4: ExtBuffer type 22, x, y, z, heading as little-endian float32.
  const position = data.position as ExtBuffer;
  expect(position).toBeInstanceOf(ExtBuffer);
  expect(position.type).toBe(22);
  expect([0, 4, 8, 12].map((o) => position.buffer.readFloatLE(o))).toEqual([
    -1037.7110595703125,
    -2737.9296875,
    Math.fround(20.169275283813477),
    Math.fround(329.0516052246094),
  ]);
  expect(data.metadata.jailitems).toEqual([]);
});

test('GetPlayerByCitizenId answers the Player with Functions and Offline; offline is undefined', () => {
  const player = read(`exports.qbx_core.GetPlayerByCitizenId('QX7M2K9B')`);
  expect(Object.keys(player).sort()).toEqual(['Functions', 'Offline', 'PlayerData']);
  expect(player.Offline).toBe(false);
  expect(typeof player.Functions.SetMoney).toBe('function');
  expect(read(`exports.qbx_core.GetPlayerByCitizenId('NOBODY00')`)).toBeUndefined();
  expect(read(`exports.qbx_core.GetPlayer(${source}).PlayerData.citizenid`)).toBe('QX7M2K9B');
  expect(types.isPromise(read(`exports.qbx_core.GetOfflinePlayer('NOBODY00')`))).toBe(true);
});

test('GetJobs: grade keys are integers from 0, so an object with keys "0", "1"', () => {
  const grades = read(`exports.qbx_core.GetJobs().police.grades`);
  expect(Array.isArray(grades)).toBe(false);
  expect(Object.keys(grades)).toEqual(['0', '1', '2', '3']);
  expect(grades['3']).toEqual({ name: 'Chief', isboss: true, bankAuth: true, payment: 150 });
});

test('hunger, thirst and stress live in the player state bag', () => {
  expect(read(`[GetStateBagValue('player:${source}', 'hunger'), Player(${source}).state.thirst, Player(${source}).state.stress]`)).toEqual([
    71.6, 74.4, 0,
  ]);
  qbx.setMetadata(source, 'stress', 40);
  expect(read(`GetStateBagValue('player:${source}', 'stress')`)).toBe(40);
  host.setPlayerState(source, 'hunger', 12.5);
  expect(read(`Player(${source}).state.hunger`)).toBe(12.5);
});

test('ox_inventory holds the items, keyed by slot; a new item fills a slot', () => {
  const items = read(`exports.ox_inventory.GetInventoryItems(${source})`);
  expect(items.map((i: { name: string; slot: number; count: number }) => [i.name, i.slot, i.count])).toEqual([
    ['money', 1, 500],
    ['bandage', 2, 6],
    ['phone', 3, 1],
  ]);
  qbx.addItem(source, { name: 'lockpick', count: 2, slot: 5 });
  const after = read(`exports.ox_inventory.GetInventory(${source})`);
  expect(Object.keys(after.items)).toEqual(['1', '2', '3', '5']);
  expect(after.items['5']).toMatchObject({ name: 'lockpick', count: 2, metadata: [] });
  expect(after.owner).toBe('QX7M2K9B');
});

test('load, logout and drop fire what Qbox fires and leave the player gone', () => {
  expect(read('events')).toEqual([['QBCore:Server:PlayerLoaded', 'QX7M2K9B']]);
  qbx.unloadPlayer(source);
  expect(read('events').slice(1)).toEqual([
    ['QBCore:Server:OnPlayerUnload', 7],
    ['qbx_core:server:playerLoggedOut', 7],
  ]);
  expect(read(`exports.qbx_core.GetPlayersData()`)).toEqual([]);
  qbx.loadPlayer(qbxRow(), { source: 7 });
  qbx.dropPlayer(7);
  expect(read(`exports.qbx_core.GetPlayersData()`)).toEqual([]);
  expect(read(`exports.ox_inventory.GetInventory(7)`)).toBeUndefined();
});

test('setters: money, cuffs, job, the ped', () => {
  qbx.setMoney(source, 'bank', 1);
  qbx.setCuffed(source, true);
  qbx.setJob(source, 'police', 3);
  qbx.movePed(source, { x: 5, y: 6, z: 7 });
  const data = read(`exports.qbx_core.GetPlayersData()[0]`);
  expect(data.money.bank).toBe(1);
  expect(data.metadata.ishandcuffed).toBe(true);
  expect(data.jobs).toEqual({ ambulance: 1, police: 3 });
  expect(data.job).toMatchObject({ name: 'police', isboss: true, bankAuth: true, grade: { name: 'Chief', level: 3 } });
  expect(read(`GetEntityCoords(GetPlayerPed(${source}))`)).toEqual([5, 6, 7]);
});

test('faults: throw, garbage, hang', async () => {
  qbx.fault('throw', ['GetPlayersData']);
  expect(() => read(`exports.qbx_core.GetPlayersData()`)).toThrow(
    'An error occurred while calling export GetPlayersData of resource qbx_core',
  );
  expect(host.takeViolations().map((v) => v.kind)).toEqual(['script-error']);
  qbx.fault('garbage');
  expect(read(`exports.qbx_core.GetPlayersData()`)).toEqual({ PlayerData: 'nonsense', '1': true, money: -1 });
  qbx.fault('hang');
  let settled = false;
  (read(`exports.qbx_core.GetPlayersData()`) as Promise<unknown>).then(() => (settled = true));
  await host.advance(500);
  expect(settled).toBe(false);
  qbx.fault(null);
  expect(read(`exports.qbx_core.GetPlayersData()`)).toHaveLength(1);
});
