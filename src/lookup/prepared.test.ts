import { waitFor } from '../../devkit/host/host-fixture';
import { FAKE_FORMAT_OPTIONS, FakeDatabase, manualClock, PEOPLE_COLUMNS, peopleFormat, PERSON } from '../../devkit/db/fake-database';
import { DatabaseError } from '../db/database';
import type { FormatName } from '../formats/registry';
import { citizenPreparation } from '../citizens/rooms';
import {
  forgetPrepared,
  isSchemaChange,
  keepPrepared,
  prepareAll,
  preparedAvailability,
  preparedLookups,
  SCHEMA_RECHECK_MS,
} from './prepared';

const PEOPLE = peopleFormat.name;
const COLUMN_READ = /information_schema\.COLUMNS WHERE TABLE_SCHEMA = DATABASE\(\) AND TABLE_NAME = \?/;

function setup(options: { enabled?: FormatName[] } = {}) {
  const db = new FakeDatabase();
  const clock = manualClock();
  const errors: string[] = [];
  const prepared = keepPrepared({
    db,
    formats: [peopleFormat],
    enabled: new Set(options.enabled ?? [PEOPLE]),
    preparation: citizenPreparation(FAKE_FORMAT_OPTIONS),
    now: clock.now,
    logError: (m) => errors.push(m),
  });
  return { db, clock, errors, prepared };
}

describe('keepPrepared', () => {
  test('callers arriving while the tables are read share one inspection', async () => {
    const { db, prepared } = setup();
    db.createTable('people', PEOPLE_COLUMNS, [PERSON]);
    db.hold();
    const callers = [preparedLookups(prepared, PEOPLE), preparedLookups(prepared, PEOPLE), preparedLookups(prepared, PEOPLE)];
    expect(preparedAvailability(prepared)).toEqual({ [PEOPLE]: 'pending' });
    await waitFor(() => db.statements.length > 0, 'the schema read');
    db.release();
    const [first, ...others] = await Promise.all(callers);
    expect(first).not.toBeNull();
    for (const other of others) expect(other).toBe(first);
    expect(db.asked(COLUMN_READ)).toHaveLength(1);
    expect((await first?.byId(PERSON.id))?.value).toEqual({ id: PERSON.id, name: PERSON.name });
    expect(preparedAvailability(prepared)).toEqual({ [PEOPLE]: 'available' });
  });

  test('a missing table is unavailable, looked for again only once the recheck interval has passed', async () => {
    const { db, clock, prepared } = setup();
    expect(await prepareAll(prepared)).toBe(true);
    expect(preparedAvailability(prepared)).toEqual({ [PEOPLE]: 'unavailable' });
    db.createTable('people', PEOPLE_COLUMNS, [PERSON]);
    clock.advance(SCHEMA_RECHECK_MS - 1);
    expect(await preparedLookups(prepared, PEOPLE)).toBeNull();
    clock.advance(1);
    const found = await preparedLookups(prepared, PEOPLE);
    expect((await found?.byId(PERSON.id))?.value).toEqual({ id: PERSON.id, name: PERSON.name });
    expect(preparedAvailability(prepared)).toEqual({ [PEOPLE]: 'available' });
  });

  test('a column change that makes no query fail is found by the background comparison and prepares the format again', async () => {
    const { db, clock, prepared } = setup();
    db.createTable('people', { id: 'varchar(8)' }, [PERSON]);
    const before = await preparedLookups(prepared, PEOPLE);
    expect((await before?.byId(PERSON.id))?.value).toEqual({ id: PERSON.id, name: null });

    db.alterColumn('people', 'name', 'varchar(50)');
    clock.advance(SCHEMA_RECHECK_MS);
    // The comparison runs behind this lookup, which still answers with what it knew.
    expect(await preparedLookups(prepared, PEOPLE)).toBe(before);
    await waitFor(async () => (await preparedLookups(prepared, PEOPLE)) !== before, 'the format to be prepared again');
    const after = await preparedLookups(prepared, PEOPLE);
    expect((await after?.byId(PERSON.id))?.value).toEqual({ id: PERSON.id, name: PERSON.name });
    expect(db.asked(COLUMN_READ)).toHaveLength(2);
  });

  test('an unchanged table is compared, not prepared again', async () => {
    const { db, clock, prepared } = setup();
    db.createTable('people', PEOPLE_COLUMNS, [PERSON]);
    const before = await preparedLookups(prepared, PEOPLE);
    clock.advance(SCHEMA_RECHECK_MS);
    const signatures = db.asked(/TABLE_NAME IN/).length;
    expect(await preparedLookups(prepared, PEOPLE)).toBe(before);
    await waitFor(() => db.asked(/TABLE_NAME IN/).length === signatures + 1, 'the comparison');
    // The fake answers within the microtask queue: one event-loop turn later the comparison has settled.
    await new Promise(setImmediate);
    expect(db.asked(COLUMN_READ)).toHaveLength(1);
  });

  test('a failed inspection is tried again by the next caller, and logged once per cause', async () => {
    const { db, errors, prepared } = setup();
    db.createTable('people', PEOPLE_COLUMNS, [PERSON]);
    db.failNext(new DatabaseError('unavailable', 'connect ECONNREFUSED'), 2);
    expect(await prepareAll(prepared)).toBe(false);
    expect(await prepareAll(prepared)).toBe(false);
    expect(errors).toEqual(['reading the people (Fake) table failed: connect ECONNREFUSED']);
    expect(preparedAvailability(prepared)).toEqual({ [PEOPLE]: 'pending' });
    expect(await prepareAll(prepared)).toBe(true);
    expect(preparedAvailability(prepared)).toEqual({ [PEOPLE]: 'available' });
  });

  test('the resource stopping during an inspection is not logged', async () => {
    const { db, errors, prepared } = setup();
    db.failNext(new DatabaseError('stopping', 'the resource is stopping'));
    expect(await prepareAll(prepared)).toBe(false);
    expect(errors).toEqual([]);
  });

  test('forget makes the next caller inspect the tables again', async () => {
    const { db, prepared } = setup();
    db.createTable('people', PEOPLE_COLUMNS, [PERSON]);
    await preparedLookups(prepared, PEOPLE);
    forgetPrepared(prepared, PEOPLE);
    expect(preparedAvailability(prepared)).toEqual({ [PEOPLE]: 'pending' });
    await preparedLookups(prepared, PEOPLE);
    expect(db.asked(COLUMN_READ)).toHaveLength(2);
  });

  test('a disabled format is reported disabled and never inspected', async () => {
    const { db, prepared } = setup({ enabled: [] });
    expect(await prepareAll(prepared)).toBe(true);
    expect(preparedAvailability(prepared)).toEqual({ [PEOPLE]: 'disabled' });
    expect(db.statements).toEqual([]);
  });
});

describe('isSchemaChange', () => {
  test("MariaDB's words for a dropped column or table, from a failed query only", async () => {
    const db = new FakeDatabase();
    db.createTable('people', { id: 'varchar(8)' });
    const errorOf = (sql: string) =>
      db.query(sql, ['1']).then(
        () => null,
        (error: unknown) => error,
      );
    expect(isSchemaChange(await errorOf('SELECT `id`, `name` FROM `people` WHERE `id` = ?'))).toBe(true);
    expect(isSchemaChange(await errorOf('SELECT `id` FROM `gone` WHERE `id` = ?'))).toBe(true);
    expect(isSchemaChange(new DatabaseError('failed', "Duplicate entry '1' for key 'PRIMARY'"))).toBe(false);
    expect(isSchemaChange(new DatabaseError('unavailable', "Table 'x' doesn't exist"))).toBe(false);
    expect(isSchemaChange(new Error("Unknown column 'x'"))).toBe(false);
  });
});
