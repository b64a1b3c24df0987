/**
 * A members page's question (docs/design.md §2.11), from an HTTP query string or an export's
 * table, checked before anything reaches the database: `grade_min` a whole number, `online` and
 * `on_duty` `true`/`false` (gangs have no duty), `limit` 1–50 (20), `cursor` as a previous page
 * gave it, bound to the same group and filters. Anything else is an `invalid_query` naming it.
 */
import { MEMBERS_LIMIT, MEMBERS_PARAMETERS, type MembersParameter } from '../contract/rosters';
import { openCursor, sealCursor, type CursorKey } from '../lookup/cursor';
import { listWords, readQueryString, shownValue } from '../lookup/query-string';
import { isSearchPosition, type SearchPosition } from '../search/sql';

export type GroupKind = 'job' | 'gang';

/**
 * A place in the members order: after the member with this sort key, [minus his grade, last name
 * empty (0/1), last name, first name empty (0/1), first name, id], as the database returned them.
 */
export type MemberPosition = readonly [number, ...SearchPosition];

/** A grade, then a search position: the members' order is search's within each grade. */
export function isMemberPosition(value: unknown): value is MemberPosition {
  return Array.isArray(value) && Number.isInteger(value[0]) && isSearchPosition(value.slice(1));
}

export interface MembersFilter {
  gradeMin: number | null;
  online: boolean | null;
  onDuty: boolean | null;
}

export interface MembersQuery extends MembersFilter {
  kind: GroupKind;
  /** The job's or gang's name, checked by the job rule. */
  name: string;
  limit: number;
  after: MemberPosition | null;
}

export type MembersParse = { ok: true; query: MembersQuery } | { ok: false; message: string };

const parametersOf = (kind: GroupKind): MembersParameter[] =>
  MEMBERS_PARAMETERS.map((p) => p.name).filter((name) => kind === 'job' || name !== 'on_duty');

/** The question a cursor is bound to: the group and the filters, not the page size. */
function question({ kind, name, gradeMin, online, onDuty }: Omit<MembersQuery, 'limit' | 'after'>): string {
  return JSON.stringify([kind, name, gradeMin, online, onDuty]);
}

/** The key identical pages share (a query, a cache entry). */
export function membersKey(query: MembersQuery): string {
  return `${question(query)}\u0000${query.limit}\u0000${JSON.stringify(query.after)}`;
}

/** The `next` of a page that ended at `last`; null when nothing follows. */
export function nextMembersCursor(query: MembersQuery, last: MemberPosition | null, more: boolean, key: CursorKey): string | null {
  return more && last !== null ? sealCursor(question(query), [...last], key) : null;
}

const invalid = (message: string): MembersParse => ({ ok: false, message });

function parseBoolean(name: string, value: string): boolean | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return `${name} must be true or false; ${shownValue(value)} is not.`;
}

/** The checks every way in shares, on the values given (strings, empty ones dropped). */
function check(kind: GroupKind, name: string, values: Partial<Record<MembersParameter, string>>, key: CursorKey): MembersParse {
  let gradeMin: number | null = null;
  if (values.grade_min !== undefined) {
    gradeMin = /^-?[0-9]{1,9}$/.test(values.grade_min) ? Number(values.grade_min) : NaN;
    if (Number.isNaN(gradeMin))
      return invalid(`grade_min must be a whole number written in digits; ${shownValue(values.grade_min)} is not.`);
  }
  const flags: Record<'online' | 'on_duty', boolean | null> = { online: null, on_duty: null };
  for (const flag of ['online', 'on_duty'] as const) {
    const value = values[flag];
    if (value === undefined) continue;
    const parsed = parseBoolean(flag, value);
    if (typeof parsed === 'string') return invalid(parsed);
    flags[flag] = parsed;
  }
  let limit: number = MEMBERS_LIMIT.default;
  if (values.limit !== undefined) {
    limit = /^[0-9]{1,3}$/.test(values.limit) ? Number(values.limit) : NaN;
    if (!(limit >= MEMBERS_LIMIT.min && limit <= MEMBERS_LIMIT.max))
      return invalid(
        `limit must be a whole number from ${MEMBERS_LIMIT.min} to ${MEMBERS_LIMIT.max}, written in digits; ${shownValue(values.limit)} is not.`,
      );
  }
  const query: MembersQuery = { kind, name, gradeMin, online: flags.online, onDuty: flags.on_duty, limit, after: null };
  if (values.cursor === undefined) return { ok: true, query };
  const opened = openCursor(values.cursor, question(query), key);
  if (!opened.ok && opened.why === 'other_question')
    return invalid(`cursor belongs to another ${kind} or other filters; use it with the page that gave it, or start again without it.`);
  if (!opened.ok || !isMemberPosition(opened.fields))
    return invalid(
      'cursor is not one this server gave out (changed, cut short, or from before the resource restarted); start again without it.',
    );
  return { ok: true, query: { ...query, after: opened.fields } };
}

/** The query string of a members route. */
export function parseMembersQueryString(kind: GroupKind, name: string, raw: string, key: CursorKey): MembersParse {
  const read = readQueryString(raw, parametersOf(kind), `a ${kind}'s members page`);
  return read.ok ? check(kind, name, read.values, key) : invalid(read.message);
}

/**
 * The table an export was called with: `{grade_min?, online?, on_duty?, limit?, cursor?}`, numbers
 * and booleans as Lua gives them, or their text; nothing (nil) or an empty table for none.
 */
export function parseMembersArgument(kind: GroupKind, name: string, argument: unknown, key: CursorKey): MembersParse {
  const parameters = parametersOf(kind);
  if (argument === null || argument === undefined || (Array.isArray(argument) && argument.length === 0)) return check(kind, name, {}, key);
  if (typeof argument !== 'object' || Array.isArray(argument))
    return invalid(
      `The members query is one table {${parameters.map((p) => `${p}?`).join(', ')}}; a ${Array.isArray(argument) ? 'list' : typeof argument} was given.`,
    );
  const values: Partial<Record<MembersParameter, string>> = {};
  for (const [field, value] of Object.entries(argument)) {
    if (!(parameters as string[]).includes(field))
      return invalid(`Unknown field ${shownValue(field)}; the members query takes ${listWords(parameters)}.`);
    if (value === null || value === undefined || value === '') continue;
    const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : typeof value === 'boolean' ? String(value) : value;
    if (typeof text !== 'string')
      return invalid(`${field} must be a ${field === 'cursor' ? 'string' : 'whole number or boolean'}; a ${typeof value} was given.`);
    values[field as MembersParameter] = text;
  }
  return check(kind, name, values, key);
}
