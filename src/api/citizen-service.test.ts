import { FAKE_FORMAT_OPTIONS, FakeDatabase, manualClock, PEOPLE_COLUMNS, peopleFormat, PERSON } from '../../devkit/db/fake-database';
import { DatabaseError } from '../db/database';
import type { FormatName } from '../formats/registry';
import { createCitizenService } from './citizen-service';
import { ok, type Envelope } from './envelope';
import { createLookupCache } from './lookup-cache';
import { createLookupGate } from './lookup-gate';
import { NO_LIVE_SOURCE } from './live-source';

const PEOPLE = peopleFormat.name;
const HEX = PERSON.license.slice('license:'.length);
const BY_ID = /FROM `people` WHERE `id` = \?/;

function setup(options: { enabled?: FormatName[]; maxInFlight?: number } = {}) {
  const db = new FakeDatabase();
  db.createTable('people', PEOPLE_COLUMNS, [PERSON]);
  const clock = manualClock();
  const errors: string[] = [];
  const gate = createLookupGate({
    maxInFlight: options.maxInFlight ?? 8,
    cache: createLookupCache<Envelope<unknown>>({ ttlMs: 0, maxEntries: 10, maxBytes: 1 << 16, now: clock.now }),
  });
  const service = createCitizenService({
    db,
    formats: [peopleFormat],
    enabled: new Set(options.enabled ?? [PEOPLE]),
    formatOptions: FAKE_FORMAT_OPTIONS,
    gate,
    live: NO_LIVE_SOURCE,
    now: clock.now,
    logError: (m) => errors.push(m),
  });
  return { db, clock, errors, gate, service };
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
