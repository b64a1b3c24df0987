/**
 * A change feed request, from an HTTP query string or an export's table, checked against the
 * contract's rules (src/contract/changes.ts) before anything else happens. The rules are the
 * search's (the design's §2.7): `+` and `%20` are spaces, an empty value counts as absent, a
 * parameter given twice or unknown is an error, numbers are digits only; whatever is wrong is an
 * invalid_query whose message names it. The cursor is only read here, not checked: the feed holds
 * the key that checks it.
 */
import {
  CHANGES_LIMIT,
  CHANGES_PARAMETERS,
  CHANGES_RECORD_LIMIT,
  CHANGES_WAIT,
  INCLUDE_RECORD,
  type ChangesParameter,
} from '../contract/changes';
import { listWords, readQueryString, shownValue as quoted } from '../lookup/query-string';

export interface ChangesQuery {
  cursor: string | null;
  limit: number;
  /** Milliseconds the answer may be held when nothing is new. */
  waitMs: number;
  /** `include=record`. */
  records: boolean;
}

export type ChangesQueryRead = { ok: true; query: ChangesQuery } | { ok: false; message: string };

const NAMES: readonly ChangesParameter[] = CHANGES_PARAMETERS.map((p) => p.name);
const TAKES = listWords(NAMES);

type Given = Partial<Record<ChangesParameter, string>>;

/** The text after `?` of GET /{format}/changes, undecoded, read as every paged route's is. */
export function readChangesQueryString(raw: string): ChangesQueryRead {
  const read = readQueryString(raw, NAMES, 'the change feed');
  return read.ok ? checkChanges(read.values) : read;
}

/** The table passed to get{Format}Changes: `{cursor?, limit?, wait?, include?}`, or nothing. */
export function readChangesArgument(argument: unknown): ChangesQueryRead {
  // nil from Lua arrives as null, an empty Lua table as an empty list.
  if (argument === null || argument === undefined || (Array.isArray(argument) && argument.length === 0)) return checkChanges({});
  if (typeof argument !== 'object' || Array.isArray(argument)) {
    return {
      ok: false,
      message: `The change feed takes one table {${NAMES.map((n) => `${n}?`).join(', ')}}; ${Array.isArray(argument) ? 'a list' : `a ${typeof argument}`} was given.`,
    };
  }
  const given: Given = {};
  for (const [name, value] of Object.entries(argument)) {
    if (!(NAMES as readonly string[]).includes(name))
      return { ok: false, message: `Unknown field ${quoted(name)}; the change feed's table takes ${TAKES}.` };
    if (value === null || value === undefined) continue;
    if (typeof value === 'number' && (name === 'limit' || name === 'wait')) {
      if (!Number.isInteger(value)) return { ok: false, message: `${name} must be a whole number; ${value} was given.` };
      given[name] = String(value);
    } else if (typeof value === 'string') given[name as ChangesParameter] = value;
    else
      return {
        ok: false,
        message: `${name} must be a ${name === 'limit' || name === 'wait' ? 'number' : 'string'}; a ${typeof value} was given.`,
      };
  }
  return checkChanges(given);
}

/** A whole number from `min` to `max` written in digits, or what is wrong with it. */
function wholeNumber(name: string, text: string, min: number, max: number): number | string {
  const value = /^[0-9]{1,9}$/.test(text) ? Number(text) : Number.NaN;
  return value >= min && value <= max
    ? value
    : `${name} must be a whole number from ${min} to ${max}, written in digits; ${quoted(text)} is not.`;
}

function checkChanges(given: Given): ChangesQueryRead {
  const present = (name: ChangesParameter) => (given[name] === '' ? undefined : given[name]);
  const include = present('include');
  if (include !== undefined && include !== INCLUDE_RECORD) {
    return { ok: false, message: `include takes only ${INCLUDE_RECORD}; ${quoted(include)} is not.` };
  }
  const records = include === INCLUDE_RECORD;
  const limits = records ? CHANGES_RECORD_LIMIT : CHANGES_LIMIT;
  const limitText = present('limit');
  const limit = limitText === undefined ? limits.default : wholeNumber('limit', limitText, CHANGES_LIMIT.min, limits.max);
  if (typeof limit === 'string')
    return { ok: false, message: records ? `${limit} (include=${INCLUDE_RECORD} allows at most ${limits.max})` : limit };
  const waitText = present('wait');
  const wait = waitText === undefined ? CHANGES_WAIT.default : wholeNumber('wait', waitText, CHANGES_WAIT.min, CHANGES_WAIT.max);
  if (typeof wait === 'string') return { ok: false, message: `${wait} (seconds)` };
  return { ok: true, query: { cursor: present('cursor') ?? null, limit, waitMs: wait * 1000, records } };
}
