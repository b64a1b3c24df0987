/**
 * The change feed's live entries end to end: qb-core's Lua stand-in (devkit/lua, a real Lua 5.4)
 * logs a citizen in from his own row and changes his job and money through its own functions,
 * firing its events; the built bundle on the real MariaDB (stand-in and real oxmysql) logs each
 * change of his record within 1 s as `source: "live"`, and nothing for a load that leaves the record
 * as it was. A Lua resource reads the feed as another resource would: a held `getBetaChanges` with
 * `wait`, and the `citizen_records:changes` event.
 */
import { rmSync } from 'node:fs';
import { waitFor } from '../../devkit/host/host-fixture';
import { Framework } from '../../devkit/lua/frameworks';
import { storedRow } from '../../devkit/lua/frameworks/rows';
import { LuaResource } from '../../devkit/lua/lua-resource';
import { runLuaSnippet } from '../../devkit/lua/snippet';
import { copyResource, realOxmysqlUnderTest, startHarness, type Harness } from '../../devkit/resource-harness';
import { type Change, FEED_CONVARS, feedConsumer } from '../../devkit/feed-consumer';

/** The qb-core fixture's citizen the framework logs in, and another it never does. */
const ONLINE = 'KQW48213';
const OFFLINE = 'PZT90517';

let h: Harness;
let dir: string;
let framework: Framework;
let source: number;

const feed = () => feedConsumer((path) => h.request(path), 'beta');
const page = (query: string) => feed().page(query);

/** One long poll from `cursor` held at most `seconds`: what came in that time. */
const within = (cursor: string, seconds: number) => page(`wait=${seconds}&cursor=${encodeURIComponent(cursor)}`);

const summary = (changes: Change[]) => changes.map((c) => `${c.op} ${c.kind} ${c.id} ${c.source}`);

beforeAll(async () => {
  dir = copyResource();
  h = await startHarness(
    `feed_live${realOxmysqlUnderTest() ? '_real' : ''}`,
    ['qbcore.sql'],
    {
      convars: { onesync: 'on', ...FEED_CONVARS },
    },
    {},
    { resourceDir: dir },
  );
  const found = () => h.host.linesOf('citizen_records').some((line) => /live records: .*citizens online/.test(line));
  framework = await Framework.start(h.host, 'qb-core-2026-05');
  await waitFor(found, 'the resource to find qb-core');
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => expect(h.ownViolations()).toEqual([]));

test('a load that changes nothing in the record is no entry; a job change, then a money change, are live upserts within 1 s', async () => {
  // A change in the database first, so the feed holds his record's hash: on a fresh state it holds
  // none for a citizen it only listed in the snapshot, and his first load is an entry (docs/changes.md).
  const before = await feed().caughtUp();
  await h.db.admin.query(`UPDATE players SET job = JSON_SET(job, '$.grade.level', 0) WHERE citizenid = ?`, [ONLINE]);
  expect(summary((await within(before, 5)).changes)).toEqual([`upsert citizen ${ONLINE} database`]);
  const start = await feed().caughtUp();
  source = framework.loadPlayer(await storedRow(h.db.admin, 'players', 'citizenid', ONLINE), { source: 4 });
  // The framework built the player from his row: the record it answers is the row's (but the position, live data).
  expect(await within(start, 2)).toMatchObject({ changes: [] });

  const loaded = await feed().caughtUp();
  framework.setJob(source, 'ambulance', 1);
  const job = await within(loaded, 1);
  expect(summary(job.changes)).toEqual([`upsert citizen ${ONLINE} live`]);
  const record = JSON.parse((await h.request(`/beta/citizens/${ONLINE}`)).body).data;
  expect(record.job.name).toBe('ambulance');

  framework.setMoney(source, 'cash', 98765);
  const money = await within(job.next, 1);
  expect(summary(money.changes)).toEqual([`upsert citizen ${ONLINE} live`]);
});

test('a Lua resource holds getBetaChanges with wait until a change comes, and hears citizen_records:changes with the live source', async () => {
  const cursor = await feed().caughtUp();
  const listener = await LuaResource.start(h.host, 'feed_listener', []);
  try {
    await listener.runSnippet(`
      AddEventHandler('citizen_records:changes', function(format, changes)
        for _, change in ipairs(changes) do
          print(('%s %s %s %s'):format(format, change.op, change.id, change.source))
        end
      end)`);
    const held = runLuaSnippet(
      h.host,
      `local answer = exports.citizen_records:getBetaChanges({ cursor = '${cursor}', wait = 10 })
       local change = answer.data.changes[1]
       return answer.success, #answer.data.changes, change.op, change.id, change.source`,
    );
    // Held: nothing is new yet. A change of another citizen in the database lets it go.
    await h.db.admin.query(`UPDATE players SET job = JSON_SET(job, '$.name', 'lawyer') WHERE citizenid = ?`, [OFFLINE]);
    const answered = await held;
    expect(answered.error).toBeNull();
    expect(answered.values).toEqual([true, 1, 'upsert', OFFLINE, 'database']);

    framework.setJob(source, 'police', 2);
    await waitFor(() => h.host.linesOf('feed_listener').includes(`beta upsert ${ONLINE} live`), 'the live change to be heard');
    expect(h.host.linesOf('feed_listener')).toEqual([`beta upsert ${OFFLINE} database`, `beta upsert ${ONLINE} live`]);
  } finally {
    listener.stop();
  }
});
