/**
 * Stored data hostile to the resource (docs/design.md §4), over HTTP and through the export: never a
 * 500, the same value both ways, and what docs/design.md says of each case. Rows: hostile-users.sql.
 */
import { startHarness, type Harness } from '../../devkit/resource-harness';
import { bothWays, dataOf } from '../../devkit/both-ways';

const both = (h: Harness, id: string) => bothWays(h, `/alpha/citizens/${encodeURIComponent(id)}`, 'getAlphaCitizen', id);

describe('hostile stored data', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness('hostile', ['hostile-users.sql'], { convars: { 'citizen_records:max_column_bytes': '65536' } });
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  const warningsAbout = (id: string) => h.host.linesOf('citizen_records').filter((l) => l.includes(`citizen ${id}:`));

  test('JSON in LONGBLOB is read as UTF-8, a DATE before year 100 stays that date, TINYINT(1) and BIT read as flags', async () => {
    const { status, http, viaExport } = await both(h, 'char1:blob');
    expect(status).toBe(200);
    expect(viaExport).toEqual(http);
    expect(dataOf(http)).toMatchObject({
      accounts: { bank: 1500, money: 20, black_money: 0 },
      dateofbirth: '0050-03-01',
      job_grade: 3,
      is_dead: true,
      disabled: false,
      sex: 'f',
      inventory: [{ name: 'bread', count: 2, slot: 1 }],
    });
    expect(dataOf(http).skin).toMatchObject({
      model: 'mp_f_freemode_01',
      headOverlays: { beard: { style: 1, opacity: 0.5 } },
      faceFeatures: { noseWidth: 0.2 },
    });
  });

  test('pass-through objects reach the export as they reach HTTP: no __proto__ keys, no Infinity, no lone surrogates', async () => {
    const { status, http, viaExport } = await both(h, 'char1:proto');
    expect(status).toBe(200);
    expect(viaExport).toEqual(http);
    expect(dataOf(http).skin.headOverlays).toEqual({ beard: { style: null }, 'k\uFFFD': 'v\uFFFD' });
    expect(dataOf(http).skin.faceFeatures).toEqual({ noseWidth: null });
    expect(dataOf(http).skin.tattoos).toEqual([{ name: 'T\uFFFD' }]);
    const probe = await h.host.evaluate(
      'caller',
      `exports.citizen_records.getAlphaCitizen('char1:proto').then((r) => Object.getPrototypeOf(r.data.skin.headOverlays) === Object.prototype && !('polluted' in {}))`,
    );
    expect(probe).toBe(true);
  });

  test('JSON nested thousands of levels deep defaults its fields with one warning each, never a 500', async () => {
    for (let i = 0; i < 3; i++) {
      const { status, http, viaExport } = await both(h, 'char1:deep');
      expect(status).toBe(200);
      expect(viaExport).toEqual(http);
      expect(dataOf(http).inventory).toEqual([]);
      expect(dataOf(http).skin.headOverlays).toEqual({});
    }
    const warnings = warningsAbout('char1:deep');
    expect(warnings.filter((w) => w.includes('column skin nests JSON deeper'))).toHaveLength(1);
    expect(warnings.filter((w) => w.includes('column inventory nests JSON deeper'))).toHaveLength(1);
  });

  test('a column longer than max_column_bytes is never selected: its field defaults with one warning', async () => {
    const { status, http, viaExport } = await both(h, 'char1:huge');
    expect(status).toBe(200);
    expect(viaExport).toEqual(http);
    expect(dataOf(http).inventory).toEqual([]);
    await both(h, 'char1:huge');
    const warnings = warningsAbout('char1:huge');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/column inventory holds 2000\d\d bytes, more than citizen_records:max_column_bytes \(65536\)/);
  });

  test('a latin1 column is measured as the UTF-8 that crosses: 40,000 stored bytes of é are 80,000 on the wire', async () => {
    const { status, http, viaExport } = await both(h, 'char1:latin');
    expect(status).toBe(200);
    expect(viaExport).toEqual(http);
    expect(dataOf(http).inventory).toEqual([]);
    expect(warningsAbout('char1:latin')[0]).toMatch(
      /column inventory holds 800\d\d bytes, more than citizen_records:max_column_bytes \(65536\)/,
    );
  });

  test('unreadable JSON is warned about once per citizen and column, however often it is asked for', async () => {
    for (let i = 0; i < 5; i++) expect((await both(h, 'char1:broken')).status).toBe(200);
    const warnings = warningsAbout('char1:broken');
    expect(warnings.filter((w) => w.includes('column accounts'))).toHaveLength(1);
    expect(warnings.filter((w) => w.includes('column inventory'))).toHaveLength(1);
  });
});
