/**
 * es_extended's in-memory player over a `users` row. The player values are written as a JS
 * resource receives them (docs/live.md): Lua maps as objects, lists keyed 1..n as arrays, `{}` as
 * `[]`; the minimal forms of the methods Core.SavePlayer calls on 1.13+, and xPlayer's own fields on
 * builds without RunStaticPlayerMethod. Every merged row goes through the normaliser and the schema.
 */
import { alphaFormat } from '.';
import type { Row } from '../../db/database';
import type { EsxPlayerParts, LiveParts, PedState } from '../../live/parts';
import { ESX_1_1_ROW, ESX_1_1_USER_ACCOUNTS, LEGACY_1_13_OX_ILLENIUM, LEGACY_1_9_SKINCHANGER, V1_FINAL_ROW } from './__fixtures__/rows';
import { alphaLive, alphaLiveColumns, mergeAlphaLive } from './live';
import { normaliseAlphaRow, type AlphaSource } from './normalise';
import { alphaRecordSchema, type AlphaRecord } from './schema';

const options = {
  warn: (message: string) => {
    throw new Error(`unexpected warning: ${message}`);
  },
  dobOrder: 'DMY' as const,
};

const record = (source: AlphaSource): AlphaRecord => alphaRecordSchema.parse(normaliseAlphaRow(source, options));

function parts(player: Omit<EsxPlayerParts, 'family'>, ped: PedState | null = null): LiveParts {
  return { framework: 'es_extended', serverId: 7, player: { family: 'esx', ...player }, ped };
}

/** What RunStaticPlayerMethod answers for a 1.13 player with ox_inventory, after a shift on duty. */
const OX_PLAYER = {
  accounts: { bank: 48210, black_money: 250, money: 2590 },
  // skin_male/skin_female are `{}` in Lua, `[]` here.
  job: {
    id: 2,
    name: 'police',
    label: 'LSPD',
    type: 'leo',
    onDuty: true,
    grade: 3,
    grade_name: 'sergeant',
    grade_label: 'Sergeant',
    grade_salary: 120,
    skin_male: [],
    skin_female: [],
  },
  group: 'admin',
  // getInventory(true) under ox: a list 1..n, `metadata` nil for an item without any.
  inventory: [
    { name: 'money', count: 2590, slot: 1 },
    { name: 'black_money', count: 250, slot: 2 },
    { name: 'phone', count: 1, slot: 3 },
    { name: 'WEAPON_PISTOL', count: 1, slot: 5, metadata: { durability: 91, ammo: 6, serial: '384920KTR102938' } },
    { name: 'handcuffs', count: 1, slot: 9 },
  ],
  loadout: [],
  metadata: { health: 200, armor: 35, lastPlaytime: 90120, jobDuty: true },
};

describe('es_extended 1.13+ (RunStaticPlayerMethod answers) over a Legacy 1.13 ox_inventory row', () => {
  const database = record({ row: LEGACY_1_13_OX_ILLENIUM });
  const live = record(mergeAlphaLive({ row: LEGACY_1_13_OX_ILLENIUM }, parts(OX_PLAYER))!);

  it('takes accounts, job, grade, group and the ox items from memory', () => {
    expect(live.accounts).toEqual({ money: 2590, bank: 48210, black_money: 250 });
    expect(live).toMatchObject({ job: 'police', job_grade: 3, group: 'admin' });
    expect(live.inventory).toEqual([
      { name: 'money', count: 2590, slot: 1 },
      { name: 'black_money', count: 250, slot: 2 },
      { name: 'phone', count: 1, slot: 3 },
      { name: 'WEAPON_PISTOL', count: 1, slot: 5 },
      { name: 'handcuffs', count: 1, slot: 9 },
    ]);
    expect(live.loadout).toEqual([]);
  });

  it('keeps identity, skin, status and the rest from the database', () => {
    const { accounts, job, job_grade, group, inventory, ...fromDatabase } = live;
    const { accounts: a, job: j, job_grade: g, group: gr, inventory: i, ...databaseRest } = database;
    expect(fromDatabase).toEqual(databaseRest);
    expect(live).toMatchObject({ firstname: 'Lena', lastname: 'Kowalczyk', dateofbirth: '1994-07-14', sex: 'f', height: 168 });
  });

  it("puts the ped's position, health and armour over the saved ones", () => {
    const ped = { position: { x: 215.5, y: -810.25, z: 30.75 }, health: 142, armour: 12 };
    const merged = record(mergeAlphaLive({ row: LEGACY_1_13_OX_ILLENIUM }, parts(OX_PLAYER, ped))!);
    expect(merged.position).toEqual(ped.position);
    expect(merged.metadata).toEqual({ health: 142, armor: 12 });
  });

  it('without a ped keeps the saved position and the metadata memory holds', () => {
    expect(live.position).toEqual(database.position);
    expect(live.metadata).toEqual({ health: 200, armor: 35 });
  });
});

describe('es_extended 1.13+ with the classic inventory', () => {
  const player = {
    accounts: { bank: 9000, black_money: 0, money: 12 },
    job: { name: 'mechanic', grade: 1, grade_name: 'novice' },
    group: 'user',
    inventory: { bread: 2, water: 1, lockpick: 1 },
    loadout: { WEAPON_KNIFE: { ammo: 0 }, WEAPON_PISTOL: { ammo: 12, components: ['clip_extended'] } },
    metadata: { health: 175, armor: 0 },
  };

  it('reads the minimal inventory and loadout maps as the saved columns are read', () => {
    const live = record(mergeAlphaLive({ row: LEGACY_1_9_SKINCHANGER }, parts(player))!);
    expect(live.inventory).toEqual([
      { name: 'bread', count: 2, slot: 1 },
      { name: 'lockpick', count: 1, slot: 2 },
      { name: 'water', count: 1, slot: 3 },
    ]);
    expect(live.loadout).toEqual([
      { name: 'WEAPON_KNIFE', ammo: 0 },
      { name: 'WEAPON_PISTOL', ammo: 12 },
    ]);
  });

  it('reads an empty inventory and loadout (`{}` arriving as `[]`) as empty', () => {
    const live = record(mergeAlphaLive({ row: LEGACY_1_9_SKINCHANGER }, parts({ ...player, inventory: [], loadout: [] }))!);
    expect(live.inventory).toEqual([]);
    expect(live.loadout).toEqual([]);
  });
});

describe('es_extended before 1.13 (xPlayer fields) over a v1-final row', () => {
  // v1-final's xPlayer: accounts and loadout as full lists, the full item list with zero counts, no metadata.
  const xPlayer = {
    accounts: [
      { name: 'bank', money: 70250, label: 'Bank' },
      { name: 'black_money', money: 40, label: 'Black Money' },
      { name: 'money', money: 95, label: 'Cash' },
    ],
    job: {
      id: 5,
      name: 'taxi',
      label: 'Taxi',
      grade: 0,
      grade_name: 'recrue',
      grade_label: 'Recrue',
      grade_salary: 12,
      skin_male: [],
      skin_female: [],
    },
    group: 'user',
    inventory: [
      { name: 'bread', count: 0, label: 'Bread', weight: 1, usable: true, rare: false, canRemove: true },
      { name: 'water', count: 4, label: 'Water', weight: 1, usable: true, rare: false, canRemove: true },
      { name: 'fixkit', count: 2, label: 'Repair kit', weight: 3, usable: true, rare: false, canRemove: true },
    ],
    loadout: [{ name: 'WEAPON_PISTOL', ammo: 30, label: 'Pistol', components: ['clip_default'], tintIndex: 0 }],
    metadata: undefined,
  };
  const ped = { position: { x: 1.5, y: 2.5, z: 3.5 }, health: 200, armour: 50 };
  const live = record(mergeAlphaLive({ row: V1_FINAL_ROW }, parts(xPlayer, ped))!);

  it('reads the account list, the held items and the weapon list', () => {
    expect(live.accounts).toEqual({ money: 95, bank: 70250, black_money: 40 });
    expect(live.inventory).toEqual([
      { name: 'fixkit', count: 2, slot: 1 },
      { name: 'water', count: 4, slot: 2 },
    ]);
    expect(live.loadout).toEqual([{ name: 'WEAPON_PISTOL', ammo: 30 }]);
    expect(live).toMatchObject({ job: 'taxi', job_grade: 0, group: 'user' });
  });

  it('takes health and armour from the ped although memory holds no metadata', () => {
    expect(live.metadata).toEqual({ health: 200, armor: 50 });
    expect(live.position).toEqual(ped.position);
  });
});

describe("the columns an online citizen's lookup leaves unread", () => {
  const classic = {
    accounts: { bank: 9000, black_money: 0, money: 12 },
    job: { name: 'mechanic', grade: 1, grade_name: 'novice' },
    group: 'user',
    inventory: { bread: 2, water: 1 },
    loadout: { WEAPON_KNIFE: { ammo: 0 } },
    metadata: { health: 175, armor: 0 },
  };
  const noMetadata = { ...classic, metadata: undefined, group: undefined };
  const ped = { position: { x: 215.5, y: -810.25, z: 30.75 }, health: 142, armour: 12 };
  const cases: Array<[string, Row, LiveParts]> = [
    ['Legacy 1.13 with ox_inventory', LEGACY_1_13_OX_ILLENIUM, parts(OX_PLAYER)],
    ['Legacy 1.13 with ox_inventory and a ped', LEGACY_1_13_OX_ILLENIUM, parts(OX_PLAYER, ped)],
    ['Legacy 1.9 with the classic inventory', LEGACY_1_9_SKINCHANGER, parts(classic)],
    ['Legacy 1.9 with the classic inventory and a ped', LEGACY_1_9_SKINCHANGER, parts(classic, ped)],
    ['a build holding no metadata nor group', LEGACY_1_9_SKINCHANGER, parts(noMetadata)],
  ];
  it.each(cases)('%s: the row without them gives the very record the whole row gives', (_, row, live) => {
    const replaced = alphaLiveColumns(live)!;
    const rest = Object.fromEntries(Object.entries(row).filter(([column]) => !(column in replaced)));
    expect(Object.keys(rest).length).toBeLessThanOrEqual(Object.keys(row).length - 5);
    expect(JSON.stringify(record(mergeAlphaLive({ row: rest }, live, replaced)!))).toBe(
      JSON.stringify(record(mergeAlphaLive({ row }, live)!)),
    );
  });

  it('identity, skin and what only the database holds stay read; position only beside a ped', () => {
    expect(
      Object.keys(alphaLiveColumns(parts(OX_PLAYER))!)
        .sort()
        .join(),
    ).toBe('accounts,group,inventory,job,job_grade,loadout,metadata');
    expect(Object.keys(alphaLiveColumns(parts(OX_PLAYER, ped))!)).toContain('position');
    expect(Object.keys(alphaLiveColumns(parts(noMetadata))!).sort()).toEqual(['accounts', 'inventory', 'job', 'job_grade', 'loadout']);
  });
});

describe('ESX 1.1 (user_accounts rows)', () => {
  it("uses memory's accounts instead of the user_accounts rows and essentialmode's columns", () => {
    const player = {
      accounts: [
        { name: 'black_money', money: 5 },
        { name: 'bank', money: 31000 },
        { name: 'money', money: 1 },
      ],
      job: { name: 'unemployed', grade: 0 },
      group: 'user',
      inventory: [],
      loadout: [],
      metadata: undefined,
    };
    const merged = mergeAlphaLive({ row: ESX_1_1_ROW, userAccounts: ESX_1_1_USER_ACCOUNTS, userInventory: [] }, parts(player))!;
    expect(merged.userAccounts).toBeUndefined();
    expect(record(merged).accounts).toEqual({ money: 1, bank: 31000, black_money: 5 });
  });
});

describe('what is no xPlayer', () => {
  const cases: Array<[string, Partial<Record<keyof typeof OX_PLAYER, unknown>>]> = [
    ['accounts that are no table', { accounts: 'lots' }],
    ['no inventory', { inventory: undefined }],
    ['a loadout that is a number', { loadout: 3 }],
    ['a job without a name', { job: { grade: 2 } }],
    ['a group that is no name', { group: 4 }],
    ['metadata that is a string', { metadata: 'x' }],
  ];
  it.each(cases)('%s: null, so the record comes from the database', (_, change) => {
    expect(mergeAlphaLive({ row: LEGACY_1_13_OX_ILLENIUM }, parts({ ...OX_PLAYER, ...change }))).toBeNull();
  });

  it("a qb-core player's parts: null", () => {
    const qb: LiveParts = { framework: 'qb-core', serverId: 1, player: { family: 'qb', playerData: {} }, ped: null };
    expect(mergeAlphaLive({ row: LEGACY_1_13_OX_ILLENIUM }, qb)).toBeNull();
  });
});

describe('alphaLive', () => {
  it('finds a citizen asked for with the license: prefix under the bare identifier ESX stores', () => {
    const keys = (id: string) => alphaFormat.idCandidates(id).map(alphaLive.key);
    expect(keys('license:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10')).toContain(alphaLive.key('7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10'));
    expect(keys('char1:abc')).toEqual([alphaLive.key('char1:abc')]);
  });
});
