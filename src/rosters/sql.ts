/**
 * The SQL of a members page, shared by the formats: each format says where a group's members are
 * in its tables (one or more sources, each a FROM and a WHERE with the group's name bound), and
 * this builds one bounded statement that puts them beside the members the framework's memory
 * names, so the database orders and pages both together:
 *
 * - the database's members, minus the online citizens whose framework told their groups (memory
 *   decides for them: hired or fired in game counts at once); online citizens the framework could
 *   not tell stay the database's, marked online;
 * - the online members memory names, read through the table's key (`id IN (…)`, so an index
 *   serves them), their grade and duty bound as parameters. The list is padded to a power of two
 *   so that a few statement texts serve every count (each text is one prepared statement).
 *
 * Order: grade descending, then last name, first name and id as a search orders them
 * (src/search/sql.ts: the same collation, the same keyset paging). The name is
 * matched exactly, as a bound parameter: no LIKE, so `_` and `%` are no wildcards.
 */
import { binaryText, nameKey, packColumns, takeColumn, unpackColumns, type PackedKind } from '../search/sql';
import { quoteIdentifier, selectedName } from '../db/sql';
import type { StatementRunner } from '../db/database';
import type { MemberPosition, MembersFilter } from './query';

/**
 * Where one format keeps a group's members: a condition over its citizens' table (alias `t`) that
 * names the group, and the member's grade there, each with its `?`s.
 */
export interface MemberSource {
  where: string;
  params: readonly unknown[];
  grade: string;
  gradeParams: readonly unknown[];
}

/** What the statement reads of a format's citizens' table (alias `t`). */
export interface MemberTable {
  /** The citizens' table, aliased `t`: `` `users` t ``. */
  from: string;
  /** The summary's select list, over `t`. */
  select: readonly string[];
  /** The route's id column, over `t`. */
  id: string;
  firstName: string;
  lastName: string;
}

/** An online member as the framework holds him. */
export interface HeldMember {
  id: string;
  grade: number;
  onDuty: boolean;
}

/** What the framework's memory says, as the statement binds it. */
export interface MemoryFacts {
  /** Online members of the group. */
  held: readonly HeldMember[];
  /** Every online citizen whose groups the framework told: the database does not decide for them. */
  told: readonly string[];
  /** Online citizens whose groups it could not tell: the database decides, and they are online. */
  untold: readonly string[];
}

export interface MembersCriteria extends MembersFilter {
  memory: MemoryFacts;
  after: MemberPosition | null;
  limit: number;
}

const KEY_ALIASES = ['roster:grade_key', 'roster:last_blank', 'roster:last', 'roster:first_blank', 'roster:first', 'roster:id'] as const;
const FACT_ALIASES = { grade: 'roster:grade', onDuty: 'roster:on_duty', online: 'roster:online' } as const;
/**
 * The one column a row brings back besides its summary (packColumns says why one): the facts, then
 * the sort key, in this order.
 */
const PACKED_ALIAS = 'roster:packed';
const FACT_KINDS: readonly PackedKind[] = ['number', 'number', 'number'];
const PACKED_KINDS: readonly PackedKind[] = [...FACT_KINDS, 'number', 'number', 'text', 'number', 'text', 'text'];

/** The smallest power of two holding `n` (at least 1). */
function padded(n: number): number {
  let size = 1;
  while (size < n) size *= 2;
  return size;
}

/** A list for FIND_IN_SET: ids with a comma could never be one of its items, nor a valid id. */
const idList = (ids: readonly string[]) => ids.filter((id) => !id.includes(',')).join(',');

/** SQL with its parameters, in order. */
interface Bound {
  sql: string;
  params: readonly unknown[];
}

export interface MembersStatement {
  sql: string;
  params: unknown[];
}

export function buildMembersStatement(table: MemberTable, sources: readonly MemberSource[], criteria: MembersCriteria): MembersStatement {
  const last = nameKey(table.lastName);
  const first = nameKey(table.firstName);
  // The grade appears twice (the fact and the sort key): its parameters are bound each time.
  const columns = (grade: Bound, onDuty: Bound, online: Bound): Bound => {
    const key = [`-(${grade.sql})`, `(${last} = '')`, last, `(${first} = '')`, first, binaryText(table.id)];
    return {
      sql: [
        ...table.select,
        `${grade.sql} AS ${quoteIdentifier(FACT_ALIASES.grade)}`,
        `${onDuty.sql} AS ${quoteIdentifier(FACT_ALIASES.onDuty)}`,
        `${online.sql} AS ${quoteIdentifier(FACT_ALIASES.online)}`,
        ...key.map((expr, i) => `${expr} AS ${quoteIdentifier(KEY_ALIASES[i])}`),
      ].join(', '),
      params: [...grade.params, ...onDuty.params, ...online.params, ...grade.params],
    };
  };
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const source of sources) {
    const grade = { sql: `CAST(${source.grade} AS SIGNED)`, params: source.gradeParams };
    const selected = columns(
      grade,
      { sql: '0', params: [] },
      { sql: `(FIND_IN_SET(${table.id}, ?) > 0)`, params: [idList(criteria.memory.untold)] },
    );
    parts.push(`SELECT ${selected.sql} FROM ${table.from} WHERE ${source.where} AND FIND_IN_SET(${table.id}, ?) = 0`);
    params.push(...selected.params, ...source.params, idList(criteria.memory.told));
  }
  const { held } = criteria.memory;
  if (held.length > 0) {
    const rows = Array.from({ length: padded(held.length) }, (_, i) => held[Math.min(i, held.length - 1)]);
    const cases = (value: (m: HeldMember) => unknown): Bound => ({
      sql: `CAST(CASE ${table.id} ${rows.map(() => 'WHEN ? THEN ?').join(' ')} ELSE 0 END AS SIGNED)`,
      params: rows.flatMap((m) => [m.id, value(m)]),
    });
    const selected = columns(
      cases((m) => m.grade),
      cases((m) => (m.onDuty ? 1 : 0)),
      { sql: '1', params: [] },
    );
    parts.push(`SELECT ${selected.sql} FROM ${table.from} WHERE ${table.id} IN (${rows.map(() => '?').join(', ')})`);
    params.push(...selected.params, ...rows.map((m) => m.id));
  }
  const where: string[] = [];
  const outer = (alias: string) => `m.${quoteIdentifier(alias)}`;
  if (criteria.gradeMin !== null) {
    where.push(`${outer(FACT_ALIASES.grade)} >= ?`);
    params.push(criteria.gradeMin);
  }
  if (criteria.online !== null) {
    where.push(`${outer(FACT_ALIASES.online)} = ?`);
    params.push(criteria.online ? 1 : 0);
  }
  if (criteria.onDuty !== null) {
    where.push(`${outer(FACT_ALIASES.onDuty)} = ?`);
    params.push(criteria.onDuty ? 1 : 0);
  }
  if (criteria.after !== null) {
    where.push(`(${KEY_ALIASES.map(outer).join(', ')}) > (?, ?, ?, ?, ?, ?)`);
    params.push(...criteria.after);
  }
  // LIMIT as a digit string (src/search/sql.ts says why).
  params.push(String(criteria.limit + 1));
  // The summary's columns as they are, the facts and the sort key packed into one.
  const packed = [FACT_ALIASES.grade, FACT_ALIASES.onDuty, FACT_ALIASES.online, ...KEY_ALIASES].map((alias, i) => ({
    sql: outer(alias),
    kind: PACKED_KINDS[i],
  }));
  const selected = [...table.select.map((item) => outer(selectedName(item))), `${packColumns(packed)} AS ${quoteIdentifier(PACKED_ALIAS)}`];
  const sql =
    `SELECT ${selected.join(', ')} FROM (${parts.join(' UNION ALL ')}) m${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} ` +
    `ORDER BY ${KEY_ALIASES.map(outer).join(', ')} LIMIT ?`;
  return { sql, params };
}

/** A member as the statement found him: his summary, his grade, whether online and on duty. */
export interface FoundMember {
  summary: unknown;
  grade: number;
  online: boolean;
  onDuty: boolean;
}

export interface FoundPage {
  members: FoundMember[];
  last: MemberPosition | null;
  more: boolean;
}

/**
 * Runs the statement and cuts the answer to the page (it asks for one row more, which says whether
 * another page exists); `summary` makes the format's summary of a row (the roster's columns removed).
 */
export async function runMembers(
  execute: StatementRunner,
  statement: MembersStatement,
  limit: number,
  summary: (row: Record<string, unknown>) => unknown,
): Promise<FoundPage> {
  const rows = await execute(statement.sql, statement.params);
  const kept = rows.slice(0, limit);
  // Every row's facts; only the last row's sort key, which makes the cursor, is decoded.
  const last = kept.length > 0 ? positionOf(kept[kept.length - 1][PACKED_ALIAS]) : null;
  const members = kept.map((row) => {
    const [grade, onDuty, online] = unpackColumns(takeColumn(row, PACKED_ALIAS), FACT_KINDS);
    return { summary: summary(row), grade: Number(grade), online: online === 1, onDuty: onDuty === 1 };
  });
  return { members, last, more: rows.length > limit };
}

/** The sort key of a packed column as the statement returned it. */
function positionOf(packed: unknown): MemberPosition {
  const [, , , grade, lastBlank, lastName, firstBlank, firstName, id] = unpackColumns(packed, PACKED_KINDS);
  return [Number(grade), lastBlank ? 1 : 0, String(lastName), firstBlank ? 1 : 0, String(firstName), String(id)];
}
