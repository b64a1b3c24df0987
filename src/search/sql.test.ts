import fc from 'fast-check';
import {
  binaryText,
  buildSearchStatement,
  likePrefix,
  nameKey,
  packColumns,
  searchPositionOf,
  unpackColumns,
  type SearchCriteria,
  type SearchFields,
} from './sql';

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
    const [last, first] = [nameKey('`lastname`'), nameKey('`firstname`')];
    const key = `(${last} = ''), ${last}, (${first} = ''), ${first}, ${binaryText('`identifier`')}`;
    expect(sql.endsWith(`(${key}) > (?, ?, ?, ?, ?) ORDER BY ${key} LIMIT ?`)).toBe(true);
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
  test('reads the sort key off its one packed column and leaves the summary columns', () => {
    const row: Record<string, unknown> = { identifier: 'x', 'search:key': '0,536D697468,1,,78' };
    expect(searchPositionOf(row)).toEqual([0, 'Smith', 1, '', 'x']);
    expect(row).toEqual({ identifier: 'x' });
  });

  test('the statement selects the key packed in one column, its texts as HEX', () => {
    const { sql } = build({ terms: ['smith'] });
    expect(sql).toContain(`COALESCE(HEX(${binaryText('`identifier`')}), '')) USING utf8mb4) AS \`search:key\` FROM`);
  });
});

describe('packColumns, unpackColumns', () => {
  /** What the database's CONCAT_WS of packColumns writes for these values (HEX of the UTF-8 bytes, upper case). */
  const written = (values: Array<number | string | null>, kinds: Array<'number' | 'text'>) =>
    values
      .map((v, i) =>
        v === null
          ? kinds[i] === 'number'
            ? '0'
            : ''
          : kinds[i] === 'number'
            ? String(v)
            : Buffer.from(String(v)).toString('hex').toUpperCase(),
      )
      .join(',');

  test('numbers in decimal and texts as HEX, each NULL as 0 or ""; the result converted to text', () => {
    const sql = packColumns([
      { sql: 'a', kind: 'number' },
      { sql: 'b', kind: 'text' },
    ]);
    expect(sql).toBe("CONVERT(CONCAT_WS(',', COALESCE(a, 0), COALESCE(HEX(b), '')) USING utf8mb4)");
  });

  test('gives back exactly the values packed, whatever the texts hold (property)', () => {
    const kinds: Array<'number' | 'text'> = ['number', 'text', 'number', 'text', 'text'];
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.string({ unit: 'grapheme' }),
        fc.integer(),
        fc.string(),
        fc.string(),
        (a, b, c, d, e) => {
          // Lone surrogates are no text a utf8mb4 column holds.
          fc.pre([b, d, e].every((t) => t.isWellFormed()));
          expect(unpackColumns(written([a, b, c, d, e], kinds), kinds)).toEqual([a, b, c, d, e]);
        },
      ),
    );
  });

  test('reads only the values asked for; NULL as 0 and "", a missing column as nothing known', () => {
    expect(unpackColumns('3,1,0,4A6F', ['number', 'number'])).toEqual([3, 1]);
    expect(unpackColumns(written([null, null], ['number', 'text']), ['number', 'text'])).toEqual([0, '']);
    expect(unpackColumns(null, ['number', 'text'])).toEqual([0, '']);
    expect(unpackColumns(Buffer.from('-2,C3A9'), ['number', 'text'])).toEqual([-2, 'é']);
  });
});
