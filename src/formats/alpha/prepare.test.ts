import { DatabaseError, type Row } from '../../db/database';
import { FAKE_FORMAT_OPTIONS, FakeDatabase } from '../../../devkit/db/fake-database';
import { fakeLiveContext } from '../../../devkit/fake-live-context';
import type { FormatOptions } from '../format';
import type { LiveParts } from '../../live/parts';
import { ESX_1_1_ROW, ESX_1_1_USER_ACCOUNTS, LEGACY_1_13_OX_ILLENIUM, LEGACY_1_9_SKINCHANGER } from './__fixtures__/rows';
import { mergeAlphaLive } from './live';
import { normaliseAlphaRow } from './normalise';
import { alphaFormat } from './index';
import { alphaRecordSchema } from './schema';
import { MET_MERGED, MET_ONLINE, metNobody } from '../../lookup/looked';

/**
 * The devkit's fake database holding `tables` (each column a longtext, as ESX's are mostly text;
 * `identifier` leading an index, as it does in ESX Legacy), `users` as the rows of `users`, and
 * `accounts` (by identifier) as those of `user_accounts`; `calls` is every statement it is asked.
 */
function esxDatabase(tables: Record<string, string[]>, users: Row[], accounts: Record<string, Row[]> = {}) {
  const db = new FakeDatabase();
  const rows: Record<string, Row[]> = {
    users,
    user_accounts: Object.entries(accounts).flatMap(([identifier, list]) => list.map((row) => ({ identifier, ...row }))),
  };
  for (const [name, columns] of Object.entries(tables)) {
    const indexes = columns.includes('identifier') ? ['identifier'] : [];
    db.createTable(name, Object.fromEntries(columns.map((column) => [column, 'longtext'])), rows[name] ?? [], indexes);
  }
  return { db, calls: db.statements };
}

const warnings: string[] = [];
const options: FormatOptions = { ...FAKE_FORMAT_OPTIONS, warn: (m) => warnings.push(m), dobOrder: 'DMY' };

const LEGACY_COLUMNS = Object.keys(LEGACY_1_13_OX_ILLENIUM);
const ESSENTIALMODE_COLUMNS = [...Object.keys(ESX_1_1_ROW), 'license', 'permission_level', 'name'];

beforeEach(() => {
  warnings.length = 0;
});

describe('alphaFormat', () => {
  it('is the alpha format with its schema and id rule', () => {
    expect(alphaFormat.name).toBe('alpha');
    expect(alphaFormat.isValidId('char1:abc')).toBe(true);
    expect(alphaFormat.isValidId('..')).toBe(false);
  });
});

describe('prepare', () => {
  it('is null when there is no users table', async () => {
    const { db } = esxDatabase({}, []);
    await expect(alphaFormat.prepare(db, options)).resolves.toBeNull();
  });

  it("is null for Qbox's own users table, which has no identifier", async () => {
    const { db } = esxDatabase({ users: ['userId', 'username', 'license', 'license2', 'fivem', 'discord'] }, []);
    await expect(alphaFormat.prepare(db, options)).resolves.toBeNull();
  });

  it('does not look for user_accounts where users has accounts', async () => {
    const { db, calls } = esxDatabase({ users: LEGACY_COLUMNS }, []);
    await alphaFormat.prepare(db, options);
    // The columns of users, then its indexes (adviseIndexes); nothing of user_accounts.
    expect(calls.map((c) => c.params)).toEqual([['users'], ['users']]);
    expect(calls.some((c) => c.sql.includes('user_accounts') || c.params.includes('user_accounts'))).toBe(false);
  });
});

describe('lookup', () => {
  it('finds a citizen with one parameterised query on the key', async () => {
    const { db, calls } = esxDatabase({ users: LEGACY_COLUMNS }, [LEGACY_1_13_OX_ILLENIUM]);
    const lookup = await alphaFormat.prepare(db, options);
    calls.length = 0;
    const { value: record } = await lookup!.byId('char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10');
    expect(alphaRecordSchema.parse(record)).toMatchObject({ firstname: 'Lena', accounts: { bank: 48210 } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params).toEqual(['char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10']);
    expect(calls[0]!.sql).toMatch(/ FROM `users` WHERE `identifier` = \? LIMIT 1$/);
    expect(calls[0]!.sql).toContain('`group`');
  });

  it('is null when no row matches, after one query for an id without license:', async () => {
    const { db, calls } = esxDatabase({ users: LEGACY_COLUMNS }, [LEGACY_1_13_OX_ILLENIUM]);
    const lookup = await alphaFormat.prepare(db, options);
    calls.length = 0;
    expect(await lookup!.byId('char2:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10')).toEqual(metNobody(null));
    expect(calls).toHaveLength(1);
  });

  it('retries a license: id once without the prefix, as ESX stores licenses bare', async () => {
    const bare = { ...LEGACY_1_13_OX_ILLENIUM, identifier: '9a3c5e7f1b2d4068ace13579bdf02468ace1357a' };
    const { db, calls } = esxDatabase({ users: LEGACY_COLUMNS }, [bare]);
    const lookup = await alphaFormat.prepare(db, options);
    calls.length = 0;
    const { value: record } = await lookup!.byId('license:9a3c5e7f1b2d4068ace13579bdf02468ace1357a');
    expect(record?.identifier).toBe('9a3c5e7f1b2d4068ace13579bdf02468ace1357a');
    expect(calls.map((c) => c.params)).toEqual([
      ['license:9a3c5e7f1b2d4068ace13579bdf02468ace1357a'],
      ['9a3c5e7f1b2d4068ace13579bdf02468ace1357a'],
    ]);
  });

  it('is null when neither form of a license: id matches', async () => {
    const { db, calls } = esxDatabase({ users: LEGACY_COLUMNS }, []);
    const lookup = await alphaFormat.prepare(db, options);
    calls.length = 0;
    expect(await lookup!.byId('license:ffff')).toEqual(metNobody(null));
    expect(calls).toHaveLength(2);
  });

  it('reads ESX 1.1 accounts from users and user_accounts with a second parameterised query', async () => {
    const { db, calls } = esxDatabase(
      { users: ESSENTIALMODE_COLUMNS, user_accounts: ['id', 'identifier', 'name', 'money'] },
      [ESX_1_1_ROW],
      {
        'steam:110000112a4b3c5': ESX_1_1_USER_ACCOUNTS,
      },
    );
    const lookup = await alphaFormat.prepare(db, options);
    calls.length = 0;
    const { value: record } = await lookup!.byId('steam:110000112a4b3c5');
    expect(record?.accounts).toEqual({ money: 1500, bank: 24000, black_money: 1200 });
    expect(calls[1]).toEqual({
      sql: 'SELECT `name`, `money` FROM `user_accounts` WHERE `identifier` = ? LIMIT 50',
      params: ['steam:110000112a4b3c5'],
    });
  });

  it('reads ESX 1.2 accounts by the stored identifier, after a license: retry', async () => {
    const row = { identifier: '9a3c5e7f', group: 'user', job: 'unemployed', job_grade: 0, inventory: '[]' };
    const { db } = esxDatabase({ users: Object.keys(row), user_accounts: ['id', 'identifier', 'name', 'money'] }, [row], {
      '9a3c5e7f': [
        { name: 'bank', money: 700 },
        { name: 'money', money: 20 },
      ],
    });
    const lookup = await alphaFormat.prepare(db, options);
    expect((await lookup!.byId('license:9a3c5e7f')).value?.accounts).toEqual({ money: 20, bank: 700, black_money: 0 });
  });

  it('gives zero accounts without a query where neither accounts nor user_accounts exists', async () => {
    const row = { identifier: 'abc', job: 'unemployed' };
    const { db, calls } = esxDatabase({ users: Object.keys(row) }, [row]);
    const lookup = await alphaFormat.prepare(db, options);
    calls.length = 0;
    expect((await lookup!.byId('abc')).value?.accounts).toEqual({ money: 0, bank: 0, black_money: 0 });
    expect(calls).toHaveLength(1);
  });

  it('warns through the options about a column of unreadable JSON, and still answers', async () => {
    const broken: Row = { ...LEGACY_1_13_OX_ILLENIUM, status: '[{"name":"hunger",' };
    const { db } = esxDatabase({ users: LEGACY_COLUMNS }, [broken]);
    const lookup = await alphaFormat.prepare(db, options);
    const { value: record } = await lookup!.byId(String(broken.identifier));
    expect(record?.status).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('status');
  });

  it('passes a DatabaseError through unchanged', async () => {
    const { db } = esxDatabase({ users: LEGACY_COLUMNS }, []);
    const lookup = await alphaFormat.prepare(db, options);
    const failure = new DatabaseError('timeout', 'no answer in 5000 ms');
    db.failNext(failure);
    await expect(lookup!.byId('abc')).rejects.toBe(failure);
  });
});

describe('an online citizen', () => {
  const OX_ID = String(LEGACY_1_13_OX_ILLENIUM.identifier);
  const oxPlayer = {
    accounts: { bank: 48210, black_money: 250, money: 2590 },
    job: { name: 'police', grade: 3 },
    group: 'admin',
    inventory: [{ name: 'phone', count: 1, slot: 3 }],
    loadout: [],
    metadata: { health: 200, armor: 35 },
  };
  const classicPlayer = { ...oxPlayer, inventory: { bread: 2 }, loadout: { WEAPON_KNIFE: { ammo: 0 } } };
  const parts = (player: Omit<LiveParts['player'] & { family: 'esx' }, 'family'>): LiveParts => ({
    framework: 'es_extended',
    serverId: 7,
    player: { family: 'esx', ...player },
    ped: { position: { x: 1.5, y: 2.5, z: 3.5 }, health: 150, armour: 20 },
  });

  const wholeRowRecord = (row: Row, live: LiveParts) =>
    JSON.stringify(normaliseAlphaRow(mergeAlphaLive({ row }, live)!, { warn: options.warn, dobOrder: 'DMY' }));

  const cases: Array<[string, Row, LiveParts]> = [
    ['Legacy with ox_inventory', LEGACY_1_13_OX_ILLENIUM, parts(oxPlayer)],
    ['Legacy without ox_inventory', LEGACY_1_9_SKINCHANGER, parts(classicPlayer)],
  ];
  it.each(cases)('%s: one query without the replaced columns, and the record the whole row merged gives', async (_, row, live) => {
    const { db, calls } = esxDatabase({ users: LEGACY_COLUMNS }, [row]);
    const lookup = await alphaFormat.prepare(db, options);
    calls.length = 0;
    const { live: context, unmergeable } = fakeLiveContext(live);
    const { value: record, met } = await lookup!.byId(String(row.identifier), context);
    expect(met).toEqual(MET_MERGED);
    expect(calls).toHaveLength(1);
    for (const column of ['accounts', 'job', 'job_grade', 'group', 'inventory', 'loadout', 'metadata', 'position'])
      expect(calls[0]!.sql).not.toContain(`\`${column}\``);
    for (const column of ['firstname', 'dateofbirth', 'sex', 'height', 'skin', 'status']) expect(calls[0]!.sql).toContain(`\`${column}\``);
    expect(JSON.stringify(record)).toBe(wholeRowRecord(row, live));
    expect(unmergeable).toEqual([]);
  });

  it('an id stored otherwise (matched up to case): the whole row, merged with the live data kept under the stored identifier', async () => {
    const { db, calls } = esxDatabase({ users: LEGACY_COLUMNS }, [LEGACY_1_13_OX_ILLENIUM]);
    const lookup = await alphaFormat.prepare(db, options);
    calls.length = 0;
    const { live, reads } = fakeLiveContext(parts(oxPlayer));
    const { value: record, met } = await lookup!.byId(OX_ID.toUpperCase(), live);
    expect(met).toEqual(MET_MERGED);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.sql).toContain('`accounts`');
    expect(reads).toEqual([OX_ID.toUpperCase(), OX_ID]);
    expect(JSON.stringify(record)).toBe(wholeRowRecord(LEGACY_1_13_OX_ILLENIUM, parts(oxPlayer)));
  });

  it('what is no xPlayer: the whole row alone, in one query, the trouble told', async () => {
    const { db, calls } = esxDatabase({ users: LEGACY_COLUMNS }, [LEGACY_1_13_OX_ILLENIUM]);
    const lookup = await alphaFormat.prepare(db, options);
    calls.length = 0;
    const { live, unmergeable } = fakeLiveContext(parts({ ...oxPlayer, accounts: 'lots' }));
    const { value: record, met } = await lookup!.byId(OX_ID, live);
    expect(met).toEqual(MET_ONLINE);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.sql).toContain('`accounts`');
    expect(unmergeable).toHaveLength(1);
    expect(await lookup!.byId(OX_ID)).toEqual(metNobody(record));
  });

  it('a license: id, which could name two identifiers, reads the whole row', async () => {
    const bare = { ...LEGACY_1_13_OX_ILLENIUM, identifier: '9a3c5e7f1b2d4068ace13579bdf02468ace1357a' };
    const { db, calls } = esxDatabase({ users: LEGACY_COLUMNS }, [bare]);
    const lookup = await alphaFormat.prepare(db, options);
    calls.length = 0;
    const { live, reads } = fakeLiveContext(parts(oxPlayer));
    const { value: record, met } = await lookup!.byId(`license:${bare.identifier}`, live);
    expect(met).toEqual(MET_MERGED);
    expect(calls.every((call) => call.sql.includes('`accounts`'))).toBe(true);
    expect(reads).toEqual([bare.identifier]);
    expect(JSON.stringify(record)).toBe(wholeRowRecord(bare, parts(oxPlayer)));
  });

  it('a server keeping accounts in user_accounts reads the whole row', async () => {
    const { db, calls } = esxDatabase({ users: ESSENTIALMODE_COLUMNS, user_accounts: ['id', 'identifier', 'name', 'money'] }, [
      ESX_1_1_ROW,
    ]);
    const lookup = await alphaFormat.prepare(db, options);
    calls.length = 0;
    const { value: record } = await lookup!.byId(String(ESX_1_1_ROW.identifier), fakeLiveContext(parts(oxPlayer)).live);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.sql).toContain('`job`');
    expect(record?.accounts).toEqual({ money: 2590, bank: 48210, black_money: 250 });
  });
});
