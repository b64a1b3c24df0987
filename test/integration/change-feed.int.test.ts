/**
 * The change feed over HTTP on a real socket, the built bundle on the real MariaDB, through the
 * oxmysql stand-in and (in the real-oxmysql project) the real release: a consumer's full sync, what
 * is no change, vehicles, a live entry from a framework's event, a restart in the middle of a sync
 * with changes made while stopped, a state file cut short or from another server, cursors that
 * are not ours, the database lost during a sweep, the long poll and stop.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { changeKey as key, FEED_CONVARS, feedConsumer, type Change } from '../../devkit/feed-consumer';
import { Framework } from '../../devkit/lua/frameworks';
import { storedRow } from '../../devkit/lua/frameworks/rows';
import { LuaResource } from '../../devkit/lua/lua-resource';
import { runLuaSnippet } from '../../devkit/lua/snippet';
import { copyResource, realOxmysqlUnderTest, startHarness, TEST_KEY, type Harness } from '../../devkit/resource-harness';
import { waitFor } from '../../devkit/host/host-fixture';

// OneSync on: the live entry read of the ped.
const CONVARS = { ...FEED_CONVARS, onesync: 'on' };
const STATE = 'changes-state.dat';

let h: Harness;
let dir: string;

const { ask, page, syncAll, until } = feedConsumer((path) => h.request(path));

beforeAll(async () => {
  dir = copyResource();
  h = await startHarness(
    `feed${realOxmysqlUnderTest() ? '_real' : ''}`,
    ['qbcore.sql', 'qb-garages-vehicles.sql'],
    { convars: CONVARS },
    {},
    { resourceDir: dir },
  );
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => expect(h.ownViolations()).toEqual([]));

test("a consumer's full sync: every citizen and vehicle, then inserts, updates and deletes as they happen", async () => {
  const [players] = (await h.db.admin.query('SELECT citizenid FROM players')) as unknown as [Array<{ citizenid: string }>];
  const [plates] = (await h.db.admin.query('SELECT DISTINCT UPPER(TRIM(plate)) AS plate FROM player_vehicles')) as unknown as [
    Array<{ plate: string }>,
  ];
  const { seen, next } = await syncAll(null);
  expect(
    seen
      .filter((c) => c.kind === 'citizen')
      .map((c) => c.id)
      .sort(),
  ).toEqual(players.map((p) => p.citizenid).sort());
  expect(
    seen
      .filter((c) => c.kind === 'vehicle')
      .map((c) => c.id)
      .sort(),
  ).toEqual(plates.map((p) => p.plate).sort());
  expect(seen.every((c) => c.op === 'upsert' && c.source === 'database')).toBe(true);

  const [first] = players;
  await h.db.admin.query(`UPDATE players SET job = JSON_SET(job, '$.name', 'mechanic') WHERE citizenid = ?`, [first.citizenid]);
  await h.db.admin.query(
    `INSERT INTO players (citizenid, cid, license, name, money, charinfo, job, gang, position, metadata, inventory)
     SELECT 'NEW00001', cid, license, name, money, charinfo, job, gang, position, metadata, inventory FROM players WHERE citizenid = ?`,
    [first.citizenid],
  );
  const updated = await until(next, (s) => s.some((c) => c.id === first.citizenid) && s.some((c) => c.id === 'NEW00001'));
  expect(updated.seen.map(key)).toEqual(expect.arrayContaining([`upsert citizen ${first.citizenid}`, 'upsert citizen NEW00001']));

  await h.db.admin.query(`DELETE FROM players WHERE citizenid = 'NEW00001'`);
  const deleted = await until(updated.next, (s) => s.some((c) => c.id === 'NEW00001'));
  expect(deleted.seen.map(key)).toEqual(['delete citizen NEW00001']);
});

test("a framework's event for an online citizen is a live entry: his money changed in memory", async () => {
  const framework = await Framework.start(h.host, 'qb-core-2026-05');
  try {
    const [[{ citizenid }]] = (await h.db.admin.query('SELECT citizenid FROM players ORDER BY citizenid LIMIT 1')) as unknown as [
      Array<{ citizenid: string }>,
    ];
    const { next } = await syncAll(null, 100);
    const player = framework.loadPlayer(await storedRow(h.db.admin, 'players', 'citizenid', citizenid), { source: 9 });
    // Nothing reaches the database: only the framework's event can tell the feed.
    framework.setMoney(player, 'cash', 98_765);
    const live = (seen: Change[]) => seen.filter((c) => c.source === 'live');
    const paid = await until(next, (seen) => live(seen).length > 0);
    expect(live(paid.seen).map(key)).toEqual([`upsert citizen ${citizenid}`]);
    const withRecord = await page(`include=record&cursor=${encodeURIComponent(next)}`);
    expect(withRecord.changes.find((c) => c.source === 'live')?.record).toMatchObject({ citizenid, money: { cash: 98_765 } });
    framework.unloadPlayer(player);
  } finally {
    framework.stop();
  }
});

test('a save of the same values, or of the position alone, is no entry', async () => {
  const { next } = await syncAll(null, 100);
  const [rows] = (await h.db.admin.query('SELECT citizenid FROM players ORDER BY citizenid')) as unknown as [Array<{ citizenid: string }>];
  const [quiet, moved] = rows.map((r) => r.citizenid);
  // Seen once, so the feed holds its record's hash.
  await h.db.admin.query(`UPDATE players SET money = JSON_SET(money, '$.cash', 1234) WHERE citizenid = ?`, [quiet]);
  const seen = await until(next, (s) => s.some((c) => c.id === quiet));
  // What the frameworks do every 5 minutes: the same values, a new position, a new last_updated.
  await h.db.admin.query(
    `UPDATE players SET position = '{"x":1,"y":2,"z":3}', last_updated = NOW() + INTERVAL 1 SECOND WHERE citizenid = ?`,
    [quiet],
  );
  await h.db.admin.query(`UPDATE players SET money = money WHERE citizenid = ?`, [quiet]);
  await h.db.admin.query(`UPDATE players SET money = JSON_SET(money, '$.bank', 777) WHERE citizenid = ?`, [moved]);
  const after = await until(seen.next, (s) => s.some((c) => c.id === moved));
  expect(after.seen.map(key)).toEqual([`upsert citizen ${moved}`]);
});

test('include=record: each upsert carries the record as its route answers it', async () => {
  const got = await page('include=record&limit=3');
  expect(got.changes.length).toBeGreaterThan(0);
  for (const change of got.changes) {
    const route = change.kind === 'citizen' ? `/beta/citizens/${change.id}` : `/beta/vehicles/${encodeURIComponent(change.id)}`;
    expect(change.record).toEqual(JSON.parse((await h.request(route)).body).data);
  }
});

test('a vehicle changed or deleted is an entry of kind vehicle', async () => {
  const { next } = await syncAll(null, 100);
  const [[vehicle]] = (await h.db.admin.query('SELECT plate FROM player_vehicles LIMIT 1')) as unknown as [Array<{ plate: string }>];
  await h.db.admin.query('UPDATE player_vehicles SET fuel = 12 WHERE plate = ?', [vehicle.plate]);
  const plate = vehicle.plate.trim().toUpperCase();
  const seen = await until(next, (s) => s.some((c) => c.kind === 'vehicle' && c.id === plate));
  expect(seen.seen.map(key)).toContain(`upsert vehicle ${plate}`);
});

test('cursors that are not ours never reach the database: garbage and forged 400, another format 400', async () => {
  const { next } = await syncAll(null, 100);
  // Answered while the database is gone: the cursor is checked before anything reaches it.
  const told = (text: string) => h.host.console.filter((line) => line.text.includes(text)).length;
  const [failedBefore, againBefore] = [told('change feed beta: a '), told('change feed beta: detection works again')];
  await h.oxmysql.loseConnection();
  const [payload, signature] = next.split('.');
  const forged = `${Buffer.from(JSON.stringify(JSON.parse(Buffer.from(payload, 'base64url').toString()).map((v: unknown, i: number) => (i === 5 ? 0 : v)))).toString('base64url')}.${signature}`;
  for (const cursor of ['garbage', forged]) {
    expect(await ask(`/beta/changes?cursor=${encodeURIComponent(cursor)}`)).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_query' } },
    });
  }
  const elsewhere = await ask(`/alpha/changes?cursor=${encodeURIComponent(next)}`);
  expect(elsewhere).toMatchObject({ status: 400, body: { error: { code: 'invalid_query' } } });
  expect(elsewhere.body.error.message).toContain('/beta/changes');
  expect(await ask('/beta/changes?limit=0')).toMatchObject({ status: 400, body: { error: { code: 'invalid_query' } } });
  await h.oxmysql.restoreConnection();
  // A pass that failed meanwhile is followed by one that works, before the next test.
  if (told('change feed beta: a ') > failedBefore) {
    await waitFor(() => told('change feed beta: detection works again') > againBefore, 'detection to work again', 15_000);
  }
});

test('the database lost during sweeps: no 500, and what changed meanwhile comes once it is back', async () => {
  const { next } = await syncAll(null, 100);
  const [[row]] = (await h.db.admin.query('SELECT citizenid FROM players LIMIT 1')) as unknown as [Array<{ citizenid: string }>];
  await h.oxmysql.loseConnection();
  await h.db.admin.query(`UPDATE players SET charinfo = JSON_SET(charinfo, '$.phone', '5550001') WHERE citizenid = ?`, [row.citizenid]);
  const before = h.host.console.filter((line) => /change feed beta: a (poll|sweep) failed/.test(line.text)).length;
  const failed = () => h.host.console.filter((line) => /change feed beta: a (poll|sweep) failed/.test(line.text)).length - before;
  await waitFor(() => failed() > 0, 'a detection pass to fail', 15_000);
  const during = await ask(`/beta/changes?cursor=${encodeURIComponent(next)}`);
  expect(during.status).toBe(200);
  await h.oxmysql.restoreConnection();
  const seen = await until(next, (s) => s.some((c) => c.id === row.citizenid));
  expect(seen.seen.map(key)).toContain(`upsert citizen ${row.citizenid}`);
  // Told once while it lasted, however many passes failed.
  expect(failed()).toBe(1);
});

test('the long poll is answered by a write, and a held export call by resource_stopping at stop', async () => {
  const { next } = await syncAll(null, 100);
  const held = ask(`/beta/changes?wait=20&cursor=${encodeURIComponent(next)}`);
  await h.db.admin.query(`UPDATE players SET job = JSON_SET(job, '$.name', 'judge') ORDER BY citizenid LIMIT 1`);
  const answered = await held;
  expect(answered.status).toBe(200);
  expect(answered.body.data.changes.length).toBeGreaterThan(0);

  const stopping = h.callExport('getBetaChanges', { cursor: answered.body.data.next, wait: 20 });
  // The export runs to its hold within the call's microtasks: one turn of the event loop later it is held.
  await new Promise((resolve) => setImmediate(resolve));
  h.host.stopResource('citizen_records');
  expect(await stopping).toMatchObject({ success: false, error: { code: 'resource_stopping' } });
  // At stop both files are written: the log and cursor key, and detection's kept data beside it.
  expect(readFileSync(join(dir, STATE), 'utf8')).toMatch(/^citizen_records-changes 2 /);
  expect(readFileSync(join(dir, 'changes-kept.dat'), 'utf8')).toMatch(/^citizen_records-changes-kept 2 /);
  h.host.startResource(dir, 'citizen_records');
});

test('a restart in the middle of a sync: the same cursor finishes the walk and carries what changed while stopped', async () => {
  const started = await page('limit=2');
  const walked = started.changes[0].id;
  h.host.stopResource('citizen_records');
  await h.db.admin.query(`UPDATE players SET name = 'Renamed While Down' WHERE citizenid = ?`, [walked]);
  h.host.startResource(dir, 'citizen_records');
  await waitFor(async () => (await ask('/beta/changes?limit=1')).status === 200, 'the feed to start', 10_000);
  const { seen } = await syncAll(started.next, 100);
  // Walked before the stop, changed while stopped: it comes again, from the log.
  expect(seen.filter((c) => c.id === walked).map(key)).toEqual([`upsert citizen ${walked}`]);
});

test('a state file cut short: the feed starts afresh, says so once, and old cursors answer 410', async () => {
  const { next } = await syncAll(null, 100);
  h.host.stopResource('citizen_records');
  const text = readFileSync(join(dir, STATE), 'utf8');
  writeFileSync(join(dir, STATE), text.slice(0, Math.floor(text.length / 2)));
  h.host.startResource(dir, 'citizen_records');
  await waitFor(async () => (await ask('/beta/changes?limit=1')).status === 200, 'the feed to start', 10_000);
  expect(await ask(`/beta/changes?cursor=${encodeURIComponent(next)}`)).toMatchObject({
    status: 410,
    body: { error: { code: 'cursor_expired' } },
  });
  expect(h.host.console.filter((line) => line.text.includes(`state was not used because ${STATE} is cut short`))).toHaveLength(1);
});

test('a state file of another database: old cursors answer 410, and it is told once', async () => {
  const { next } = await syncAll(null, 100);
  h.host.stopResource('citizen_records');
  // The file as that server wrote it: the same format, bound to the name of its own database.
  const text = readFileSync(join(dir, STATE), 'utf8');
  const [magic, version, , sum] = text.slice(0, text.indexOf('\n')).split(' ');
  writeFileSync(join(dir, STATE), `${magic} ${version} another_database ${sum}${text.slice(text.indexOf('\n'))}`);
  const told = () => h.host.console.filter((line) => line.text.includes('belongs to another database (another_database')).length;
  h.host.startResource(dir, 'citizen_records');
  await waitFor(async () => (await ask('/beta/changes?limit=1')).status === 200, 'the feed to start', 10_000);
  expect(await ask(`/beta/changes?cursor=${encodeURIComponent(next)}`)).toMatchObject({
    status: 410,
    body: { error: { code: 'cursor_expired' } },
  });
  expect(await ask(`/beta/changes?cursor=${encodeURIComponent(next)}`)).toMatchObject({ status: 410 });
  expect(told()).toBe(1);
});

test('a consumer that never comes back: the log keeps one entry per id however often it changed, and its old cursor still reads them', async () => {
  const { next: abandoned } = await syncAll(null, 100);
  const [rows] = (await h.db.admin.query('SELECT citizenid FROM players ORDER BY citizenid LIMIT 3')) as unknown as [
    Array<{ citizenid: string }>,
  ];
  const ids = rows.map((r) => r.citizenid);
  let watching = abandoned;
  for (let round = 1; round <= 4; round += 1) {
    await h.db.admin.query(`UPDATE players SET money = JSON_SET(money, '$.crypto', ?) WHERE citizenid IN (?)`, [round, ids]);
    // Each round seen by the feed before the next: four changes of each id, not one.
    watching = (await until(watching, (seen) => ids.every((id) => seen.some((c) => c.id === id)))).next;
  }
  const { seen } = await syncAll(abandoned, 100);
  expect(seen.map(key).sort()).toEqual(ids.map((id) => `upsert citizen ${id}`).sort());
});

/** Citizens and distinct plates in the database: what a full copy holds. */
async function idCount(): Promise<number> {
  const [[{ n }]] = (await h.db.admin.query(
    'SELECT (SELECT COUNT(*) FROM players) + (SELECT COUNT(DISTINCT UPPER(TRIM(plate))) FROM player_vehicles) AS n',
  )) as unknown as [Array<{ n: number }>];
  return n;
}

describe("docs/changes.md's client loops run", () => {
  const doc = readFileSync(join(__dirname, '../../docs/changes.md'), 'utf8');
  const blocks = (language: string) => [...doc.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]);

  test('the JavaScript loop copies every citizen and vehicle, and resyncs on 410', async () => {
    const [code] = blocks('js');
    const make = new Function(`${code}\nreturn { memoryStore, syncFeed };`) as () => {
      memoryStore(): { cursor: string | null; records: Map<string, unknown> };
      syncFeed(options: object): Promise<void>;
    };
    const { memoryStore, syncFeed } = make();
    const store = memoryStore();
    const base = `${h.base}/citizen_records`;
    const n = await idCount();
    await syncFeed({ base, key: TEST_KEY, store, wait: 0, rounds: 3 });
    expect(store.records.size).toBe(n);
    expect([...store.records.values()].every((record) => record !== null && typeof record === 'object')).toBe(true);
    // A cursor the feed does not know: the loop starts a new snapshot and keeps the same copy.
    store.records.set('citizen:GONE0001', {});
    const [payload, signature] = String(store.cursor).split('.');
    const fields = JSON.parse(Buffer.from(payload, 'base64url').toString());
    fields[2] = 'another-instance';
    store.cursor = `${Buffer.from(JSON.stringify(fields)).toString('base64url')}.${signature}`;
    await syncFeed({ base, key: TEST_KEY, store, wait: 0, rounds: 3 });
    expect(store.records.size).toBe(n);
    expect(store.records.has('citizen:GONE0001')).toBe(false);
  });

  test('the Lua loop, called from a Lua resource, copies every id through getBetaChanges', async () => {
    const [pollChanges] = blocks('lua');
    const result = await runLuaSnippet(
      h.host,
      `${pollChanges}
       local copy = { records = {} }
       local rounds = 0
       repeat rounds = rounds + 1 until pollChanges(copy, 0) or rounds > 10
       local count = 0
       for _ in pairs(copy.records) do count = count + 1 end
       return count, type(copy.cursor)`,
    );
    expect(result.error).toBeNull();
    const n = await idCount();
    expect(result.values).toEqual([n, 'string']);
  });

  test('a Lua resource listening to citizen_records:changes gets each batch with its format', async () => {
    const [, listener] = blocks('lua');
    const handler = listener.slice(listener.indexOf("AddEventHandler('citizen_records:changes'"));
    const lua = await LuaResource.start(h.host, 'feed_listener', []);
    try {
      await lua.runSnippet(handler);
      const { next } = await syncAll(null, 100);
      const [[row]] = (await h.db.admin.query('SELECT citizenid FROM players ORDER BY citizenid LIMIT 1')) as unknown as [
        Array<{ citizenid: string }>,
      ];
      await h.db.admin.query(`UPDATE players SET job = JSON_SET(job, '$.name', 'lawyer') WHERE citizenid = ?`, [row.citizenid]);
      await until(next, (s) => s.some((c) => c.id === row.citizenid));
      await waitFor(
        () => h.host.linesOf('feed_listener').some((l) => l.includes(`beta upsert citizen ${row.citizenid} (database)`)),
        'the event',
      );
    } finally {
      lua.stop();
    }
  });
});
