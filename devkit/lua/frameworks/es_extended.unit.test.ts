/**
 * The es_extended stand-in (Legacy 1.13+ and an older build without RunStaticPlayerMethod) read
 * from a JS resource across the msgpack boundary: the ESX object and xPlayer shapes (the
 * project's docs/live.md), RunStaticPlayerMethod, events, setters, ox_inventory and faults.
 */
import { types } from 'node:util';
import { FxHost } from '../../host/fx-host';
import type { ExtBuffer } from '../../host/boundary-codec';
import { Framework } from '../frameworks';
import { esxRow } from './rows';

let host: FxHost;
const IDENTIFIER = 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10';

beforeEach(() => {
  host = new FxHost({ clock: 'manual', convars: { onesync: 'on' } });
  host.startScript(
    'reader',
    `globalThis.events = [];
     on('esx:playerLoaded', (id, xPlayer, isNew) => events.push(['loaded', id, xPlayer.identifier, isNew]));
     on('esx:playerDropped', (id, reason) => events.push(['dropped', id, reason]));
     globalThis.esx = () => exports.es_extended.getSharedObject();`,
  );
});
afterEach(async () => {
  expect(host.takeViolations()).toEqual([]);
  await host.close();
});

const read = (code: string): any => host.evaluate('reader', code);

describe.each(['es_extended', 'es_extended-pre-1.13'] as const)('%s', (kind) => {
  let esx: Framework;
  let source: number;
  beforeEach(async () => {
    esx = await Framework.start(host, kind);
    source = esx.loadPlayer(esxRow(), { source: 12, name: 'lena_k', coords: { x: 10, y: 20, z: 30 }, heading: 45 });
  });

  test('getSharedObject answers the ESX object; its functions find the xPlayer with the shapes ESX delivers', () => {
    const xPlayer = read(`esx().GetPlayerFromIdentifier(${JSON.stringify(IDENTIFIER)})`);
    expect(xPlayer.identifier).toBe(IDENTIFIER);
    expect(xPlayer.source).toBe(source);
    expect(xPlayer.name).toBe('lena_k');
    expect(xPlayer.ssn).toBe('412-37-8820');
    expect(xPlayer.accounts).toEqual([
      { name: 'bank', money: 48210, label: 'Bank', round: true, index: 1 },
      { name: 'black_money', money: 250, label: 'Dirty Money', round: true, index: 2 },
      { name: 'money', money: 1840, label: 'Cash', round: true, index: 3 },
    ]);
    expect(xPlayer.job).toEqual({
      id: 2,
      name: 'police',
      label: 'LSPD',
      type: 'job',
      onDuty: true,
      grade: 2,
      grade_name: 'sergeant',
      grade_label: 'Sergent',
      grade_salary: 60,
      skin_male: [],
      skin_female: [],
    });
    // coords: the login position from the row, not the ped's.
    expect(xPlayer.coords).toEqual({ x: 441.8338623046875, y: -981.9259643554688, z: 30.68960571289062, heading: 87.24681091308594 });
    expect(xPlayer.variables).toEqual({ firstName: 'Lena', lastName: 'Kowalczyk', dateofbirth: '14/07/1994', sex: 'f', height: 168 });
    expect(xPlayer.inventory.map((i: { name: string; count: number }) => [i.name, i.count])).toEqual([
      ['bandage', 0],
      ['bread', 2],
      ['phone', 1],
      ['water', 3],
    ]);
    expect(xPlayer.loadout).toEqual([
      { name: 'WEAPON_PISTOL', ammo: 11, label: 'WEAPON_PISTOL', components: ['clip_default'], tintIndex: 0 },
    ]);
    expect(typeof xPlayer.getCoords).toBe('function');
    expect(read(`esx().GetPlayerIdFromIdentifier(${JSON.stringify(IDENTIFIER)})`)).toBe(source);
    expect(read(`esx().GetPlayerFromIdentifier('char1:nobody')`)).toBeUndefined();
  });

  test('xPlayer.getCoords reads the ped: live, where coords stays at login', () => {
    expect(read(`esx().GetPlayerFromId(${source}).getCoords(false, true)`)).toEqual({ x: 10, y: 20, z: 30, heading: 45 });
    const vector = read(`esx().GetPlayerFromId(${source}).getCoords(true, true)`) as ExtBuffer;
    expect([vector.type, vector.buffer.readFloatLE(12)]).toEqual([22, 45]);
    esx.movePed(source, { x: -5, y: 6.5, z: 7 });
    expect(read(`esx().GetPlayerFromId(${source}).getCoords()`)).toEqual({ x: -5, y: 6.5, z: 7 });
  });

  test('load, logout and drop: esx:playerLoaded and esx:playerDropped', () => {
    expect(read('events')).toEqual([['loaded', 12, IDENTIFIER, false]]);
    esx.unloadPlayer(source);
    expect(read('events')[1]).toEqual(['dropped', 12, 'logout']);
    expect(read(`esx().GetPlayerFromId(12)`)).toBeUndefined();
    esx.loadPlayer(esxRow(), { source: 12 });
    esx.dropPlayer(12, 'Exiting');
    expect(read('events')[3]).toEqual(['dropped', 12, 'Exiting']);
    expect(read(`esx().GetPlayerFromIdentifier(${JSON.stringify(IDENTIFIER)})`)).toBeUndefined();
  });

  test('setters: money, an item, the job, metadata', () => {
    esx.setMoney(source, 'money', 10);
    esx.addItem(source, { name: 'bandage', count: 2 });
    esx.setJob(source, 'ambulance', 1);
    esx.setMetadata(source, 'jobDuty', false);
    const xPlayer = read(`esx().GetPlayerFromId(${source})`);
    expect(xPlayer.accounts[2].money).toBe(10);
    expect(xPlayer.inventory[0]).toMatchObject({ name: 'bandage', count: 2 });
    expect(xPlayer.job).toMatchObject({ name: 'ambulance', grade: 1, grade_name: 'doctor' });
    expect(xPlayer.metadata.jobDuty).toBe(false);
    expect(() => esx.setCuffed(source, true)).toThrow();
    expect(host.takeViolations().map((v) => v.kind)).toEqual(['script-error']);
  });

  test('faults: getSharedObject throws, hangs or answers nonsense', async () => {
    esx.fault('throw');
    expect(() => read('esx()')).toThrow('An error occurred while calling export getSharedObject of resource es_extended');
    expect(host.takeViolations().map((v) => v.kind)).toEqual(['script-error']);
    esx.fault('garbage', undefined, 42);
    expect(read('esx()')).toBe(42);
    esx.fault('hang');
    const pending = read('esx()');
    expect(types.isPromise(pending)).toBe(true);
    let settled = false;
    (pending as Promise<unknown>).then(() => (settled = true));
    await host.advance(500);
    expect(settled).toBe(false);
  });
});

test('Legacy: RunStaticPlayerMethod calls an xPlayer method without packing the xPlayer', async () => {
  const esx = await Framework.start(host, 'es_extended');
  const source = esx.loadPlayer(esxRow(), { source: 12, coords: { x: 1, y: 2, z: 3 }, heading: 90 });
  const run = (method: string, ...args: unknown[]) =>
    read(
      `exports.es_extended.RunStaticPlayerMethod(${source}, ${JSON.stringify(method)}${args.map((a) => `, ${JSON.stringify(a)}`).join('')})`,
    );
  expect(run('getAccounts', true)).toEqual({ bank: 48210, black_money: 250, money: 1840 });
  expect(run('getInventory', true)).toEqual({ bread: 2, phone: 1, water: 3 });
  expect(run('getCoords', false, true)).toEqual({ x: 1, y: 2, z: 3, heading: 90 });
  expect(run('getJob').name).toBe('police');
  expect(run('getMeta', 'armor')).toBe(35);
  expect(run('get', 'firstName')).toBe('Lena');
  expect(read(`exports.es_extended.RunStaticPlayerMethod(99, 'getJob')`)).toBeUndefined();
});

test('before 1.13 there is no RunStaticPlayerMethod export', async () => {
  await Framework.start(host, 'es_extended-pre-1.13');
  expect(() => read('exports.es_extended.RunStaticPlayerMethod')).toThrow('No such export RunStaticPlayerMethod in resource es_extended');
});

test('with ox_inventory, getInventory answers ox_inventory items (a Lua export call from es_extended)', async () => {
  const esx = await Framework.start(host, 'es_extended', { config: { customInventory: 'ox' } });
  const source = esx.loadPlayer(
    esxRow({
      inventory:
        '[{"name":"money","count":1840,"slot":1},{"name":"phone","count":1,"slot":3},{"name":"WEAPON_PISTOL","count":1,"slot":5,"metadata":{"serial":"384920KTR102938","ammo":11}}]',
    }),
    { source: 12 },
  );
  const items = read(`exports.es_extended.RunStaticPlayerMethod(${source}, 'getInventory')`);
  expect(Object.keys(items)).toEqual(['1', '3', '5']);
  expect(items['5']).toMatchObject({ name: 'WEAPON_PISTOL', slot: 5, metadata: { serial: '384920KTR102938', ammo: 11 } });
  esx.addItem(source, { name: 'water', count: 2, slot: 2 });
  expect(read(`exports.es_extended.RunStaticPlayerMethod(${source}, 'getInventory', true)`)).toEqual([
    { name: 'money', count: 1840, slot: 1 },
    { name: 'water', count: 2, slot: 2 },
    { name: 'phone', count: 1, slot: 3 },
    { name: 'WEAPON_PISTOL', count: 1, slot: 5, metadata: { serial: '384920KTR102938', ammo: 11 } },
  ]);
});
