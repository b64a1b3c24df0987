/**
 * Format alpha's search SQL against the real MariaDB, on ESX `users` tables of several
 * generations and character sets: what matches, what each summary holds, the order and paging,
 * and the database stopping a slow scan.
 */
import fc from 'fast-check';
import { createTestDatabase, type TestDatabase } from '../../devkit/db/test-database';
import { loadFixture } from '../../devkit/resource-harness';
import { readTableColumns } from '../../src/db/table-columns';
import { isStatementTimeout } from '../../src/db/statement-timeout';
import { parseCalendarDate, storedDatePattern, type DateOrder } from '../../src/values/calendar-date';
import { prepareAlpha } from '../../src/formats/alpha/prepare';
import { prepareAlphaSearch } from '../../src/formats/alpha/search';
import type { FormatOptions } from '../../src/formats/format';
import { bindSearch, searchConnection, searchPage, searchPages, type SearchConnection } from './search-harness';

interface User {
  identifier: string;
  firstname?: string | null;
  lastname?: string | null;
  dateofbirth?: string | null;
  sex?: string | null;
  height?: number | null;
  job?: string;
  job_grade?: number;
  phone_number?: string | null;
}

let serial = 0;
/** A Legacy-style multicharacter identifier, unique per call. */
const nextId = () => `char1:${(++serial).toString(16).padStart(40, '0')}`;

async function insertUsers(db: TestDatabase, users: readonly User[]): Promise<void> {
  for (const u of users) {
    await db.admin.query(
      'INSERT INTO `users` (`identifier`, `firstname`, `lastname`, `dateofbirth`, `sex`, `height`, `job`, `job_grade`, `phone_number`, `accounts`, `skin`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [
        u.identifier,
        u.firstname ?? null,
        u.lastname ?? null,
        u.dateofbirth ?? null,
        u.sex ?? 'm',
        u.height ?? 180,
        u.job ?? 'unemployed',
        u.job_grade ?? 0,
        u.phone_number ?? null,
        '{"bank":100,"money":5}',
        '{"sex":0,"hair_1":4}',
      ],
    );
  }
}

const warnings: string[] = [];
function formatOptions(dobOrder: DateOrder = 'DMY', maxColumnBytes = 4_194_304): FormatOptions & { dobOrder: DateOrder } {
  return {
    warn: (m) => warnings.push(m),
    dobOrder,
    now: () => 0,
    maxColumnBytes,
    esxCharacterPrefix: 'char',
    esxMaxCharacters: 4,
    info: () => undefined,
    groups: () => undefined,
    vehicles: () => undefined,
  };
}

async function alphaSearch(conn: SearchConnection, options = formatOptions()) {
  const columns = await readTableColumns(conn.db, 'users');
  if (!columns) throw new Error('no users table');
  return bindSearch(prepareAlphaSearch(columns, options), conn.execute);
}

describe.each([
  ['utf8mb4_general_ci (esx_core 1.5+ on a default server)', 'utf8mb4', 'utf8mb4_general_ci'],
  ['utf8mb4_unicode_ci (esx_core 1.3/1.4)', 'utf8mb4', 'utf8mb4_unicode_ci'],
  ['utf8mb3_general_ci (a txAdmin-created database)', 'utf8mb3', 'utf8mb3_general_ci'],
  ['latin1_swedish_ci (no charset on an old server)', 'latin1', 'latin1_swedish_ci'],
])('names on a users table in %s', (_label, charset, collation) => {
  let db: TestDatabase;
  let conn: SearchConnection;
  let search: Awaited<ReturnType<typeof alphaSearch>>;
  const who: Record<string, string> = {};
  const add = (key: string, firstname: string | null, lastname: string | null): User => {
    who[key] = nextId();
    return { identifier: who[key], firstname, lastname };
  };

  beforeAll(async () => {
    db = await createTestDatabase(`search_alpha_${charset}`);
    await loadFixture(db, 'esx-legacy-schema.sql');
    await db.admin.query(`ALTER TABLE users CONVERT TO CHARACTER SET ${charset} COLLATE ${collation}`);
    await insertUsers(db, [
      add('john', 'John', 'Smith'),
      add('smithJohnson', 'Smith', 'Johnson'),
      add('osmith', 'Ajoke', 'Osmith'),
      add('sorensen', 'Mette', 'Sørensen'),
      add('plainSorensen', 'Anna', 'Sorensen'),
      add('jose', 'José', 'García'),
      add('muller', 'Jörg', 'Müller'),
      add('devries', 'Joris', 'de Vries'),
      add('percent', 'Ten', '100%'),
      add('thousand', 'Ten', '1000'),
      add('underscore', 'a_bc', 'Under'),
      add('noUnderscore', 'axbc', 'Under'),
      add('obrien', 'Liam', "O'Brien"),
      add('backslash', 'Back\\slash', 'Rivera'),
      add('bang', 'Bang!', 'Bo'),
      add('bangx', 'Bangx', 'Bo'),
      add('shouting', 'JOHN', 'SMITHERS'),
      add('noFirst', null, 'Smithson'),
      add('emptyLast', 'Smitty', ''),
    ]);
    conn = await searchConnection(db);
    search = await alphaSearch(conn);
  });
  afterAll(async () => {
    await conn.close();
    await db.drop();
  });

  const find = async (name: string) => (await searchPage(search, { name, limit: 50 })).citizens.map((c) => c.identifier);
  const ids = (...keys: string[]) => keys.map((k) => who[k]);

  test('every term starts the first or the last name: jo smi finds John Smith and Smith Johnson, not Ajoke Osmith', async () => {
    expect(new Set(await find('jo smi'))).toEqual(new Set(ids('john', 'smithJohnson', 'shouting')));
    expect(await find('smi')).not.toContain(who.osmith);
  });

  test('case does not matter', async () => {
    expect(new Set(await find('SMITH'))).toEqual(new Set(await find('smith')));
    expect(await find('john smithers')).toEqual(ids('shouting'));
  });

  test('accents: sorensen finds Sørensen (and sørensen Sorensen), jose finds José, muller Müller', async () => {
    expect(new Set(await find('sorensen'))).toEqual(new Set(ids('sorensen', 'plainSorensen')));
    expect(new Set(await find('sørensen'))).toEqual(new Set(ids('sorensen', 'plainSorensen')));
    expect(await find('jose')).toEqual(ids('jose'));
    expect(await find('garcia jo')).toEqual(ids('jose'));
    expect(await find('muller')).toEqual(ids('muller'));
    expect(await find('jorg')).toEqual(ids('muller'));
  });

  test('a term matches the start of the whole field: vries does not find de Vries (nor does de vries), de does', async () => {
    expect(await find('vries')).toEqual([]);
    expect(await find('de vries')).toEqual([]);
    expect(await find('de')).toEqual(ids('devries'));
    expect(await find('de jo')).toEqual(ids('devries'));
  });

  test('% and _ match themselves, and so do quotes, backslashes and the escape character', async () => {
    expect(await find('100%')).toEqual(ids('percent'));
    expect(await find('10%')).toEqual([]);
    expect(new Set(await find('100'))).toEqual(new Set(ids('percent', 'thousand')));
    expect(await find('a_')).toEqual(ids('underscore'));
    expect(await find("o'b")).toEqual(ids('obrien'));
    expect(await find('back\\s')).toEqual(ids('backslash'));
    expect(await find('bang!')).toEqual(ids('bang'));
    expect(await find('%%')).toEqual([]);
    expect(await find('__')).toEqual([]);
  });

  test('a missing or empty name never matches by itself and sorts after every present one', async () => {
    const found = (await searchPage(search, { name: 'smit', limit: 50 })).citizens;
    expect(found.map((c) => c.identifier)).toEqual(ids('smithJohnson', 'john', 'shouting', 'noFirst', 'emptyLast'));
    expect(found.map((c) => c.firstname)).toEqual(['Smith', 'John', 'JOHN', '', 'Smitty']);
    expect(found.map((c) => c.lastname)).toEqual(['Johnson', 'Smith', 'SMITHERS', 'Smithson', '']);
  });
});

describe('a Legacy 1.9.1+ users table: dates, phones, summaries, order, paging', () => {
  let db: TestDatabase;
  let conn: SearchConnection;

  beforeAll(async () => {
    db = await createTestDatabase('search_alpha_legacy');
    await loadFixture(db, 'esx-legacy-schema.sql');
    await loadFixture(db, 'esx-legacy-1.9-row.sql');
    conn = await searchConnection(db);
  });
  afterAll(async () => {
    await conn.close();
    await db.drop();
  });
  beforeEach(async () => {
    await db.admin.query("DELETE FROM users WHERE identifier LIKE 'char1:%'");
    warnings.length = 0;
  });

  test('dob matches every stored form the record reads as that date, in the order in force, and no other', async () => {
    const stored = [
      '14/05/1990',
      '14-05-1990',
      '14.5.1990',
      '14/5/1990',
      ' 14/05/1990 ',
      '1990-05-14',
      '1990/05/14',
      '1990.5.14',
      '1990-05-14 00:00:00',
      '1990-05-14T00:00:00.000Z',
      '05/14/1990',
      '5/14/1990',
      '14/05/90',
      '1990-05-14x',
      '14/05/1990x',
      '41/05/1990',
      '15/05/1990',
      '14/05/1991',
      '',
      null,
    ];
    // 2017–18 esx_identity's column was VARCHAR(25); Legacy's VARCHAR(10) holds no date-time.
    await db.admin.query('ALTER TABLE users MODIFY dateofbirth VARCHAR(25)');
    const users = stored.map((dateofbirth) => ({ identifier: nextId(), firstname: 'Dana', lastname: 'Doe', dateofbirth }));
    await insertUsers(db, users);
    for (const order of ['DMY', 'MDY', 'YMD'] as const) {
      const search = await alphaSearch(conn, formatOptions(order));
      const found = (await searchPage(search, { name: 'dana', dob: '1990-05-14', limit: 50 })).citizens;
      const expected = users.filter((u) => parseCalendarDate(u.dateofbirth, order) === '1990-05-14').map((u) => u.identifier);
      expect({ order, found: found.map((c) => c.identifier).sort() }).toEqual({ order, found: expected.sort() });
      expect(expected.length).toBeGreaterThan(5);
      // Each summary shows the very date searched for.
      for (const c of found) expect(c.dateofbirth).toBe('1990-05-14');
    }
  });

  test('the date REGEXP agrees with the record on random stored strings (property, in the database)', async () => {
    // Mostly spellings the record reads (so that matches are common), and near misses around them.
    const field = fc.constantFrom('1', '01', '5', '05', '12', '13', '31');
    const sep = fc.constantFrom('/', '-', '.');
    const edge = fc.constantFrom('', ' ', '\t');
    const readable = fc.oneof(
      fc
        .tuple(edge, fc.constant('1990'), sep, field, sep, field, fc.constantFrom('', 'T00:00', ' 12:00', 'T'), edge)
        .map((p) => p.join('')),
      fc.tuple(edge, field, sep, field, sep, fc.constant('1990'), edge).map((p) => p.join('')),
    );
    const near = fc.tuple(readable, fc.nat(20), fc.constantFrom('', 'x', '0', ' ', 't', '/', '32', '199')).map(([text, at, insert]) => {
      const i = at % (text.length + 1);
      return text.slice(0, i) + insert + text.slice(i + (insert === '' ? 1 : 0));
    });
    const spelt = fc.oneof({ arbitrary: readable, weight: 2 }, { arbitrary: near, weight: 2 });
    const samples = fc.sample(spelt, { numRuns: 600, seed: 18 });
    await db.admin.query('CREATE TEMPORARY TABLE IF NOT EXISTS dob_samples (s VARCHAR(64))');
    await db.admin.query('DELETE FROM dob_samples');
    await db.admin.query('INSERT INTO dob_samples (s) VALUES ?', [samples.map((s) => [s])]);
    let agreed = 0;
    for (const order of ['DMY', 'MDY'] as const) {
      const asked = [...new Set(samples.map((s) => parseCalendarDate(s, order)).filter((d) => d !== ''))];
      for (const date of [...asked, '1990-05-01']) {
        const [rows] = await db.admin.query('SELECT s, CONVERT(s USING utf8mb4) COLLATE utf8mb4_bin REGEXP ? AS m FROM dob_samples', [
          storedDatePattern(date, order),
        ]);
        for (const row of rows as Array<{ s: string; m: number }>) {
          expect({ s: row.s, date, order, match: row.m === 1 }).toEqual({
            s: row.s,
            date,
            order,
            match: parseCalendarDate(row.s, order) === date,
          });
          if (row.m === 1) agreed++;
        }
      }
    }
    expect(agreed).toBeGreaterThan(100);
  });

  test('what the comparison collation folds and what it does not (utf8mb4_unicode_520_ci on this MariaDB)', async () => {
    const stored = ['Ærø', 'Straße', 'Œuvre', 'Łukasz', 'Đorđe', 'İlker', 'Ångström', 'Þór', 'Nguyễn'];
    const users = stored.map((lastname) => ({ identifier: nextId(), firstname: 'Fold', lastname }));
    await insertUsers(db, users);
    const search = await alphaSearch(conn);
    const finds = async (term: string) => (await searchPage(search, { name: `fold ${term}`, limit: 50 })).citizens.map((c) => c.lastname);
    // Folded: diacritics and letters UCA 5.2 gives a base letter's weight (ł, đ, İ, å, ễ).
    expect(await finds('lukasz')).toEqual(['Łukasz']);
    expect(await finds('dorde')).toEqual(['Đorđe']);
    expect(await finds('ilker')).toEqual(['İlker']);
    expect(await finds('angstrom')).toEqual(['Ångström']);
    expect(await finds('nguyen')).toEqual(['Nguyễn']);
    // Not folded: letters of their own (æ, œ, þ) and ß, which compares as "ss" but LIKE matches it one character at a time.
    expect(await finds('aero')).toEqual([]);
    expect(await finds('ærø')).toEqual(['Ærø']);
    expect(await finds('oeuvre')).toEqual([]);
    expect(await finds('thor')).toEqual([]);
    expect(await finds('strasse')).toEqual([]);
    expect(await finds('stras')).toEqual([]);
    expect(await finds('straß')).toEqual(['Straße']);
  });

  test('hostile names: wildcards, quotes, backslashes and the escape character match themselves (property, in the database)', async () => {
    const text = fc.string({
      minLength: 2,
      maxLength: 8,
      unit: fc.constantFrom('a', 'b', 'A', '%', '_', '!', '\\', "'", '"', '`', ';', '-'),
    });
    const samples = fc.sample(fc.tuple(text, text), { numRuns: 60, seed: 2718 });
    const users = samples.map(([firstname, lastname]) => ({ identifier: nextId(), firstname, lastname }));
    await db.admin.query('INSERT INTO users (identifier, firstname, lastname) VALUES ?', [
      users.map((u) => [u.identifier, u.firstname, u.lastname]),
    ]);
    const search = await alphaSearch(conn);
    const starts = (value: string, term: string) => value.toLowerCase().startsWith(term.toLowerCase());
    const terms = [
      ...new Set(
        fc.sample(
          fc.oneof(
            text,
            fc.constantFrom(...users.map((u) => u.lastname.slice(0, 3))).filter((t) => [...t].length >= 2),
          ),
          { numRuns: 80, seed: 31 },
        ),
      ),
    ];
    let hits = 0;
    for (const term of terms) {
      const found = (await searchPage(search, { name: term, limit: 50 })).citizens.map((c) => c.identifier).sort();
      const expected = users
        .filter((u) => starts(u.firstname, term) || starts(u.lastname, term))
        .map((u) => u.identifier)
        .sort();
      expect({ term, found }).toEqual({ term, found: expected.slice(0, 50) });
      hits += found.length;
    }
    expect(hits).toBeGreaterThan(30);
  });

  test('phone matches the digits of the stored number exactly, whatever it is written with', async () => {
    const stored = [
      '555-0123',
      '(555) 0123',
      '555.0123',
      '5550123',
      '+5550123',
      '+1 555 0123',
      '15550123',
      '555-01234',
      '0555-0123',
      '555 0123 ext',
      null,
    ];
    const users = stored.map((phone_number) => ({ identifier: nextId(), firstname: 'Pat', lastname: 'Lee', phone_number }));
    await insertUsers(db, users);
    const search = await alphaSearch(conn);
    const find = async (phone: string) => (await searchPage(search, { phone, limit: 50 })).citizens.map((c) => c.phone_number).sort();
    expect(await find('5550123')).toEqual(['(555) 0123', '+5550123', '555-0123', '555.0123', '5550123'].sort());
    expect(await find('+1 (555) 012-3')).toEqual(['+1 555 0123', '15550123']);
    expect(await find('05550123')).toEqual(['0555-0123']);
    expect(await find('555')).toEqual([]);
  });

  test('each summary is exactly the full record limited to the summary fields, and only their columns cross', async () => {
    await insertUsers(db, [
      {
        identifier: nextId(),
        firstname: 'Zoë',
        lastname: 'Brandt',
        dateofbirth: '3/11/1991',
        sex: '1',
        height: 165,
        job: '',
        job_grade: 2,
        phone_number: '555-7788',
      },
      {
        identifier: nextId(),
        firstname: 'Zoran',
        lastname: 'Brandt',
        dateofbirth: null,
        sex: null,
        height: null,
        job: 'police',
        job_grade: 3,
        phone_number: null,
      },
    ]);
    const options = formatOptions();
    const search = await alphaSearch(conn, options);
    const lookup = await prepareAlpha(conn.db, options);
    const found = (await searchPage(search, { name: 'zo br', limit: 10 })).citizens;
    expect(found.map((c) => c.firstname)).toEqual(['Zoë', 'Zoran']);
    for (const summary of found) {
      const { value: record } = await lookup!.byId(summary.identifier);
      const picked = Object.fromEntries(Object.keys(summary).map((k) => [k, (record as Record<string, unknown>)[k]]));
      expect(summary).toEqual(picked);
    }
    expect(found[0]).toEqual({
      identifier: found[0].identifier,
      firstname: 'Zoë',
      lastname: 'Brandt',
      dateofbirth: '1991-11-03',
      sex: 'f',
      height: 165,
      job: 'unemployed',
      job_grade: 2,
      phone_number: '555-7788',
    });
    expect(Object.keys(conn.lastRows[0]).sort()).toEqual(
      ['identifier', 'firstname', 'lastname', 'dateofbirth', 'sex', 'height', 'job', 'job_grade', 'phone_number', 'search:key'].sort(),
    );
    // The fixture's full row (skin, inventory, loadout, …) matched by name: none of that crossed.
    expect((await searchPage(search, { name: 'tomas reyes' })).citizens).toHaveLength(1);
    expect(Object.keys(conn.lastRows[0])).not.toContain('skin');
  });

  test('a summary column longer than max_column_bytes defaults, with the warning the record gives', async () => {
    await db.admin.query('ALTER TABLE users MODIFY job VARCHAR(100)');
    await insertUsers(db, [{ identifier: nextId(), firstname: 'Max', lastname: 'Overton', job: 'j'.repeat(70) }]);
    const search = await alphaSearch(conn, formatOptions('DMY', 60));
    const [summary] = (await searchPage(search, { name: 'max over' })).citizens;
    expect(summary).toMatchObject({ firstname: 'Max', job: 'unemployed' });
    expect(warnings).toEqual([
      `citizen ${summary.identifier}: column job holds 70 bytes, more than citizen_records:max_column_bytes (60); the field takes its default`,
    ]);
  });

  test('order: last name, first name, id, in the comparison collation, blanks last; pages continue exactly where the last ended', async () => {
    const users: User[] = [];
    for (const last of ['Smith', 'smith', 'SMITH', 'Smíth', 'Smit', 'Smyth']) {
      for (const first of ['Anna', 'anna', 'Ánna', 'Bob', null, '', 'Zed'])
        users.push({ identifier: nextId(), firstname: first, lastname: last });
    }
    users.push(
      { identifier: nextId(), firstname: 'Smitty', lastname: null },
      { identifier: nextId(), firstname: 'Smitty', lastname: '' },
      { identifier: nextId(), firstname: 'Sma', lastname: '   ' },
    );
    await insertUsers(db, users.reverse());
    const search = await alphaSearch(conn);
    // The order modelled for these Latin names: utf8mb4_unicode_520_ci folds case and accents and ignores trailing spaces.
    const fold = (s: string | null | undefined) => (s ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trimEnd();
    const key = (u: User) =>
      [fold(u.lastname) === '' ? 1 : 0, fold(u.lastname), fold(u.firstname) === '' ? 1 : 0, fold(u.firstname), u.identifier] as const;
    const expected = [...users].sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] < kb[i] ? -1 : 1;
      return 0;
    });
    const whole = (await searchPage(search, { name: 'sm', limit: 50 })).citizens;
    expect(whole.map((c) => c.identifier)).toEqual(expected.map((u) => u.identifier));
    expect(whole.slice(-3).map((c) => c.firstname)).toEqual(['Sma', 'Smitty', 'Smitty']);
    const pages = await searchPages(search, { name: 'sm', limit: 7 });
    expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 7, 7, 7, 3]);
    expect(pages.flat().map((c) => c.identifier)).toEqual(expected.map((u) => u.identifier));
  });

  test('at most 200 results are reachable; then next is null', async () => {
    const users: User[] = [];
    for (let i = 0; i < 230; i++) users.push({ identifier: nextId(), firstname: `Rey${i}`, lastname: 'Many' });
    await db.admin.query('INSERT INTO users (identifier, firstname, lastname) VALUES ?', [
      users.map((u) => [u.identifier, u.firstname, u.lastname]),
    ]);
    const search = await alphaSearch(conn);
    expect((await searchPages(search, { name: 'many', limit: 50 })).map((p) => p.length)).toEqual([50, 50, 50, 50]);
    expect((await searchPages(search, { name: 'many', limit: 30 })).map((p) => p.length)).toEqual([30, 30, 30, 30, 30, 30, 20]);
    expect((await searchPages(search, { name: 'many rey1' })).flat()).toHaveLength(111);
  });
});

describe('a server whose sql_mode has NO_BACKSLASH_ESCAPES', () => {
  let db: TestDatabase;
  let conn: SearchConnection;
  const hostile = ["O'Brien", 'Back\\slash', "x\\' OR 1=1 -- ", '100%'];
  beforeAll(async () => {
    db = await createTestDatabase('search_alpha_nbe');
    await loadFixture(db, 'esx-legacy-schema.sql');
    await insertUsers(
      db,
      hostile.map((lastname) => ({ identifier: nextId(), firstname: 'Quote', lastname })),
    );
    conn = await searchConnection(db);
    await conn.connection.query("SET SESSION sql_mode = CONCAT(@@sql_mode, ',NO_BACKSLASH_ESCAPES')");
  });
  afterAll(async () => {
    await conn.close();
    await db.drop();
  });

  test('client-side escaping is an injection there (why searches use prepared statements)', async () => {
    const [[mode]] = (await conn.connection.query('SELECT @@SESSION.sql_mode AS m')) as unknown as [[{ m: string }]];
    expect(mode.m).toContain('NO_BACKSLASH_ESCAPES');
    const value = "x\\' OR 1=1 -- ";
    // mysql2 query() writes the value into the text as 'x\\\' OR 1=1 -- ': here the quote after the backslashes ends the string.
    const [escaped] = await conn.connection.query('SELECT COUNT(*) AS n FROM users WHERE lastname = ?', [value]);
    expect(escaped).toEqual([{ n: hostile.length }]);
    const [prepared] = await conn.connection.execute('SELECT COUNT(*) AS n FROM users WHERE lastname = ?', [value]);
    expect(prepared).toEqual([{ n: 1 }]);
  });

  test('the search finds each hostile name by itself, quotes and backslashes as typed', async () => {
    const search = await alphaSearch(conn);
    for (const lastname of hostile) {
      const found = (await searchPage(search, { name: `quote ${lastname.trim().split(' ')[0]}` })).citizens.map((c) => c.lastname);
      expect(found).toEqual([lastname]);
    }
  });
});

describe('an ESX 1.5–1.9.0 users table: phone_number INT(11) with a unique index', () => {
  let db: TestDatabase;
  let conn: SearchConnection;
  beforeAll(async () => {
    db = await createTestDatabase('search_alpha_int_phone');
    await loadFixture(db, 'esx-legacy-schema.sql');
    await db.admin.query('ALTER TABLE users MODIFY phone_number INT(11) NULL, ADD UNIQUE INDEX index_users_phone_number (phone_number)');
    await insertUsers(db, [{ identifier: nextId(), firstname: 'Ines', lastname: 'Int', phone_number: '5550123' }]);
    conn = await searchConnection(db);
  });
  afterAll(async () => {
    await conn.close();
    await db.drop();
  });

  test('the number is compared as its digits, and the summary shows it as the record does', async () => {
    const search = await alphaSearch(conn);
    expect((await searchPage(search, { phone: '555-0123' })).citizens.map((c) => c.phone_number)).toEqual(['5550123']);
    expect((await searchPage(search, { phone: '0555-0123' })).citizens).toEqual([]);
  });
});

describe('an ESX 1.2 users table: no names, no phone_number', () => {
  let db: TestDatabase;
  let conn: SearchConnection;
  beforeAll(async () => {
    db = await createTestDatabase('search_alpha_12');
    await loadFixture(db, 'esx-1.2.sql');
    conn = await searchConnection(db);
  });
  afterAll(async () => {
    await conn.close();
    await db.drop();
  });

  test('a phone search is refused, saying which ESX generations have the column; a name search finds nobody', async () => {
    const search = await alphaSearch(conn);
    expect(search.refuse({ phone: '5550123', dob: null })).toMatch(
      /^This server's ESX users table has no phone_number column, so phone cannot be searched; esx_core's legacy\.sql \(ESX Legacy 1\.5\.0 and later\)/,
    );
    expect(search.refuse({ phone: null, dob: '1990-05-14' })).toMatch(/no dateofbirth column/);
    expect(search.refuse({ phone: null, dob: null })).toBeNull();
    expect((await searchPage(search, { name: 'steam' })).citizens).toEqual([]);
  });
});

describe('a scan made slow on purpose', () => {
  let db: TestDatabase;
  let conn: SearchConnection;
  beforeAll(async () => {
    db = await createTestDatabase('search_alpha_slow');
    await loadFixture(db, 'esx-legacy-schema.sql');
    await db.admin.query('RENAME TABLE users TO users_rows');
    await db.admin.query(
      "INSERT INTO users_rows (identifier, firstname, lastname) SELECT CONCAT('char1:', seq), 'Slow', CONCAT('Row', seq) FROM seq_1_to_2000",
    );
    // Every row read costs 10 ms: a full scan would take 20 s.
    await db.admin.query(
      'CREATE VIEW users AS SELECT identifier, IF(SLEEP(0.01) = 0, firstname, NULL) AS firstname, lastname, dateofbirth, sex, height, job, job_grade, phone_number FROM users_rows',
    );
    conn = await searchConnection(db, 300);
  });
  afterAll(async () => {
    await conn.close();
    await db.drop();
  });

  test('is stopped by the database at the statement time limit, and the connection answers the next query at once', async () => {
    const search = await alphaSearch(conn);
    const error = await searchPage(search, { name: 'slow' }).then(
      () => null,
      (e: unknown) => e as { errno?: number; message: string },
    );
    expect(error?.errno).toBe(conn.style === 'mariadb' ? 1969 : 3024);
    expect(isStatementTimeout(String(error?.message))).toBe(true);
    // Nothing of it still runs on the server.
    const [running] = await db.admin.query(
      "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE '%search:key%' AND ID <> CONNECTION_ID()",
    );
    expect((running as Array<{ n: number }>)[0].n).toBe(0);
    const [rows] = await conn.connection.execute('SELECT identifier FROM users_rows WHERE identifier = ?', ['char1:7']);
    expect(rows).toEqual([{ identifier: 'char1:7' }]);
  });
});
