import fc from 'fast-check';
import { parseCalendarDate, storedDatePattern, type DateOrder } from './calendar-date';

/** The pattern as a JS RegExp: the one POSIX class it uses, spelled for JS. */
const asJs = (pattern: string) => new RegExp(pattern.replace(/\[\[:space:\]\]/g, '[ \\t\\n\\v\\f\\r]'));

const ORDERS: DateOrder[] = ['DMY', 'MDY', 'YMD'];

describe('storedDatePattern', () => {
  test('matches every stored spelling of the date in the order, and no other date', () => {
    const dmy = asJs(storedDatePattern('1990-05-04', 'DMY'));
    for (const s of [
      '04/05/1990',
      '4/5/1990',
      '4-05-1990',
      '04.5.1990',
      ' 4/5/1990 ',
      '1990-05-04',
      '1990/5/4',
      '1990.05.04',
      '1990-05-04T00:00:00.000Z',
      '1990-05-04 12:00:00',
      '4/05-1990',
    ]) {
      expect({ s, match: dmy.test(s) }).toEqual({ s, match: true });
    }
    for (const s of [
      '05/04/1990',
      '5/4/1990',
      '004/05/1990',
      '04/05/90',
      '1990-05-04t00',
      '1990-05-40',
      '1990-5-04x',
      'x04/05/1990',
      '04/05/19901',
    ]) {
      expect({ s, match: dmy.test(s) }).toEqual({ s, match: false });
    }
    const mdy = asJs(storedDatePattern('1990-05-04', 'MDY'));
    expect(mdy.test('05/04/1990')).toBe(true);
    expect(mdy.test('04/05/1990')).toBe(false);
    expect(asJs(storedDatePattern('1990-12-25', 'YMD')).test('25.12.1990')).toBe(true);
  });

  test('a stored string matches exactly when the record reads it as that date (property)', () => {
    const field = fc.oneof(
      fc.integer({ min: 0, max: 40 }).map(String),
      fc.integer({ min: 0, max: 9 }).map((n) => `0${n}`),
      fc.constantFrom('', '001', '13', '31'),
    );
    const year = fc.oneof(
      fc.constantFrom('1990', '2000', '0999', '199', '19900'),
      fc.integer({ min: 1, max: 9999 }).map((n) => String(n).padStart(4, '0')),
    );
    const sep = fc.constantFrom('/', '-', '.', ' ', '', '_');
    const pad = fc.constantFrom('', ' ', '  ', '\t');
    const suffix = fc.constantFrom('', 'T00:00:00', ' 10:00', 'T', 't1', 'x', ' ');
    const spelt = fc
      .tuple(
        fc.date({ min: new Date(Date.UTC(1, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('/', '-', '.'),
        fc.constantFrom('/', '-', '.'),
        suffix,
        pad,
      )
      .map(([d, yearFirst, padDay, dayFirst, s1, s2, end, space]) => {
        const y = String(d.getUTCFullYear()).padStart(4, '0');
        const m = String(d.getUTCMonth() + 1).padStart(padDay ? 2 : 1, '0');
        const day = String(d.getUTCDate()).padStart(padDay ? 2 : 1, '0');
        return yearFirst
          ? `${space}${y}${s1}${m}${s2}${day}${end}`
          : `${space}${dayFirst ? day : m}${s1}${dayFirst ? m : day}${s2}${y}${end}`;
      });
    const stored = fc.oneof(
      spelt,
      fc.tuple(pad, year, sep, field, sep, field, suffix, pad).map((p) => p.join('')),
      fc.tuple(pad, field, sep, field, sep, year, suffix, pad).map((p) => p.join('')),
      fc.string({ maxLength: 14, unit: fc.constantFrom('0', '1', '2', '9', '/', '-', '.', ' ', 'T') }),
    );
    const date = fc
      .date({ min: new Date(Date.UTC(1, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    let matched = 0;
    fc.assert(
      fc.property(stored, fc.constantFrom(...ORDERS), fc.boolean(), date, (s, order, ownDate, other) => {
        // Half the time ask for the date the record reads from s itself, so that matches are common.
        const asked = (ownDate && parseCalendarDate(s, order)) || other;
        const match = asJs(storedDatePattern(asked, order)).test(s);
        if (match) matched++;
        expect(match).toBe(parseCalendarDate(s, order) === asked);
      }),
      { numRuns: 5000 },
    );
    expect(matched).toBeGreaterThan(200);
  });

  test('refuses anything but YYYY-MM-DD (the query parser checked it)', () => {
    expect(() => storedDatePattern('1990-5-4', 'DMY')).toThrow(/YYYY-MM-DD/);
  });
});
