/**
 * `citizen_records:esx_dob_format auto` (docs/design.md §3.1): esx_identity stores `dateofbirth` as the
 * player typed it, and servers differ in whether that is day or month first. Only unambiguous
 * dates are evidence: a first field above 12 can only be a day (DMY), a second above 12 only a day
 * (MDY). With no evidence, or evidence both ways, ESX's own default DMY stands.
 */
import type { DateOrder } from '../../values/calendar-date';

export type DobFormatSetting = DateOrder | 'auto';

export interface DobOrderChoice {
  order: DateOrder;
  dayFirst: number;
  monthFirst: number;
  ambiguous: number;
}

const YEAR_LAST = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-]\d{4}\s*$/;

export function chooseDobOrder(samples: readonly unknown[]): DobOrderChoice {
  let dayFirst = 0;
  let monthFirst = 0;
  let ambiguous = 0;
  for (const sample of samples) {
    const match = typeof sample === 'string' ? YEAR_LAST.exec(sample) : null;
    if (!match) continue;
    const [first, second] = [Number(match[1]), Number(match[2])];
    if (first > 12 && second <= 12) dayFirst++;
    else if (second > 12 && first <= 12) monthFirst++;
    else ambiguous++;
  }
  const order: DateOrder = monthFirst > 0 && dayFirst === 0 ? 'MDY' : 'DMY';
  return { order, dayFirst, monthFirst, ambiguous };
}

/** How many stored dates the choice reads: enough evidence, a bounded read of the table. */
export const DOB_SAMPLE_ROWS = 1000;
