/**
 * The vehicle routes and exports on real tables: a plate's vehicle and a citizen's vehicles over
 * HTTP and through the exports alike, 400 invalid_plate before any query, the 404s, `[]`, the 501
 * naming a missing table, and /health's vehicles states (which never change status).
 */
import { waitFor } from '../../devkit/host/host-fixture';
import mysql from 'mysql2/promise';
import { loadFixture, startHarness, type Harness } from '../../devkit/resource-harness';
import { bothWays, codeOf, dataOf, errorOf } from '../../devkit/both-ways';

const plate = (h: Harness, format: 'alpha' | 'beta', value: string) =>
  bothWays(h, `/${format}/vehicles/${encodeURIComponent(value)}`, format === 'alpha' ? 'getAlphaVehicle' : 'getBetaVehicle', value);
const vehiclesOf = (h: Harness, format: 'alpha' | 'beta', id: string) =>
  bothWays(
    h,
    `/${format}/citizens/${encodeURIComponent(id)}/vehicles`,
    format === 'alpha' ? 'getAlphaCitizenVehicles' : 'getBetaCitizenVehicles',
    id,
  );

describe('alpha: ESX Legacy owned_vehicles with esx_garage', () => {
  let h: Harness;
  const OWNER = 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10';
  beforeAll(async () => {
    h = await startHarness('veh_route_alpha', ['esx-legacy-schema.sql', 'esx-legacy-1.13-row.sql', 'esx-legacy-vehicles.sql']);
    const health = JSON.parse((await h.request('/health')).body);
    expect(health.data.vehicles).toEqual({ alpha: 'available', beta: 'unavailable' });
    expect(health.data.status).toBe('ok');
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('a plate in any case and spacing gives the vehicle with its owner, over HTTP and export alike', async () => {
    for (const typed of ['KLM 482', 'klm482', ' klm 482 ']) {
      const { status, http, viaExport } = await plate(h, 'alpha', typed);
      expect(status).toBe(200);
      expect(viaExport).toEqual(http);
      expect(dataOf(http)).toMatchObject({
        plate: 'KLM 482',
        owner: OWNER,
        model: 'bison',
        label: 'Bison',
        state: 'garaged',
        garage: 'SanAndreasAvenue',
      });
    }
  });

  test('the spelling typed wins between ABC 123 and ABC123', async () => {
    expect(dataOf((await plate(h, 'alpha', 'ABC123')).http).owner).toBe('b41e8c07d2a96f3e15c0a7b9e4d28f61c3a5e0d7');
    expect(dataOf((await plate(h, 'alpha', 'abc 123')).http).owner).toBe(OWNER);
  });

  test("a citizen's vehicles ordered by plate, each as the plate route gives it; an unknown citizen 404", async () => {
    const { status, http, viaExport } = await vehiclesOf(h, 'alpha', OWNER);
    expect(status).toBe(200);
    expect(viaExport).toEqual(http);
    const plates = dataOf(http).map((v) => v.plate);
    expect(plates).toEqual([...plates].sort());
    expect(plates).toContain('KLM 482');
    expect(dataOf(http).find((v) => v.plate === 'KLM 482')).toEqual(dataOf((await plate(h, 'alpha', 'KLM 482')).http));
    const unknown = await vehiclesOf(h, 'alpha', `char1:${'e'.repeat(40)}`);
    expect({ status: unknown.status, code: codeOf(unknown.http), viaExport: codeOf(unknown.viaExport) }).toEqual({
      status: 404,
      code: 'citizen_not_found',
      viaExport: 'citizen_not_found',
    });
  });

  test('an unknown plate is 404 vehicle_not_found; a bad one 400 invalid_plate before any query', async () => {
    const missing = await plate(h, 'alpha', 'ZZZ 999');
    expect({ status: missing.status, code: codeOf(missing.http) }).toEqual({ status: 404, code: 'vehicle_not_found' });
    for (const bad of ['AB-123', '123456789', '   ', 'ÄBC']) {
      const before = h.oxmysql.queriesAsked;
      const { status, http, viaExport } = await plate(h, 'alpha', bad);
      expect({ bad, status, code: codeOf(http), viaExport: codeOf(viaExport) }).toEqual({
        bad,
        status: 400,
        code: 'invalid_plate',
        viaExport: 'invalid_plate',
      });
      expect(h.oxmysql.queriesAsked).toBe(before);
    }
  });

  test('beta without player_vehicles is 501 naming the table', async () => {
    const { status, http } = await plate(h, 'beta', 'ABC123');
    expect(status).toBe(501);
    expect(errorOf(http).code).toBe('format_unavailable');
    expect(errorOf(http).message).toMatch(/players|player_vehicles/);
  });
});

describe('beta: Qbox qbx_vehicles, padded plates', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('veh_route_beta', ['qbox.sql', 'qbox-more-characters.sql', 'qbox-vehicles.sql']);
    expect(JSON.parse((await h.request('/health')).body).data.vehicles).toEqual({ alpha: 'unavailable', beta: 'available' });
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('a padded plate by its trimmed form, HTTP and export alike', async () => {
    const { status, http, viaExport } = await plate(h, 'beta', 'gtr');
    expect(status).toBe(200);
    expect(viaExport).toEqual(http);
    expect(dataOf(http)).toMatchObject({ plate: 'GTR', owner: 'QX7M2K9B', owner_name: 'Ana Łukasik', model: 'adder' });
  });

  test("a citizen's vehicles by plate, [] for one without, 404 for none", async () => {
    expect(dataOf((await vehiclesOf(h, 'beta', 'QX7M2K9B')).http).map((v) => v.plate)).toEqual(['EMS 1', 'GTR', 'QBX4K2M9']);
    expect((await vehiclesOf(h, 'beta', 'QBX2NDCH')).http).toEqual({ success: true, data: [] });
    const none = await vehiclesOf(h, 'beta', 'NOPE1234');
    expect({ status: none.status, code: codeOf(none.http) }).toEqual({ status: 404, code: 'citizen_not_found' });
  });

  test('the alpha vehicles routes answer 501 naming owned_vehicles or users', async () => {
    const { status, http } = await vehiclesOf(h, 'alpha', `char1:${'a'.repeat(40)}`);
    expect(status).toBe(501);
    expect(errorOf(http).message).toMatch(/owned_vehicles|users/);
  });
});

describe('beta without the citizenid index: the list scans and answers the records the plate lookup answers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('veh_route_qbscan', ['qbcore.sql', 'qb-garages-vehicles.sql', 'qb-garages-vehicles-unindexed.sql']);
    expect(JSON.parse((await h.request('/health')).body).data.vehicles.beta).toBe('available');
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test('FLOAT health through the scan (rawExecute) as through the plate key (query): 912.4, not 912.4000244140625', async () => {
    const keyed = await plate(h, 'beta', '1ab234cd');
    expect(dataOf(keyed.http)).toMatchObject({ engine: 912.4, body: 873.2 });
    const listed = await vehiclesOf(h, 'beta', 'KQW48213');
    expect(listed.viaExport).toEqual(listed.http);
    expect(dataOf(listed.http).find((v) => v.plate === '1AB234CD')).toEqual(dataOf(keyed.http));
  });
});

/** A list the database stopped at search_timeout_ms: 504 database_timeout, saying `message`. */
function expectStopped(answer: { status: number; body: string }, message: string): void {
  const { error } = JSON.parse(answer.body);
  expect({ status: answer.status, code: error?.code, message: error?.message }).toEqual({ status: 504, code: 'database_timeout', message });
}

/** After a stopped scan: the database answered, so nothing is marked unavailable. */
async function expectStillAvailable(h: Harness): Promise<void> {
  const health = JSON.parse((await h.request('/health')).body);
  expect({ status: health.data.status, database: health.data.database, vehicles: health.data.vehicles.alpha }).toEqual({
    status: 'ok',
    database: 'connected',
    vehicles: 'available',
  });
}

describe("alpha without an owner index: a citizen's list scans under the search limits", () => {
  let h: Harness;
  const OWNER = 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10';
  beforeAll(async () => {
    h = await startHarness('veh_route_scan', ['esx-legacy-schema.sql', 'esx-legacy-1.13-row.sql', 'esx-legacy-vehicles.sql'], {
      convars: { 'citizen_records:search_timeout_ms': '1500', 'citizen_records:search_max_in_flight': '1' },
    });
    // /health waits for the tables to be read: the lookups below know the list scans.
    expect(JSON.parse((await h.request('/health')).body).data.vehicles.alpha).toBe('available');
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test("it takes the searches' slot (a search meanwhile is 503 server_busy, a citizen lookup passes), and the database stops it at search_timeout_ms: 504 naming the index, the database still usable", async () => {
    const locker = await mysql.createConnection(h.db.url);
    try {
      // The table held by another session: the scan waits, as a long one would.
      await locker.query('LOCK TABLES owned_vehicles WRITE');
      const list = h.request(`/alpha/citizens/${encodeURIComponent(OWNER)}/vehicles`, { timeoutMs: 10_000 });
      await waitFor(async () => {
        const [rows] = await h.db.admin.query(
          "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE '%`owned_vehicles`%' AND STATE LIKE 'Waiting%'",
        );
        return (rows as Array<{ n: number }>)[0].n > 0;
      }, 'the scan to wait on the lock');
      const search = await h.request('/alpha/citizens?name=jo');
      expect({ status: search.status, code: JSON.parse(search.body).error?.code }).toEqual({ status: 503, code: 'server_busy' });
      expect(JSON.parse(search.body).error.message).toMatch(/search_max_in_flight is 1/);
      expect((await h.request(`/alpha/citizens/${encodeURIComponent(OWNER)}`)).status).toBe(200);

      expectStopped(
        await list,
        `Listing the vehicles of ${OWNER} scanned longer than citizen_records:search_timeout_ms (1500 ms) and the database stopped it; ` +
          'no index serves it on this server: ALTER TABLE `owned_vehicles` ADD INDEX (`owner`) would make it a key lookup. Try again, or ask the server owner to add it.',
      );
    } finally {
      await locker.end();
    }
    await expectStillAvailable(h);
    expect(h.host.linesOf('citizen_records').filter((l) => /unavailable/i.test(l))).toEqual([]);
    // The plate lookup goes through its key, under the lookups' own cap; the list answers again once the table is free.
    expect(dataOf((await plate(h, 'alpha', 'klm482')).http).plate).toBe('KLM 482');
    const { status, http, viaExport } = await vehiclesOf(h, 'alpha', OWNER);
    expect(status).toBe(200);
    expect(viaExport).toEqual(http);
  });
});

describe('ESX 1.1: neither owned_vehicles.owner nor users.identifier has an index', () => {
  let h: Harness;
  // ESX 1.1 as shipped: users is essentialmode's table, which es_extended@1.1.0:es_extended.sql only
  // ALTERs (no key on identifier), and owned_vehicles is esx_vehicleshop's of esx-framework/esx_core
  // 210a5a84 (owner VARCHAR(22), PRIMARY KEY (`plate`) its only index).
  const OWNER = 'steam:110000112a4b3c5';
  beforeAll(async () => {
    h = await startHarness('veh_route_esx11', ['esx-1.1.sql', 'esx-1.1-vehicles.sql'], {
      convars: { 'citizen_records:search_timeout_ms': '1000' },
    });
    expect(JSON.parse((await h.request('/health')).body).data.vehicles.alpha).toBe('available');
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test("a citizen's list stopped at search_timeout_ms is 504 naming both ALTER TABLE statements; the database stays available", async () => {
    const locker = await mysql.createConnection(h.db.url);
    try {
      // The table held by another session keeps the scan waiting until the database stops it.
      await locker.query('LOCK TABLES owned_vehicles WRITE');
      expectStopped(
        await h.request(`/alpha/citizens/${encodeURIComponent(OWNER)}/vehicles`, { timeoutMs: 10_000 }),
        `Listing the vehicles of ${OWNER} scanned longer than citizen_records:search_timeout_ms (1000 ms) and the database stopped it; ` +
          'no index serves it on this server: ALTER TABLE `owned_vehicles` ADD INDEX (`owner`) and ALTER TABLE `users` ADD INDEX (`identifier`) ' +
          'would make it a key lookup. Try again, or ask the server owner to add it.',
      );
    } finally {
      await locker.end();
    }
    await expectStillAvailable(h);
    // Once the table is free the same scan answers.
    const { status, http } = await vehiclesOf(h, 'alpha', OWNER);
    expect({ status, plates: dataOf(http).map((v) => v.plate) }).toEqual({
      status: 200,
      plates: ['KWL 042', 'LSPD 07', 'XYZ 987'],
    });
  });
});

describe('a vehicles table created while the resource runs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('veh_route_later', ['esx-legacy-schema.sql', 'esx-legacy-1.13-row.sql']);
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  test("is 501 before, found by the health check's look for missing tables, then answered; citizens were served throughout", async () => {
    const health = async () => JSON.parse((await h.request('/health')).body).data;
    expect(await health()).toMatchObject({ status: 'ok', formats: { alpha: 'available' }, vehicles: { alpha: 'unavailable' } });
    const before = await plate(h, 'alpha', 'KLM 482');
    expect({ status: before.status, message: errorOf(before.http).message }).toEqual({
      status: 501,
      message: expect.stringContaining('owned_vehicles'),
    });
    expect((await h.request(`/alpha/citizens/${encodeURIComponent('char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10')}`)).status).toBe(200);
    await loadFixture(h.db, 'esx-legacy-vehicles.sql');
    await waitFor(async () => (await health()).vehicles.alpha === 'available', 'the vehicles table found', 20_000, 250);
    expect(dataOf((await plate(h, 'alpha', 'KLM 482')).http).plate).toBe('KLM 482');
  });
});
