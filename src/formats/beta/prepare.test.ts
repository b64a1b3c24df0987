import type { Row } from '../../db/database';
import { DatabaseError } from '../../db/database';
import { fakeLiveContext } from '../../../devkit/fake-live-context';
import { FAKE_FORMAT_OPTIONS, FakeDatabase } from '../../../devkit/db/fake-database';
import type { FormatOptions } from '../format';
import type { LiveParts } from '../../live/parts';
import { betaFormat } from './index';
import { betaRecordSchema } from './schema';
import { qbcoreOxRow, qbcoreRow } from './__fixtures__/rows';
import { MET_MERGED, MET_ONLINE, metNobody } from '../../lookup/looked';

const QBCORE_COLUMNS = {
  id: 'int(11)',
  citizenid: 'varchar(50)',
  cid: 'int(11)',
  license: 'varchar(255)',
  name: 'varchar(255)',
  money: 'text',
  charinfo: 'text',
  job: 'text',
  gang: 'text',
  position: 'text',
  metadata: 'text',
  inventory: 'longtext',
  last_updated: 'timestamp',
};

/**
 * The devkit's fake database with a QBCore `players` table (its keys as qb-core's SQL has them)
 * holding `row`, if any. The fixture rows are as the lookup answers them (`last_updated_unix`);
 * the table stores the TIMESTAMP, which the lookup reads back through UNIX_TIMESTAMP.
 */
function playersDatabase(row: Row | null): FakeDatabase {
  const db = new FakeDatabase();
  const stored = (answered: Row) => {
    const { last_updated_unix, ...rest } = answered;
    return { ...rest, last_updated: new Date(Number(last_updated_unix) * 1000) };
  };
  db.createTable('players', QBCORE_COLUMNS, row ? [stored(row)] : [], ['citizenid', 'id', 'last_updated', 'license']);
  return db;
}

/** The statements of citizen lookups the database was asked. */
const lookups = (db: FakeDatabase) => db.asked(/ FROM `players` WHERE /);

function options(nowMs = 0): FormatOptions & { warn: jest.Mock } {
  return { ...FAKE_FORMAT_OPTIONS, warn: jest.fn(), dobOrder: 'DMY', now: () => nowMs };
}

describe('betaFormat', () => {
  it('is named beta and checks ids with the citizenid rule', () => {
    expect(betaFormat.name).toBe('beta');
    expect(betaFormat.isValidId('KQW48213')).toBe(true);
    expect(betaFormat.isValidId('KQW-48213')).toBe(false);
  });

  it('is unavailable (null) when the players table is missing', async () => {
    await expect(betaFormat.prepare(new FakeDatabase(), options())).resolves.toBeNull();
  });

  it('looks a citizen up with one parameterised query and normalises the row', async () => {
    const db = playersDatabase(qbcoreRow);
    const lookup = await betaFormat.prepare(db, options());
    const { value: record } = await lookup!.byId('kqw48213');
    expect(lookups(db)).toHaveLength(1);
    expect(lookups(db)[0]!.sql).toMatch(/ FROM `players` WHERE `citizenid` = \? LIMIT 1$/);
    expect(lookups(db)[0]!.params).toEqual(['kqw48213']);
    expect(record?.citizenid).toBe('KQW48213');
    expect(betaRecordSchema.parse(record)).toEqual(record);
  });

  it('answers null when no row matches', async () => {
    const lookup = await betaFormat.prepare(playersDatabase(null), options());
    expect(await lookup!.byId('NOPE00000')).toEqual(metNobody(null));
  });

  it('reads ox expiry durability against options.now at lookup time', async () => {
    const opts = options((1_717_600_000 - 64_800) * 1000);
    const lookup = await betaFormat.prepare(playersDatabase(qbcoreOxRow), opts);
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
      const db = playersDatabase(qbcoreRow);
      const lookup = await betaFormat.prepare(db, options());
      const { live, unmergeable } = fakeLiveContext(parts('KQW48213'));
      const { value: record, met } = await lookup!.byId('kqw48213', live);
      expect(met).toEqual(MET_MERGED);
      expect(lookups(db)).toHaveLength(1);
      for (const column of ['money', 'charinfo', 'job', 'gang', 'metadata', 'inventory'])
        expect(lookups(db)[0]!.sql).not.toContain(`\`${column}\``);
      expect(lookups(db)[0]!.sql).toContain('`position`');
      expect(record?.money.cash).toBe(4321);
      expect(record?.metadata.ishandcuffed).toBe(true);
      expect(unmergeable).toEqual([]);
    });

    it("answers another citizen's PlayerData with the whole row, from the database alone", async () => {
      const db = playersDatabase(qbcoreRow);
      const lookup = await betaFormat.prepare(db, options());
      const { live, unmergeable } = fakeLiveContext(parts('OTHER001'));
      const { value: record, met } = await lookup!.byId('kqw48213', live);
      expect(met).toEqual(MET_ONLINE);
      expect(lookups(db)).toHaveLength(2);
      expect(lookups(db)[1]!.sql).toContain('`inventory`');
      expect(await lookup!.byId('kqw48213')).toEqual(metNobody(record));
      expect(unmergeable).toHaveLength(1);
    });
  });

  it('passes a DatabaseError of the lookup on unchanged', async () => {
    const db = playersDatabase(null);
    const failure = new DatabaseError('timeout', 'no answer within 5000 ms');
    const lookup = await betaFormat.prepare(db, options());
    db.failNext(failure);
    await expect(lookup!.byId('KQW48213')).rejects.toBe(failure);
  });
});
