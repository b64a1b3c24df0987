import type { Row } from '../../db/database';
import type { DateOrder } from '../../values/calendar-date';
import { ESX_1_1_ROW, ESX_1_1_USER_ACCOUNTS, LEGACY_1_13_OX_ILLENIUM, LEGACY_1_9_SKINCHANGER, V1_FINAL_ROW } from './__fixtures__/rows';
import { EMPTY_SKIN } from './__fixtures__/empty-skin';
import { normaliseAlphaRow, type AlphaSource } from './normalise';
import { alphaRecordSchema, type AlphaRecord } from './schema';

interface Run {
  record: AlphaRecord;
  warnings: string[];
}

/** Normalises and checks the result against the schema, as every record must pass it. */
function run(source: AlphaSource | Row, dobOrder: DateOrder = 'DMY'): Run {
  const warnings: string[] = [];
  const input: AlphaSource = 'row' in source ? (source as AlphaSource) : { row: source };
  const record = normaliseAlphaRow(input, { warn: (m) => warnings.push(m), dobOrder });
  return { record: alphaRecordSchema.parse(record), warnings };
}

const normalise = (row: Row, dobOrder: DateOrder = 'DMY'): AlphaRecord => run(row, dobOrder).record;

const ORIGIN = { x: 0, y: 0, z: 0 };

describe('B.1: ESX Legacy 1.13, multicharacter, ox_inventory, illenium-appearance', () => {
  const { record, warnings } = run(LEGACY_1_13_OX_ILLENIUM);

  it('reads identity, job and group', () => {
    expect(record).toMatchObject({
      identifier: 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10',
      firstname: 'Lena',
      lastname: 'Kowalczyk',
      dateofbirth: '1994-07-14',
      sex: 'f',
      height: 168,
      job: 'police',
      job_grade: 2,
      group: 'user',
    });
  });

  it('reads the accounts map', () => {
    expect(record.accounts).toEqual({ money: 1840, bank: 48210, black_money: 250 });
  });

  it('keeps every ox item with its slot, money and black_money included, and an empty loadout', () => {
    expect(record.inventory).toEqual([
      { name: 'money', count: 1840, slot: 1 },
      { name: 'black_money', count: 250, slot: 2 },
      { name: 'phone', count: 1, slot: 3 },
      { name: 'water', count: 3, slot: 4 },
      { name: 'WEAPON_PISTOL', count: 1, slot: 5 },
      { name: 'ammo-9', count: 48, slot: 6 },
      { name: 'burger', count: 2, slot: 8 },
    ]);
    expect(record.loadout).toEqual([]);
  });

  it('reads health and armour from metadata, and drops the heading', () => {
    expect(record.metadata).toEqual({ health: 200, armor: 35 });
    expect(record.position).toEqual({ x: 441.8338623046875, y: -981.9259643554688, z: 30.68960571289062 });
  });

  it('keeps the appearance skin with tattoos as one list', () => {
    expect(record.skin.model).toBe('mp_f_freemode_01');
    expect(record.skin.tattoos.map((t) => t.name)).toEqual(['TAT_AR_000']);
  });

  it('reads status, flags and text columns', () => {
    expect(record.status).toEqual([
      { name: 'hunger', val: 712400, percent: 71.24 },
      { name: 'thirst', val: 655300, percent: 65.53 },
      { name: 'drunk', val: 0, percent: 0 },
    ]);
    expect(record.is_dead).toBe(false);
    expect(record.disabled).toBe(false);
    expect(record.last_property).toBe('');
    expect(record.phone_number).toBe('555-0147');
  });

  it('warns about nothing', () => {
    expect(warnings).toEqual([]);
  });
});

describe('B.2: ESX Legacy 1.9-1.12, default inventory, skinchanger', () => {
  const record = normalise(LEGACY_1_9_SKINCHANGER);

  it('reads a one-digit DD/MM/YYYY date', () => {
    expect(record.dateofbirth).toBe('1991-11-03');
  });

  it('numbers the map inventory 1..n in name order', () => {
    expect(record.inventory).toEqual([
      { name: 'bandage', count: 3, slot: 1 },
      { name: 'bread', count: 4, slot: 2 },
      { name: 'phone', count: 1, slot: 3 },
      { name: 'water', count: 2, slot: 4 },
    ]);
  });

  it('reads the loadout map', () => {
    expect(record.loadout).toEqual([
      { name: 'WEAPON_FLASHLIGHT', ammo: 0 },
      { name: 'WEAPON_KNIFE', ammo: 0 },
      { name: 'WEAPON_PISTOL', ammo: 48 },
    ]);
  });

  it('converts the skinchanger skin, model from users.sex', () => {
    expect(record.skin.model).toBe('mp_m_freemode_01');
    expect(record.skin.hair).toEqual({ style: 12, color: 3, highlight: 0 });
    expect(record.skin.components).toHaveLength(12);
  });

  it('keeps an esx_property v2 last_property as its JSON text, and a NULL phone number as ""', () => {
    expect(record.last_property).toBe('{"id":7,"coords":{"x":-174.8,"y":502.4,"z":137.4}}');
    expect(JSON.parse(record.last_property)).toEqual({ id: 7, coords: { x: -174.8, y: 502.4, z: 137.4 } });
    expect(record.phone_number).toBe('');
  });

  it('reads metadata and position', () => {
    expect(record.metadata).toEqual({ health: 175, armor: 0 });
    expect(record.position).toEqual({ x: -211.38299560546875, y: -1324.63525390625, z: 30.89039421081543 });
  });
});

describe('B.3: ESX v1-final, MM/DD/YYYY identity, height in inches, no later add-ons', () => {
  it('reads MM/DD/YYYY when the server is configured for it', () => {
    expect(normalise(V1_FINAL_ROW, 'MDY').dateofbirth).toBe('1988-07-23');
  });

  it('gives "" for a date that is no real date in the configured order', () => {
    expect(normalise(V1_FINAL_ROW, 'DMY').dateofbirth).toBe('');
  });

  it('gives the columns the table lacks their defaults', () => {
    const record = normalise(V1_FINAL_ROW, 'MDY');
    expect(record).toMatchObject({
      height: 71,
      metadata: { health: 0, armor: 0 },
      status: [],
      is_dead: false,
      disabled: false,
      last_property: '',
      phone_number: '',
    });
    expect(record.accounts).toEqual({ money: 2315, bank: 61250, black_money: 0 });
    expect(record.loadout).toEqual([
      { name: 'WEAPON_FLASHLIGHT', ammo: 0 },
      { name: 'WEAPON_PISTOL', ammo: 42 },
    ]);
    expect(record.position).toEqual({ x: -211.3, y: -1324.6, z: 30.9 });
  });
});

describe('B.4: ESX 1.1 on essentialmode', () => {
  const record = normalise(ESX_1_1_ROW);
  const withAccounts = run({ row: ESX_1_1_ROW, userAccounts: ESX_1_1_USER_ACCOUNTS }).record;

  it('takes cash and bank from users and black_money from user_accounts', () => {
    expect(withAccounts.accounts).toEqual({ money: 1500, bank: 24000, black_money: 1200 });
  });

  it('reads the steam: identifier as stored, the VARCHAR height and the INT phone number', () => {
    expect(record).toMatchObject({
      identifier: 'steam:110000112a4b3c5',
      dateofbirth: '1990-04-02',
      height: 180,
      phone_number: '48213',
      job: 'unemployed',
      job_grade: 0,
    });
  });

  it('reads the old loadout list, and has no inventory column', () => {
    expect(record.loadout).toEqual([{ name: 'WEAPON_PISTOL', ammo: 24 }]);
    expect(record.inventory).toEqual([]);
  });

  it('reads a position without heading, and a NULL skin as the empty skin', () => {
    expect(record.position).toEqual({ x: -269.4, y: -955.3, z: 31.2 });
    expect(record.skin).toEqual(EMPTY_SKIN);
  });
});

describe('ESX 1.2: accounts in user_accounts rows', () => {
  const row: Row = {
    identifier: '9a3c5e7f1b2d4068ace13579bdf02468ace1357a',
    group: 'admin',
    job: 'ambulance',
    job_grade: 3,
    inventory: '{"bandage":5,"medikit":2}',
    loadout: '[{"name":"WEAPON_FLASHLIGHT","ammo":0,"label":"Flashlight","components":[],"tintIndex":0}]',
    position: '{"x":-269.4,"y":-955.3,"z":31.2,"heading":205.8}',
  };
  const userAccounts: Row[] = [
    { name: 'bank', money: 8200 },
    { name: 'black_money', money: 0 },
    { name: 'money', money: 95 },
  ];

  it('reads every account from the rows', () => {
    expect(run({ row, userAccounts }).record.accounts).toEqual({ money: 95, bank: 8200, black_money: 0 });
  });

  it('gives zeros when the server has neither accounts nor user_accounts', () => {
    expect(run({ row, userAccounts: [] }).record.accounts).toEqual({ money: 0, bank: 0, black_money: 0 });
  });

  it('reads a DOUBLE or DECIMAL amount of a row', () => {
    const rows = [{ name: 'black_money', money: '12.5' }];
    expect(run({ row, userAccounts: rows }).record.accounts.black_money).toBe(12.5);
  });

  it('reads the rest of the 1.2 row', () => {
    expect(normalise(row)).toMatchObject({
      group: 'admin',
      job: 'ambulance',
      job_grade: 3,
      inventory: [
        { name: 'bandage', count: 5, slot: 1 },
        { name: 'medikit', count: 2, slot: 2 },
      ],
      loadout: [{ name: 'WEAPON_FLASHLIGHT', ammo: 0 }],
      position: { x: -269.4, y: -955.3, z: 31.2 },
    });
  });
});

describe('a row of NULLs (a character that never finished registration)', () => {
  const row: Row = {
    identifier: 'char2:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10',
    accounts: null,
    group: null,
    inventory: null,
    job: null,
    job_grade: null,
    loadout: null,
    metadata: null,
    position: null,
    firstname: null,
    lastname: null,
    dateofbirth: null,
    sex: null,
    height: null,
    skin: null,
    status: null,
    // oxmysql's typeCast reads a NULL TINYINT(1) as false
    is_dead: false,
    disabled: false,
    last_property: null,
    phone_number: null,
  };

  it('gives every field its ESX or empty default, without a warning', () => {
    const { record, warnings } = run(row);
    expect(record).toEqual({
      identifier: 'char2:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10',
      firstname: '',
      lastname: '',
      dateofbirth: '',
      sex: '',
      height: 0,
      job: 'unemployed',
      job_grade: 0,
      group: 'user',
      accounts: { money: 0, bank: 0, black_money: 0 },
      inventory: [],
      loadout: [],
      metadata: { health: 0, armor: 0 },
      position: ORIGIN,
      skin: EMPTY_SKIN,
      status: [],
      is_dead: false,
      disabled: false,
      last_property: '',
      phone_number: '',
    });
    expect(warnings).toEqual([]);
  });

  it('treats a blank job or group as none', () => {
    expect(normalise({ ...row, job: '', group: '' })).toMatchObject({ job: 'unemployed', group: 'user' });
  });
});

describe('empty Lua tables: [] and {}', () => {
  it.each(['[]', '{}', '', 'null'])('reads %p in every JSON column as empty', (empty) => {
    const { record, warnings } = run({
      identifier: 'abc',
      accounts: empty,
      inventory: empty,
      loadout: empty,
      metadata: empty,
      position: empty,
      skin: empty,
      status: empty,
    });
    expect(record).toMatchObject({
      accounts: { money: 0, bank: 0, black_money: 0 },
      inventory: [],
      loadout: [],
      metadata: { health: 0, armor: 0 },
      position: ORIGIN,
      status: [],
    });
    expect(record.skin).toEqual(EMPTY_SKIN);
    expect(warnings).toEqual([]);
  });

  it('fills the accounts a fresh row lacks with 0', () => {
    expect(normalise({ identifier: 'abc', accounts: '{"bank":50000}' }).accounts).toEqual({
      money: 0,
      bank: 50000,
      black_money: 0,
    });
  });
});

describe('2018-19 esx_identity columns (VARCHAR, default "")', () => {
  it('reads "" identity columns as empty', () => {
    expect(
      normalise({ identifier: 'steam:110000112a4b3c5', firstname: '', lastname: '', dateofbirth: '', sex: '', height: '' }),
    ).toMatchObject({ firstname: '', lastname: '', dateofbirth: '', sex: '', height: 0 });
  });

  it('parses a height stored as text', () => {
    expect(normalise({ identifier: 'a', height: '72' }).height).toBe(72);
  });
});

describe('stale map inventory next to ox_inventory', () => {
  it('reads the old map of a player who has not logged in since the switch, loadout included', () => {
    const record = normalise({
      identifier: 'abc',
      inventory: '{"cola":1,"burger":3}',
      loadout: '{"WEAPON_BAT":{"ammo":0}}',
    });
    expect(record.inventory).toEqual([
      { name: 'burger', count: 3, slot: 1 },
      { name: 'cola', count: 1, slot: 2 },
    ]);
    expect(record.loadout).toEqual([{ name: 'WEAPON_BAT', ammo: 0 }]);
  });

  it('ignores the loadout map convertesx left behind once the inventory is ox slots', () => {
    const record = normalise({
      identifier: 'abc',
      inventory: '[{"name":"WEAPON_BAT","count":1,"slot":1,"metadata":{"durability":100}}]',
      loadout: '{"WEAPON_BAT":{"ammo":0}}',
    });
    expect(record.inventory).toEqual([{ name: 'WEAPON_BAT', count: 1, slot: 1 }]);
    expect(record.loadout).toEqual([]);
  });

  it('reads a holed or too-sparse slot list', () => {
    expect(
      normalise({ identifier: 'abc', inventory: '[{"name":"water","count":1,"slot":1},null,{"name":"bread","count":2,"slot":3}]' })
        .inventory,
    ).toEqual([
      { name: 'water', count: 1, slot: 1 },
      { name: 'bread', count: 2, slot: 3 },
    ]);
    expect(
      normalise({ identifier: 'abc', inventory: '{"3":{"name":"water","count":1,"slot":3},"17":{"name":"bread","count":2,"slot":17}}' })
        .inventory,
    ).toEqual([
      { name: 'water', count: 1, slot: 3 },
      { name: 'bread', count: 2, slot: 17 },
    ]);
  });
});

describe('unreadable JSON', () => {
  const truncated = '[{"name":"water","count":3,"slot":4},{"name":"WEAPON_PISTOL","count":1,"sl';

  it('gives the field its default and warns once, naming the citizen and the column', () => {
    const { record, warnings } = run({ ...LEGACY_1_13_OX_ILLENIUM, inventory: truncated });
    expect(record.inventory).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10');
    expect(warnings[0]).toContain('inventory');
  });

  it('leaves the other fields of the row alone', () => {
    const { record } = run({ ...LEGACY_1_13_OX_ILLENIUM, inventory: truncated });
    expect(record.accounts).toEqual({ money: 1840, bank: 48210, black_money: 250 });
    expect(record.skin.model).toBe('mp_f_freemode_01');
  });

  it.each(['accounts', 'loadout', 'metadata', 'position', 'skin', 'status'])('in %s: one warning naming it', (column) => {
    const { warnings } = run({ ...LEGACY_1_9_SKINCHANGER, [column]: '{"x":' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(column);
    expect(warnings[0]).toContain('b41e8c07d2a96f3e15c0a7b9e4d28f61c3a5e0d7');
  });

  it('warns once per broken column', () => {
    expect(run({ ...LEGACY_1_9_SKINCHANGER, skin: '{', status: '[{' }).warnings).toHaveLength(2);
  });

  it('reads an empty skin for a broken one', () => {
    expect(run({ ...LEGACY_1_9_SKINCHANGER, skin: '{"sex":0,"mom":21,' }).record.skin).toEqual(EMPTY_SKIN);
  });
});

describe('dateofbirth', () => {
  const dob = (value: unknown, order: DateOrder = 'DMY') => normalise({ identifier: 'a', dateofbirth: value }, order).dateofbirth;

  it('reads one-digit day and month in the configured order', () => {
    expect(dob('5/3/1990', 'DMY')).toBe('1990-03-05');
    expect(dob('5/3/1990', 'MDY')).toBe('1990-05-03');
  });

  it('gives "" for 12/31/1984 read as DMY, and reads it as MDY', () => {
    expect(dob('12/31/1984', 'DMY')).toBe('');
    expect(dob('12/31/1984', 'MDY')).toBe('1984-12-31');
  });

  it('reads YYYY/MM/DD and ISO whatever the order', () => {
    expect(dob('1990/05/14', 'DMY')).toBe('1990-05-14');
    expect(dob('1990-05-14', 'MDY')).toBe('1990-05-14');
    expect(dob('1990/05/14', 'YMD')).toBe('1990-05-14');
  });

  it('gives "" for free text and dates that do not exist', () => {
    expect(dob('the fifth of May')).toBe('');
    expect(dob('31/02/1990')).toBe('');
    expect(dob('29/02/1991')).toBe('');
    expect(dob('29/02/1992')).toBe('1992-02-29');
  });
});

describe('sex', () => {
  it.each([
    ['m', 'm'],
    ['M', 'm'],
    ['f', 'f'],
    ['F', 'f'],
    ['0', 'm'],
    ['1', 'f'],
    [0, 'm'],
    [1, 'f'],
    ['male', 'm'],
    ['Female', 'f'],
    ['x', ''],
    ['', ''],
    [null, ''],
  ])('%p → %p', (stored, expected) => {
    expect(normalise({ identifier: 'a', sex: stored }).sex).toBe(expected);
  });
});

describe('is_dead and disabled', () => {
  it.each([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['1', true],
    [null, false],
    [[1], true],
    [[0], false],
  ])('%p → %p', (stored, expected) => {
    expect(normalise({ identifier: 'a', is_dead: stored, disabled: stored })).toMatchObject({
      is_dead: expected,
      disabled: expected,
    });
  });

  it('reads the old isDead bit column where is_dead is absent', () => {
    expect(normalise({ identifier: 'a', isDead: true }).is_dead).toBe(true);
    expect(normalise({ identifier: 'a', isDead: [1] }).is_dead).toBe(true);
    expect(normalise({ identifier: 'a', isDead: false }).is_dead).toBe(false);
  });
});

describe('phone_number and last_property', () => {
  it.each([
    [0, '0'],
    ['0', '0'],
    [5551234, '5551234'],
    ['555-1234', '555-1234'],
    ['', ''],
    [null, ''],
  ])('phone_number %p → %p', (stored, expected) => {
    expect(normalise({ identifier: 'a', phone_number: stored }).phone_number).toBe(expected);
  });

  it('keeps an esx_property v1 name', () => {
    expect(normalise({ identifier: 'a', last_property: 'WildOatsDrive' }).last_property).toBe('WildOatsDrive');
  });
});

describe('text columns', () => {
  it('keeps emoji and accents in names', () => {
    expect(normalise({ identifier: 'a', firstname: 'Zoë 🦊', lastname: 'Łukasik' })).toMatchObject({
      firstname: 'Zoë 🦊',
      lastname: 'Łukasik',
    });
  });

  it('keeps a group the core would rename on load', () => {
    expect(normalise({ identifier: 'a', group: 'superadmin' }).group).toBe('superadmin');
  });

  it('reads a job grade stored as text', () => {
    expect(normalise({ identifier: 'a', job_grade: '4' }).job_grade).toBe(4);
  });
});

describe('status and metadata', () => {
  it('skips nameless or non-object status entries and reads a sparse list', () => {
    expect(normalise({ identifier: 'a', status: '[{"name":"hunger","val":1000000,"percent":100.0},{"val":3},5,null]' }).status).toEqual([
      { name: 'hunger', val: 1000000, percent: 100 },
    ]);
    expect(normalise({ identifier: 'a', status: '{"2":{"name":"thirst","val":500000,"percent":50}}' }).status).toEqual([
      { name: 'thirst', val: 500000, percent: 50 },
    ]);
  });

  it('keeps only health and armor of metadata, 0 for a missing one', () => {
    expect(normalise({ identifier: 'a', metadata: '{"armor":50,"jobDuty":true}' }).metadata).toEqual({ health: 0, armor: 50 });
  });
});
