/**
 * Every record of every fixture database, both formats, every generation: the HTTP body and the
 * export's value are the same bytes through the real oxmysql (OXMYSQL_DIR) and through the
 * stand-in. Runs in the `integration (real oxmysql)` project only, since it needs both.
 */
import { realOxmysqlDir } from '../../devkit/oxmysql/real-oxmysql';
import { FIXTURE_DATABASES, alignLastUpdated, everyId, readEveryRecord } from '../integration/every-record';
import { startHarness, type Harness } from '../../devkit/resource-harness';

describe.each(FIXTURE_DATABASES)('$format on $fixtures', ({ format, fixtures }) => {
  let real: Harness;
  let standIn: Harness;

  beforeAll(async () => {
    real = await startHarness(`same_real_${format}`, fixtures, {}, {}, { oxmysqlDir: realOxmysqlDir() });
    standIn = await startHarness(`same_standin_${format}`, fixtures, {}, {}, { oxmysqlDir: null });
    if (format === 'beta') await alignLastUpdated(standIn, real);
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
    const ids = await everyId(real, format);
    expect(ids.length).toBeGreaterThan(0);
    const throughReal = await readEveryRecord(real, format, ids);
    // Records, not error envelopes: a row the route refuses would compare two identical errors.
    expect([...throughReal.values()].filter((s) => s.status !== 200)).toEqual([]);
    expect(await readEveryRecord(standIn, format, ids)).toEqual(throughReal);
  });
});
