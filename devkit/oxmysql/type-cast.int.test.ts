/**
 * Column types as the calling resource receives them (docs/platform.md#typecast,
 * #time-zones-and-dates): the text protocol
 * (`query`) against the binary one (`prepare`/`rawExecute`). Dates depend on the process TZ, so
 * the suite pins one that is not UTC: reading a date as UTC instead of local time must fail.
 */
import { useHarness } from './harness';
import { pinTimeZone } from './time-zone';

const restoreTimeZone = pinTimeZone('America/New_York');

const FIXTURE = `
  CREATE TABLE typed (
    id INT PRIMARY KEY, flag TINYINT(1) NULL, bit1 BIT(1) NULL, bit16 BIT(16) NULL,
    born DATE NULL, seen DATETIME NULL, seen_ms DATETIME(3) NULL, stamp TIMESTAMP NULL,
    price DECIMAL(10,2) NULL, doc JSON NULL, body LONGTEXT NULL, bytes BLOB NULL, vbytes VARBINARY(4) NULL,
    big BIGINT UNSIGNED NULL, at TIME NULL
  );
  INSERT INTO typed VALUES
    (1, 1, b'1', b'0000000100000001', '2024-03-05', '2024-03-05 13:45:30', '2024-07-01 08:09:10.123', '2024-07-01 23:30:00',
     12.34, '{"a": [1, 2]}', 'a long text', X'DEADBEEF', X'0102', 18446744073709551615, '13:45:30'),
    (2, 0, b'0', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
    (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
    (4, 2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
  CREATE TABLE zero (id INT PRIMARY KEY, born DATE, seen DATETIME);
  SET SESSION sql_mode = '';
  INSERT INTO zero VALUES (1, '0000-00-00', '0000-00-00 00:00:00');
`;
const local = (text: string) => new Date(text).getTime();

const h = useHarness('types', { ready: true, fixture: FIXTURE });
afterAll(restoreTimeZone);

/** One column of every fixture row, in id order, through `name`. */
async function column(name: 'query' | 'prepare', col: string): Promise<unknown[]> {
  const [rows] = (await h.answer(name, `SELECT ${col} FROM typed ORDER BY id`)) as [Array<Record<string, unknown>>];
  return rows.map((row) => row[col]);
}

/** Columns of row 1 through `name`. */
async function firstRow(name: 'query' | 'prepare', cols: string): Promise<Record<string, unknown>> {
  const [row] = (await h.answer(name, `SELECT ${cols} FROM typed WHERE id = ?`, [1])) as [Record<string, unknown>];
  return name === 'query' ? (row as unknown as Array<Record<string, unknown>>)[0] : row;
}

test('the pinned TZ is in effect and is not UTC', () => {
  expect(local('2024-03-05 00:00:00')).not.toBe(Date.UTC(2024, 2, 5));
});

describe('TINYINT(1)', () => {
  test('query: true only for 1; 0, NULL and 2 are false', async () => {
    expect(await column('query', 'flag')).toEqual([true, false, false, false]);
  });

  test('prepare: the number, NULL as null', async () => {
    expect(await column('prepare', 'flag')).toEqual([1, 0, null, 2]);
  });
});

describe('BIT', () => {
  test('query: BIT(1) is a boolean with NULL false; BIT(16) is its first byte', async () => {
    expect(await column('query', 'bit1')).toEqual([true, false, false, false]);
    expect((await firstRow('query', 'bit16, id')).bit16).toBe(1);
  });

  test('prepare: byte arrays, NULL as null', async () => {
    expect(await column('prepare', 'bit1')).toEqual([[1], [0], null, null]);
    expect((await firstRow('prepare', 'bit16, id')).bit16).toEqual([1, 1]);
  });
});

describe.each(['query', 'prepare'] as const)('dates through %s', (name) => {
  test('DATE is the epoch ms of local midnight, NULL null', async () => {
    expect(await column(name, 'born')).toEqual([local('2024-03-05 00:00:00'), null, null, null]);
  });

  test('DATETIME, DATETIME(3) and TIMESTAMP are read as local time, fractions kept', async () => {
    expect(await firstRow(name, 'seen, seen_ms, stamp')).toEqual({
      seen: local('2024-03-05 13:45:30'),
      seen_ms: local('2024-07-01 08:09:10.123'),
      stamp: local('2024-07-01 23:30:00'),
    });
    expect((await column(name, 'seen'))[1]).toBeNull();
  });
});

describe('zero dates', () => {
  test('query: NaN for both', async () => {
    expect(await h.answer('single', 'SELECT born, seen FROM zero')).toEqual([{ born: NaN, seen: NaN }]);
  });

  test('prepare: a zero DATE is null, a zero DATETIME NaN', async () => {
    expect(await h.answer('prepare', 'SELECT born, seen FROM zero')).toEqual([{ born: null, seen: NaN }]);
  });
});

describe.each(['query', 'prepare'] as const)('strings and numbers through %s', (name) => {
  test('DECIMAL, JSON, LONGTEXT, TIME and a BIGINT past 2^53 are strings', async () => {
    expect(await firstRow(name, 'price, doc, body, at, big')).toEqual({
      price: '12.34',
      doc: '{"a": [1, 2]}',
      body: 'a long text',
      at: '13:45:30',
      big: '18446744073709551615',
    });
  });
});

describe('binary', () => {
  test('query: a BLOB is an array of byte numbers, NULL [null]', async () => {
    expect((await column('query', 'bytes')).slice(0, 2)).toEqual([[0xde, 0xad, 0xbe, 0xef], [null]]);
  });

  test('prepare: BLOB and VARBINARY are arrays of byte numbers, NULL null', async () => {
    expect(await firstRow('prepare', 'bytes, vbytes')).toEqual({ bytes: [0xde, 0xad, 0xbe, 0xef], vbytes: [1, 2] });
    expect((await column('prepare', 'bytes'))[1]).toBeNull();
  });
});
