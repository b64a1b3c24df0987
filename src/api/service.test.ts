import { FAKE_FORMAT_OPTIONS, FakeDatabase, manualClock, PEOPLE_COLUMNS, peopleFormat, PERSON } from '../../devkit/db/fake-database';
import { DatabaseError } from '../db/database';
import type { DataOperationId } from '../contract/operations';
import type { FormatName } from '../formats/registry';
import { NO_LIVE_SOURCE } from '../live/source';
import { createLookupCache } from '../lookup/cache';
import { ok } from '../lookup/envelope';
import { createLookupGate } from '../lookup/gate';
import type { Outcome } from '../lookup/outcome';
import { SCHEMA_RECHECK_MS } from '../lookup/prepared';
import { availability, lookupOperations, openService, prepareFormats, type LookupOperationId } from './service';

const PEOPLE = peopleFormat.name;
const HEX = PERSON.license.slice('license:'.length);
const BY_ID = /FROM `people` WHERE `id` = \?/;

const SEARCH_TIMEOUT_MS = 1500;
const SEARCHED = /^SEARCH `people`$/;

function setup(options: { enabled?: FormatName[]; maxInFlight?: number; searchMaxInFlight?: number } = {}) {
  const db = new FakeDatabase();
  db.createTable('people', PEOPLE_COLUMNS, [PERSON]);
  const clock = manualClock();
  const errors: string[] = [];
  const cache = createLookupCache<Outcome>({ ttlMs: 0, maxEntries: 10, maxBytes: 1 << 16, now: clock.now });
  const gate = createLookupGate({ maxInFlight: options.maxInFlight ?? 8, cache });
  const searchGate = createLookupGate({
    maxInFlight: options.searchMaxInFlight ?? 2,
    cache,
    what: { noun: 'table scans (searches, and vehicle lookups no index serves)', convar: 'search_max_in_flight' },
  });
  const opened = openService({
    db,
    formats: [peopleFormat],
    enabled: new Set(options.enabled ?? [PEOPLE]),
    formatOptions: FAKE_FORMAT_OPTIONS,
    gates: { lookup: gate, scan: searchGate },
    live: NO_LIVE_SOURCE,
    searchTimeoutMs: SEARCH_TIMEOUT_MS,
    cursorSecret: new Uint8Array(32).fill(7),
    now: clock.now,
    logError: (m) => errors.push(m),
  });
  /** One operation's envelope, as its route (`requestId`, a query string) or its export (a table) gives it. */
  const call = (
    id: DataOperationId,
    format: FormatName,
    params: Record<string, unknown>,
    query?: unknown,
    via: 'http' | 'export' = 'export',
    requestId?: string,
  ) =>
    lookupOperations(opened)
      [id as LookupOperationId]({ format, params, query, via, requestId })
      .then((outcome) => outcome.envelope);
  const service = {
    lookup: (format: FormatName, id: unknown, requestId?: string) => call('citizen', format, { id }, undefined, 'http', requestId),
    lookupByLicense: (format: FormatName, license: unknown) => call('citizensByLicense', format, { license }),
    lookupVehicle: (format: FormatName, plate: unknown) => call('vehicle', format, { plate }),
    lookupCitizenVehicles: (format: FormatName, id: unknown) => call('citizenVehicles', format, { id }),
    search: (format: FormatName, query: unknown, via: 'http' | 'export') => call('search', format, {}, query, via),
    prepareFormats: (recheckMs?: number) => prepareFormats(opened, recheckMs),
    availability: () => availability(opened).formats,
  };
  return { db, clock, errors, gate, searchGate, service };
}

describe('lookup', () => {
  test('answers the record, or 404 citizen_not_found naming the id', async () => {
    const { service } = setup();
    expect(await service.lookup(PEOPLE, PERSON.id)).toEqual(ok({ id: PERSON.id, name: PERSON.name }));
    expect(await service.lookup(PEOPLE, '2002')).toEqual({
      success: false,
      error: { code: 'citizen_not_found', message: 'No citizen with id 2002 exists in format people.' },
    });
  });

  test("checks the id against the format's rule before anything else, saying what was given", async () => {
    const { db, service } = setup({ enabled: [] });
    db.ready = false;
    expect(await service.lookup(PEOPLE, 'x1')).toEqual({
      success: false,
      error: { code: 'invalid_id', message: 'The id must be 1 to 8 digits.' },
    });
    expect(await service.lookup(PEOPLE, 1001)).toMatchObject({
      error: { message: 'The id must be a string, 1 to 8 digits; a number was given.' },
    });
    expect(await service.lookup(PEOPLE, null)).toMatchObject({
      error: { message: expect.stringMatching(/none was given, or its %-escapes are malformed\.$/) },
    });
    expect(db.statements).toEqual([]);
  });

  test('a disabled format is 501 naming the convar; a database not connected yet is 503, both without a query', async () => {
    const off = setup({ enabled: [] });
    expect(await off.service.lookup(PEOPLE, PERSON.id)).toMatchObject({
      error: { code: 'format_unavailable', message: expect.stringContaining('citizen_records:formats') },
    });
    const early = setup();
    early.db.ready = false;
    expect(await early.service.lookup(PEOPLE, PERSON.id)).toMatchObject({ error: { code: 'database_unavailable' } });
    expect([...off.db.statements, ...early.db.statements]).toEqual([]);
    expect(early.errors).toEqual([]);
  });

  test('a missing table is 501 format_unavailable naming it', async () => {
    const { db, service } = setup();
    db.dropTable('people');
    expect(await service.lookup(PEOPLE, PERSON.id)).toEqual({
      success: false,
      error: {
        code: 'format_unavailable',
        message: "Format people needs the people (Fake) table, which this server's database does not have.",
      },
    });
    expect(service.availability()).toEqual({ [PEOPLE]: 'unavailable' });
  });

  test('a column dropped under a prepared query: the tables are read again and the lookup retried once', async () => {
    const { db, errors, service } = setup();
    expect(await service.lookup(PEOPLE, PERSON.id)).toEqual(ok({ id: PERSON.id, name: PERSON.name }));
    db.alterColumn('people', 'name', null);
    expect(await service.lookup(PEOPLE, PERSON.id)).toEqual(ok({ id: PERSON.id, name: null }));
    expect(db.asked(BY_ID).map((s) => s.sql)).toEqual([
      'SELECT `id`, `name` FROM `people` WHERE `id` = ?',
      'SELECT `id`, `name` FROM `people` WHERE `id` = ?',
      'SELECT `id` FROM `people` WHERE `id` = ?',
    ]);
    expect(errors).toEqual([]);
  });

  test('a schema error that persists after the retry is 500 internal_error, logged with the request id', async () => {
    const { db, errors, service } = setup();
    await service.lookup(PEOPLE, PERSON.id);
    db.failNext(new DatabaseError('failed', "Unknown column 'name' in 'field list'"), 2, BY_ID);
    expect(await service.lookup(PEOPLE, PERSON.id, 'req-9')).toMatchObject({ error: { code: 'internal_error' } });
    expect(db.asked(BY_ID)).toHaveLength(3);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^request req-9: people lookup of 1001 failed: DatabaseError: Unknown column 'name'/);
  });

  test('database failures become their codes through the gate', async () => {
    const { db, service } = setup();
    await service.prepareFormats();
    db.failNext(new DatabaseError('timeout', 'the database did not answer within 300 ms'));
    expect(await service.lookup(PEOPLE, PERSON.id)).toMatchObject({ error: { code: 'database_timeout' } });
    db.failNext(new DatabaseError('unavailable', 'connect ECONNREFUSED'));
    expect(await service.lookup(PEOPLE, PERSON.id)).toMatchObject({ error: { code: 'database_unavailable' } });
    expect(await service.lookup(PEOPLE, PERSON.id)).toEqual(ok({ id: PERSON.id, name: PERSON.name }));
  });

  test('identical lookups in flight share one query; the resource stopping answers them resource_stopping', async () => {
    const { db, gate, service } = setup();
    await service.prepareFormats();
    db.hold();
    const shared = [service.lookup(PEOPLE, PERSON.id), service.lookup(PEOPLE, PERSON.id)];
    expect(gate.inFlight()).toBe(1);
    gate.stop();
    for (const answer of await Promise.all(shared)) expect(answer).toMatchObject({ error: { code: 'resource_stopping' } });
    db.release();
    expect(db.asked(BY_ID)).toHaveLength(1);
  });
});

describe('lookupByLicense', () => {
  test('any accepted spelling finds the player by the 40 hex digits', async () => {
    const { service } = setup();
    for (const spelling of [PERSON.license, HEX.toUpperCase(), `LICENSE:${HEX}`]) {
      expect(await service.lookupByLicense(PEOPLE, spelling)).toEqual(ok([{ id: PERSON.id, name: PERSON.name }]));
    }
  });

  test('a malformed license is 400 invalid_license before any query', async () => {
    const { db, service } = setup();
    expect(await service.lookupByLicense(PEOPLE, 'license:abc')).toMatchObject({
      error: { code: 'invalid_license', message: expect.stringMatching(/^The license must be license:<40 hex digits>/) },
    });
    expect(await service.lookupByLicense(PEOPLE, 42)).toMatchObject({
      error: { message: expect.stringMatching(/; a number was given\.$/) },
    });
    expect(db.statements).toEqual([]);
  });
});

describe('prepareFormats and availability', () => {
  test('pending until the tables are read, then available', async () => {
    const { service } = setup();
    expect(service.availability()).toEqual({ [PEOPLE]: 'pending' });
    expect(await service.prepareFormats()).toBe(true);
    expect(service.availability()).toEqual({ [PEOPLE]: 'available' });
  });
});

describe('search', () => {
  const PEOPLE_ROWS = [
    PERSON,
    { id: '1002', name: 'Ada Lovelace', license: '' },
    { id: '1003', name: 'Adam Smith', license: '' },
    { id: '2001', name: 'Bo Jones', license: '' },
  ];
  const records = (...ids: string[]) => ids.map((id) => ({ id, name: PEOPLE_ROWS.find((r) => r.id === id)!.name }));

  function searching(options: { searchMaxInFlight?: number } = {}) {
    const world = setup(options);
    world.db.createTable('people', PEOPLE_COLUMNS, PEOPLE_ROWS);
    return world;
  }

  test('a page, and the next from its cursor, over HTTP (a query string) and from an export (a table) alike; the database limits each scan', async () => {
    const { db, service } = searching();
    const first = (await service.search(PEOPLE, 'name=ada&limit=2', 'http')) as {
      success: true;
      data: { citizens: unknown[]; next: string };
    };
    expect(first.data.citizens).toEqual(records('1001', '1002'));
    expect(await service.search(PEOPLE, { name: 'ada', limit: 2 }, 'export')).toEqual(first);
    const second = await service.search(PEOPLE, `name=ada&limit=2&cursor=${first.data.next}`, 'http');
    expect(second).toEqual(ok({ citizens: records('1003'), next: null }));
    expect(db.scanLimits).toEqual([SEARCH_TIMEOUT_MS, SEARCH_TIMEOUT_MS, SEARCH_TIMEOUT_MS]);
    expect(db.asked(SEARCHED).map((q) => q.params)).toEqual([
      ['ada', '', 3],
      ['ada', '', 3],
      ['ada', '1002', 3],
    ]);
  });

  test("a query breaking the rules, or a question the format's table cannot answer, is 400 invalid_query and runs no search", async () => {
    const { db, service } = searching();
    expect(await service.search(PEOPLE, 'name=a', 'http')).toMatchObject({
      error: { code: 'invalid_query', message: expect.stringMatching(/^name must be 2 to 64/) },
    });
    // An export's string is no query string: the search takes a table.
    expect(await service.search(PEOPLE, 'name=ada', 'export')).toMatchObject({
      error: { code: 'invalid_query', message: expect.stringMatching(/^The search takes one table/) },
    });
    expect(db.statements).toEqual([]);
    expect(await service.search(PEOPLE, { phone: '555-0102' }, 'export')).toEqual({
      success: false,
      error: { code: 'invalid_query', message: 'people have no phone numbers' },
    });
    expect(db.asked(SEARCHED)).toEqual([]);
  });

  test('the database stopping a scan is 504 database_timeout saying to narrow the search; it logs nothing', async () => {
    const { db, errors, service } = searching();
    await service.prepareFormats();
    db.failNext(new DatabaseError('timeout', 'the database stopped the statement at its time limit (…)', true), 1, SEARCHED);
    expect(await service.search(PEOPLE, { name: 'ada' }, 'export')).toEqual({
      success: false,
      error: {
        code: 'database_timeout',
        message:
          'The search scanned longer than citizen_records:search_timeout_ms (1500 ms) and the database stopped it; narrow it (more of the name, a dob or a phone) or try again.',
      },
    });
    db.failNext(new DatabaseError('timeout', 'the database did not answer within 5000 ms'), 1, SEARCHED);
    expect(await service.search(PEOPLE, { name: 'ada' }, 'export')).toMatchObject({
      error: { code: 'database_timeout', message: expect.stringMatching(/^The database did not answer in time/) },
    });
    expect(errors).toEqual([]);
  });

  test('searches have their own cap: beyond it 503 server_busy, while identical ones share one scan and lookups still pass', async () => {
    const { db, searchGate, service } = searching({ searchMaxInFlight: 1 });
    await service.prepareFormats();
    db.hold();
    const shared = [service.search(PEOPLE, { name: 'ada' }, 'export'), service.search(PEOPLE, 'name=ada', 'http')];
    expect(searchGate.inFlight()).toBe(1);
    expect(await service.search(PEOPLE, { name: 'bo' }, 'export')).toMatchObject({
      error: {
        code: 'server_busy',
        message:
          'Too many table scans (searches, and vehicle lookups no index serves) are waiting on the database (citizen_records:search_max_in_flight is 1); try again in a moment.',
      },
    });
    const lookup = service.lookup(PEOPLE, PERSON.id);
    db.release();
    expect(await lookup).toEqual(ok({ id: PERSON.id, name: PERSON.name }));
    const [a, b] = await Promise.all(shared);
    expect(a).toEqual(b);
    expect(db.asked(SEARCHED)).toHaveLength(1);
  });
});

describe('vehicles', () => {
  const CARS_COLUMNS = { plate: 'varchar(8)', owner: 'varchar(8)' };
  const CARS = [
    { plate: 'ZED 2', owner: PERSON.id },
    { plate: 'ADA 1', owner: PERSON.id },
  ];
  const LISTED = /JOIN `cars`/;
  const BY_PLATE = /FROM `cars` AS `v`/;
  /** The fake format's vehicle record of a `cars` row. */
  const car = (plate: string) => expect.objectContaining({ plate, owner: PERSON.id });

  /** The fake format's vehicles in a `cars` table with these indexes (a plate key; an owner index or not), beside `people` keyed by id. */
  function withCars(indexes: string[], options: { searchMaxInFlight?: number } = {}) {
    const world = setup(options);
    world.db.createTable('people', PEOPLE_COLUMNS, [PERSON], ['id']);
    world.db.createTable('cars', CARS_COLUMNS, CARS, indexes);
    return world;
  }

  test("served by the indexes, both lookups are plain queries under the lookups' gate", async () => {
    const { db, service } = withCars(['plate', 'owner']);
    expect(await service.lookupCitizenVehicles(PEOPLE, PERSON.id)).toEqual(ok([car('ADA 1'), car('ZED 2')]));
    expect(await service.lookupVehicle(PEOPLE, 'ada1')).toEqual(ok(car('ADA 1')));
    expect(await service.lookupCitizenVehicles(PEOPLE, '2002')).toMatchObject({ error: { code: 'citizen_not_found' } });
    expect(db.scanLimits).toEqual([]);
  });

  test("without an owner index a citizen's list scans, at search_timeout_ms; the plate lookup keeps its key", async () => {
    const { db, service } = withCars(['plate']);
    expect(await service.lookupCitizenVehicles(PEOPLE, PERSON.id)).toEqual(ok([car('ADA 1'), car('ZED 2')]));
    expect(db.scanLimits).toEqual([SEARCH_TIMEOUT_MS]);
    expect(await service.lookupVehicle(PEOPLE, 'ZED2')).toEqual(ok(car('ZED 2')));
    expect(db.scanLimits).toEqual([SEARCH_TIMEOUT_MS]);
  });

  test("a scanning list takes the searches' slot, from the first lookup on (before the tables are read): beyond the cap 503 server_busy, while indexed lookups pass", async () => {
    const { db, gate, searchGate, service } = withCars(['plate'], { searchMaxInFlight: 1 });
    db.hold(LISTED);
    const first = service.lookupCitizenVehicles(PEOPLE, PERSON.id);
    await waitUntil(() => db.asked(LISTED).length === 1);
    expect({ search: searchGate.inFlight(), lookups: gate.inFlight() }).toEqual({ search: 1, lookups: 0 });
    // Another citizen's list, and a search, meet the cap; an identical list shares the scan.
    const twin = service.lookupCitizenVehicles(PEOPLE, PERSON.id);
    for (const busy of [await service.lookupCitizenVehicles(PEOPLE, '2002'), await service.search(PEOPLE, { name: 'ada' }, 'export')]) {
      expect(busy).toMatchObject({ error: { code: 'server_busy', message: expect.stringContaining('search_max_in_flight is 1') } });
    }
    expect(await service.lookupVehicle(PEOPLE, 'ada 1')).toEqual(ok(car('ADA 1')));
    expect(await service.lookup(PEOPLE, PERSON.id)).toEqual(ok({ id: PERSON.id, name: PERSON.name }));
    db.release();
    expect(await first).toEqual(ok([car('ADA 1'), car('ZED 2')]));
    expect(await twin).toEqual(await first);
    expect(db.asked(LISTED)).toHaveLength(1);
  });

  test("with the owner index a list does not count against the searches' cap", async () => {
    const { db, gate, service } = withCars(['plate', 'owner'], { searchMaxInFlight: 1 });
    await service.prepareFormats();
    db.hold();
    const search = service.search(PEOPLE, { name: 'ada' }, 'export');
    const list = service.lookupCitizenVehicles(PEOPLE, PERSON.id);
    await waitUntil(() => gate.inFlight() === 1);
    db.release();
    expect(await list).toEqual(ok([car('ADA 1'), car('ZED 2')]));
    expect(await search).toMatchObject({ success: true });
    expect(db.scanLimits).toEqual([SEARCH_TIMEOUT_MS]);
  });

  test('a table without a plate key: a plate lookup scans under the search gate too', async () => {
    const { db, searchGate, service } = withCars([], { searchMaxInFlight: 1 });
    await service.prepareFormats();
    db.hold(BY_PLATE);
    const found = service.lookupVehicle(PEOPLE, 'zed2');
    await waitUntil(() => db.asked(BY_PLATE).length === 1);
    expect(searchGate.inFlight()).toBe(1);
    db.release();
    expect(await found).toEqual(ok(car('ZED 2')));
    expect(db.scanLimits).toEqual([SEARCH_TIMEOUT_MS]);
  });

  test('the database stopping the scan is 504 database_timeout naming the index that would serve it; it logs nothing', async () => {
    const { db, errors, service } = withCars(['plate']);
    db.failNext(new DatabaseError('timeout', 'the database stopped the statement at its time limit (…)', true), 1, LISTED);
    expect(await service.lookupCitizenVehicles(PEOPLE, PERSON.id)).toEqual({
      success: false,
      error: {
        code: 'database_timeout',
        message:
          'Listing the vehicles of 1001 scanned longer than citizen_records:search_timeout_ms (1500 ms) and the database stopped it; ' +
          'no index serves it on this server: ALTER TABLE `cars` ADD INDEX (`owner`) would make it a key lookup. Try again, or ask the server owner to add it.',
      },
    });
    // Not stopped by the database (it no longer answers): the lookups' own timeout answer.
    db.failNext(new DatabaseError('timeout', 'the database did not answer within 2500 ms'), 1, LISTED);
    expect(await service.lookupCitizenVehicles(PEOPLE, PERSON.id)).toMatchObject({
      error: { code: 'database_timeout', message: expect.stringMatching(/^The database did not answer in time/) },
    });
    expect(errors).toEqual([]);
  });

  test('the owner index added while running is found at the recheck pace: the list is then a key lookup', async () => {
    const { clock, db, service } = withCars(['plate']);
    expect(await service.lookupCitizenVehicles(PEOPLE, PERSON.id)).toMatchObject({ success: true });
    expect(db.scanLimits).toHaveLength(1);
    const indexReads = () => db.asked(/information_schema\.STATISTICS/).length;
    const firstReads = indexReads();
    db.createTable('cars', CARS_COLUMNS, CARS, ['plate', 'owner']);
    clock.advance(SCHEMA_RECHECK_MS);
    // This lookup compares the tables (in the background), sees the index, and reads them again.
    await service.lookupCitizenVehicles(PEOPLE, PERSON.id);
    await waitUntil(() => indexReads() === 2 * firstReads);
    expect(await service.lookupCitizenVehicles(PEOPLE, PERSON.id)).toEqual(ok([car('ADA 1'), car('ZED 2')]));
    expect(db.scanLimits).toHaveLength(2);
  });

  test('reading the tables first fails as any lookup: the database unavailable is 503, and no gate is taken', async () => {
    const { db, gate, searchGate, service } = withCars(['plate']);
    db.failNext(new DatabaseError('unavailable', 'connection lost'));
    expect(await service.lookupCitizenVehicles(PEOPLE, PERSON.id)).toMatchObject({ error: { code: 'database_unavailable' } });
    expect({ search: searchGate.inFlight(), lookups: gate.inFlight() }).toEqual({ search: 0, lookups: 0 });
  });
});

/** Lets answers that are due come until `condition` holds (a bounded number of turns, no timer). */
async function waitUntil(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 100 && !condition(); turn++) await new Promise((resolve) => setImmediate(resolve));
  expect(condition()).toBe(true);
}
