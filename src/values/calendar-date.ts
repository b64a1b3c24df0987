/** Date fields: every stored spelling becomes `YYYY-MM-DD`, or `''` when it is no real date. */

/** Order of day, month and year in dates stored as `a/b/c` with the year last or first. */
export type DateOrder = 'DMY' | 'MDY' | 'YMD';

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** `YYYY-MM-DD` when year/month/day form a real calendar date (no 31 February), else `''`. */
export function formatCalendarDate(year: number, month: number, day: number): string {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return '';
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return '';
  const probe = new Date(Date.UTC(2000, month - 1, day));
  probe.setUTCFullYear(year);
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return '';
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

// storedDatePattern (below) matches in SQL what these two read: change them together.
const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/;
const YEAR_LAST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

/**
 * Parses a stored date. Year-first strings (`1990-05-14`, `1990/05/14`, ISO date-times) are read
 * as such whatever the order; year-last strings (`14/05/1990`, `4/5/1990`) follow `order`
 * (`YMD` reads them as day-first, the only year-last spelling ESX writes). A number is oxmysql's
 * typeCast of a DATE column: epoch ms of local midnight, so local components are the date.
 */
export function parseCalendarDate(value: unknown, order: DateOrder): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const d = new Date(value);
    return formatCalendarDate(d.getFullYear(), d.getMonth() + 1, d.getDate());
  }
  if (typeof value !== 'string') return '';
  const text = value.trim();
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) return formatCalendarDate(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]));
  const yearLast = YEAR_LAST.exec(text);
  if (yearLast) {
    const a = Number(yearLast[1]);
    const b = Number(yearLast[2]);
    const year = Number(yearLast[3]);
    return order === 'MDY' ? formatCalendarDate(year, a, b) : formatCalendarDate(year, b, a);
  }
  return '';
}

/** One day or month field as parseCalendarDate reads it: one or two digits, so 5 is `5` or `05`. */
function dayOrMonth(n: number): string {
  return n < 10 ? `0?${n}` : String(n);
}

/**
 * A regular expression matching exactly the stored strings parseCalendarDate reads as `date`
 * (`YYYY-MM-DD`) under `order`, so that a search can compare birth dates in SQL the way the record
 * shows them. It mirrors YEAR_FIRST and YEAR_LAST above (change them together) in the POSIX ERE
 * subset that MySQL 5.7 (Henry Spencer), MySQL 8 (ICU) and MariaDB (PCRE2) share: no `\d`, no
 * `(?:`, `[[:space:]]` for trim's whitespace (which covers ASCII whitespace; trim's other Unicode
 * spaces around a stored date are not matched). The caller compares under a binary collation, as
 * the `T` of a date-time is upper case only here too.
 */
export function storedDatePattern(date: string, order: DateOrder): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`storedDatePattern needs YYYY-MM-DD, not ${date}`);
  const [year, month, day] = [match[1], Number(match[2]), Number(match[3])];
  const sep = '[-/.]';
  const yearFirst = `${year}${sep}${dayOrMonth(month)}${sep}${dayOrMonth(day)}([T ].*)?`;
  const [a, b] = order === 'MDY' ? [month, day] : [day, month];
  const yearLast = `${dayOrMonth(a)}${sep}${dayOrMonth(b)}${sep}${year}`;
  return `^[[:space:]]*(${yearFirst}|${yearLast})[[:space:]]*$`;
}
