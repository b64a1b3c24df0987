/**
 * docs/platform.md#the-unreleased-tinyint-change: an unreleased oxmysql commit (887d841) breaks
 * TINYINT(1)/BIT(1) values other than 0/1 and the column after them in the query family. The
 * lookups select those columns so that no typeCast decides their value: with the stand-in switched
 * to that typeCast, every record of every fixture database is unchanged, byte for byte.
 */
import { FIXTURE_DATABASES, alignLastUpdated, everyId, readEveryRecord } from '../integration/every-record';
import { startHarness, type Harness } from '../../devkit/resource-harness';

test('the switch is in effect: TINYINT(1) NULL and 2 and the column after them come back corrupted', async () => {
  const h = await startHarness('head_cast_probe', [], {}, { typeCast: 'head' }, { oxmysqlDir: null });
  try {
    await h.db.admin.query('CREATE TABLE t (id INT PRIMARY KEY, flag TINYINT(1), after_flag VARCHAR(10))');
    await h.db.admin.query("INSERT INTO t VALUES (1, 1, 'one'), (2, NULL, 'two'), (3, 2, 'three')");
    const rows = await new Promise<unknown>((resolve) =>
      h.host.callExport('caller', 'oxmysql', 'query', 'SELECT flag, after_flag FROM t ORDER BY id', [], resolve),
    );
    const [one, nullFlag, two] = rows as Array<{ flag: unknown; after_flag: unknown }>;
    expect(one).toEqual({ flag: true, after_flag: 'one' });
    // v2.14.1 gives false/'two' and false/'three'; the second read of the packet gives neither.
    for (const row of [nullFlag, two]) {
      expect(typeof row.flag).toBe('number');
      expect(['two', 'three']).not.toContain(row.after_flag);
    }
  } finally {
    h.host.takeViolations();
    await h.close();
  }
});

describe.each(FIXTURE_DATABASES)('$format on $fixtures', ({ format, fixtures }) => {
  let released: Harness;
  let head: Harness;

  beforeAll(async () => {
    released = await startHarness(`cast_released_${format}`, fixtures, {}, {}, { oxmysqlDir: null });
    head = await startHarness(`cast_head_${format}`, fixtures, {}, { typeCast: 'head' }, { oxmysqlDir: null });
    if (format === 'beta') await alignLastUpdated(head, released);
  });
  afterEach(() => {
    expect(released.host.takeViolations()).toEqual([]);
    expect(head.host.takeViolations()).toEqual([]);
  });
  afterAll(async () => {
    await released?.close();
    await head?.close();
  });

  test("every record is the same bytes under the unreleased commit's typeCast", async () => {
    const ids = await everyId(released, format);
    const before = await readEveryRecord(released, format, ids);
    expect([...before.values()].filter((s) => s.status !== 200)).toEqual([]);
    expect(await readEveryRecord(head, format, ids)).toEqual(before);
  });
});
