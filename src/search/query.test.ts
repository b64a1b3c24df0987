import fc from 'fast-check';
import {
  encodeSearchCursor,
  nextSearchCursor,
  pageLimit,
  parseSearchArgument,
  parseSearchQueryString,
  type CursorKey,
  type SearchParse,
  type SearchQuery,
} from './query';
import type { SearchPosition } from './sql';
import { SEARCH_REACH } from '../contract/search';

const KEY: CursorKey = { scope: 'alpha', secret: 'k'.repeat(32) };
const POSITION: SearchPosition = [0, 'Smith', 0, 'John', 'char1:ab'];

function ok(parse: SearchParse): SearchQuery {
  if (!parse.ok) throw new Error(`expected a query, got: ${parse.message}`);
  return parse.query;
}

function message(parse: SearchParse): string {
  if (parse.ok) throw new Error(`expected invalid_query, got ${JSON.stringify(parse.query)}`);
  return parse.message;
}

const qs = (raw: string) => parseSearchQueryString(raw, KEY);

describe('a search from a query string', () => {
  test('+ and %20 are spaces; the name is trimmed and split into terms; limit defaults to 20', () => {
    expect(ok(qs('name=+jo%20smi+'))).toEqual({ terms: ['jo', 'smi'], dob: null, phone: null, limit: 20, cursor: null });
    expect(ok(qs('name=Jo%C3%ABl%20de%09Vries')).terms).toEqual(['Joël', 'de', 'Vries']);
  });

  test('an empty value is absent (a form sends dob=), and empty pairs are nothing', () => {
    expect(ok(qs('name=smith&dob=&phone=&limit=&cursor=&&'))).toMatchObject({ terms: ['smith'], dob: null, phone: null, limit: 20 });
  });

  test('a parameter given twice is refused, even when one is empty', () => {
    expect(message(qs('name=smith&name=jones'))).toBe('Parameter name is given more than once; give each parameter once.');
    expect(message(qs('name=smith&dob=&dob='))).toMatch(/^Parameter dob is given more than once/);
  });

  test('an unknown parameter is refused by name, and the message lists the ones there are', () => {
    expect(message(qs('name=smith&sort=asc'))).toBe('Unknown parameter "sort"; a search takes name, dob, phone, limit and cursor.');
    expect(message(qs('Name=smith'))).toMatch(/Unknown parameter "Name"/);
  });

  test('a malformed %-escape is refused, naming the pair', () => {
    expect(message(qs('name=%E0%A4%A'))).toMatch(/malformed %-escape in "name=%E0%A4%A"/);
    expect(message(qs('na%ZZme=x'))).toMatch(/malformed %-escape/);
  });

  test('name: 2 to 64 characters once trimmed, counted as characters, not UTF-16 units', () => {
    expect(message(qs('name=+a+'))).toBe('name must be 2 to 64 characters once trimmed; "a" has 1.');
    expect(message(qs(`name=${'x'.repeat(65)}`))).toMatch(/^name must be 2 to 64 characters once trimmed; ".*…" has 65\.$/);
    expect(ok(qs(`name=${encodeURIComponent('🦊'.repeat(64))}`)).terms).toEqual(['🦊'.repeat(64)]);
    expect(ok(qs(`name=${encodeURIComponent('🦊')}x`)).terms).toEqual(['🦊x']);
  });

  test('name: at most 3 words, each of at least 2 characters', () => {
    expect(message(qs('name=an+de+la+cruz'))).toBe('name has 4 words; give at most 3 (each must start a first or last name).');
    expect(message(qs('name=j+smith'))).toBe('name\'s word "j" is shorter than 2 characters; every word must have at least 2.');
    expect(ok(qs('name=an+de+cruz')).terms).toEqual(['an', 'de', 'cruz']);
  });

  test('wildcards, quotes and backslashes are kept as typed (the SQL escapes them)', () => {
    expect(ok(qs("name=%25_%21+O'B%5C")).terms).toEqual(['%_!', "O'B\\"]);
  });

  test('dob: YYYY-MM-DD and a real calendar date', () => {
    expect(ok(qs('name=smith&dob=2000-02-29')).dob).toBe('2000-02-29');
    expect(message(qs('name=smith&dob=1900-02-29'))).toBe('dob "1900-02-29" is no real calendar date.');
    expect(message(qs('name=smith&dob=1990-2-3'))).toBe('dob must be a date written YYYY-MM-DD, like 1990-05-14; "1990-2-3" is not.');
    expect(message(qs('name=smith&dob=14/05/1990'))).toMatch(/^dob must be a date written YYYY-MM-DD/);
    expect(message(qs('name=smith&dob=0000-01-01'))).toMatch(/no real calendar date/);
  });

  test('phone: spaces, - . ( ) and a leading + are dropped, then 3 to 20 digits', () => {
    expect(ok(qs('phone=%2B1+(555)+123-4567')).phone).toBe('15551234567');
    expect(ok(qs('phone=555.0123')).phone).toBe('5550123');
    expect(ok(qs('phone=012')).phone).toBe('012');
    expect(message(qs('phone=12'))).toBe('phone must be 3 to 20 digits once spaces, -, ., (, ) and a leading + are dropped; "12" is not.');
    expect(message(qs(`phone=${'1'.repeat(21)}`))).toMatch(/^phone must be 3 to 20 digits/);
    expect(message(qs('phone=555-CALL'))).toMatch(/^phone must be 3 to 20 digits/);
    expect(message(qs('phone=1%2B555'))).toMatch(/^phone must be/);
    expect(message(qs('phone=%2B%2B5551234'))).toMatch(/^phone must be/);
  });

  test('name or phone is needed; dob only narrows', () => {
    const needed = 'Give name (2 to 64 characters) or phone (3 to 20 digits) to search by; dob only narrows a search.';
    expect(message(qs(''))).toBe(needed);
    expect(message(qs('dob=1990-05-14'))).toBe(needed);
    expect(message(qs('limit=5'))).toBe(needed);
    expect(ok(qs('phone=5550123&dob=1990-05-14'))).toMatchObject({ terms: [], phone: '5550123', dob: '1990-05-14' });
  });

  test('limit: digits only, 1 to 50', () => {
    expect(ok(qs('name=smith&limit=1')).limit).toBe(1);
    expect(ok(qs('name=smith&limit=050')).limit).toBe(50);
    for (const bad of ['0', '51', '1e1', '+5', '-1', '5.0', '0x10', '%205']) {
      expect(message(qs(`name=smith&limit=${bad}`))).toMatch(/^limit must be a whole number from 1 to 50, written in digits/);
    }
  });
});

describe('a search from an export table', () => {
  const arg = (value: unknown) => parseSearchArgument(value, KEY);

  test('the same rules as the query string, one normalised query', () => {
    expect(ok(arg({ name: ' jo  smi ', dob: '1990-05-14', limit: 5 }))).toEqual(ok(qs('name=jo+smi&dob=1990-05-14&limit=5')));
    expect(ok(arg({ phone: '(555) 0123', limit: '7' }))).toMatchObject({ phone: '5550123', limit: 7 });
  });

  test('nil and empty fields are absent; an empty Lua table may arrive as []', () => {
    expect(ok(arg({ name: 'smith', dob: null, phone: '' }))).toMatchObject({ dob: null, phone: null });
    expect(message(arg([]))).toMatch(/^Give name/);
    expect(message(arg({}))).toMatch(/^Give name/);
  });

  test('anything but a table, an unknown field, or a value of the wrong type is refused, naming it', () => {
    expect(message(arg(undefined))).toBe('The search takes one table {name?, dob?, phone?, limit?, cursor?}; nothing was given.');
    expect(message(arg('smith'))).toBe('The search takes one table {name?, dob?, phone?, limit?, cursor?}; a string was given.');
    expect(message(arg(['smith']))).toMatch(/a list was given/);
    expect(message(arg({ name: 'smith', job: 'police' }))).toBe(
      'Unknown field "job"; the search table takes name, dob, phone, limit and cursor.',
    );
    expect(message(arg(JSON.parse('{"name":"smith","__proto__":{}}')))).toMatch(/Unknown field "__proto__"/);
    expect(message(arg({ phone: 5550123 }))).toBe('phone must be a string (quote it: a number loses leading zeros); a number was given.');
    expect(message(arg({ name: 42 }))).toBe('name must be a string; a number was given.');
    expect(message(arg({ name: 'smith', limit: 2.5 }))).toMatch(/^limit must be a whole number from 1 to 50; 2.5 was given/);
    expect(message(arg({ name: 'smith', limit: 0 }))).toMatch(/^limit must be a whole number/);
  });
});

describe('the cursor', () => {
  const filter = { terms: ['smith'], dob: null, phone: null };

  test('carries the next position and the count served, for the same search', () => {
    const cursor = encodeSearchCursor(filter, 20, POSITION, KEY);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(ok(qs(`name=smith&cursor=${cursor}`)).cursor).toEqual({ served: 20, position: POSITION });
    // The limit may change between pages; it is not part of what the cursor is bound to.
    expect(ok(qs(`name=smith&limit=3&cursor=${cursor}`)).cursor).toEqual({ served: 20, position: POSITION });
  });

  test("another search's cursor, or another format's, is refused as such", () => {
    const cursor = encodeSearchCursor(filter, 20, POSITION, KEY);
    const another = /^cursor belongs to another search/;
    expect(message(qs(`name=smyth&cursor=${cursor}`))).toMatch(another);
    expect(message(qs(`name=smith&dob=1990-01-01&cursor=${cursor}`))).toMatch(another);
    expect(message(qs(`name=Smith&cursor=${cursor}`))).toMatch(another);
    expect(message(parseSearchQueryString(`name=smith&cursor=${cursor}`, { ...KEY, scope: 'beta' }))).toMatch(another);
  });

  test('a changed, cut, foreign or made-up cursor is refused as not ours', () => {
    const cursor = encodeSearchCursor(filter, 20, POSITION, KEY);
    const notOurs = /^cursor is not one this server gave out/;
    const [payload, mac] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify([1, 'x', 1, ...POSITION])).toString('base64url');
    for (const bad of [
      cursor.slice(0, -1),
      `${payload}A.${mac}`,
      `${forged}.${mac}`,
      encodeSearchCursor(filter, 20, POSITION, { ...KEY, secret: 'another start' }),
      'abc',
      `${'A'.repeat(5000)}.${mac}`,
    ]) {
      expect(message(qs(`name=smith&cursor=${encodeURIComponent(bad)}`))).toMatch(notOurs);
    }
  });

  test('a cursor made by this server but holding no position (or a count out of reach) is refused', () => {
    const forge = (payload: unknown[]) => {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      const { createHmac } = jest.requireActual<typeof import('node:crypto')>('node:crypto');
      return `${body}.${createHmac('sha256', KEY.secret).update(body).digest().subarray(0, 16).toString('base64url')}`;
    };
    const hash = JSON.parse(Buffer.from(encodeSearchCursor(filter, 1, POSITION, KEY).split('.')[0], 'base64url').toString())[1];
    expect(ok(qs(`name=smith&cursor=${forge([1, hash, 5, ...POSITION])}`)).cursor).toEqual({ served: 5, position: POSITION });
    for (const payload of [
      [1, hash, SEARCH_REACH, ...POSITION],
      [1, hash, 0, ...POSITION],
      [1, hash, 5, 2, 'a', 0, 'b', 'c'],
      [1, hash, 5, 0, 'a'],
      [2, hash, 5, ...POSITION],
    ]) {
      expect(message(qs(`name=smith&cursor=${forge(payload)}`))).toMatch(/^cursor is not one this server gave out/);
    }
  });

  test('pages stop at 200 results: the page limit shrinks to what is left, then next is null', () => {
    const first = ok(qs('name=smith&limit=50'));
    expect(pageLimit(first)).toBe(50);
    let query = first;
    let served = 0;
    for (let page = 1; ; page++) {
      const count = pageLimit(query);
      served += count;
      const next = nextSearchCursor(query, count, POSITION, true, KEY);
      if (next === null) {
        expect(served).toBe(SEARCH_REACH);
        expect(page).toBe(4);
        break;
      }
      query = ok(qs(`name=smith&limit=50&cursor=${next}`));
    }
    const deep = ok(qs(`name=smith&limit=50&cursor=${encodeSearchCursor(filter, 190, POSITION, KEY)}`));
    expect(pageLimit(deep)).toBe(10);
    expect(nextSearchCursor(first, 20, POSITION, false, KEY)).toBeNull();
    expect(nextSearchCursor(first, 0, null, true, KEY)).toBeNull();
  });
});

describe('hostile query strings (property)', () => {
  const piece = fc.oneof(
    fc.constantFrom(
      'name',
      'dob',
      'phone',
      'limit',
      'cursor',
      'Name',
      '',
      '=',
      '&',
      '+',
      '%',
      '%2',
      '%25',
      '%00',
      '%C3',
      '%E0%A4%A',
      "'",
      '"',
      '\\',
      '_',
      '!',
      '#',
      '?',
      ';',
      '%20',
      '1990-05-14',
      '50',
    ),
    fc.string({ maxLength: 8 }),
    fc.string({ unit: 'binary', maxLength: 4 }),
  );

  test('never a throw: a query, or invalid_query with a message', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 14 }).map((p) => p.join('')),
        (raw) => {
          const parse = qs(raw);
          if (!parse.ok) {
            expect(parse.message.length).toBeGreaterThan(0);
            return;
          }
          const { terms, phone, limit } = parse.query;
          expect(terms.length > 0 || phone !== null).toBe(true);
          expect(terms.length).toBeLessThanOrEqual(3);
          for (const term of terms) expect([...term].length).toBeGreaterThanOrEqual(2);
          for (const term of terms) expect(term).not.toMatch(/\s/u);
          if (phone !== null) expect(phone).toMatch(/^[0-9]{3,20}$/);
          expect(limit).toBeGreaterThanOrEqual(1);
          expect(limit).toBeLessThanOrEqual(50);
        },
      ),
      { numRuns: 3000 },
    );
  });

  test('any name the rules accept comes back as its terms, whatever characters they hold', () => {
    const term = fc.string({
      minLength: 2,
      maxLength: 10,
      unit: fc.constantFrom('a', 'Ø', 'é', '%', '_', '!', "'", '"', '\\', '&', '=', '+', '#', '🦊'),
    });
    fc.assert(
      fc.property(fc.array(term, { minLength: 1, maxLength: 3 }), (terms) => {
        const name = terms.join(' ');
        fc.pre([...name].length <= 64);
        expect(ok(qs(`name=${encodeURIComponent(name)}`)).terms).toEqual(terms);
        expect(ok(parseSearchArgument({ name }, KEY)).terms).toEqual(terms);
      }),
    );
  });

  test('an export table of hostile values never throws either', () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.object(),
      fc.array(fc.anything(), { maxLength: 2 }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.dictionary(fc.constantFrom('name', 'dob', 'phone', 'limit', 'cursor', 'x'), value), value), (argument) => {
        const parse = parseSearchArgument(argument, KEY);
        expect(parse.ok || parse.message.length > 0).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
