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
