/**
 * Format beta's search SQL against the real MariaDB, on QBCore and Qbox `players` tables: names,
 * birth dates and phones inside the `charinfo` JSON text, whatever shape a row's JSON has.
 */
import { createTestDatabase, type TestDatabase } from '../../devkit/db/test-database';
import { loadFixture } from '../../devkit/resource-harness';
import { readTableColumns } from '../../src/db/table-columns';
import { parseCalendarDate } from '../../src/values/calendar-date';
import { betaFormat } from '../../src/formats/beta';
import { BIRTHDATE_ORDER } from '../../src/formats/beta/charinfo';
import { prepareBetaSearch } from '../../src/formats/beta/search';
import type { FormatOptions } from '../../src/formats/format';
import { bindSearch, searchConnection, searchPage, searchPages, type SearchConnection } from './search-harness';

const warnings: string[] = [];
const NOW = Date.UTC(2026, 0, 1);
const options: FormatOptions = {
  warn: (m) => warnings.push(m),
  dobOrder: 'DMY',
  now: () => NOW,
  maxColumnBytes: 4_194_304,
  esxCharacterPrefix: 'char',
  esxMaxCharacters: 4,
  info: () => undefined,
  groups: () => undefined,
  vehicles: () => undefined,
};

let serial = 0;
const nextCitizenId = () => `SRCH${String(++serial).padStart(4, '0')}`;

/** Inserts a player whose charinfo is `charinfo` as stored (a JSON text, or anything else a row may hold). */
async function insertPlayer(db: TestDatabase, charinfo: string | null, citizenid = nextCitizenId()): Promise<string> {
  const [columns] = await db.admin.query(
    "SELECT COLUMN_NAME AS c FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'players'",
  );
  const has = new Set((columns as Array<{ c: string }>).map((r) => r.c));
  const values: Record<string, unknown> = {
    citizenid,
    cid: 1,
    license: `license:${citizenid.toLowerCase().padEnd(40, '0')}`,
    name: 'Player',
    money: '{"cash":500,"bank":5000,"crypto":0}',
    charinfo,
    job: '{"name":"police","label":"Law Enforcement","payment":75,"onduty":true,"grade":{"name":"Officer","level":1}}',
    gang: null,
    position: '{"x":1,"y":2,"z":3}',
    metadata: '{"hunger":90}',
    inventory: '[]',
    ...(has.has('steam') ? { steam: 'steam:110000100000000' } : {}),
  };
  await db.admin.query('INSERT INTO players SET ?', [values]);
  return citizenid;
}

const charinfo = (fields: Record<string, unknown>) =>
  JSON.stringify({ gender: 0, nationality: 'American', account: 'US01QB', cid: 1, ...fields });

async function betaSearch(conn: SearchConnection) {
  const columns = await readTableColumns(conn.db, 'players');
  if (!columns) throw new Error('no players table');
  return bindSearch(prepareBetaSearch(columns, options), conn.execute);
}

describe.each([
  ['qb-core (no table charset: utf8mb4_general_ci here)', 'qbcore.sql'],
  ['QBCore 2021 (latin1, id column `#`)', 'qbcore-2021.sql'],
  ['Qbox (utf8mb4_unicode_ci)', 'qbox.sql'],
])('a %s players table', (_label, fixture) => {
  let db: TestDatabase;
  let conn: SearchConnection;
  let search: Awaited<ReturnType<typeof betaSearch>>;
  const who: Record<string, string> = {};

  beforeAll(async () => {
    db = await createTestDatabase(`search_beta_${fixture.replace(/\W/g, '')}`);
    await loadFixture(db, fixture);
    await db.admin.query("DELETE FROM players WHERE citizenid <> ''");
    const add = async (key: string, stored: string | null) => (who[key] = await insertPlayer(db, stored));
    await add('john', charinfo({ firstname: 'John', lastname: 'Smith', birthdate: '1990-05-14', phone: '4157732901' }));
    await add('smithJohnson', charinfo({ firstname: 'Smith', lastname: 'Johnson', birthdate: '14/05/1990', phone: 4157732902 }));
    await add('osmith', charinfo({ firstname: 'Ajoke', lastname: 'Osmith', birthdate: '1990/5/14', phone: '415-773-2901' }));
    await add('zoe', charinfo({ firstname: 'Zoë', lastname: 'Sørensen', birthdate: '05/14/1990', phone: '(415) 773 2903' }));
    await add('jose', charinfo({ firstname: 'José', lastname: 'de Vries', birthdate: '00-00-0000', phone: '+1 415 773 2904' }));
    await add('nullLast', charinfo({ firstname: 'Smitty', lastname: null, birthdate: null, phone: null }));
    await add('objectFirst', charinfo({ firstname: { text: 'Smoke' }, lastname: 'Smoke', phone: ['4157732901'] }));
    await add('numberLast', charinfo({ firstname: 'Num', lastname: 1234 }));
    await add('notJson', '{"firstname":"Smith","lastname":"Broken"');
    await add('noCharinfo', null);
    await add('quoted', charinfo({ firstname: '100%"\\x', lastname: "O'Brien" }));
    // As a JSON encoder that escapes every non-ASCII character writes them: no `é` in the text.
    await add('escaped', '{"firstname":"Andr\\u00e9s","lastname":"M\\u00fcller-\\"Kid\\"","cid":1}');
    await add('apostrophes', charinfo({ firstname: "D'Arcy", lastname: "O'Neil-Ng" }));
    await add('exponent', '{"firstname":"Exp","lastname":1e2}');
    conn = await searchConnection(db);
    search = await betaSearch(conn);
  });
  afterAll(async () => {
    await conn.close();
    await db.drop();
  });

  const find = async (argument: Record<string, unknown>) =>
    (await searchPage(search, { limit: 50, ...argument })).citizens.map((c) => c.citizenid);
  const ids = (...keys: string[]) => keys.map((k) => who[k]);

  test('names come from charinfo: every term starts the first or the last name, case- and accent-insensitively', async () => {
    expect(await find({ name: 'jo smi' })).toEqual(ids('smithJohnson', 'john'));
    expect(await find({ name: 'ZOE SOREN' })).toEqual(ids('zoe'));
    expect(await find({ name: 'sørensen' })).toEqual(ids('zoe'));
    expect(await find({ name: 'jose' })).toEqual(ids('jose'));
    expect(await find({ name: 'vries' })).toEqual([]);
    expect(await find({ name: 'de' })).toEqual(ids('jose'));
  });

  test('quotes, backslashes and % inside the JSON text match themselves', async () => {
    expect(await find({ name: 'o\'brien 100%"\\' })).toEqual(ids('quoted'));
    // Were % a wildcard, 10%" would match 100%"\x.
    expect(await find({ name: 'o\'brien 10%"' })).toEqual([]);
  });

  test('a name behind JSON escapes or with quotes is found like any other (the text is looked in first, escapes aside)', async () => {
    expect(await find({ name: 'andres' })).toEqual(ids('escaped'));
    expect(await find({ name: 'andrés mull' })).toEqual(ids('escaped'));
    expect(await find({ name: 'muller-"kid"' })).toEqual(ids('escaped'));
    expect(await find({ name: "d'arcy o'neil-ng" })).toEqual(ids('apostrophes'));
    expect(await find({ name: "o'ne" })).toEqual(ids('apostrophes'));
    expect(await find({ name: "d'arcy o'brien" })).toEqual([]);
    // MariaDB reads a number back as written (MySQL would say 100): found either way.
    expect(await find({ name: '1e' })).toEqual(ids('exponent'));
    expect(await find({ name: 'exp 1e2' })).toEqual(ids('exponent'));
  });

  test('a JSON null, object or array is no name (not the text "null"): it matches nothing and sorts last, while the summary shows qb-core\'s default as the record does', async () => {
    expect(await find({ name: 'nu' })).toEqual(ids('numberLast'));
    expect(await find({ name: '12' })).toEqual(ids('numberLast'));
    expect(await find({ name: 'smoke' })).toEqual(ids('objectFirst'));
    expect(await find({ name: '{"' })).toEqual([]);
    expect(await find({ name: 'broken' })).toEqual([]);
    const found = (await searchPage(search, { name: 'sm', limit: 50 })).citizens;
    expect(found.map((c) => c.citizenid)).toEqual(ids('smithJohnson', 'john', 'objectFirst', 'nullLast'));
    expect(found.map((c) => `${c.charinfo.firstname} ${c.charinfo.lastname}`)).toEqual([
      'Smith Johnson',
      'John Smith',
      'Firstname Smoke',
      'Smitty Lastname',
    ]);
    expect(await find({ name: 'lastname' })).toEqual([]);
  });

  test('dob matches the birthdate forms the record reads as that date, and the placeholder 00-00-0000 never', async () => {
    const stored: Record<string, string | null> = {
      john: '1990-05-14',
      smithJohnson: '14/05/1990',
      osmith: '1990/5/14',
      zoe: '05/14/1990',
      jose: '00-00-0000',
    };
    const expected = Object.keys(stored).filter((k) => parseCalendarDate(stored[k], BIRTHDATE_ORDER) === '1990-05-14');
    expect(expected.sort()).toEqual(['john', 'osmith', 'smithJohnson']);
    expect((await find({ phone: '4157732901', dob: '1990-05-14' })).sort()).toEqual(ids('john', 'osmith').sort());
    const found = (await searchPage(search, { name: 'jo smi', dob: '1990-05-14' })).citizens;
    expect(found.map((c) => c.charinfo.birthdate)).toEqual(['1990-05-14', '1990-05-14']);
  });

  test('phone: charinfo.phone as its digits, stored as a string or a number, whatever it is written with', async () => {
    expect(await find({ phone: '4157732901' })).toEqual(ids('osmith', 'john'));
    expect(await find({ phone: '415 773 2902' })).toEqual(ids('smithJohnson'));
    expect(await find({ phone: '4157732903' })).toEqual(ids('zoe'));
    expect(await find({ phone: '14157732904' })).toEqual(ids('jose'));
    expect(await find({ phone: '4157732904' })).toEqual([]);
  });

  test('each summary is exactly the full record limited to the summary fields, and only their columns cross', async () => {
    const lookup = await betaFormat.prepare(conn.db, options);
    const found = (await searchPage(search, { name: 'sm', limit: 50 })).citizens;
    expect(found.length).toBeGreaterThan(3);
    for (const summary of found) {
      const record = (await lookup!.byId(summary.citizenid)).value as Record<string, unknown>;
      expect(summary).toEqual(Object.fromEntries(Object.keys(summary).map((k) => [k, record[k]])));
      expect(Object.keys(summary)).toEqual(['id', 'citizenid', 'license', 'name', 'charinfo', 'job', 'gang', 'last_updated']);
    }
    const crossed = new Set(Object.keys(conn.lastRows[0]));
    for (const column of ['money', 'position', 'metadata', 'inventory']) expect(crossed.has(column)).toBe(false);
    expect(crossed.has('charinfo')).toBe(true);
    expect(found[0].id).toBeGreaterThan(0);
    expect(found[0].last_updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
  });

  test('pages follow the same order to the end', async () => {
    const whole = await find({ name: 'sm' });
    const pages = await searchPages(search, { name: 'sm', limit: 1 });
    expect(pages.map((p) => p.length)).toEqual(whole.map(() => 1));
    expect(pages.flat().map((c) => c.citizenid)).toEqual(whole);
  });
});
