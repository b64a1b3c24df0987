import { asString } from '../../values/coerce';

export type AlphaSex = 'm' | 'f' | '';

/**
 * esx_identity stores `m`/`f` as typed, `M`/`F` included; skinchanger's convention is 0 = male,
 * 1 = female; the 2018-19 identity's VARCHAR(10) may hold a word. Anything else is no sex
 * (`''`): the record never guesses one.
 */
export function normaliseSex(value: unknown): AlphaSex {
  const text = asString(value).trim().toLowerCase();
  if (text === 'm' || text === '0' || text === 'male') return 'm';
  if (text === 'f' || text === '1' || text === 'female') return 'f';
  return '';
}
