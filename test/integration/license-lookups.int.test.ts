/**
 * A player's citizens by license (docs/design.md §2.1, §2.5): both formats over HTTP and the exports,
 * each record equal to what the single route gives, in character-slot order, through a key or an
 * index (EXPLAIN), `[]` for an unknown license and 400 invalid_license for a bad one.
 */
import { readTableColumns } from '../../src/db/table-columns';
import { alphaIdsQuery, selectAlphaColumns } from '../../src/formats/alpha/query';
import { alphaLicenseIds } from '../../src/formats/alpha/id';
import { buildLicenseQuery } from '../../src/formats/beta/query';
import { directDatabase } from '../../devkit/db/direct-database';
import { startHarness, type Harness } from '../../devkit/resource-harness';
import type { AlphaRecord, BetaRecord } from '../../citizen_records';
import { bothWays, codeOf, dataOf, errorOf, type AnswerOf, type BothWays } from '../../devkit/both-ways';

/** A player's citizens over HTTP and through the export of `format`. */
function listBoth(h: Harness, format: 'alpha', license: string): Promise<BothWays<AnswerOf<'getAlphaCitizensByLicense'>>>;
function listBoth(h: Harness, format: 'beta', license: string): Promise<BothWays<AnswerOf<'getBetaCitizensByLicense'>>>;
function listBoth(h: Harness, format: 'alpha' | 'beta', license: string) {
  const exportName = format === 'alpha' ? 'getAlphaCitizensByLicense' : 'getBetaCitizensByLicense';
  return bothWays(h, `/${format}/players/${encodeURIComponent(license)}/citizens`, exportName, license);
}

/** Each listed record is exactly the one the single route gives for its id. */
async function expectSingleRecords(h: Harness, format: 'alpha' | 'beta', records: ReadonlyArray<AlphaRecord | BetaRecord>): Promise<void> {
  for (const record of records) {
    const id = 'identifier' in record ? record.identifier : record.citizenid;
    const single = JSON.parse((await h.request(`/${format}/citizens/${encodeURIComponent(id)}`)).body);
    expect(single.data).toEqual(record);
  }
}

type Plan = Array<{ key: string | null; type: string; possible_keys: string | null }>;

describe('alpha: ESX multicharacter and single-character rows', () => {
  let h: Harness;
  const A = '1f2e3d4c5b6a79880716253443526170a9b8c7d6';

  beforeAll(async () => {
    h = await startHarness('license_alpha', ['esx-legacy-schema.sql', 'esx-multicharacter-rows.sql']);
    // Both formats inspected (/health waits for it), so that the only queries left are lookups.
    expect(JSON.parse((await h.request('/health')).body).data.formats).toEqual({ alpha: 'available', beta: 'unavailable' });
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('every character of a player in slot order, from license:, bare or upper-case hex, over HTTP and export alike', async () => {
    for (const license of [`license:${A}`, A, A.toUpperCase(), `LICENSE:${A}`]) {
      const { status, http, viaExport } = await listBoth(h, 'alpha', license);
      expect(status).toBe(200);
      expect(viaExport).toEqual(http);
      expect(dataOf(http).map((r) => r.identifier)).toEqual([`char1:${A}`, `char2:${A}`, `char4:${A}`]);
    }
    await expectSingleRecords(h, 'alpha', dataOf((await listBoth(h, 'alpha', A)).http));
  });

  test('a license stored bare (ESX 1.2+) or with license: (older) is found', async () => {
    expect(dataOf((await listBoth(h, 'alpha', 'license:0a1b2c3d4e5f60718293a4b5c6d7e8f901234567')).http).map((r) => r.firstname)).toEqual([
      'Bare',
    ]);
    expect(dataOf((await listBoth(h, 'alpha', '7e6d5c4b3a2918070605f4e3d2c1b0a998877665')).http).map((r) => r.firstname)).toEqual(['Old']);
  });

  test('an unknown license is 200 with [], a bad one 400 invalid_license before any query', async () => {
    expect((await listBoth(h, 'alpha', `license:${'e'.repeat(40)}`)).http).toEqual({ success: true, data: [] });
    for (const bad of ['license:abc', 'steam:110000112a4b3c5', 'g'.repeat(40), `license3:${A}`, `char1:${A}`, `${A}0`]) {
      const before = h.oxmysql.queriesAsked;
      const { status, http, viaExport } = await listBoth(h, 'alpha', bad);
      expect({ bad, status, code: codeOf(http) }).toEqual({ bad, status: 400, code: 'invalid_license' });
      expect(errorOf(viaExport).code).toBe('invalid_license');
      expect(h.oxmysql.queriesAsked).toBe(before);
    }
  });

  test('the query goes through the primary key', async () => {
    // On a handful of rows any plan is a scan; a server holds thousands.
    await h.db.admin.query(
      "INSERT INTO users (identifier, accounts, id) WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 900) SELECT CONCAT('char1:', SHA1(i)), '{}', 100 + i FROM n",
    );
    await h.db.admin.query('ANALYZE TABLE users');
    const columns = await readTableColumns(directDatabase(h.db.admin), 'users');
    const sql = alphaIdsQuery(selectAlphaColumns(columns!), 4_194_304, 6, 64);
    const [plan] = await h.db.admin.query(`EXPLAIN ${sql}`, alphaLicenseIds(A, 'char', 4));
    expect((plan as Plan).map((r) => ({ key: r.key, type: r.type }))).toEqual([{ key: 'PRIMARY', type: 'range' }]);
  });
});

describe('beta: QBCore and Qbox players with several characters', () => {
  let qb: Harness;
  let qbx: Harness;
  const QB = '9a3c5e7f1b2d4068ace13579bdf02468ace1357a';
  const QBX = '51d0c8a2e9f74b36c1a05d9e8f27b4c63e0a19d5';

  beforeAll(async () => {
    qb = await startHarness('license_qbcore', ['qbcore.sql']);
    qbx = await startHarness('license_qbox', ['qbox.sql', 'qbox-more-characters.sql']);
  });
  afterEach(() => {
    expect(qb.ownViolations()).toEqual([]);
    expect(qbx.ownViolations()).toEqual([]);
  });
  afterAll(async () => {
    await qb.close();
    await qbx.close();
  });

  test('QBCore: both characters of license:, in cid order, equal to the single route', async () => {
    for (const license of [`license:${QB}`, QB]) {
      const { status, http, viaExport } = await listBoth(qb, 'beta', license);
      expect(status).toBe(200);
      expect(viaExport).toEqual(http);
      expect(dataOf(http).map((r) => r.citizenid)).toEqual(['KQW48213', 'PZT90517']);
    }
    await expectSingleRecords(qb, 'beta', dataOf((await listBoth(qb, 'beta', QB)).http));
    expect((await listBoth(qb, 'beta', `license2:${QB}`)).http).toEqual({ success: true, data: [] });
  });

  test('Qbox: license2: finds its characters, license: its own, bare both', async () => {
    expect(dataOf((await listBoth(qbx, 'beta', `license2:${QBX}`)).http).map((r) => r.citizenid)).toEqual(['QX7M2K9B', 'QBX2NDCH']);
    expect(dataOf((await listBoth(qbx, 'beta', `license:${QBX}`)).http).map((r) => r.citizenid)).toEqual(['QBXOLDQB']);
    const bare = await listBoth(qbx, 'beta', QBX.toUpperCase());
    expect(bare.viaExport).toEqual(bare.http);
    expect(dataOf(bare.http).map((r) => r.citizenid)).toEqual(['QX7M2K9B', 'QBX2NDCH', 'QBXOLDQB']);
    await expectSingleRecords(qbx, 'beta', dataOf(bare.http));
  });

  test('the query uses the license index', async () => {
    const columns = await readTableColumns(directDatabase(qb.db.admin), 'players');
    const query = buildLicenseQuery(columns!, 4_194_304)!;
    const [plan] = await qb.db.admin.query(`EXPLAIN ${query.sql}`, query.params({ hex: QB, kind: null }));
    expect((plan as Plan).map((r) => r.key)).toEqual(['license']);
  });

  test('ETag and 304 work on the list routes too', async () => {
    const first = await qb.request(`/beta/players/${QB}/citizens`);
    const again = await qb.request(`/beta/players/${QB}/citizens`, { headers: [['If-None-Match', String(first.headers.etag)]] });
    expect(again.status).toBe(304);
  });
});
