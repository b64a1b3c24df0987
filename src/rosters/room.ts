/**
 * The rosters room (docs/design.md §2.11): the groups (jobs, beta's gangs) the server defines with
 * how many holding each are online, one group's members, and a group's count. Online citizens'
 * groups come from the framework's memory (LiveSource.members), everyone else's from the database.
 * The catalogue and the members page run through the pipeline (the members page a bounded scan
 * under the search cap); a count reads memory only, no query, like presence.
 */
import { JOB_RULE } from '../contract/parameters';
import { notAString } from '../lookup/checks';
import { fail, formatDisabled, ok, type Envelope } from '../lookup/envelope';
import { metNobody } from '../lookup/looked';
import type { Checked, Room } from '../lookup/pipeline';
import type { PreparedTables } from '../lookup/prepared';
import type { CursorKey } from '../lookup/cursor';
import type { LiveSource, OnlineMember } from '../live/source';
import { gradeName, type DefinedGroup, type Definitions, type FormatRosters } from './definitions';
import { membersKey, nextMembersCursor, parseMembersArgument, parseMembersQueryString, type GroupKind, type MembersQuery } from './query';
import type { MemoryFacts } from './sql';

/** A format's bound lookups as rosters see them: its rosters, null where its tables lack them; null where its citizens' table is missing. */
export type RosterTables = { rosters: FormatRosters | null } | null;

export interface RosterRoomOptions {
  /** The tables each format's rosters need, for people (`users, jobs and job_grades tables (ESX)`), by format name. */
  labels: Readonly<Record<string, string>>;
  live: LiveSource;
  cursorSecret: Uint8Array;
}

const JOB_PATTERN = new RegExp(JOB_RULE.pattern);

/** The group's name checked by the job rule (400 invalid_job). */
export function checkGroupName(kind: GroupKind, given: unknown): Checked<string> {
  if (typeof given === 'string' && JOB_PATTERN.test(given)) return { ok: true, value: given };
  const what = typeof given === 'string' ? `${JSON.stringify(given.slice(0, 60))} is not` : notAString(given);
  return { ok: false, refused: fail(JOB_RULE.error, `The ${kind} name must be ${JOB_RULE.wording}; ${what}.`) };
}

function usable(labels: Readonly<Record<string, string>>, format: string, bound: RosterTables): Checked<FormatRosters> {
  if (bound?.rosters) return { ok: true, value: bound.rosters };
  const why = `Rosters of format ${format} need the ${labels[format]}, which this server's database does not have.`;
  return { ok: false, refused: fail('format_unavailable', why) };
}

/** The online citizens and their groups; none where the source has no framework's memory at hand (standalone). */
const onlineMembers = (live: LiveSource, format: string): readonly OnlineMember[] => live.members?.(format) ?? [];

const notDefined = (kind: GroupKind, name: string, format: string) =>
  fail('job_not_found', `The server defines no ${kind} named ${name} (format ${format}); GET /${format}/${kind}s lists those it defines.`);

/** How many online citizens hold each group of the kind, and how many of those are on duty (memory only). */
function countsOf(members: readonly OnlineMember[], kind: GroupKind): Map<string, { online: number; onDuty: number }> {
  const counts = new Map<string, { online: number; onDuty: number }>();
  for (const { groups } of members) {
    for (const held of (kind === 'job' ? groups?.jobs : groups?.gangs) ?? []) {
      const count = counts.get(held.name) ?? { online: 0, onDuty: 0 };
      count.online++;
      if (held.onDuty) count.onDuty++;
      counts.set(held.name, count);
    }
  }
  return counts;
}

function catalogueEntry(group: DefinedGroup, kind: GroupKind, count: { online: number; onDuty: number } | undefined) {
  const online = count?.online ?? 0;
  const { name, label, grades } = group;
  return kind === 'job' ? { name, label, grades, online, on_duty: count?.onDuty ?? 0 } : { name, label, grades, online };
}

/** `/{format}/jobs`, `/beta/gangs`: every group the server defines, by name, with its online counts. */
export function catalogueRoom(options: RosterRoomOptions, kind: GroupKind): Room<null, RosterTables, FormatRosters> {
  return {
    input: () => ({ ok: true, value: null }),
    key: () => `${kind}s`,
    what: () => `${kind} catalogue`,
    runner: 'lookup',
    usable: (format, bound) => usable(options.labels, format, bound),
    async answer({ format, tables, execute }) {
      await tables.refresh(execute);
      const definitions = tables.definitions(kind) ?? new Map();
      const counts = countsOf(onlineMembers(options.live, format), kind);
      const list = [...definitions.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      return metNobody(ok({ [`${kind}s`]: list.map((group) => catalogueEntry(group, kind, counts.get(group.name))) }));
    },
  };
}

/** What memory says of the group's online members, as the members statement binds it. */
function memoryFacts(members: readonly OnlineMember[], kind: GroupKind, name: string): MemoryFacts {
  const held: MemoryFacts['held'][number][] = [];
  const told: string[] = [];
  const untold: string[] = [];
  for (const { id, groups } of members) {
    if (!groups) {
      untold.push(id);
      continue;
    }
    told.push(id);
    const group = (kind === 'job' ? groups.jobs : groups.gangs).find((g) => g.name === name);
    if (group) held.push({ id, grade: group.grade, onDuty: group.onDuty });
  }
  return { held, told, untold };
}

interface MembersAsk {
  query: MembersQuery;
  key: CursorKey;
}

/** `/{format}/jobs/{job}/members`: one page of the group's members, online and offline. */
export function membersRoom(options: RosterRoomOptions, kind: GroupKind): Room<MembersAsk, RosterTables, FormatRosters> {
  return {
    input(format, given, via) {
      const { name, query } = given as { name: unknown; query: unknown };
      const checked = checkGroupName(kind, name);
      if (!checked.ok) return checked;
      const key: CursorKey = { scope: format, secret: options.cursorSecret };
      const parse =
        via === 'http'
          ? parseMembersQueryString(kind, checked.value, typeof query === 'string' ? query : '', key)
          : parseMembersArgument(kind, checked.value, query, key);
      return parse.ok ? { ok: true, value: { query: parse.query, key } } : { ok: false, refused: fail('invalid_query', parse.message) };
    },
    key: ({ query }) => `members\u0000${membersKey(query)}`,
    what: ({ query }) => `members of ${kind} ${query.name}`,
    runner: 'scan',
    usable: (format, bound) => usable(options.labels, format, bound),
    scanStopped: ({ query }) => ({
      subject: `Listing the members of ${kind} ${query.name}`,
      advice: 'try again, or ask the server owner to add the index README names (docs/rosters.md).',
    }),
    async answer({ format, input: { query, key }, tables, execute }) {
      await tables.refresh(execute);
      const group = tables.definitions(kind)?.get(query.name);
      if (!group) return metNobody(notDefined(kind, query.name, format));
      const online = onlineMembers(options.live, format);
      const serverIds = new Map(online.map((m) => [m.id, m.serverId]));
      const memory = memoryFacts(online, kind, query.name);
      const heldNames = new Map(
        online.flatMap((m) =>
          ((kind === 'job' ? m.groups?.jobs : m.groups?.gangs) ?? []).filter((g) => g.name === query.name).map((g) => [m.id, g.gradeName]),
        ),
      );
      const page = await tables.members(kind, query.name, { ...query, memory }, execute);
      const members = page.members.map(({ summary, grade, online: isOnline, onDuty }) => {
        const id = idOf(summary);
        // The summary was made for this page alone: the member's fields go onto it, in the order
        // the answer lists them, rather than into a copy of it (twenty objects fewer a page).
        const member = summary as Record<string, unknown>;
        member.grade = grade;
        member.grade_name = gradeName(group, grade) ?? (isOnline ? (heldNames.get(id) ?? null) : null);
        member.online = isOnline;
        member.server_id = isOnline ? (serverIds.get(id) ?? null) : null;
        if (kind === 'job') member.on_duty = onDuty;
        return member;
      });
      return metNobody(ok({ members, next: nextMembersCursor(query, page.last, page.more, key) }));
    },
  };
}

/** The route's id of a summary: alpha's `identifier`, beta's `citizenid`. */
function idOf(summary: unknown): string {
  const s = summary as { identifier?: unknown; citizenid?: unknown };
  return String(s.identifier ?? s.citizenid ?? '');
}

export interface CountOptions {
  enabled: ReadonlySet<string>;
  citizens: PreparedTables<{ name: string }, RosterTables>;
  live: LiveSource;
  labels: Readonly<Record<string, string>>;
}

/**
 * `/{format}/jobs/{job}/count`: memory only (no query, no gate, no cache), so a bot may poll it.
 * The definitions are the ones kept (ESX's read at start and at most once a minute after).
 */
export function answerCount(options: CountOptions, kind: GroupKind, format: string, given: unknown): Envelope<unknown> {
  const checked = checkGroupName(kind, given);
  if (!checked.ok) return checked.refused;
  if (!options.enabled.has(format)) return formatDisabled(format);
  const known = options.citizens.known.get(format);
  if (!known) return fail('database_unavailable', `The ${kind} definitions of format ${format} are not read yet; try again in a moment.`);
  const bound = usable(options.labels, format, known.find);
  if (!bound.ok) return bound.refused;
  const definitions: Definitions | null = bound.value.definitions(kind);
  if (!definitions)
    return fail('database_unavailable', `The ${kind} definitions of format ${format} are not read yet; try again in a moment.`);
  if (!definitions.has(checked.value)) return notDefined(kind, checked.value, format);
  const count = countsOf(onlineMembers(options.live, format), kind).get(checked.value);
  return ok(kind === 'job' ? { online: count?.online ?? 0, on_duty: count?.onDuty ?? 0 } : { online: count?.online ?? 0 });
}
