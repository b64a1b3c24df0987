import fc from 'fast-check';
import { buildSearchStatement, likePrefix, searchPositionOf, type SearchCriteria, type SearchFields } from './sql';

const FIELDS: SearchFields = {
  firstName: '`firstname`',
  lastName: '`lastname`',
  id: '`identifier`',
  dob: '`dateofbirth`',
  phone: '`phone_number`',
};
/** Names read out of a JSON text, as format beta reads them. */
const JSON_FIELDS: SearchFields = {
  ...FIELDS,
  firstName: "JSON_EXTRACT(`charinfo`, '$.firstname')",
  lastName: "JSON_EXTRACT(`charinfo`, '$.lastname')",
  namesJson: '`charinfo`',
};
const criteria = (c: Partial<SearchCriteria>): SearchCriteria => ({ terms: [], dob: null, phone: null, after: null, limit: 20, ...c });
const build = (c: Partial<SearchCriteria>) =>
  buildSearchStatement('users', ['`identifier`'], FIELDS, criteria(c), (d) => `pattern of ${d}`);

describe('likePrefix', () => {
  test('%, _ and the escape character ! match themselves; everything else is as typed', () => {
    expect(likePrefix('smith')).toBe('smith%');
    expect(likePrefix('10%')).toBe('10!%%');
    expect(likePrefix('a_b')).toBe('a!_b%');
    expect(likePrefix('hey!')).toBe('hey!!%');
    expect(likePrefix('o\'b\\"')).toBe('o\'b\\"%');
  });
});

describe('buildSearchStatement', () => {
  test('each term must start the first or the last name; values are all parameters', () => {
    const { sql, params } = build({ terms: ['jo', 'smi'], dob: '1990-05-14', phone: '5550123' });
    expect(sql.match(/LIKE \? ESCAPE '!'/g)).toHaveLength(4);
    expect(sql).toContain('REGEXP ?');
    expect(sql).toMatch(/COLLATE utf8mb4_bin IN \(\?, \?\)/);
    expect(sql).toMatch(/LIMIT \?$/);
    expect(params).toEqual(['jo%', 'jo%', 'smi%', 'smi%', 'pattern of 1990-05-14', '5550123', '+5550123', '21']);
  });

  test('a page after a position compares the whole sort key, in the order the rows are sorted', () => {
    const { sql, params } = build({ terms: ['smith'], after: [0, 'Smith', 1, '', 'char1:ab'], limit: 5 });
    expect(sql).toMatch(
      /\) > \(\?, \?, \?, \?, \?\) ORDER BY `search:last_blank`, `search:last`, `search:first_blank`, `search:first`, `search:id` LIMIT \?$/,
    );
    expect(params).toEqual(['smith%', 'smith%', 0, 'Smith', 1, '', 'char1:ab', '6']);
  });

  test('the text depends only on the shape of the search, never on what was typed (property)', () => {
    const text = fc.string({
      maxLength: 12,
      unit: fc.constantFrom('a', "'", '"', '\\', '%', '_', '!', '`', ';', '-', ' ', '*', '/', 'é', '1'),
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 3 }), text, text, fc.boolean(), (pairs, last, id, json) => {
        const fields = json ? JSON_FIELDS : FIELDS;
        const shaped = (terms: string[], phone: string, after: SearchCriteria['after']) =>
          buildSearchStatement('players', ['`citizenid`'], fields, criteria({ terms, phone, after }), String);
        const a = shaped(
          pairs.map((p) => p[0]),
          '123',
          [0, last, 0, last, id],
        );
        const b = shaped(
          pairs.map((p) => p[1]),
          '456',
          [1, id, 1, id, last],
        );
        expect(a.sql).toBe(b.sql);
      }),
    );
  });

  test('names read out of JSON: each term is first looked for anywhere in the text, before any JSON is parsed', () => {
    const { sql, params } = buildSearchStatement(
      'players',
      ['`citizenid`'],
      JSON_FIELDS,
      criteria({ terms: ['jo', '10%', "o'b"] }),
      String,
    );
    const where = sql.slice(sql.indexOf(' WHERE '));
    const prefilter = "(`charinfo` COLLATE utf8mb4_unicode_520_ci LIKE ? ESCAPE '!' OR LOCATE(CHAR(92), `charinfo`) > 0)";
    expect(where.startsWith(` WHERE ${prefilter} AND ${prefilter} AND ${prefilter} AND (CONVERT(COALESCE(JSON_EXTRACT`)).toBe(true);
    // A term with a digit might start a number that MySQL reads back rewritten (1e2 as 100): `%` lets every row through.
    expect(params).toEqual(['%jo%', '%', "%o'b%", 'jo%', 'jo%', '10!%%', '10!%%', "o'b%", "o'b%", '21']);
    expect(build({ terms: ['jo'] }).sql).not.toContain('LOCATE');
  });

  test('a question the table cannot answer, or no question at all, is a bug of the caller', () => {
    expect(() => build({})).toThrow(/needs a name or a phone/);
    const noPhone = { ...FIELDS, phone: null };
    expect(() => buildSearchStatement('users', ['1'], noPhone, criteria({ phone: '123' }), String)).toThrow(/no phone/);
  });
});

describe('searchPositionOf', () => {
  test('reads the sort key off the row and leaves the summary columns', () => {
    const row: Record<string, unknown> = {
      identifier: 'x',
      'search:last_blank': 0,
      'search:last': 'Smith',
      'search:first_blank': 1,
      'search:first': '',
      'search:id': 'x',
    };
    expect(searchPositionOf(row)).toEqual([0, 'Smith', 1, '', 'x']);
    expect(row).toEqual({ identifier: 'x' });
  });
});
