import { DatabaseError, type Database, type Row } from '../../db/database';
import type { FormatOptions } from '../format';
import { ESX_1_1_ROW, ESX_1_1_USER_ACCOUNTS, LEGACY_1_13_OX_ILLENIUM } from './__fixtures__/rows';
import { alphaFormat } from './index';
import { alphaRecordSchema } from './schema';

interface Call {
  sql: string;
  params: readonly unknown[];
}

/**
 * A database that answers information_schema from `tables`, `users` lookups from `users` by
 * exact identifier, and `user_accounts` from `accounts`, recording every call.
 */
function fakeDb(tables: Record<string, string[]>, users: Row[], accounts: Record<string, Row[]> = {}) {
  const calls: Call[] = [];
  const db: Database = {
    isReady: () => true,
    isHealthy: () => true,
    probe: async () => true,
    close: () => undefined,
    async single(sql, params) {
      calls.push({ sql, params });
      return users.find((u) => u.identifier === params[0]) ?? null;
    },
    async query(sql, params) {
      calls.push({ sql, params });
      if (sql.includes('information_schema')) {
        return (tables[String(params[0])] ?? []).map((name) => ({ name, dataType: 'longtext', collation: null, maxBytes: 4_294_967_295 }));
      }
      if (sql.includes('`user_accounts`')) return accounts[String(params[0])] ?? [];
      throw new DatabaseError('failed', `unexpected query ${sql}`);
    },
  };
  return { db, calls };
}

const warnings: string[] = [];
const options: FormatOptions = {
  warn: (m) => warnings.push(m),
  dobOrder: 'DMY',
  now: () => 0,
  maxColumnBytes: 4_194_304,
  esxCharacterPrefix: 'char',
  esxMaxCharacters: 4,
  info: () => undefined,
  groups: () => undefined,
  vehicles: () => undefined,
};

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
    const { db } = fakeDb({}, []);
    await expect(alphaFormat.prepare(db, options)).resolves.toBeNull();
  });

  it("is null for Qbox's own users table, which has no identifier", async () => {
    const { db } = fakeDb({ users: ['userId', 'username', 'license', 'license2', 'fivem', 'discord'] }, []);
    await expect(alphaFormat.prepare(db, options)).resolves.toBeNull();
  });

  it('does not look for user_accounts where users has accounts', async () => {
    const { db, calls } = fakeDb({ users: LEGACY_COLUMNS }, []);
    await alphaFormat.prepare(db, options);
    // The columns of users, then its indexes (adviseIndexes); nothing of user_accounts.
    expect(calls.map((c) => c.params)).toEqual([['users'], ['users']]);
    expect(calls.some((c) => c.sql.includes('user_accounts') || c.params.includes('user_accounts'))).toBe(false);
  });
});

describe('lookup', () => {
  it('finds a citizen with one parameterised query on the key', async () => {
    const { db, calls } = fakeDb({ users: LEGACY_COLUMNS }, [LEGACY_1_13_OX_ILLENIUM]);
    const lookup = await alphaFormat.prepare(db, options);
    calls.length = 0;
    const record = await lookup!.byId('char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10');
    expect(alphaRecordSchema.parse(record)).toMatchObject({ firstname: 'Lena', accounts: { bank: 48210 } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params).toEqual(['char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10']);
    expect(calls[0]!.sql).toMatch(/ FROM `users` WHERE `identifier` = \? LIMIT 1$/);
    expect(calls[0]!.sql).toContain('`group`');
  });

  it('is null when no row matches, after one query for an id without license:', async () => {
    const { db, calls } = fakeDb({ users: LEGACY_COLUMNS }, [LEGACY_1_13_OX_ILLENIUM]);
    const lookup = await alphaFormat.prepare(db, options);
    calls.length = 0;
    await expect(lookup!.byId('char2:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10')).resolves.toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('retries a license: id once without the prefix, as ESX stores licenses bare', async () => {
    const bare = { ...LEGACY_1_13_OX_ILLENIUM, identifier: '9a3c5e7f1b2d4068ace13579bdf02468ace1357a' };
    const { db, calls } = fakeDb({ users: LEGACY_COLUMNS }, [bare]);
    const lookup = await alphaFormat.prepare(db, options);
    calls.length = 0;
    const record = await lookup!.byId('license:9a3c5e7f1b2d4068ace13579bdf02468ace1357a');
    expect(record?.identifier).toBe('9a3c5e7f1b2d4068ace13579bdf02468ace1357a');
    expect(calls.map((c) => c.params)).toEqual([
      ['license:9a3c5e7f1b2d4068ace13579bdf02468ace1357a'],
      ['9a3c5e7f1b2d4068ace13579bdf02468ace1357a'],
    ]);
  });

  it('is null when neither form of a license: id matches', async () => {
    const { db, calls } = fakeDb({ users: LEGACY_COLUMNS }, []);
    const lookup = await alphaFormat.prepare(db, options);
    calls.length = 0;
    await expect(lookup!.byId('license:ffff')).resolves.toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('reads ESX 1.1 accounts from users and user_accounts with a second parameterised query', async () => {
    const { db, calls } = fakeDb({ users: ESSENTIALMODE_COLUMNS, user_accounts: ['id', 'identifier', 'name', 'money'] }, [ESX_1_1_ROW], {
      'steam:110000112a4b3c5': ESX_1_1_USER_ACCOUNTS,
    });
    const lookup = await alphaFormat.prepare(db, options);
    calls.length = 0;
    const record = await lookup!.byId('steam:110000112a4b3c5');
    expect(record?.accounts).toEqual({ money: 1500, bank: 24000, black_money: 1200 });
    expect(calls[1]).toEqual({
      sql: 'SELECT `name`, `money` FROM `user_accounts` WHERE `identifier` = ? LIMIT 50',
      params: ['steam:110000112a4b3c5'],
    });
  });

  it('reads ESX 1.2 accounts by the stored identifier, after a license: retry', async () => {
    const row = { identifier: '9a3c5e7f', group: 'user', job: 'unemployed', job_grade: 0, inventory: '[]' };
    const { db } = fakeDb({ users: Object.keys(row), user_accounts: ['id', 'identifier', 'name', 'money'] }, [row], {
      '9a3c5e7f': [
        { name: 'bank', money: 700 },
        { name: 'money', money: 20 },
      ],
    });
    const lookup = await alphaFormat.prepare(db, options);
    expect((await lookup!.byId('license:9a3c5e7f'))?.accounts).toEqual({ money: 20, bank: 700, black_money: 0 });
  });

  it('gives zero accounts without a query where neither accounts nor user_accounts exists', async () => {
    const row = { identifier: 'abc', job: 'unemployed' };
    const { db, calls } = fakeDb({ users: Object.keys(row) }, [row]);
    const lookup = await alphaFormat.prepare(db, options);
    calls.length = 0;
    expect((await lookup!.byId('abc'))?.accounts).toEqual({ money: 0, bank: 0, black_money: 0 });
    expect(calls).toHaveLength(1);
  });

  it('warns through the options about a column of unreadable JSON, and still answers', async () => {
    const broken: Row = { ...LEGACY_1_13_OX_ILLENIUM, status: '[{"name":"hunger",' };
    const { db } = fakeDb({ users: LEGACY_COLUMNS }, [broken]);
    const lookup = await alphaFormat.prepare(db, options);
    const record = await lookup!.byId(String(broken.identifier));
    expect(record?.status).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('status');
  });

  it('passes a DatabaseError through unchanged', async () => {
    const { db } = fakeDb({ users: LEGACY_COLUMNS }, []);
    const lookup = await alphaFormat.prepare(db, options);
    const failure = new DatabaseError('timeout', 'no answer in 5000 ms');
    db.single = () => Promise.reject(failure);
    await expect(lookup!.byId('abc')).rejects.toBe(failure);
  });
});
