/**
 * qb-core's and qbx_core's in-memory PlayerData over a `players` row. PlayerData is written as a JS
 * resource receives it (docs/live.md): empty metadata tables as `[]`, items keyed by slot as an
 * array shifted by one (slots 1..n) or an object with string keys (slots with holes), Qbox's
 * `items = {}` as `[]` and its position as a vec4 it no longer reads. Every merged row goes through
 * the normaliser and the schema.
 */
import { betaFormat } from '.';
import type { Row } from '../../db/database';
import type { LiveParts, PedState, QbPlayerParts } from '../../live/parts';
import { betaLive, betaLiveColumns, mergeBetaLive } from './live';
import { normaliseBetaRow } from './normalise';
import { betaRecordSchema, type BetaRecord } from './schema';
import { qbcoreRecord, qbcoreRow, qboxRow } from './__fixtures__/rows';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const record = (row: Row): BetaRecord =>
  betaRecordSchema.parse(
    normaliseBetaRow(row, {
      warn: (message) => {
        throw new Error(`unexpected warning: ${message}`);
      },
      nowMs: NOW,
    }),
  );

function parts(player: Omit<QbPlayerParts, 'family'>, ped: PedState | null = null, framework = 'qb-core'): LiveParts {
  return { framework, serverId: 3, player: { family: 'qb', ...player }, ped };
}

/** qb-core's PlayerData for B.5's citizen, some minutes after the last save. */
function qbPlayerData(): Record<string, unknown> {
  return {
    citizenid: 'KQW48213',
    cid: 1,
    license: 'license:9a3c5e7f1b2d4068ace13579bdf02468ace1357a',
    name: 'Zoë 🦊',
    source: 3,
    optin: true,
    money: { cash: 15, bank: 18250.5, crypto: 2 },
    charinfo: {
      firstname: 'Zoë',
      lastname: 'Brandt',
      birthdate: '1993-02-17',
      gender: 1,
      nationality: 'German',
      phone: '4157732901',
      account: 'US04QBCore5821337741',
      cid: 1,
    },
    job: {
      name: 'police',
      label: 'Law Enforcement',
      payment: 100,
      type: 'leo',
      onduty: false,
      isboss: false,
      grade: { name: 'Sergeant', level: 2, payment: 100, isboss: false },
    },
    gang: { name: 'none', label: 'No Gang Affiliation', isboss: false, grade: { name: 'none', level: 0, isboss: false } },
    metadata: {
      hunger: 40,
      thirst: 35.5,
      stress: 20,
      isdead: false,
      inlaststand: false,
      armor: 0,
      ishandcuffed: true,
      tracker: false,
      injail: 0,
      jailitems: [],
      status: [],
      phone: [],
      rep: [],
      callsign: 'NO CALLSIGN',
      bloodtype: 'O+',
      fingerprint: 'Kq271Z84bRt3019',
      walletid: 'QB-48213377',
      criminalrecord: { hasRecord: false },
      licences: { driver: true, business: false, weapon: true },
      inside: { apartment: [] },
      phonedata: { SerialNumber: 58213377, InstalledApps: [] },
    },
    // PlayerData.position is the one read at login: {x,y,z} decoded from the row.
    position: { x: 441.8338623046875, y: -981.9259643554688, z: 30.68960571289062 },
    // qb-inventory's slot table 1..n: an array, slot 1 at index 0.
    items: [
      {
        name: 'id_card',
        amount: 1,
        info: { citizenid: 'KQW48213' },
        label: 'ID Card',
        weight: 0,
        type: 'item',
        unique: true,
        useable: true,
        slot: 1,
      },
      { name: 'lockpick', amount: 4, info: '', label: 'Lockpick', weight: 300, type: 'item', unique: false, useable: true, slot: 2 },
    ],
  };
}

describe('qb-core PlayerData over its row', () => {
  const live = record(mergeBetaLive(qbcoreRow, parts({ playerData: qbPlayerData() }))!);

  it('takes money, job, metadata (cuffs included) and items from memory', () => {
    expect(live.money).toEqual({ cash: 15, bank: 18250.5, crypto: 2 });
    expect(live.job).toMatchObject({ name: 'police', onduty: false, grade: { name: 'Sergeant', level: 2 } });
    expect(live.metadata).toMatchObject({ hunger: 40, thirst: 35.5, stress: 20, ishandcuffed: true });
    expect(live.inventory).toEqual([
      { name: 'id_card', count: 1, slot: 1, metadata: {} },
      { name: 'lockpick', count: 4, slot: 2, metadata: {} },
    ]);
  });

  it('keeps the row id, license, name, position and last save from the database', () => {
    expect(live).toMatchObject({
      id: qbcoreRecord.id,
      license: qbcoreRecord.license,
      name: qbcoreRecord.name,
      position: qbcoreRecord.position,
      last_updated: qbcoreRecord.last_updated,
      charinfo: qbcoreRecord.charinfo,
    });
  });

  it('reads items whose slots have holes (an object with string keys)', () => {
    const playerData = {
      ...qbPlayerData(),
      items: { '2': { name: 'phone', amount: 1, info: '', slot: 2 }, '7': { name: 'water_bottle', amount: 3, info: '', slot: 7 } },
    };
    expect(record(mergeBetaLive(qbcoreRow, parts({ playerData }))!).inventory).toEqual([
      { name: 'phone', count: 1, slot: 2, metadata: {} },
      { name: 'water_bottle', count: 3, slot: 7, metadata: {} },
    ]);
  });

  it("puts the ped's position and armour over the saved ones", () => {
    const ped = { position: { x: -50.5, y: 120.25, z: 70 }, health: 160, armour: 44 };
    const merged = record(mergeBetaLive(qbcoreRow, parts({ playerData: qbPlayerData() }, ped))!);
    expect(merged.position).toEqual(ped.position);
    expect(merged.metadata.armor).toBe(44);
  });

  it('matches the citizenid whatever its case', () => {
    expect(mergeBetaLive({ ...qbcoreRow, citizenid: 'kqw48213' }, parts({ playerData: qbPlayerData() }))).not.toBeNull();
  });
});

describe('qbx_core PlayerData, ox_inventory items and state bags over a Qbox row', () => {
  const playerData = {
    citizenid: 'QX7M2K9B',
    userId: 12,
    money: { cash: 80, bank: 5000, crypto: 0 },
    charinfo: {
      firstname: 'Ana',
      lastname: 'Łukasik',
      birthdate: '1999-08-05',
      gender: 1,
      nationality: 'Poland',
      phone: '7318820455',
      account: 'US07QBX1934588127',
      cid: 1,
    },
    job: {
      name: 'ambulance',
      label: 'EMS',
      payment: 50,
      type: 'ems',
      onduty: true,
      isboss: false,
      bankAuth: false,
      grade: { name: 'Paramedic', level: 1 },
    },
    jobs: { ambulance: 1 },
    gang: { name: 'none', label: 'No Gang', isboss: false, bankAuth: false, grade: { name: 'Unaffiliated', level: 0 } },
    gangs: [],
    metadata: {
      health: 200,
      hunger: 71.6,
      thirst: 74.4,
      stress: 0,
      isdead: false,
      inlaststand: true,
      armor: 0,
      ishandcuffed: false,
      bloodtype: 'A-',
      licences: { id: true, driver: true, weapon: false },
      phonedata: { SerialNumber: 40192837, InstalledApps: [] },
    },
    // qbx_core's vec4, an ExtBuffer of type 22 in JS: the merge never reads PlayerData.position.
    position: { buffer: Buffer.alloc(16), type: 22 },
    items: [],
  };
  // ox_inventory GetInventoryItems: slots 1, 2 and 5, so an object with string keys.
  const items = {
    '1': { name: 'money', label: 'Money', weight: 0, slot: 1, count: 80, stack: true, close: false },
    '2': { name: 'bandage', label: 'Bandage', weight: 115, slot: 2, count: 5, stack: true, close: true },
    '5': {
      name: 'WEAPON_PISTOL',
      label: 'Pistol',
      weight: 1130,
      slot: 5,
      count: 1,
      metadata: { durability: 100, ammo: 12, serial: '118233QBX', registered: 'Ana Łukasik', components: [] },
    },
  };
  const state = { hunger: 33.25, thirst: 12, stress: 61 };
  const live = record(mergeBetaLive(qboxRow, parts({ playerData, items, state }, null, 'qbx_core'))!);

  it("takes the inventory from ox_inventory, not PlayerData's empty items", () => {
    expect(live.inventory.map((item) => [item.slot, item.name, item.count])).toEqual([
      [1, 'money', 80],
      [2, 'bandage', 5],
      [5, 'WEAPON_PISTOL', 1],
    ]);
    expect(live.inventory[2].metadata).toEqual({
      durability: 100,
      ammo: 12,
      serial: '118233QBX',
      registered: 'Ana Łukasik',
      components: [],
    });
  });

  it('takes hunger, thirst and stress from the state bag, the rest of metadata from PlayerData', () => {
    expect(live.metadata).toMatchObject({ hunger: 33.25, thirst: 12, stress: 61, inlaststand: true });
    expect(live.job.onduty).toBe(true);
    expect(live.money.cash).toBe(80);
  });

  it('keeps the saved position without a ped', () => {
    expect(live.position).toEqual(record(qboxRow).position);
  });

  it("keeps the database inventory while ox_inventory does not run, PlayerData's `[]` notwithstanding", () => {
    const merged = record(mergeBetaLive(qboxRow, parts({ playerData, items: null, state }, null, 'qbx_core'))!);
    expect(merged.inventory).toEqual(record(qboxRow).inventory);
  });

  it('ignores a state bag value that is no number', () => {
    const merged = record(mergeBetaLive(qboxRow, parts({ playerData, items, state: { hunger: 'full' } }, null, 'qbx_core'))!);
    expect(merged.metadata.hunger).toBe(71.6);
  });
});

describe("the columns an online citizen's lookup leaves unread", () => {
  const qbox = {
    ...qbPlayerData(),
    citizenid: 'QX7M2K9B',
    position: { buffer: Buffer.alloc(16), type: 22 },
    items: [],
  };
  const ped = { position: { x: -50.5, y: 120.25, z: 70 }, health: 160, armour: 44 };
  const cases: Array<[string, Row, LiveParts]> = [
    ['qb-core', qbcoreRow, parts({ playerData: qbPlayerData() })],
    ['qb-core with a ped', qbcoreRow, parts({ playerData: qbPlayerData() }, ped)],
    ['Qbox with ox_inventory', qboxRow, parts({ playerData: qbox, items: { '3': { name: 'water', count: 2, slot: 3 } }, state: {} })],
    ['Qbox without ox_inventory', qboxRow, parts({ playerData: qbox, items: null, state: { hunger: 12 } })],
  ];
  it.each(cases)('%s: the row without them gives the very record the whole row gives', (_, row, live) => {
    const replaced = betaLiveColumns(live)!;
    const rest = Object.fromEntries(Object.entries(row).filter(([column]) => !(column in replaced)));
    expect(Object.keys(rest).length).toBeLessThan(Object.keys(row).length - 4);
    expect(JSON.stringify(record(mergeBetaLive(rest, live, replaced)!))).toBe(JSON.stringify(record(mergeBetaLive(row, live)!)));
  });

  it('the inventory and position stay read where the framework holds none of them', () => {
    expect(Object.keys(betaLiveColumns(parts({ playerData: qbPlayerData(), items: null }))!).sort()).toEqual([
      'charinfo',
      'gang',
      'job',
      'metadata',
      'money',
    ]);
  });
});

describe("what is not this citizen's PlayerData", () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['another citizen', { citizenid: 'OTHER001' }],
    ['money that is a number', { money: 12 }],
    ['no metadata', { metadata: undefined }],
    ['a job that is a string', { job: 'police' }],
    ['items that are a string', { items: 'many' }],
  ];
  it.each(cases)('%s: null, so the record comes from the database', (_, change) => {
    expect(mergeBetaLive(qbcoreRow, parts({ playerData: { ...qbPlayerData(), ...change } }))).toBeNull();
  });

  it("an es_extended player's parts: null", () => {
    const esx: LiveParts = {
      framework: 'es_extended',
      serverId: 1,
      player: { family: 'esx', accounts: {}, job: {}, group: 'user', inventory: [], loadout: [], metadata: {} },
      ped: null,
    };
    expect(mergeBetaLive(qbcoreRow, esx)).toBeNull();
  });
});

describe('betaLive', () => {
  it('keys citizenids without regard to case', () => {
    expect(betaFormat.idCandidates('kqw48213').map(betaLive.key)).toEqual([betaLive.key('KQW48213')]);
  });
});
