/**
 * Format beta end to end: QBCore `players` tables of 2021 and today and Qbox's, read through the
 * oxmysql stand-in by the built bundle, over HTTP and through the export from a second resource.
 * Expected values follow the stored rows (docs/frameworks.md#test-rows) and docs/design.md §3.2.
 */
import { betaRecordSchema, type BetaRecord } from '../../src/formats/beta/schema';
import { buildCitizenQuery } from '../../src/formats/beta/query';
import { qbcoreRecord } from '../../src/formats/beta/__fixtures__/rows';
import { readTableColumns } from '../../src/db/table-columns';
import { directDatabase } from '../../devkit/db/direct-database';
import { pinTimeZone } from '../../devkit/oxmysql/time-zone';
import { realOxmysqlUnderTest, startHarness, type Harness } from '../../devkit/resource-harness';
import { bothWays, codeOf, dataOf, errorOf, type AnswerOf } from '../../devkit/both-ways';

/** GET over HTTP and the export from the caller resource; both envelopes, the HTTP status. */
const lookBoth = (h: Harness, id: string) => bothWays(h, `/beta/citizens/${encodeURIComponent(id)}`, 'getBetaCitizen', id);

/** The record of a found citizen, checked against the schema and every bound of docs/design.md §8.3. */
async function record(h: Harness, id: string): Promise<BetaRecord> {
  const { status, http, viaExport } = await lookBoth(h, id);
  expect(status).toBe(200);
  expect(viaExport).toEqual(http);
  const parsed = betaRecordSchema.parse(dataOf(http));
  for (const key of ['hunger', 'thirst', 'stress', 'armor'] as const) {
    expect(parsed.metadata[key]).toBeGreaterThanOrEqual(0);
    expect(parsed.metadata[key]).toBeLessThanOrEqual(100);
  }
  for (const item of parsed.inventory) {
    if (item.metadata.durability !== undefined) {
      expect(item.metadata.durability).toBeGreaterThanOrEqual(0);
      expect(item.metadata.durability).toBeLessThanOrEqual(100);
    }
    if (item.metadata.ammo !== undefined) expect(item.metadata.ammo).toBeGreaterThanOrEqual(0);
  }
  return parsed;
}

describe('beta on current QBCore (qb-inventory and ox_inventory rows)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('beta_qbcore', ['qbcore.sql']);
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('a qb-inventory row: charinfo, job, gang, metadata and items as the spec shapes them', async () => {
    expect(await record(h, 'KQW48213')).toEqual(qbcoreRecord);
  });

  test('an ox_inventory row: count, metadata, and an expired food item at 0 durability', async () => {
    const r = await record(h, 'PZT90517');
    expect(r.charinfo).toMatchObject({ gender: 'male', cid: '2', birthdate: '1988-11-30' });
    expect(r.job).toMatchObject({
      name: 'mechanic',
      type: 'none',
      onduty: false,
      grade: { name: 'Novice', level: 1, payment: 50, isboss: false },
    });
    expect(r.gang).toEqual({ name: 'ballas', label: 'Ballas', isboss: false, grade: { name: 'Recruit', level: 0, isboss: false } });
    expect(r.position).toEqual({ x: -1035.7099609375, y: -2731.8701171875, z: 12.86000061035156 });
    expect(r.metadata).toMatchObject({
      injail: 12,
      armor: 50,
      criminalrecord: { hasRecord: true },
      licences: { driver: true, business: false, weapon: false },
    });
    expect(r.inventory).toEqual([
      { name: 'money', count: 320, slot: 1, metadata: {} },
      {
        name: 'WEAPON_PISTOL',
        count: 1,
        slot: 2,
        metadata: { durability: 96.5, ammo: 12, components: ['at_flashlight'], serial: '519204QJX884102', registered: 'Marcus Hale' },
      },
      // Expiry 1717600000 (June 2024) is long past: nothing of it remains.
      { name: 'burger', count: 2, slot: 3, metadata: { durability: 0 } },
      { name: 'bandage', count: 5, slot: 7, metadata: {} },
    ]);
    expect(r.last_updated).toBe(new Date('2024-06-02T18:44:10Z').toISOString());
  });

  test('the citizenid matches case-insensitively', async () => {
    const { status, http } = await lookBoth(h, 'kqw48213');
    expect(status).toBe(200);
    expect(dataOf(http).citizenid).toBe('KQW48213');
  });

  test('an unknown id is 404 citizen_not_found; a bad one 400 invalid_id; the export says the same', async () => {
    const missing = await lookBoth(h, 'ZZZ00000');
    expect(missing.status).toBe(404);
    expect(errorOf(missing.http).code).toBe('citizen_not_found');
    expect(errorOf(missing.viaExport)).toEqual({ code: 'citizen_not_found', message: errorOf(missing.http).message });
    const bad = await lookBoth(h, 'KQW-48213');
    expect(bad.status).toBe(400);
    expect(errorOf(bad.viaExport).code).toBe('invalid_id');
  });

  test('the lookup query uses the primary key', async () => {
    const columns = await readTableColumns(directDatabase(h.db.admin), 'players');
    const query = buildCitizenQuery(columns as NonNullable<typeof columns>, 4_194_304);
    const [plan] = await h.db.admin.query(`EXPLAIN ${query?.sql}`, query?.params('KQW48213'));
    const rows = plan as Array<{ key: string | null; type: string }>;
    expect(rows).toHaveLength(1);
    expect(rows[0].key).toBe('PRIMARY');
  });

  test('unreadable JSON in metadata takes the defaults and logs one warning', async () => {
    await h.db.admin.query("UPDATE players SET metadata = '{\"hunger\":' WHERE citizenid = 'PZT90517'");
    const before = h.host.linesOf('citizen_records').length;
    const response = await h.request('/beta/citizens/PZT90517');
    expect(response.status).toBe(200);
    const r = betaRecordSchema.parse(JSON.parse(response.body).data);
    expect(r.metadata).toMatchObject({ hunger: 100, thirst: 100, callsign: 'NO CALLSIGN', injail: 0 });
    const warnings = h.host
      .linesOf('citizen_records')
      .slice(before)
      .filter((l) => l.includes('unreadable JSON'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('PZT90517');
    expect(warnings[0]).toContain('metadata');
  });

  test('the export never rejects, whatever it is given', async () => {
    for (const bad of [42, null, {}, '', 'x'.repeat(51), 'ABC 123']) {
      const result = (await h.callExport('getBetaCitizen', bad)) as AnswerOf<'getBetaCitizen'>;
      expect({ bad, code: codeOf(result) }).toEqual({ bad, code: 'invalid_id' });
    }
  });
});

describe('beta on the first QBCore table (April 2021: `#` id, steam column, latin1)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('beta_qb2021', ['qbcore-2021.sql']);
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('the `#` column is the id and a job without grade is completed', async () => {
    const r = await record(h, 'HBD20761');
    expect(r.id).toBe(4190);
    expect(r.charinfo).toMatchObject({ firstname: 'Joris', lastname: 'de Vries', gender: 'male', phone: '0641827736', cid: '1' });
    expect(r.job).toMatchObject({ name: 'unemployed', label: 'unemployed', type: 'none', onduty: true, payment: 10, isboss: false });
    expect(r.job.grade).toMatchObject({ level: 0, payment: 10, isboss: false });
    expect(r.gang).toMatchObject({ name: 'geen', label: 'Geen Gang', isboss: false });
    expect(r.position).toEqual({ x: -1035.71, y: -2731.87, z: 12.86 });
    expect(r.inventory).toEqual([]);
    expect(r.last_updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
  });

  test('preparing the table says once that players.license has no index, and how to add one', async () => {
    await record(h, 'HBD20761');
    const advice = h.host.linesOf('citizen_records').filter((l) => l.includes('has no index'));
    expect(advice).toEqual([expect.stringContaining('ALTER TABLE `players` ADD INDEX (`license`)')]);
  });
});

describe('beta on Qbox', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('beta_qbox', ['qbox.sql']);
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('a Qbox row reads like a QBCore one', async () => {
    const r = await record(h, 'QX7M2K9B');
    expect(r).toMatchObject({
      id: 1207,
      license: 'license2:51d0c8a2e9f74b36c1a05d9e8f27b4c63e0a19d5',
      name: 'Ana Łukasik',
      job: { name: 'ambulance', label: 'EMS', type: 'ems', grade: { name: 'Paramedic', level: 1, payment: 50, isboss: false } },
      last_updated: new Date('2026-07-19T22:41:09Z').toISOString(),
    });
    expect(r.metadata.licences).toEqual({ driver: true, weapon: false, business: false });
    expect(r.inventory.map((i) => [i.name, i.count, i.slot])).toEqual([
      ['money', 500, 1],
      ['bandage', 6, 2],
      ['phone', 1, 3],
    ]);
  });

  test('under a binary collation the id still matches case-insensitively through the key', async () => {
    await h.db.admin.query('ALTER TABLE player_groups DROP FOREIGN KEY fk_citizenid');
    await h.db.admin.query('ALTER TABLE players MODIFY citizenid VARCHAR(50) NOT NULL COLLATE utf8mb4_bin');
    const other = await startHarness('beta_qbox_bin', []);
    try {
      await other.db.admin.query(`CREATE TABLE players LIKE \`${h.db.name}\`.players`);
      await other.db.admin.query(`INSERT INTO players SELECT * FROM \`${h.db.name}\`.players`);
      const { status, http } = await lookBoth(other, 'qx7m2k9b');
      expect(status).toBe(200);
      expect(dataOf(http).citizenid).toBe('QX7M2K9B');
      expect(other.ownViolations()).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

// The database's session time zone is a stand-in switch: the real oxmysql gets the server's own
// zone, which the suites share, so this runs in the stand-in project only.
if (!realOxmysqlUnderTest()) {
  describe('beta last_updated when Node and the database run in different time zones', () => {
    let h: Harness;
    let restoreTimeZone: () => void;

    beforeAll(async () => {
      restoreTimeZone = pinTimeZone('America/New_York');
      h = await startHarness('beta_tz', ['qbcore.sql'], {}, { sessionTimeZone: '+09:00' });
    });
    afterEach(() => expect(h.ownViolations()).toEqual([]));
    afterAll(async () => {
      await h.close();
      restoreTimeZone();
    });

    test('the zones really differ: the oxmysql reading of the TIMESTAMP is off by hours', async () => {
      const naive = await new Promise((resolve) =>
        h.host.callExport('caller', 'oxmysql', 'scalar', "SELECT last_updated FROM players WHERE citizenid = 'KQW48213'", [], resolve),
      );
      const truth = Date.parse('2026-03-14T21:07:33Z');
      // The +09:00 session text read as New York time: 9 h + 4 h (EDT on that date) = 13 h late.
      expect(naive).toBe(truth + 13 * 3600_000);
    });

    test('last_updated is still the right instant in ISO 8601 UTC', async () => {
      const r = await record(h, 'KQW48213');
      expect(r.last_updated).toBe('2026-03-14T21:07:33.000Z');
    });
  });
}
