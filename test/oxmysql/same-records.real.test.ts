/**
 * Every record of every fixture database, both formats, every generation: the HTTP body and the
 * export's value are the same bytes through the real oxmysql (OXMYSQL_DIR) and through the
 * stand-in. Runs in the `integration (real oxmysql)` project only, since it needs both.
 */
import { realOxmysqlDir } from './real-oxmysql';
import { startHarness, type Harness } from '../integration/resource-harness';

const DATABASES: Array<{ format: 'alpha' | 'beta'; fixtures: string[] }> = [
  { format: 'alpha', fixtures: ['esx-legacy-schema.sql', 'esx-legacy-1.9-row.sql'] },
  { format: 'alpha', fixtures: ['esx-legacy-schema.sql', 'esx-legacy-1.13-row.sql'] },
  { format: 'alpha', fixtures: ['esx-legacy-schema.sql', 'esx-multicharacter-rows.sql'] },
  { format: 'alpha', fixtures: ['esx-v1-final.sql'] },
  { format: 'alpha', fixtures: ['esx-1.2.sql'] },
  { format: 'alpha', fixtures: ['esx-1.1.sql'] },
  { format: 'alpha', fixtures: ['forty-users.sql'] },
  { format: 'alpha', fixtures: ['hostile-users.sql'] },
  { format: 'beta', fixtures: ['qbcore.sql'] },
  { format: 'beta', fixtures: ['qbcore-2021.sql'] },
  { format: 'beta', fixtures: ['qbox.sql', 'qbox-more-characters.sql'] },
];

const KEY_COLUMN = { alpha: 'SELECT identifier AS id FROM users', beta: 'SELECT citizenid AS id FROM players' };
const EXPORT = { alpha: 'getAlphaCitizen', beta: 'getBetaCitizen' };

interface Seen {
  status: number;
  body: string;
  exported: string;
}

async function everyRecord(h: Harness, format: 'alpha' | 'beta', ids: string[]): Promise<Map<string, Seen>> {
  const seen = new Map<string, Seen>();
  for (const id of ids) {
    const response = await h.request(`/${format}/citizens/${encodeURIComponent(id)}`);
    seen.set(id, { status: response.status, body: response.body, exported: JSON.stringify(await h.callExport(EXPORT[format], id)) });
  }
  return seen;
}

describe.each(DATABASES)('$format on $fixtures', ({ format, fixtures }) => {
  let real: Harness;
  let standIn: Harness;

  beforeAll(async () => {
    real = await startHarness(`same_real_${format}`, fixtures, {}, {}, { oxmysqlDir: realOxmysqlDir() });
    standIn = await startHarness(`same_standin_${format}`, fixtures, {}, {}, { oxmysqlDir: null });
    // Fixture rows written with DEFAULT CURRENT_TIMESTAMP differ by load time between the two copies.
    if (format === 'beta') {
      await standIn.db.admin.query(
        `UPDATE players p JOIN \`${real.db.name}\`.players r USING (citizenid) SET p.last_updated = r.last_updated`,
      );
    }
  });
  afterEach(() => {
    expect(real.host.takeViolations()).toEqual([]);
    expect(standIn.host.takeViolations()).toEqual([]);
  });
  afterAll(async () => {
    await real?.close();
    await standIn?.close();
  });

  test('every record is the same bytes over HTTP and through the export', async () => {
    const [rows] = (await real.db.admin.query(KEY_COLUMN[format])) as unknown as [Array<{ id: string }>];
    const ids = rows.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    const throughReal = await everyRecord(real, format, ids);
    const throughStandIn = await everyRecord(standIn, format, ids);
    // Records, not error envelopes: a row the route refuses would compare two identical errors.
    expect([...throughReal.values()].filter((s) => s.status !== 200)).toEqual([]);
    expect(throughStandIn).toEqual(throughReal);
  });
});
