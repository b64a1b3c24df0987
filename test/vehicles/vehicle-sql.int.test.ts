/**
 * The vehicle queries on the real MariaDB, for every owned_vehicles / player_vehicles shape the
 * frameworks and their garage and shop resources have created (test/fixtures/sql/*-vehicles.sql,
 * each beside the citizens table of its time): plates in every typed form, the owner's name through
 * one join (also where the two tables' collations differ), a citizen's vehicles by plate, the key
 * used (EXPLAIN), and a lookup no index serves run as a scan the database stops at its bound.
 *
 * These suites call the format's prepared lookups straight over mysql2, handing each what the
 * service hands it: a plain query where its missingIndexes are none, else a scan bound to SCAN_MS
 * (the service's is bound to search_timeout_ms); the resource's routes and exports run the same
 * lookups through oxmysql.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Database, Row, ScanningDatabase, StatementRunner } from '../../src/db/database';
import { alphaFormat } from '../../src/formats/alpha';
import { betaFormat } from '../../src/formats/beta';
import { joaat } from '../../src/vehicles/joaat';
import { parsePlate, type PlateQuery } from '../../src/vehicles/plate';
import { isStatementTimeout } from '../../src/db/statement-timeout';
import { readSharedVehicles, type VehicleCatalog } from '../../src/vehicles/catalog';
import { prepareVehicles, type VehicleLookupKind, type VehicleOptions, type VehiclesOf } from '../../src/vehicles/prepare';
import { vehicleRecordSchema, type VehicleRecord } from '../../src/vehicles/schema';
import { directDatabase } from '../../devkit/db/direct-database';
import { createTestDatabase, type TestDatabase } from '../../devkit/db/test-database';

const FIXTURES = resolve(__dirname, '../../devkit/fixtures/sql');

interface Call {
  sql: string;
  params: readonly unknown[];
  /** The time limit of a statement run as a bounded scan; null for a plain query. */
  scanMs: number | null;
}

/** The scans' time limit in these suites. */
const SCAN_MS = 2000;

/** A format's prepared vehicle lookups, each bound to a plain query or the suite's scan, as the service binds them. */
interface Lookups {
  byPlate(plate: PlateQuery): Promise<VehicleRecord | null>;
  byCitizen(id: string): Promise<VehicleRecord[] | null>;
  missingIndexes: Readonly<Record<VehicleLookupKind, readonly string[]>>;
}

/** A database over the suite's own MariaDB database that records each statement it is asked. */
interface Setup {
  db: TestDatabase;
  direct: Database;
  calls: Call[];
  warnings: string[];
  /** The lookups, those no index serves scanning with the time limit `scanMs`. */
  prepare(source: VehiclesOf, options?: Partial<VehicleOptions>, scanMs?: number): Promise<Lookups>;
}

async function setUp(label: string, fixtures: string[]): Promise<Setup> {
  const db = await createTestDatabase(label);
  for (const file of fixtures) await db.admin.query(readFileSync(resolve(FIXTURES, file), 'utf8'));
  // The bulk rows of the EXPLAIN tests count past MariaDB's default of 1000 recursive CTE rows.
  await db.admin.query('SET SESSION max_recursive_iterations = 100000');
  const inner = directDatabase(db.admin);
  const calls: Call[] = [];
  const direct: ScanningDatabase = {
    ...inner,
    single: (sql, params) => {
      calls.push({ sql, params, scanMs: null });
      return inner.single(sql, params);
    },
    query: (sql, params) => {
      calls.push({ sql, params, scanMs: null });
      return inner.query(sql, params);
    },
    scan: (sql, params, timeoutMs) => {
      calls.push({ sql, params, scanMs: timeoutMs });
      return inner.scan(sql, params, timeoutMs);
    },
  };
  const warnings: string[] = [];
  return {
    db,
    direct,
    calls,
    warnings,
    async prepare(source, options = {}, scanMs = SCAN_MS) {
      const prepared = await prepareVehicles(direct, source, {
        warn: (m) => warnings.push(m),
        maxColumnBytes: 4_194_304,
        vehicles: () => undefined,
        ...options,
      });
      if ('missing' in prepared) throw new Error(`table ${prepared.missing} missing`);
      const { lookups } = prepared;
      const query: StatementRunner = (sql, params) => direct.query(sql, params);
      const scan: StatementRunner = (sql, params) => direct.scan(sql, params, scanMs);
      const execute = (kind: VehicleLookupKind) => (lookups.missingIndexes[kind].length === 0 ? query : scan);
      return {
        byPlate: (plateQuery) => lookups.byPlate(plateQuery, execute('byPlate')),
        byCitizen: (id) => lookups.byCitizen(id, execute('byCitizen')),
        missingIndexes: lookups.missingIndexes,
      };
    },
  };
}

function plate(typed: string): PlateQuery {
  const parsed = parsePlate(typed);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.plate;
}

/** The record of a plate, checked against the schema every record must pass. */
async function byPlate(lookups: Lookups, typed: string): Promise<VehicleRecord | null> {
  const record = await lookups.byPlate(plate(typed));
  return record && vehicleRecordSchema.parse(record);
}

async function platesOf(lookups: Lookups, id: string): Promise<string[] | null> {
  const records = await lookups.byCitizen(id);
  return records === null ? null : records.map((r) => vehicleRecordSchema.parse(r).plate);
}

type Plan = Array<{ table: string; type: string; key: string | null }>;

/** The plan of a recorded statement (as asked: a scan's time limit is added by the database adapter). */
async function explain(setup: Setup, call: Call): Promise<Plan> {
  const [plan] = await setup.db.admin.query(`EXPLAIN ${call.sql}`, [...call.params]);
  return (plan as Plan).map(({ table, type, key }) => ({ table, type, key }));
}

/** Runs `lookup` and returns the one statement it asked. */
async function statementOf(setup: Setup, lookup: () => Promise<unknown>): Promise<Call> {
  const before = setup.calls.length;
  await lookup();
  expect(setup.calls.length).toBe(before + 1);
  return setup.calls[setup.calls.length - 1];
}

const ADDON_CARS: VehicleCatalog = readSharedVehicles({
  rmodgtr: { model: 'rmodgtr', name: 'GT-R Nismo', type: 'automobile', hash: joaat('rmodgtr') },
});

describe('ESX 1.1: owner VARCHAR(22), stored TINYINT(1), and a users table with no key at all', () => {
  let s: Setup;
  let lookups: Lookups;
  beforeAll(async () => {
    s = await setUp('veh_esx11', ['esx-1.1.sql', 'esx-1.1-vehicles.sql']);
    lookups = await s.prepare(alphaFormat);
  });
  afterAll(() => s.db.drop());

  test("a plate in any typed form finds the vehicle, with the owner's name and the model of its hash", async () => {
    for (const typed of ['xyz987', 'XYZ 987', ' xyz 987 ', 'Xyz987']) {
      expect(await byPlate(lookups, typed)).toMatchObject({
        plate: 'XYZ 987',
        owner: 'steam:110000112a4b3c5',
        owner_name: 'Kevin Walsh',
        model: 'sultan',
        label: 'Sultan',
        state: 'garaged',
        fuel: 100,
        engine: 1000,
      });
    }
    expect(await byPlate(lookups, 'XYZ 988')).toBeNull();
  });

  test("a citizen's vehicles by plate, the police fleet car with its job; a boat with its type", async () => {
    const list = await lookups.byCitizen('steam:110000112a4b3c5');
    expect(list?.map((v) => [v.plate, v.model, v.job, v.state])).toEqual([
      ['KWL 042', 'blista', '', 'out'],
      ['LSPD 07', 'police3', 'police', 'garaged'],
      ['XYZ 987', 'sultan', '', 'garaged'],
    ]);
    expect((await lookups.byCitizen('steam:11000010b7e9d41'))?.map((v) => [v.plate, v.type, v.owner_name])).toEqual([
      ['FSH 311', 'boat', 'Ana Rios'],
    ]);
    expect(await lookups.byCitizen('steam:1100001deadbeef')).toBeNull();
  });

  test('no index serves users.identifier or owned_vehicles.owner here: both lookups run as bounded scans, naming the indexes they lack, and preparing says how to add the index', async () => {
    for (const call of [
      await statementOf(s, () => lookups.byPlate(plate('xyz987'))),
      await statementOf(s, () => lookups.byCitizen('steam:110000112a4b3c5')),
    ]) {
      expect(call.scanMs).toBe(SCAN_MS);
    }
    expect(lookups.missingIndexes).toEqual({
      byPlate: ['ALTER TABLE `users` ADD INDEX (`identifier`)'],
      byCitizen: ['ALTER TABLE `owned_vehicles` ADD INDEX (`owner`)', 'ALTER TABLE `users` ADD INDEX (`identifier`)'],
    });
    expect(s.warnings).toContain(
      'table owned_vehicles has no index on owner, so each lookup by it reads the whole table; ALTER TABLE `owned_vehicles` ADD INDEX (`owner`) makes it a key lookup',
    );
  });
});

describe('ESX 1.2 and 1.3: owner VARCHAR(40); utf8mb4_unicode_ci vehicles beside a utf8mb4_general_ci users', () => {
  let s12: Setup;
  let s13: Setup;
  beforeAll(async () => {
    s12 = await setUp('veh_esx12', ['esx-1.2.sql', 'esx-1.2-vehicles.sql']);
    s13 = await setUp('veh_esx13', ['esx-v1-final.sql', 'esx-1.3-vehicles.sql']);
  });
  afterAll(async () => {
    await s12.db.drop();
    await s13.db.drop();
  });

  test('1.2: fuel and health from the 1.2 properties; no names in that users table', async () => {
    const lookups = await s12.prepare(alphaFormat);
    expect(await byPlate(lookups, 'txi512')).toMatchObject({
      owner: 'steam:11000010a1b2c3d',
      owner_name: '',
      model: 'kuruma',
      fuel: 58.3,
      engine: 981.7,
      body: 996.4,
      job: '',
    });
    expect(await platesOf(lookups, 'steam:11000010a1b2c3d')).toEqual(['TXI 512']);
  });

  test('1.3: the join the two collations would refuse works both ways; a vehicle whose owner is gone keeps an empty name', async () => {
    await expect(s13.db.admin.query('SELECT 1 FROM owned_vehicles v JOIN users u ON u.identifier = v.owner')).rejects.toThrow(
      /Illegal mix of collations/,
    );
    const lookups = await s13.prepare(alphaFormat);
    expect(await byPlate(lookups, 'jkm808')).toMatchObject({
      owner_name: 'Jake Moreno',
      model: 't20',
      label: 'T20',
      state: 'out',
      fuel: 87,
    });
    expect(await byPlate(lookups, 'ORPH 01')).toMatchObject({
      owner: '0000000000000000000000000000000000000000',
      owner_name: '',
      state: 'garaged',
    });
    expect(await platesOf(lookups, 'e05a7d3c9b1f46a2d8c4e7b03f9a1c6d2e8b5f40')).toEqual(['JKM 808']);
  });
});

describe('ESX Legacy with esx_garage (parking, pound)', () => {
  const LENA = 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10';
  const OTHER = 'b41e8c07d2a96f3e15c0a7b9e4d28f61c3a5e0d7';
  let s: Setup;
  let lookups: Lookups;
  beforeAll(async () => {
    s = await setUp('veh_legacy', [
      'esx-legacy-schema.sql',
      'esx-legacy-1.13-row.sql',
      'esx-legacy-1.9-row.sql',
      'esx-legacy-vehicles.sql',
    ]);
    lookups = await s.prepare(alphaFormat);
  });
  afterAll(() => s.db.drop());

  test('abc123, ABC 123, " abc 123 " and Abc123 all find a stored KLM 482-like plate', async () => {
    for (const typed of ['klm482', 'KLM 482', ' klm 482 ', 'Klm482']) {
      expect(await byPlate(lookups, typed)).toMatchObject({
        plate: 'KLM 482',
        owner: LENA,
        owner_name: 'Lena Kowalczyk',
        model: 'bison',
        state: 'garaged',
        garage: 'SanAndreasAvenue',
        fuel: 41.7,
      });
    }
  });

  test('one plate stored two ways: the spelling typed wins, else the lowest key', async () => {
    expect(await byPlate(lookups, 'abc123')).toMatchObject({ plate: 'ABC123', owner: OTHER, model: 'sultan' });
    expect(await byPlate(lookups, 'ABC 123')).toMatchObject({ plate: 'ABC 123', owner: LENA, model: 'blista' });
    expect(await byPlate(lookups, 'ab c123')).toMatchObject({ plate: 'ABC 123' });
  });

  test('impounded: the pound as garage; out; an addon car; a value no garage writes; unreadable JSON', async () => {
    expect(await byPlate(lookups, 'imp900')).toMatchObject({
      state: 'impounded',
      garage: 'LosSantos',
      engine: -220.5,
      body: 402,
      fuel: 3.2,
    });
    expect(await byPlate(lookups, 'new555')).toMatchObject({
      state: 'out',
      garage: '',
      fuel: 100,
      properties: { model: joaat('panto'), plate: 'NEW 555' },
    });
    expect(await byPlate(lookups, 'rmodgtr')).toMatchObject({
      plate: 'RMOD GTR',
      model: '',
      label: '',
      model_hash: joaat('rmodgtr'),
      fuel: 77,
    });
    expect(await byPlate(lookups, 'odd5')).toMatchObject({ state: 'unknown' });
    expect(await byPlate(lookups, 'bad001')).toMatchObject({ model: '', properties: {}, state: 'garaged' });
    expect(s.warnings).toContain('vehicle BAD 001: column vehicle holds unreadable JSON; the field takes its default');
  });

  test("a running framework's shared list names the addon car", async () => {
    const named = await s.prepare(alphaFormat, { vehicles: () => ADDON_CARS });
    expect(await byPlate(named, 'RMOD GTR')).toMatchObject({ model: 'rmodgtr', label: 'GT-R Nismo', type: 'car' });
  });

  test("a citizen's vehicles ordered by plate, the fleet car listed with its job; none is []; nobody is null", async () => {
    const list = await lookups.byCitizen(LENA);
    expect(list?.map((v) => v.plate)).toEqual(['ABC 123', 'BAD 001', 'IMP 900', 'KLM 482', 'NEW 555', 'ODD 5', 'POL 113', 'RMOD GTR']);
    expect(list?.find((v) => v.plate === 'POL 113')).toMatchObject({ job: 'police', model: 'police', garage: 'SanAndreasAvenue' });
    // ESX stores licenses bare: license:<hex> is tried again without the prefix.
    expect(await platesOf(lookups, `license:${OTHER}`)).toEqual(['ABC123', 'SEA 42']);
    await s.db.admin.query(
      "INSERT INTO users (identifier, accounts, firstname, lastname) VALUES ('char2:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10', '{}', 'Lena', 'Second')",
    );
    expect(await lookups.byCitizen('char2:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10')).toEqual([]);
    expect(await lookups.byCitizen('char3:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10')).toBeNull();
  });

  test('properties longer than max_column_bytes never cross: {} and defaults, one warning', async () => {
    s.warnings.length = 0;
    const small = await s.prepare(alphaFormat, { maxColumnBytes: 256 });
    expect(await byPlate(small, 'klm482')).toMatchObject({ model: '', fuel: 100, properties: {} });
    expect(await byPlate(small, 'new555')).toMatchObject({ model: 'panto' });
    expect(s.warnings.filter((w) => w.startsWith('vehicle'))).toEqual([
      expect.stringMatching(
        /^vehicle KLM 482: column vehicle holds \d+ bytes, more than citizen_records:max_column_bytes \(256\); the field takes its default$/,
      ),
    ]);
  });

  describe('on a server with thousands of vehicles', () => {
    beforeAll(async () => {
      await s.db.admin.query(
        "INSERT INTO owned_vehicles (owner, plate, vehicle, type, job, `stored`) WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) SELECT CONCAT('char1:', SHA1(i)), CONCAT('Z', LPAD(i, 6, '0')), '{\"model\":-16948145}', 'car', NULL, 1 FROM n",
      );
      await s.db.admin.query(
        "INSERT INTO users (identifier, accounts) WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 900) SELECT CONCAT('char1:', SHA1(i)), '{}' FROM n",
      );
      await s.db.admin.query('ANALYZE TABLE owned_vehicles, users');
    });

    test('a plate lookup is one range read of the primary key, the owner joined through his', async () => {
      const call = await statementOf(s, () => lookups.byPlate(plate('klm482')));
      expect(call.scanMs).toBeNull();
      expect(lookups.missingIndexes.byPlate).toEqual([]);
      expect(await explain(s, call)).toEqual([
        { table: 'v', type: 'range', key: 'PRIMARY' },
        { table: 'o', type: 'eq_ref', key: 'PRIMARY' },
      ]);
    });

    test("without an owner index, a citizen's list reads the table as a bounded scan; with one, it uses it", async () => {
      expect(lookups.missingIndexes.byCitizen).toEqual(['ALTER TABLE `owned_vehicles` ADD INDEX (`owner`)']);
      const scan = await statementOf(s, () => lookups.byCitizen(LENA));
      expect(scan.scanMs).toBe(SCAN_MS);
      expect((await explain(s, scan)).find((r) => r.table === 'v')).toEqual({ table: 'v', type: 'ALL', key: null });

      await s.db.admin.query('ALTER TABLE owned_vehicles ADD INDEX (owner)');
      // Dropped whatever fails below: the next test needs the table without it.
      try {
        await s.db.admin.query('ANALYZE TABLE owned_vehicles');
        const indexed = await s.prepare(alphaFormat);
        expect(indexed.missingIndexes.byCitizen).toEqual([]);
        const keyed = await statementOf(s, () => indexed.byCitizen(LENA));
        expect(keyed.scanMs).toBeNull();
        expect((await explain(s, keyed)).find((r) => r.table === 'v')).toEqual({ table: 'v', type: 'ref', key: 'owner' });
        expect((await indexed.byCitizen(LENA))?.map((v) => v.plate)).toEqual((await lookups.byCitizen(LENA))?.map((v) => v.plate));
      } finally {
        await s.db.admin.query('ALTER TABLE owned_vehicles DROP INDEX owner');
      }
    });

    test('a scan that cannot finish is stopped by the database at the bound, not left holding the connection', async () => {
      const bounded = await s.prepare(alphaFormat, {}, 200);
      // A scan only where no index serves the list: a plain query would wait on the lock for a day.
      expect(bounded.missingIndexes.byCitizen).not.toEqual([]);
      const locker = await createTestDatabase('veh_locker');
      try {
        await locker.admin.changeUser({ database: s.db.name });
        // The table held by another session: the read waits, as behind a long scan.
        await locker.admin.query('LOCK TABLES owned_vehicles WRITE');
        const started = Date.now();
        const failure = await bounded.byCitizen(LENA).then(
          () => null,
          (error: Error) => error,
        );
        expect(failure && isStatementTimeout(failure.message)).toBe(true);
        // Well before lock_wait_timeout (a day by default): the statement's own bound ended it.
        expect(Date.now() - started).toBeLessThan(60_000);
      } finally {
        await locker.admin.query('UNLOCK TABLES');
        await locker.admin.changeUser({ database: locker.name });
        await locker.drop();
      }
    });
  });
});

describe('QBCore 2021: `#` and steam, utf8mb4 vehicles beside latin1 players', () => {
  let s: Setup;
  let lookups: Lookups;
  beforeAll(async () => {
    s = await setUp('veh_qb2021', ['qbcore-2021.sql', 'qbcore-2021-vehicles.sql']);
    lookups = await s.prepare(betaFormat);
  });
  afterAll(() => s.db.drop());

  test('plate, owner name through the converted join, model from vehicle and hash', async () => {
    expect(await byPlate(lookups, '8jr456kl')).toMatchObject({
      plate: '8JR456KL',
      owner: 'HBD20761',
      owner_name: 'Joris de Vries',
      model: 'vigero',
      label: 'Vigero',
      model_hash: -825837129,
      state: 'garaged',
      garage: 'motelgarage',
      properties: {},
    });
    expect(await byPlate(lookups, '0xy123zz')).toMatchObject({ state: 'out', fuel: 37, engine: 655, body: 702 });
  });

  test("a citizen's vehicles, the citizenid in any case", async () => {
    expect(await platesOf(lookups, 'HBD20761')).toEqual(['0XY123ZZ', '8JR456KL']);
    expect(await platesOf(lookups, 'hbd20761')).toEqual(['0XY123ZZ', '8JR456KL']);
    expect(await lookups.byCitizen('NOPE0000')).toBeNull();
  });
});

describe('qb-garages without a unique plate (finance columns, utf8mb4_unicode_ci beside general_ci players)', () => {
  let s: Setup;
  let lookups: Lookups;
  beforeAll(async () => {
    s = await setUp('veh_qbgarages', ['qbcore.sql', 'qb-garages-vehicles.sql']);
    lookups = await s.prepare(betaFormat);
  });
  afterAll(() => s.db.drop());

  test("the parked car: props from mods, fuel and health from their columns, the owner's charinfo name", async () => {
    const record = await byPlate(lookups, '1ab234cd');
    expect(record).toMatchObject({
      owner: 'KQW48213',
      owner_name: 'Zoë Brandt',
      model: 'vigero',
      state: 'garaged',
      garage: 'pillboxgarage',
      fuel: 63,
      engine: 991,
      body: 988,
    });
    expect(record?.properties).toMatchObject({ modEngine: 3, color1: [12, 12, 12] });
  });

  test('the same plate on two rows: the lowest key; spelled two ways: the typed spelling, else the lowest key', async () => {
    expect(await byPlate(lookups, 'twin01')).toMatchObject({ owner: 'KQW48213', model: 'adder' });
    expect(await byPlate(lookups, 'spc77')).toMatchObject({ plate: 'SPC77', owner: 'PZT90517', model: 'futo', owner_name: 'Marcus Hale' });
    expect(await byPlate(lookups, 'spc 77')).toMatchObject({ plate: 'SPC 77', owner: 'KQW48213', model: 'sultan' });
    expect(await byPlate(lookups, 's pc77')).toMatchObject({ plate: 'SPC 77' });
  });

  test('depot (state 0 with a fee) is out, seizure impounded, a fake plate carried, unreadable mods {}', async () => {
    expect(await byPlate(lookups, 'depot123')).toMatchObject({ state: 'out', fuel: 12 });
    expect(await byPlate(lookups, 'imp0und1')).toMatchObject({ state: 'impounded', fakeplate: 'FAKE 99', properties: {} });
    expect(s.warnings).toContain('vehicle IMP0UND1: column mods holds unreadable JSON; the field takes its default');
  });

  test("a citizen's vehicles ordered by plate", async () => {
    expect(await platesOf(lookups, 'KQW48213')).toEqual(['1AB234CD', 'DEPOT123', 'IMP0UND1', 'SPC 77', 'TWIN01']);
    expect(await platesOf(lookups, 'pzt90517')).toEqual(['SPC77', 'TWIN01']);
  });

  test('with thousands of vehicles, both lookups go through the plate and citizenid keys, unbounded', async () => {
    await s.db.admin.query(
      "INSERT INTO player_vehicles (citizenid, vehicle, hash, mods, plate) WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) SELECT UPPER(LEFT(SHA1(i), 8)), 'panto', '-431692672', '{}', UPPER(LEFT(SHA1(i + 7), 8)) FROM n",
    );
    await s.db.admin.query('ANALYZE TABLE player_vehicles');
    const plateCall = await statementOf(s, () => lookups.byPlate(plate('1ab234cd')));
    expect(plateCall.scanMs).toBeNull();
    // Its forms (1ab234cd, 1AB234CD) are one value under the column's case-insensitive collation: a ref read.
    expect(await explain(s, plateCall)).toEqual([
      { table: 'v', type: expect.stringMatching(/^(ref|range)$/), key: 'plate' },
      { table: 'o', type: 'eq_ref', key: 'PRIMARY' },
    ]);
    const spaced = await statementOf(s, () => lookups.byPlate(plate('spc 77')));
    expect((await explain(s, spaced))[0]).toEqual({ table: 'v', type: 'range', key: 'plate' });
    const citizenCall = await statementOf(s, () => lookups.byCitizen('KQW48213'));
    expect(citizenCall.scanMs).toBeNull();
    expect((await explain(s, citizenCall)).find((r) => r.table === 'v')).toEqual({ table: 'v', type: 'ref', key: 'citizenid' });
  });
});

describe('qb-garages without its citizenid index: the list scans, and answers what the plate lookup answers', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp('veh_qbscan', ['qbcore.sql', 'qb-garages-vehicles.sql']);
    // Health as the game reports it: FLOAT columns hold the nearest single-precision value.
    await s.db.admin.query("UPDATE player_vehicles SET engine = 912.4, body = 873.2 WHERE plate = '1AB234CD'");
    await s.db.admin.query('ALTER TABLE player_vehicles DROP INDEX citizenid');
  });
  afterAll(() => s.db.drop());

  test('a FLOAT column reads the same through the scan (binary protocol) as through the plate key (text protocol)', async () => {
    const lookups = await s.prepare(betaFormat);
    expect(lookups.missingIndexes).toEqual({ byPlate: [], byCitizen: ['ALTER TABLE `player_vehicles` ADD INDEX (`citizenid`)'] });
    const keyed = await byPlate(lookups, '1ab234cd');
    expect(keyed).toMatchObject({ engine: 912.4, body: 873.2 });
    const listCall = await statementOf(s, () => lookups.byCitizen('KQW48213'));
    expect(listCall.scanMs).toBe(SCAN_MS);
    const listed = (await lookups.byCitizen('KQW48213'))?.find((v) => v.plate === '1AB234CD');
    expect(listed).toEqual(keyed);
  });
});

describe("qb-garages with a unique plate, and the txAdmin recipe's VARCHAR(8) plates", () => {
  let unique: Setup;
  let recipe: Setup;
  beforeAll(async () => {
    unique = await setUp('veh_qbunique', ['qbcore.sql', 'qb-garages-unique-vehicles.sql']);
    recipe = await setUp('veh_qbrecipe', ['qbcore.sql', 'qbcore-recipe-vehicles.sql']);
  });
  afterAll(async () => {
    await unique.db.drop();
    await recipe.db.drop();
  });

  test('unique plate: found through it', async () => {
    const lookups = await unique.prepare(betaFormat);
    expect(await byPlate(lookups, '4gh567ij')).toMatchObject({
      owner: 'KQW48213',
      owner_name: 'Zoë Brandt',
      model: 'kuruma',
      state: 'garaged',
    });
    expect(await byPlate(lookups, '7MN890OP')).toMatchObject({
      owner_name: 'Marcus Hale',
      model: 'faggio',
      state: 'out',
      fuel: 22,
      body: 960,
    });
    const call = await statementOf(unique, () => lookups.byPlate(plate('4gh567ij')));
    expect((await explain(unique, call))[0]).toMatchObject({ table: 'v', key: expect.stringMatching(/^(UK_playervehicles_plate|plate)$/) });
  });

  test('VARCHAR(8): an 8-character plate with its space found from the compact form', async () => {
    const lookups = await recipe.prepare(betaFormat);
    expect(await byPlate(lookups, 'abcd123')).toMatchObject({ plate: 'ABCD 123', model: 'sanchez', state: 'out' });
    expect(await byPlate(lookups, '2CD345EF')).toMatchObject({ model: 'baller', garage: 'pillboxgarage' });
    expect(await platesOf(lookups, 'KQW48213')).toEqual(['2CD345EF', 'ABCD 123']);
  });
});

describe('Qbox: qbx_vehicles, plates padded to 8, ox_lib properties', () => {
  let s: Setup;
  let lookups: Lookups;
  beforeAll(async () => {
    s = await setUp('veh_qbox', ['qbox.sql', 'qbox-more-characters.sql', 'qbox-vehicles.sql']);
    lookups = await s.prepare(betaFormat);
  });
  afterAll(() => s.db.drop());

  test('a plate stored padded ("GTR     ") is found by gtr under the PAD SPACE collation, and shown trimmed', async () => {
    const [[pad]] = (await s.db.admin.query("SELECT 'GTR' = 'GTR     ' COLLATE utf8mb4_unicode_ci AS equal")) as unknown as [[Row]];
    expect(pad.equal).toBe(1);
    const record = await byPlate(lookups, 'gtr');
    expect(record).toMatchObject({
      plate: 'GTR',
      owner: 'QX7M2K9B',
      owner_name: 'Ana Łukasik',
      model: 'adder',
      label: 'Adder',
      model_hash: -1216765807,
      fuel: 92,
    });
    expect(record?.properties).toMatchObject({ plate: 'GTR     ', lockState: 1, bulletProofTyres: true });
    expect(await byPlate(lookups, 'ems1')).toMatchObject({ plate: 'EMS 1', state: 'impounded', garage: 'impoundlot', engine: 300 });
  });

  test('depotprice is not read: a spawned car (state 0 with a fee) is out', async () => {
    expect(await byPlate(lookups, 'qbx4k2m9')).toMatchObject({ state: 'out', fuel: 48, engine: 951, body: 934 });
  });

  test("a citizen's vehicles by plate; a citizen with none is []; an unknown one null", async () => {
    expect(await platesOf(lookups, 'QX7M2K9B')).toEqual(['EMS 1', 'GTR', 'QBX4K2M9']);
    expect(await lookups.byCitizen('QBX2NDCH')).toEqual([]);
    expect(await lookups.byCitizen('NOPE1234')).toBeNull();
  });
});

describe('hostile plates', () => {
  let s: Setup;
  let lookups: Lookups;
  beforeAll(async () => {
    s = await setUp('veh_hostile', ['qbox.sql', 'qbox-vehicles.sql']);
    lookups = await s.prepare(betaFormat);
  });
  afterAll(() => s.db.drop());

  test('property: any string is refused before a query, or costs exactly one statement that answers a record or null', async () => {
    const quoteish = fc.constantFrom(...'aZ09 \'\\"%_;-`\u0000\uD800é'.split(''));
    const input = fc.oneof(
      fc.string(),
      fc.array(quoteish, { maxLength: 10 }).map((chars) => chars.join('')),
      fc.constantFrom('gtr', ' E M S 1', 'QBX4K2M9', '%', "' OR 1=1 --"),
    );
    await fc.assert(
      fc.asyncProperty(input, async (raw) => {
        const before = s.calls.length;
        const parsed = parsePlate(raw);
        if (!parsed.ok) {
          expect(parsed.problem).not.toBe('');
          return;
        }
        const record = await lookups.byPlate(parsed.plate);
        expect(s.calls.length).toBe(before + 1);
        if (record)
          expect(vehicleRecordSchema.parse(record).plate.replace(/ /g, '')).toBe(parsed.plate.typed.toUpperCase().replace(/ /g, ''));
      }),
      { numRuns: 300 },
    );
  });
});

describe('tables a server does not have', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp('veh_missing', ['qbcore.sql']);
  });
  afterAll(() => s.db.drop());

  test('no vehicles table, or no citizens table beside it: the table named', async () => {
    const options = { warn: () => undefined, maxColumnBytes: 4_194_304, vehicles: () => undefined };
    expect(await prepareVehicles(s.direct, betaFormat, options)).toEqual({ missing: 'player_vehicles' });
    expect(await prepareVehicles(s.direct, alphaFormat, options)).toEqual({ missing: 'owned_vehicles' });
    await s.db.admin.query('CREATE TABLE owned_vehicles (owner VARCHAR(60), plate VARCHAR(12) PRIMARY KEY, vehicle LONGTEXT)');
    expect(await prepareVehicles(s.direct, alphaFormat, options)).toEqual({ missing: 'users' });
  });
});
