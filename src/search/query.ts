/**
 * A citizen search's question, from an HTTP query string or an export's table, checked and turned
 * into one normalised query before anything reaches the database. Whatever is wrong is an
 * `invalid_query` whose message names it.
 *
 * The rules: `name` trimmed, 2–64 characters, at most 3 terms of at least 2 characters each;
 * `dob` a real calendar date written `YYYY-MM-DD`; `phone` 3–20 digits once spaces, `-`, `.`,
 * `(`, `)` and a leading `+` are dropped; `name` or `phone` (or both) given, `dob` only narrows;
 * `limit` 1–50 (20 when absent); `cursor` as a previous page gave it. An empty value counts as
 * absent (a form's `dob=`); an unknown parameter, or one given twice, is an error.
 *
 * The cursor is opaque to callers: the next page's position in the search order (the last row's
 * sort key), how many results came before it, and a hash of the search it belongs to (format,
 * terms, dob, phone), under an HMAC with a key made at start. Another search's cursor is refused
 * by name; a changed or foreign one (or one from before a restart) is refused as not ours. The
 * count is what keeps at most SEARCH_REACH results reachable.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  MAX_NAME_TERMS,
  MIN_TERM_LENGTH,
  NAME_LENGTH,
  PHONE_DIGITS,
  PHONE_SEPARATORS,
  SEARCH_LIMIT,
  SEARCH_PARAMETERS as PARAMETERS,
  SEARCH_REACH,
  type SearchParameter,
} from '../contract/search';
import { formatCalendarDate } from '../values/calendar-date';
import { isSearchPosition, type SearchPosition } from './sql';

const SEARCH_PARAMETERS = PARAMETERS.map((p) => p.name);

/** Longer cursors are no cursor this service gave out (two names and an id fit many times over). */
const MAX_CURSOR_LENGTH = 4096;

/** What is searched for; the cursor is bound to exactly this (and the format). */
export interface SearchFilter {
  /** The name's terms, as typed (the database compares them case- and accent-insensitively). */
  terms: readonly string[];
  dob: string | null;
  /** Digits only. */
  phone: string | null;
}

export interface SearchQuery extends SearchFilter {
  limit: number;
  /** Where this page starts; null for the first page. */
  cursor: { served: number; position: SearchPosition } | null;
}

export type SearchParse = { ok: true; query: SearchQuery } | { ok: false; message: string };

/** What binds cursors: the format they were given for, and the resource's secret for this run. */
export interface CursorKey {
  scope: string;
  secret: string | Uint8Array;
}

const invalid = (message: string): SearchParse => ({ ok: false, message });

const codePoints = (text: string): number => [...text].length;

const PARAMETER_LIST = `${SEARCH_PARAMETERS.slice(0, -1).join(', ')} and ${SEARCH_PARAMETERS[SEARCH_PARAMETERS.length - 1]}`;

/** How a value is shown back in a message: quoted, and cut when long. */
function shown(value: string): string {
  const cut = codePoints(value) > 40 ? `${[...value].slice(0, 40).join('')}…` : value;
  return JSON.stringify(cut);
}

/**
 * The query string of a search route (the text after `?`, undecoded): `+` and `%20` are spaces.
 */
export function parseSearchQueryString(raw: string, key: CursorKey): SearchParse {
  const values: Partial<Record<SearchParameter, string>> = {};
  const seen = new Set<string>();
  const hash = raw.indexOf('#');
  const text = hash === -1 ? raw : raw.slice(0, hash);
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent((eq === -1 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
      value = eq === -1 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    } catch {
      return invalid(`The query string has a malformed %-escape in ${shown(pair)}; encode each parameter's value with encodeURIComponent.`);
    }
    if (!(SEARCH_PARAMETERS as readonly string[]).includes(name)) {
      return invalid(`Unknown parameter ${shown(name)}; a search takes ${PARAMETER_LIST}.`);
    }
    if (seen.has(name)) return invalid(`Parameter ${name} is given more than once; give each parameter once.`);
    seen.add(name);
    if (value !== '') values[name as SearchParameter] = value;
  }
  return checkSearch(values, key);
}

/**
 * The table an export was called with: `{name?, dob?, phone?, limit?, cursor?}` (a Lua table
 * arrives as a plain object; an empty one may arrive as an empty array).
 */
export function parseSearchArgument(argument: unknown, key: CursorKey): SearchParse {
  const shape = `{${SEARCH_PARAMETERS.map((p) => `${p}?`).join(', ')}}`;
  if (Array.isArray(argument) && argument.length === 0) return checkSearch({}, key);
  if (argument === null || typeof argument !== 'object' || Array.isArray(argument)) {
    const given =
      argument === null || argument === undefined
        ? 'nothing was given'
        : `${Array.isArray(argument) ? 'a list' : `a ${typeof argument}`} was given`;
    return invalid(`The search takes one table ${shape}; ${given}.`);
  }
  const values: Partial<Record<SearchParameter, unknown>> = {};
  for (const name of Object.keys(argument)) {
    if (!(SEARCH_PARAMETERS as readonly string[]).includes(name)) {
      return invalid(`Unknown field ${shown(name)}; the search table takes ${PARAMETER_LIST}.`);
    }
    const value = (argument as Record<string, unknown>)[name];
    if (value === null || value === undefined || value === '') continue;
    if (name === 'limit' && typeof value === 'number') {
      if (!Number.isInteger(value))
        return invalid(`limit must be a whole number from ${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}; ${value} was given.`);
      values.limit = String(value);
      continue;
    }
    if (typeof value !== 'string') {
      const hint = name === 'phone' && typeof value === 'number' ? ' (quote it: a number loses leading zeros)' : '';
      return invalid(`${name} must be a string${hint}; a ${typeof value} was given.`);
    }
    values[name as SearchParameter] = value;
  }
  return checkSearch(values as Partial<Record<SearchParameter, string>>, key);
}

/** `name` split into its terms, or what is wrong with it. */
function parseName(value: string): { terms: string[] } | { message: string } {
  const name = value.trim();
  const length = codePoints(name);
  if (length < NAME_LENGTH.min || length > NAME_LENGTH.max) {
    return { message: `name must be ${NAME_LENGTH.min} to ${NAME_LENGTH.max} characters once trimmed; ${shown(name)} has ${length}.` };
  }
  const terms = name.split(/\s+/u);
  if (terms.length > MAX_NAME_TERMS) {
    return { message: `name has ${terms.length} words; give at most ${MAX_NAME_TERMS} (each must start a first or last name).` };
  }
  const short = terms.find((t) => codePoints(t) < MIN_TERM_LENGTH);
  if (short !== undefined) {
    return {
      message: `name's word ${shown(short)} is shorter than ${MIN_TERM_LENGTH} characters; every word must have at least ${MIN_TERM_LENGTH}.`,
    };
  }
  return { terms };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDob(value: string): { dob: string } | { message: string } {
  const match = ISO_DATE.exec(value);
  if (!match) return { message: `dob must be a date written YYYY-MM-DD, like 1990-05-14; ${shown(value)} is not.` };
  const dob = formatCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  if (dob !== value) return { message: `dob ${shown(value)} is no real calendar date.` };
  return { dob };
}

const SEPARATORS = new RegExp(`[${PHONE_SEPARATORS.map((c) => `\\${c}`).join('')}]`, 'g');

/** The digits of `value`, as the stored numbers are compared (sql.ts). */
function parsePhone(value: string): { phone: string } | { message: string } {
  const stripped = value.replace(SEPARATORS, '');
  const phone = stripped.startsWith('+') ? stripped.slice(1) : stripped;
  if (!/^[0-9]+$/.test(phone) || phone.length < PHONE_DIGITS.min || phone.length > PHONE_DIGITS.max) {
    return {
      message: `phone must be ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits once spaces, -, ., (, ) and a leading + are dropped; ${shown(value)} is not.`,
    };
  }
  return { phone };
}

function parseLimit(value: string | undefined): { limit: number } | { message: string } {
  if (value === undefined) return { limit: SEARCH_LIMIT.default };
  const limit = /^[0-9]+$/.test(value) ? Number(value) : NaN;
  if (!(limit >= SEARCH_LIMIT.min && limit <= SEARCH_LIMIT.max)) {
    return {
      message: `limit must be a whole number from ${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}, written in digits; ${shown(value)} is not.`,
    };
  }
  return { limit };
}

/** The checks every way in shares, on the values given (strings, empty ones already dropped). */
function checkSearch(values: Partial<Record<SearchParameter, string>>, key: CursorKey): SearchParse {
  if (values.name === undefined && values.phone === undefined) {
    return invalid(
      `Give name (${NAME_LENGTH.min} to ${NAME_LENGTH.max} characters) or phone (${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits) to search by; dob only narrows a search.`,
    );
  }
  let terms: readonly string[] = [];
  if (values.name !== undefined) {
    const name = parseName(values.name);
    if ('message' in name) return invalid(name.message);
    terms = name.terms;
  }
  let dob: string | null = null;
  if (values.dob !== undefined) {
    const parsed = parseDob(values.dob);
    if ('message' in parsed) return invalid(parsed.message);
    dob = parsed.dob;
  }
  let phone: string | null = null;
  if (values.phone !== undefined) {
    const parsed = parsePhone(values.phone);
    if ('message' in parsed) return invalid(parsed.message);
    phone = parsed.phone;
  }
  const limit = parseLimit(values.limit);
  if ('message' in limit) return invalid(limit.message);
  const filter: SearchFilter = { terms, dob, phone };
  let cursor: SearchQuery['cursor'] = null;
  if (values.cursor !== undefined) {
    const decoded = decodeCursor(values.cursor, filter, key);
    if ('message' in decoded) return invalid(decoded.message);
    cursor = decoded;
  }
  return { ok: true, query: { ...filter, limit: limit.limit, cursor } };
}

/** The same search asked again gives the same string: for sharing queries and the cache. */
export function searchFilterKey(filter: SearchFilter): string {
  return JSON.stringify([filter.terms, filter.dob, filter.phone]);
}

function filterHash(filter: SearchFilter, scope: string): string {
  return createHash('sha256')
    .update(`${scope}\u0000${searchFilterKey(filter)}`)
    .digest('base64url')
    .slice(0, 16);
}

function mac(payload: string, key: CursorKey): Buffer {
  return createHmac('sha256', key.secret).update(payload).digest().subarray(0, 16);
}

const CURSOR_VERSION = 1;

/** The cursor of the page after `served` results that ended at `position`. */
export function encodeSearchCursor(filter: SearchFilter, served: number, position: SearchPosition, key: CursorKey): string {
  const payload = Buffer.from(JSON.stringify([CURSOR_VERSION, filterHash(filter, key.scope), served, ...position])).toString('base64url');
  return `${payload}.${mac(payload, key).toString('base64url')}`;
}

const NOT_OURS =
  'cursor is not one this server gave out (changed, cut short, or from before the resource restarted); search again without it.';

function decodeCursor(
  text: string,
  filter: SearchFilter,
  key: CursorKey,
): { served: number; position: SearchPosition } | { message: string } {
  const match = text.length <= MAX_CURSOR_LENGTH ? /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/.exec(text) : null;
  if (!match) return { message: NOT_OURS };
  const [, payload, signature] = match;
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== 16 || !timingSafeEqual(given, mac(payload, key))) return { message: NOT_OURS };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { message: NOT_OURS };
  }
  if (!Array.isArray(decoded) || decoded[0] !== CURSOR_VERSION) return { message: NOT_OURS };
  const [, hash, served, ...position] = decoded as unknown[];
  if (hash !== filterHash(filter, key.scope)) {
    return {
      message:
        'cursor belongs to another search (another format, name, dob or phone); use it with the search that gave it, or search again without it.',
    };
  }
  if (!Number.isInteger(served) || (served as number) < 1 || (served as number) >= SEARCH_REACH || !isSearchPosition(position)) {
    return { message: NOT_OURS };
  }
  return { served: served as number, position };
}

/** How many results this page may hold: the limit, within what SEARCH_REACH leaves. */
export function pageLimit(query: SearchQuery): number {
  return Math.min(query.limit, SEARCH_REACH - (query.cursor?.served ?? 0));
}

/**
 * The `next` of a page of `count` results that ended at `last`: null when no more match, or when
 * the results served so far reach SEARCH_REACH (the caller narrows the search instead).
 */
export function nextSearchCursor(
  query: SearchQuery,
  count: number,
  last: SearchPosition | null,
  more: boolean,
  key: CursorKey,
): string | null {
  const served = (query.cursor?.served ?? 0) + count;
  if (!more || last === null || served >= SEARCH_REACH) return null;
  return encodeSearchCursor(query, served, last, key);
}
