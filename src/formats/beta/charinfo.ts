import { parseCalendarDate, type DateOrder } from '../../values/calendar-date';
import { asRecord, asString } from '../../values/coerce';
import { CHARINFO_DEFAULTS, DEFAULT_CID } from './defaults';
import type { BetaRecord } from './schema';

/**
 * QBCore and Qbox write `YYYY-MM-DD` (qb-multicharacter's date picker, Qbox's default
 * `dateFormat`). A year-last date can only come from a fork or a customised Qbox; it is read
 * day-first, the order outside the US. qb-core's placeholder `00-00-0000` is no real date and
 * becomes `''` like any other.
 */
export const BIRTHDATE_ORDER: DateOrder = 'YMD';

/** qb-multicharacter stores 0/1; a label it failed to translate is stored as it was typed. */
function genderLabel(value: unknown): string {
  const stored = value === null || value === undefined ? CHARINFO_DEFAULTS.gender : value;
  const text = asString(stored);
  if (text.trim() === '0') return 'male';
  if (text.trim() === '1') return 'female';
  return text;
}

/**
 * `charinfo`, with qb-core's defaults for missing fields. `cid` falls back to the row's `cid`
 * column and then to PlayerDefaults' `cid`, as qb-core's CheckPlayerData does.
 */
export function normaliseCharinfo(value: unknown, rowCid: unknown): BetaRecord['charinfo'] {
  const info = asRecord(value) ?? {};
  return {
    firstname: asString(info.firstname, CHARINFO_DEFAULTS.firstname),
    lastname: asString(info.lastname, CHARINFO_DEFAULTS.lastname),
    birthdate: parseCalendarDate(info.birthdate, BIRTHDATE_ORDER),
    nationality: asString(info.nationality, CHARINFO_DEFAULTS.nationality),
    gender: genderLabel(info.gender),
    phone: asString(info.phone),
    account: asString(info.account),
    cid: asString(info.cid, asString(rowCid, String(DEFAULT_CID))),
  };
}
