import type { Database, Row } from '../../db/database';
import { DatabaseError } from '../../db/database';
import { fakeLiveContext } from '../../../devkit/fake-live-context';
import type { FormatOptions } from '../format';
import type { LiveParts } from '../../live/parts';
import { betaFormat } from './index';
import { betaRecordSchema } from './schema';
import { qbcoreOxRow, qbcoreRow } from './__fixtures__/rows';
import { MET_MERGED, MET_ONLINE, metNobody } from '../../lookup/looked';

interface FakeDb extends Database {
  singleCalls: Array<{ sql: string; params: readonly unknown[] }>;
}

/** A database whose information_schema holds `columns` for `players`, and whose one row is `row`. */
function fakeDb(columns: Array<[string, string, string]>, row: Row | null): FakeDb {
  const singleCalls: FakeDb['singleCalls'] = [];
  return {
    singleCalls,
    isReady: () => true,
    isHealthy: () => true,
    probe: async () => true,
    close: () => undefined,
    query: async (_sql, params) =>
      params[0] === 'players' ? columns.map(([name, dataType, collation]) => ({ name, dataType, collation: collation || null })) : [],
    single: async (sql, params) => {
      singleCalls.push({ sql, params });
      return row;
    },
  };
}

const QBCORE_COLUMNS: Array<[string, string, string]> = [
  ['id', 'int', ''],
  ['citizenid', 'varchar', 'utf8mb4_general_ci'],
  ['cid', 'int', ''],
  ['license', 'varchar', 'utf8mb4_general_ci'],
  ['name', 'varchar', 'utf8mb4_general_ci'],
  ['money', 'text', 'utf8mb4_general_ci'],
  ['charinfo', 'text', 'utf8mb4_general_ci'],
  ['job', 'text', 'utf8mb4_general_ci'],
  ['gang', 'text', 'utf8mb4_general_ci'],
  ['position', 'text', 'utf8mb4_general_ci'],
  ['metadata', 'text', 'utf8mb4_general_ci'],
  ['inventory', 'longtext', 'utf8mb4_general_ci'],
  ['last_updated', 'timestamp', ''],
];

function options(nowMs = 0): FormatOptions & { warn: jest.Mock } {
  return {
    warn: jest.fn(),
    dobOrder: 'DMY',
    now: () => nowMs,
    maxColumnBytes: 4_194_304,
    esxCharacterPrefix: 'char',
    esxMaxCharacters: 4,
    info: () => undefined,
    groups: () => undefined,
    vehicles: () => undefined,
  };
}

describe('betaFormat', () => {
  it('is named beta and checks ids with the citizenid rule', () => {
    expect(betaFormat.name).toBe('beta');
    expect(betaFormat.isValidId('KQW48213')).toBe(true);
    expect(betaFormat.isValidId('KQW-48213')).toBe(false);
  });

  it('is unavailable (null) when the players table is missing', async () => {
    await expect(betaFormat.prepare(fakeDb([], null), options())).resolves.toBeNull();
  });

  it('looks a citizen up with one parameterised query and normalises the row', async () => {
    const db = fakeDb(QBCORE_COLUMNS, qbcoreRow);
    const lookup = await betaFormat.prepare(db, options());
    const { value: record } = await lookup!.byId('kqw48213');
    expect(db.singleCalls).toHaveLength(1);
    expect(db.singleCalls[0]!.sql).toMatch(/ FROM `players` WHERE `citizenid` = \? LIMIT 1$/);
    expect(db.singleCalls[0]!.params).toEqual(['kqw48213']);
    expect(record?.citizenid).toBe('KQW48213');
    expect(betaRecordSchema.parse(record)).toEqual(record);
  });

  it('answers null when no row matches', async () => {
    const lookup = await betaFormat.prepare(fakeDb(QBCORE_COLUMNS, null), options());
    expect(await lookup!.byId('NOPE00000')).toEqual(metNobody(null));
  });

  it('reads ox expiry durability against options.now at lookup time', async () => {
    const opts = options((1_717_600_000 - 64_800) * 1000);
    const lookup = await betaFormat.prepare(fakeDb(QBCORE_COLUMNS, qbcoreOxRow), opts);
    const { value: record } = await lookup!.byId('PZT90517');
    expect(record?.inventory.find((item) => item.name === 'burger')?.metadata).toEqual({ durability: 25 });
  });

  describe('an online citizen', () => {
    const playerData = (citizenid: string) => ({
      citizenid,
      money: { cash: 4321, bank: 1, crypto: 0 },
      charinfo: { firstname: 'Zoë', lastname: 'Brandt', cid: 1 },
      job: { name: 'police', grade: { level: 2 } },
      gang: { name: 'none', grade: { level: 0 } },
      metadata: { ishandcuffed: true },
      items: [],
    });
    const parts = (citizenid: string): LiveParts => ({
      framework: 'qb-core',
      serverId: 7,
      player: { family: 'qb', playerData: playerData(citizenid) },
      ped: null,
    });

    it('reads only the columns PlayerData leaves, in one query, and merges PlayerData over them', async () => {
      const db = fakeDb(QBCORE_COLUMNS, qbcoreRow);
      const lookup = await betaFormat.prepare(db, options());
      const { live, unmergeable } = fakeLiveContext(parts('KQW48213'));
      const { value: record, met } = await lookup!.byId('kqw48213', live);
      expect(met).toEqual(MET_MERGED);
      expect(db.singleCalls).toHaveLength(1);
      for (const column of ['money', 'charinfo', 'job', 'gang', 'metadata', 'inventory'])
        expect(db.singleCalls[0]!.sql).not.toContain(`\`${column}\``);
      expect(db.singleCalls[0]!.sql).toContain('`position`');
      expect(record?.money.cash).toBe(4321);
      expect(record?.metadata.ishandcuffed).toBe(true);
      expect(unmergeable).toEqual([]);
    });

    it("answers another citizen's PlayerData with the whole row, from the database alone", async () => {
      const db = fakeDb(QBCORE_COLUMNS, qbcoreRow);
      const lookup = await betaFormat.prepare(db, options());
      const { live, unmergeable } = fakeLiveContext(parts('OTHER001'));
      const { value: record, met } = await lookup!.byId('kqw48213', live);
      expect(met).toEqual(MET_ONLINE);
      expect(db.singleCalls).toHaveLength(2);
      expect(db.singleCalls[1]!.sql).toContain('`inventory`');
      expect(await lookup!.byId('kqw48213')).toEqual(metNobody(record));
      expect(unmergeable).toHaveLength(1);
    });
  });

  it('passes a DatabaseError of the lookup on unchanged', async () => {
    const db = fakeDb(QBCORE_COLUMNS, null);
    const failure = new DatabaseError('timeout', 'no answer within 5000 ms');
    db.single = async () => {
      throw failure;
    };
    const lookup = await betaFormat.prepare(db, options());
    await expect(lookup!.byId('KQW48213')).rejects.toBe(failure);
  });
});
