/**
 * Change detection on the real MariaDB, its statements run through oxmysql as the resource runs
 * them: the oxmysql adapter (src/db/oxmysql.ts) called from a second resource, its scans crossing
 * the msgpack boundary to the stand-in, or in the `integration (real oxmysql)` project to the
 * release OXMYSQL_DIR names. The formats are prepared over a direct connection (information_schema
 * is not the subject here), and each test changes rows with that connection as the game would.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  citizenWatch,
  emptyKept,
  hasId,
  idsAfter,
  keptIds,
  pollTable,
  readDialect,
  sweepTable,
  vehicleWatch,
} from '../../src/changes/detect';
import type { Change, Dialect, Kept, TableWatch } from '../../src/changes/detect';
import { changedSinceSql } from '../../src/changes/detect/statements';
import { formatWatch } from '../../src/changes/format-watch';
import type { Row, ScanningDatabase, StatementRunner } from '../../src/db/database';
import { createOxmysqlDatabase } from '../../src/db/oxmysql';
import { alphaFormat } from '../../src/formats/alpha';
import { betaFormat } from '../../src/formats/beta';
import { prepareVehicles } from '../../src/vehicles/prepare';
import type { AnyFormat } from '../../src/formats/registry';
import type { FormatOptions } from '../../src/formats/format';
import { directDatabase } from '../../devkit/db/direct-database';
import { createTestDatabase, type TestDatabase } from '../../devkit/db/test-database';
import { FxHost } from '../../devkit/host/fx-host';
import { waitFor } from '../../devkit/host/host-fixture';
import { realOxmysqlUnderTest, startOxmysql, type OxmysqlUnderTest } from '../../devkit/resource-harness';

const FIXTURES = resolve(__dirname, '../../devkit/fixtures/sql');
/** The scans' time limit, and how long the adapter waits for oxmysql before it gives up. */
const SCAN_MS = 2000;
const CALL_MS = 2000;
const LENA = 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10';

let db: TestDatabase;
let host: FxHost;
let oxmysql: OxmysqlUnderTest;
let database: ScanningDatabase;
let dialect: Dialect;
/** Every statement asked through `run`, in order. */
const asked: string[] = [];
/** How many rows each of them handed back across oxmysql, in the same order. */
const crossed: number[] = [];
const run: StatementRunner = async (sql, params) => {
  asked.push(sql);
  const rows = await database.scan(sql, params, SCAN_MS);
  crossed.push(rows.length);
  return rows;
};

const formatOptions = (maxColumnBytes: number): FormatOptions => ({
  warn: () => undefined,
  dobOrder: 'DMY',
  groups: () => undefined,
  info: () => undefined,
  now: () => Date.now(),
  maxColumnBytes,
  esxCharacterPrefix: 'char',
  esxMaxCharacters: 4,
  vehicles: () => undefined,
});

/** The watches of `format` as its prepare binds them to the tables now. */
async function watchesOf(format: AnyFormat, maxColumnBytes = 4_194_304): Promise<{ citizens: TableWatch; vehicles: TableWatch }> {
  const direct = directDatabase(db.admin);
  const lookups = await format.prepare(direct, formatOptions(maxColumnBytes));
  if (!lookups?.watched) throw new Error(`${format.name} did not prepare`);
  const vehicles = await prepareVehicles(direct, format, { ...formatOptions(maxColumnBytes), warn: () => undefined });
  if ('missing' in vehicles) throw new Error(`${vehicles.missing} missing`);
  return {
    citizens: citizenWatch({ table: lookups.watched, changes: format.changes.citizens }),
    vehicles: vehicleWatch({ tables: vehicles.lookups.watched, changes: format.changes.vehicles }),
  };
}

async function sweep(watch: TableWatch, kept: Kept): Promise<{ kept: Kept; changes: Change[] }> {
  const result = await sweepTable({ run, watch, dialect, kept });
  if ('error' in result) throw result.error;
  return result;
}

async function sql(statement: string, params: unknown[] = []): Promise<Row[]> {
  const [rows] = await db.admin.query(statement, params);
  return rows as Row[];
}

const upserts = (kind: Change['kind'], ...ids: string[]) => ids.map((id) => ({ kind, id, op: 'upsert' }));

beforeAll(async () => {
  db = await createTestDatabase('changes_detect');
  for (const file of [
    'esx-legacy-schema.sql',
    'esx-legacy-1.13-row.sql',
    'esx-legacy-1.9-row.sql',
    'esx-legacy-vehicles.sql',
    'qbcore.sql',
    'qb-garages-vehicles.sql',
  ]) {
    await db.admin.query(readFileSync(resolve(FIXTURES, file), 'utf8'));
  }
  host = new FxHost({ clock: 'auto' });
  oxmysql = await startOxmysql(host, db.url, {}, realOxmysqlUnderTest());
  const caller = host.startScript('caller', '');
  // The adapter reaches FXServer through src/fivem/natives, which reads the globals a resource
  // sees: here those of `caller`, so its export calls cross the boundary as that resource's.
  const { exports, on, GetResourceState, GetResourceMetadata } = caller.globals;
  Object.assign(globalThis, { exports, on, GetResourceState, GetResourceMetadata });
  database = createOxmysqlDatabase({ timeoutMs: CALL_MS, resourceName: 'caller', now: () => Date.now() });
  await waitFor(() => database.isReady(), 'oxmysql to connect', 10_000);
  const read = await readDialect({ run });
  if ('error' in read) throw read.error;
  dialect = read.dialect;
});

afterEach(() => expect(host.takeViolations().filter((v) => v.resource !== 'oxmysql')).toEqual([]));

afterAll(async () => {
  database.close();
  await oxmysql.close();
  await host.close();
  await db.drop();
});

test('the server here has the JSON functions (MariaDB ≥ 10.2.3)', () => {
  expect(dialect).toEqual({ json: true });
});

describe('ESX users', () => {
  let watch: TableWatch;
  let kept: Kept;

  beforeAll(async () => {
    ({ citizens: watch } = await watchesOf(alphaFormat));
    ({ kept } = await sweep(watch, emptyKept()));
  });

  test('the first sweep reports every citizen; an idle one asks one statement and changes nothing', async () => {
    const ids = (await sql('SELECT identifier FROM users')).map((r) => String(r.identifier));
    expect(idsAfter(keptIds(kept), null, Number.POSITIVE_INFINITY)).toEqual([...ids].sort());
    expect(ids.length).toBeGreaterThan(1);
    const before = asked.length;
    const idle = await sweep(watch, kept);
    expect(idle).toEqual({ kept, changes: [] });
    expect(idle.kept).toBe(kept);
    expect(asked.length - before).toBe(1);
  });

  test('an insert, an update and a delete, each once', async () => {
    await sql("INSERT INTO users (identifier, firstname, lastname, job) VALUES ('char2:0011', 'Nia', 'Okafor', 'taxi')");
    let found = await sweep(watch, kept);
    expect(found.changes).toEqual(upserts('citizen', 'char2:0011'));
    await sql("UPDATE users SET job = 'police', job_grade = 1 WHERE identifier = 'char2:0011'");
    found = await sweep(watch, found.kept);
    expect(found.changes).toEqual(upserts('citizen', 'char2:0011'));
    await sql("DELETE FROM users WHERE identifier = 'char2:0011'");
    found = await sweep(watch, found.kept);
    expect(found.changes).toEqual([{ kind: 'citizen', id: 'char2:0011', op: 'delete' }]);
    expect((await sweep(watch, found.kept)).changes).toEqual([]);
    kept = found.kept;
  });

  test('NULL and the empty string are different values', async () => {
    await sql(`UPDATE users SET phone_number = NULL WHERE identifier = ?`, [LENA]);
    const cleared = await sweep(watch, kept);
    await sql(`UPDATE users SET phone_number = '' WHERE identifier = ?`, [LENA]);
    const emptied = await sweep(watch, cleared.kept);
    expect(emptied.changes).toEqual(upserts('citizen', LENA));
    kept = emptied.kept;
  });

  test('a save of the same values, of the position alone, of health, armour and playtime alone: no change', async () => {
    await sql('UPDATE users SET accounts = accounts, job = job, inventory = CONCAT(inventory, "") WHERE identifier = ?', [LENA]);
    await sql(`UPDATE users SET position = '{"x":1.5,"y":2.5,"z":3.5,"heading":90.0}' WHERE identifier = ?`, [LENA]);
    await sql(`UPDATE users SET metadata = '{"health":120,"armor":0,"lastPlaytime":99999,"jobDuty":true}' WHERE identifier = ?`, [LENA]);
    expect((await sweep(watch, kept)).changes).toEqual([]);
  });

  test('without an index on last_seen: sweeps only; a poll changes nothing and asks nothing', async () => {
    expect(watch.changedAt).toBeNull();
    const before = asked.length;
    expect(await pollTable({ run, watch, dialect, kept, since: 1 })).toEqual({ kept, changes: [], since: 1 });
    expect(asked.length).toBe(before);
  });

  test('with an index the owner added on last_seen: polls read the changed rows through it, a re-read is no change', async () => {
    await sql('ALTER TABLE users ADD INDEX (last_seen)');
    try {
      const { citizens: indexed } = await watchesOf(alphaFormat);
      expect(indexed.changedAt).toBe('`users`.`last_seen`');
      expect(await planKeys(indexed)).toContain('last_seen');
      // The hashes do not depend on the index: the kept state carries over.
      expect((await sweep(indexed, kept)).changes).toEqual([]);
      const first = await poll(indexed, kept, null);
      expect(first.changes).toEqual([]);
      await sql("UPDATE users SET lastname = 'Nowak' WHERE identifier = ?", [LENA]);
      const polled = await poll(indexed, first.kept, first.since);
      expect(polled.changes).toEqual(upserts('citizen', LENA));
      // Read again within the margin, unchanged: nothing; and the sweep agrees.
      expect((await poll(indexed, polled.kept, polled.since)).changes).toEqual([]);
      expect((await sweep(indexed, polled.kept)).changes).toEqual([]);
      kept = polled.kept;
    } finally {
      await sql('ALTER TABLE users DROP INDEX last_seen');
    }
  });

  test('an ESX without last_seen (before 1.8.5): no change column, sweeps still see changes', async () => {
    await sql('ALTER TABLE users DROP COLUMN last_seen');
    const { citizens: older } = await watchesOf(alphaFormat);
    expect(older.changedAt).toBeNull();
    expect((await sweep(older, kept)).changes).toEqual([]);
    await sql("UPDATE users SET job = 'ambulance' WHERE identifier = ?", [LENA]);
    expect((await sweep(older, kept)).changes).toEqual(upserts('citizen', LENA));
  });
});

async function poll(watch: TableWatch, kept: Kept, since: number | null) {
  const result = await pollTable({ run, watch, dialect, kept, since });
  if ('error' in result) throw result.error;
  return result;
}

/** The indexes MariaDB plans to use for the poll of `watch`. */
async function planKeys(watch: TableWatch): Promise<string[]> {
  const poll = changedSinceSql(watch, dialect);
  if (poll === null) throw new Error('no change column');
  const plan = await sql(`EXPLAIN ${poll}`, [Math.floor(Date.now() / 1000) - 60]);
  return plan.map((row) => String(row.key));
}

describe('QBCore players', () => {
  let watch: TableWatch;
  let kept: Kept;
  let since: number | null;

  beforeAll(async () => {
    ({ citizens: watch } = await watchesOf(betaFormat));
    since = (await poll(watch, emptyKept(), null)).since;
    ({ kept } = await sweep(watch, emptyKept()));
  });

  test('polls go through the last_updated index', async () => {
    expect(watch.changedAt).toBe('`players`.`last_updated`');
    expect(await planKeys(watch)).toEqual(['last_updated']);
  });

  test('a change is found by the poll; the sweep then agrees', async () => {
    const [row] = await sql('SELECT citizenid FROM players LIMIT 1');
    const id = String(row.citizenid);
    await sql(`UPDATE players SET charinfo = JSON_SET(charinfo, '$.phone', '5550001111') WHERE citizenid = ?`, [id]);
    const polled = await poll(watch, kept, since);
    expect(polled.changes).toEqual(upserts('citizen', id));
    expect((await sweep(watch, polled.kept)).changes).toEqual([]);
    ({ kept, since } = polled);
  });

  test('position, armour and health alone move last_updated but are no change, to the poll and to the sweep', async () => {
    const [row] = await sql('SELECT citizenid FROM players LIMIT 1');
    const id = String(row.citizenid);
    await sql(
      `UPDATE players SET position = '{"x":1,"y":2,"z":3}', metadata = JSON_SET(metadata, '$.armor', 77, '$.health', 150), last_updated = NOW() + INTERVAL 1 SECOND WHERE citizenid = ?`,
      [id],
    );
    const polled = await poll(watch, kept, since);
    expect(polled.changes).toEqual([]);
    expect((await sweep(watch, kept)).changes).toEqual([]);
    await sql(`UPDATE players SET metadata = JSON_SET(metadata, '$.stress', 40) WHERE citizenid = ?`, [id]);
    expect((await sweep(watch, kept)).changes).toEqual(upserts('citizen', id));
  });

  test('where the server has no JSON functions, metadata is hashed as its text: armour alone is then a change', async () => {
    const plain = { json: false };
    const [row] = await sql('SELECT citizenid FROM players LIMIT 1');
    const id = String(row.citizenid);
    const start = await sweepTable({ run, watch, dialect: plain, kept: emptyKept() });
    if ('error' in start) throw start.error;
    await sql(`UPDATE players SET metadata = JSON_SET(metadata, '$.armor', 5) WHERE citizenid = ?`, [id]);
    const after = await sweepTable({ run, watch, dialect: plain, kept: start.kept });
    expect(after).toMatchObject({ changes: upserts('citizen', id) });
  });

  test('without the last_updated index: sweeps only', async () => {
    await sql('ALTER TABLE players DROP INDEX last_updated');
    try {
      const { citizens: unindexed } = await watchesOf(betaFormat);
      expect(unindexed.changedAt).toBeNull();
      await sql("UPDATE players SET name = 'renamed' LIMIT 1");
      expect((await sweep(unindexed, kept)).changes).toHaveLength(1);
    } finally {
      await sql('ALTER TABLE players ADD INDEX last_updated (last_updated)');
    }
  });
});

describe('vehicles', () => {
  test("ESX: each plate as the route answers it; an owner's rename moves each of his vehicles, a garage's write one", async () => {
    const { vehicles: watch } = await watchesOf(alphaFormat);
    const first = await sweep(watch, emptyKept());
    const plates = (await sql('SELECT plate FROM owned_vehicles')).map((r) => String(r.plate).trim().toUpperCase());
    expect(idsAfter(keptIds(first.kept), null, Number.POSITIVE_INFINITY)).toEqual([...plates].sort());
    const his = (await sql('SELECT plate FROM owned_vehicles WHERE owner = ?', [LENA])).map((r) => String(r.plate));
    expect(his.length).toBeGreaterThan(1);
    await sql("UPDATE users SET firstname = 'Helena' WHERE identifier = ?", [LENA]);
    const renamed = await sweep(watch, first.kept);
    expect(renamed.changes).toEqual(upserts('vehicle', ...[...his].sort()));
    await sql("UPDATE owned_vehicles SET stored = 0, parking = NULL WHERE plate = 'KLM 482'");
    await sql("DELETE FROM owned_vehicles WHERE plate = 'SEA 42'");
    expect((await sweep(watch, renamed.kept)).changes).toEqual([
      { kind: 'vehicle', id: 'KLM 482', op: 'upsert' },
      { kind: 'vehicle', id: 'SEA 42', op: 'delete' },
    ]);
  });

  test("QBCore: the owner's name inside charinfo moves his vehicles, his phone does not", async () => {
    const { vehicles: watch } = await watchesOf(betaFormat);
    const first = await sweep(watch, emptyKept());
    const [owner] = await sql('SELECT citizenid FROM player_vehicles GROUP BY citizenid ORDER BY COUNT(*) DESC LIMIT 1');
    const id = String(owner.citizenid);
    const his = (await sql('SELECT plate FROM player_vehicles WHERE citizenid = ?', [id])).map((r) => String(r.plate).trim().toUpperCase());
    await sql(`UPDATE players SET charinfo = JSON_SET(charinfo, '$.phone', '5550002222') WHERE citizenid = ?`, [id]);
    expect((await sweep(watch, first.kept)).changes).toEqual([]);
    await sql(`UPDATE players SET charinfo = JSON_SET(charinfo, '$.lastname', 'Stone') WHERE citizenid = ?`, [id]);
    expect((await sweep(watch, first.kept)).changes).toEqual(upserts('vehicle', ...[...new Set(his)].sort()));
  });
});

describe('a column over max_column_bytes', () => {
  test('is hashed in SQL as "too long": only the key, its CRC32 and the two hashes cross, and a change within it is none, as the route answers its default', async () => {
    const { citizens: watch } = await watchesOf(alphaFormat, 1024);
    const big = (fill: string) => JSON.stringify({ model: 'mp_m_freemode_01', pad: fill.repeat(4000) });
    await sql('UPDATE users SET skin = ? WHERE identifier = ?', [big('a'), LENA]);
    const first = await sweep(watch, emptyKept());
    const rows = await run(`${asked[asked.length - 1]}`, []);
    expect(Object.keys(rows[0]).sort()).toEqual(['c', 'h', 'k', 'q']);
    expect(rows.every((row) => Object.values(row).every((value) => String(value).length <= 60))).toBe(true);
    await sql('UPDATE users SET skin = ? WHERE identifier = ?', [big('b'), LENA]);
    expect((await sweep(watch, first.kept)).changes).toEqual([]);
    await sql(`UPDATE users SET skin = '{"model":"mp_m_freemode_01"}' WHERE identifier = ?`, [LENA]);
    expect((await sweep(watch, first.kept)).changes).toEqual(upserts('citizen', LENA));
  });
});

describe('the database lost during a sweep', () => {
  test('answers an error value and leaves the kept state as it was; the next sweep finds what changed meanwhile', async () => {
    const { citizens: watch } = await watchesOf(betaFormat);
    const { kept } = await sweep(watch, emptyKept());
    const [row] = await sql('SELECT citizenid FROM players LIMIT 1');
    const id = String(row.citizenid);
    await sql(`UPDATE players SET job = JSON_SET(job, '$.onduty', NOT JSON_EXTRACT(job, '$.onduty')) WHERE citizenid = ?`, [id]);
    const before = JSON.stringify(kept);
    // The table's sum and the buckets' answer; the database goes away before the rows of the bucket that moved are read.
    let statements = 0;
    const losing: StatementRunner = async (statement, params) => {
      if (++statements === 3) await oxmysql.loseConnection();
      return run(statement, params);
    };
    const lost = await sweepTable({ run: losing, watch, dialect, kept });
    expect(statements).toBe(3);
    expect('error' in lost && ['timeout', 'unavailable'].includes(lost.error.kind)).toBe(true);
    expect(JSON.stringify(kept)).toBe(before);
    await sql("UPDATE players SET name = 'while lost' WHERE citizenid <> ? LIMIT 1", [id]);
    await oxmysql.restoreConnection();
    const [other] = await sql("SELECT citizenid FROM players WHERE name = 'while lost'");
    await waitFor(async () => !('error' in (await readDialect({ run }))), 'the database to answer again', 10_000);
    const back = await sweep(watch, kept);
    expect(back.changes).toEqual(upserts('citizen', ...[id, String(other.citizenid)].sort()));
  });
});

describe("a format's watch", () => {
  test("keeps a snapshot's id list across passes that only changed rows, and makes a new one when a row is added", async () => {
    const direct = directDatabase(db.admin);
    const lookups = await betaFormat.prepare(direct, formatOptions(4_194_304));
    const vehicles = await prepareVehicles(direct, betaFormat, formatOptions(4_194_304));
    if (!lookups?.watched || 'missing' in vehicles) throw new Error('beta did not prepare');
    const watch = formatWatch({
      tables: async () => ({ citizens: lookups.watched ?? null, vehicles: vehicles.lookups.watched }),
      changes: betaFormat.changes,
      run,
    });
    const pass = async (mode: 'sweep' | 'poll', kept: unknown) => {
      const detected = await (mode === 'sweep' ? watch.sweep(kept) : watch.poll(kept));
      if ('error' in detected) throw new Error(detected.error);
      return detected;
    };
    const first = await pass('sweep', null);
    const list = watch.ids(first.kept, 'citizen');
    const [row] = await sql('SELECT citizenid FROM players LIMIT 1');
    await sql("UPDATE players SET name = 'renamed for the list' WHERE citizenid = ?", [row.citizenid]);
    const saved = await pass('poll', first.kept);
    expect(saved.changes).toEqual(upserts('citizen', String(row.citizenid)));
    expect(watch.ids(saved.kept, 'citizen')).toBe(list);
    await sql(
      'INSERT INTO players (citizenid, cid, license, name, money, charinfo, job, gang, position, metadata, inventory) SELECT ?, cid, license, name, money, charinfo, job, gang, position, metadata, inventory FROM players WHERE citizenid = ?',
      ['NEWLIST1', row.citizenid],
    );
    const added = await pass('sweep', saved.kept);
    const grown = watch.ids(added.kept, 'citizen');
    expect(grown).not.toBe(list);
    expect([hasId(list, 'NEWLIST1'), hasId(grown, 'NEWLIST1'), hasId(grown, String(row.citizenid))]).toEqual([false, true, true]);
    await sql("DELETE FROM players WHERE citizenid = 'NEWLIST1'");
  });
});

describe('older tables: mixed collations and character sets', () => {
  beforeAll(async () => {
    await sql('DROP TABLE player_vehicles, players, owned_vehicles, users');
    for (const file of ['qbcore-2021.sql', 'qbcore-2021-vehicles.sql', 'esx-v1-final.sql', 'esx-1.3-vehicles.sql']) {
      await db.admin.query(readFileSync(resolve(FIXTURES, file), 'utf8'));
    }
  });

  test("QBCore 2021: latin1 players (id column `#`) beside utf8mb4 vehicles; an accented rename moves the owner's vehicles", async () => {
    const { citizens, vehicles } = await watchesOf(betaFormat);
    expect(citizens.parts.map((p) => p.value)).toContain('`players`.`#`');
    const people = await sweep(citizens, emptyKept());
    const cars = await sweep(vehicles, emptyKept());
    expect(idsAfter(keptIds(people.kept), null, Number.POSITIVE_INFINITY)).toEqual(['HBD20761']);
    expect(idsAfter(keptIds(cars.kept), null, Number.POSITIVE_INFINITY)).toEqual(['0XY123ZZ', '8JR456KL']);
    await sql(`UPDATE players SET charinfo = JSON_SET(charinfo, '$.lastname', 'de Vriés') WHERE citizenid = 'HBD20761'`);
    expect((await sweep(citizens, people.kept)).changes).toEqual(upserts('citizen', 'HBD20761'));
    expect((await sweep(vehicles, cars.kept)).changes).toEqual(upserts('vehicle', '0XY123ZZ', '8JR456KL'));
  });

  test("ESX 1.3: utf8mb4_unicode_ci vehicles beside utf8mb4_general_ci users; a rename moves the owner's vehicle, not the ownerless one's", async () => {
    const { vehicles } = await watchesOf(alphaFormat);
    const first = await sweep(vehicles, emptyKept());
    const owners = await sql('SELECT plate, owner FROM owned_vehicles');
    const his = owners.filter((r) => r.owner === 'e05a7d3c9b1f46a2d8c4e7b03f9a1c6d2e8b5f40').map((r) => String(r.plate));
    expect(his.length).toBeGreaterThan(0);
    expect(his.length).toBeLessThan(owners.length);
    await sql("UPDATE users SET lastname = 'Morêno' WHERE identifier = 'e05a7d3c9b1f46a2d8c4e7b03f9a1c6d2e8b5f40'");
    expect((await sweep(vehicles, first.kept)).changes).toEqual(upserts('vehicle', ...[...his].sort()));
  });
});

describe('a table of many buckets', () => {
  const BULK = 1000;
  let watch: TableWatch;
  let kept: Kept;
  /** The rows each statement of `sweep(watch, kept)` hands back, and its result. */
  async function counted(): Promise<{ rows: number[]; changes: Change[]; kept: Kept }> {
    const start = crossed.length;
    const result = await sweep(watch, kept);
    return { ...result, rows: crossed.slice(start) };
  }

  beforeAll(async () => {
    await sql(`INSERT INTO users (identifier, firstname, lastname) SELECT CONCAT('bulk:', seq), 'Bulk', seq FROM seq_1_to_${BULK}`);
    ({ citizens: watch } = await watchesOf(alphaFormat));
    ({ kept } = await sweep(watch, emptyKept()));
    // The first sweep read the whole table and spread it over the buckets its size asks for.
    expect(kept.buckets).toBeGreaterThanOrEqual(16);
  });

  afterAll(() => sql("DELETE FROM users WHERE identifier LIKE 'bulk:%'"));

  test("an idle sweep asks one row, the table's sum, and sends no bucket sum", async () => {
    const idle = await counted();
    expect(idle.rows).toEqual([1]);
    expect(idle.kept).toBe(kept);
  });

  test("a change hands back its bucket's sum and reads that bucket's rows, not the table's", async () => {
    await sql("UPDATE users SET lastname = 'Changed' WHERE identifier = 'bulk:500'");
    const changed = await counted();
    expect(changed.changes).toEqual(upserts('citizen', 'bulk:500'));
    // The table's sum, then the bucket that moved and the row count, then that bucket's rows.
    expect(changed.rows.slice(0, 2)).toEqual([1, 2]);
    expect(changed.rows[2]).toBeLessThan(BULK / 4);
    kept = changed.kept;
  });

  // The key's column is one the record answers, so it is in every row's quick hash: two rows
  // trading their values move the table's XOR, which rows alike but for the key would not.
  test('two rows alike but for their key trading their values: both are seen', async () => {
    await sql("UPDATE users SET lastname = IF(identifier = 'bulk:1', '2', '1') WHERE identifier IN ('bulk:1', 'bulk:2')");
    const traded = await counted();
    expect(traded.changes).toEqual(upserts('citizen', 'bulk:1', 'bulk:2'));
    kept = traded.kept;
  });

  test('every row of a bucket deleted (its sum no longer exists to compare): each is a delete', async () => {
    const [{ bucket }] = await sql(`SELECT CRC32('bulk:7') % ${kept.buckets} AS bucket`);
    const gone = (await sql(`SELECT identifier FROM users WHERE CRC32(identifier) % ${kept.buckets} = ?`, [bucket])).map((r) =>
      String(r.identifier),
    );
    expect(gone.length).toBeGreaterThan(0);
    await sql(`DELETE FROM users WHERE CRC32(identifier) % ${kept.buckets} = ?`, [bucket]);
    const deleted = await counted();
    expect(deleted.changes).toEqual(gone.sort().map((id) => ({ kind: 'citizen', id, op: 'delete' })));
    kept = deleted.kept;
    expect((await counted()).rows).toEqual([1]);
  });
});
