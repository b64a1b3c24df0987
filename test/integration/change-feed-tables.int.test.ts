/**
 * The change feed end to end on the tables that only sweeps can watch (detection's own cases are
 * changes-detect's): ESX before 1.8.5, whose `users` has no `last_seen`, and a QBCore `players`
 * whose `last_updated` index was dropped. A change and a deletion reach a consumer through the
 * sweep (log_level debug tells each pass: the polls move nothing).
 */
import { rmSync } from 'node:fs';
import { copyResource, realOxmysqlUnderTest, startHarness, type Harness } from '../../devkit/resource-harness';
import { FEED_CONVARS, feedConsumer } from '../../devkit/feed-consumer';

const CONVARS = { ...FEED_CONVARS, 'citizen_records:log_level': 'debug' };

/** Long-polls (4 s at a time: the test host answers a handler 5 s at most) until a change of `id` comes; its op. */
async function next(h: Harness, format: string, cursor: string, id: string): Promise<{ op: string; next: string }> {
  const deadline = Date.now() + 20_000;
  for (let at = cursor; Date.now() < deadline; ) {
    const got = await feedConsumer((path) => h.request(path), format).page(`wait=4&cursor=${encodeURIComponent(at)}`);
    const change = got.changes.find((c) => c.kind === 'citizen' && c.id === id);
    if (change) return { op: change.op, next: got.next };
    at = got.next;
  }
  throw new Error(`no change of ${id} came`);
}

/** The polls that moved a row of `format` (none where only sweeps can see the table). */
const pollsThatMoved = (h: Harness, format: string) =>
  h.host.linesOf('citizen_records').filter((line) => line.includes(`change feed ${format}: poll`) && !line.endsWith('rows moved: 0'));

describe.each([
  {
    what: 'ESX 1.2 users without last_seen',
    format: 'alpha',
    fixtures: ['esx-1.2.sql'],
    table: 'users',
    key: 'identifier',
    change: "job_grade = job_grade + 1, position = '{}'",
    drop: null,
  },
  {
    what: 'QBCore players without the last_updated index',
    format: 'beta',
    fixtures: ['qbcore.sql'],
    table: 'players',
    key: 'citizenid',
    change: "job = JSON_SET(job, '$.onduty', NOT JSON_EXTRACT(job, '$.onduty'))",
    drop: 'ALTER TABLE players DROP INDEX last_updated',
  },
])('$what', ({ format, fixtures, table, key, change, drop }) => {
  let h: Harness;
  let dir: string;

  beforeAll(async () => {
    dir = copyResource();
    h = await startHarness(
      `feed_${format}_swept${realOxmysqlUnderTest() ? '_real' : ''}`,
      fixtures,
      { convars: CONVARS },
      {},
      { resourceDir: dir },
    );
    if (drop) {
      // Started again on the table as the owner left it: its prepare reads the indexes afresh.
      h.host.stopResource('citizen_records');
      await h.db.admin.query(drop);
      h.host.startResource(dir, 'citizen_records');
    }
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));

  test('an update and a deletion reach the consumer by the sweep', async () => {
    const cursor = await feedConsumer((path) => h.request(path), format).caughtUp();
    const [[row]] = (await h.db.admin.query(`SELECT \`${key}\` AS id FROM \`${table}\` ORDER BY \`${key}\` LIMIT 1`)) as unknown as [
      Array<{ id: string }>,
    ];
    await h.db.admin.query(`UPDATE \`${table}\` SET ${change} WHERE \`${key}\` = ?`, [row.id]);
    const updated = await next(h, format, cursor, row.id);
    expect(updated.op).toBe('upsert');
    await h.db.admin.query(`DELETE FROM \`${table}\` WHERE \`${key}\` = ?`, [row.id]);
    expect((await next(h, format, updated.next, row.id)).op).toBe('delete');
    expect(pollsThatMoved(h, format)).toEqual([]);
  });
});
