/**
 * Job and gang rosters over QBCore and Qbox (docs/rosters.md). The server's jobs and gangs are the
 * framework's shared lists, handed over through its exports as the records' grade names already
 * are (group-catalog.ts; qb-core's defaults without a framework). A citizen's primary job and gang
 * are the `job`/`gang` JSON texts of `players`, matched on their `name` exactly, the name bound:
 * `JSON_UNQUOTE(JSON_EXTRACT(job, '$.name')) = ?` (MySQL 5.7.8+, MariaDB 10.2.3+; JSON_VALID
 * first, as search.ts says why). Qbox keeps every group a citizen holds in `player_groups(citizenid,
 * group, type, grade)` (qbx_core.sql): where that table exists, a citizen holding the group there
 * is a member with that grade, a second job included; the JSON text still answers for the rest
 * (`unemployed`, which Qbox does not store there).
 *
 * No index serves the JSON match: it scans `players` under the search limits, unless the owner
 * adds the generated column and index docs/rosters.md gives (`job_name`, `gang_name`), which this
 * uses when `players` has it.
 */
import type { Database, Row } from '../../db/database';
import { quoteIdentifier } from '../../db/sql';
import { readTableColumns, type TableColumn } from '../../db/table-columns';
import type { DefinedGroup, Definitions, FormatRosters } from '../../rosters/definitions';
import type { GroupKind } from '../../rosters/query';
import { buildMembersStatement, runMembers, type MemberSource, type MemberTable } from '../../rosters/sql';
import type { FrameworkGroups } from '../format';
import { DEFAULT_GANGS, DEFAULT_JOBS, frameworkCatalogs, type GroupCatalog } from './group-catalog';
import type { BetaSummary } from './normalise';
import { PLAYERS_TABLE } from './query';

/** The tables rosters read, for people. */
export const BETA_ROSTER_TABLES = 'players table (QBCore/Qbox)';

/** Qbox's table of every group a citizen holds. */
export const PLAYER_GROUPS_TABLE = 'player_groups';

/** The columns docs/rosters.md tells an owner to add (generated from the JSON, indexed), by kind. */
export const NAME_COLUMNS: Record<GroupKind, string> = { job: 'job_name', gang: 'gang_name' };

const definitionsOf = new WeakMap<GroupCatalog, Definitions>();

/** A catalog as rosters list it: qb-core's grades have a name and no label, so the name is both. */
function definitions(catalog: GroupCatalog): Definitions {
  let kept = definitionsOf.get(catalog);
  if (!kept) {
    kept = new Map(
      [...catalog].map(([name, def]): [string, DefinedGroup] => [
        name,
        {
          name,
          label: def.label,
          grades: [...def.grades]
            .sort(([a], [b]) => a - b)
            .map(([grade, g]) => ({ grade, name: g.name, label: g.name, isboss: g.isboss, payment: g.payment })),
        },
      ]),
    );
    definitionsOf.set(catalog, kept);
  }
  return kept;
}

/** `t.<column>`'s JSON text at `path`, or NULL where the column is no JSON. */
const jsonText = (column: string, path: string) => `IF(JSON_VALID(t.${column}), JSON_UNQUOTE(JSON_EXTRACT(t.${column}, '${path}')), NULL)`;

/** The stored grade: `grade.level`, or the bare level the first QBCore builds kept in `grade`. */
function jsonGrade(column: string): string {
  const grade = `JSON_EXTRACT(t.${column}, '$.grade')`;
  return `COALESCE(IF(JSON_VALID(t.${column}), JSON_UNQUOTE(IF(JSON_TYPE(${grade}) = 'OBJECT', JSON_EXTRACT(t.${column}, '$.grade.level'), ${grade})), NULL), 0)`;
}

export interface BetaRosterOptions {
  groups(): FrameworkGroups | undefined;
  now(): number;
  reader: {
    select: readonly string[];
    fields: { firstName: string; lastName: string; id: string };
    summary(row: Row, nowMs: number): BetaSummary;
  };
}

/** The rosters over this server's `players` (and Qbox's `player_groups` where it exists). */
export async function prepareBetaRosters(
  db: Database,
  players: ReadonlyMap<string, TableColumn>,
  options: BetaRosterOptions,
): Promise<FormatRosters | null> {
  const citizenid = players.get('citizenid');
  if (!citizenid) return null;
  const groups = await readTableColumns(db, PLAYER_GROUPS_TABLE);
  const hasGroups = ['citizenid', 'group', 'type', 'grade'].every((c) => groups?.has(c));
  const id = `t.${quoteIdentifier(citizenid.name)}`;
  const table: MemberTable = {
    from: `\`${PLAYERS_TABLE}\` t`,
    select: options.reader.select,
    id: options.reader.fields.id,
    firstName: options.reader.fields.firstName,
    lastName: options.reader.fields.lastName,
  };
  const sourcesOf = (kind: GroupKind, name: string): MemberSource[] | null => {
    const json = players.get(kind);
    if (!json) return null;
    const generated = players.get(NAME_COLUMNS[kind]);
    const stored = generated ? `t.${quoteIdentifier(generated.name)}` : jsonText(quoteIdentifier(json.name), '$.name');
    const grade = jsonGrade(quoteIdentifier(json.name));
    if (!hasGroups) return [{ where: `${stored} = ?`, params: [name], grade, gradeParams: [] }];
    const held = 'FROM `player_groups` g WHERE g.`type` = ? AND g.`group` = ?';
    return [
      {
        where: `${id} IN (SELECT g.\`citizenid\` ${held})`,
        params: [kind, name],
        grade: `(SELECT g.\`grade\` ${held} AND g.\`citizenid\` = ${id})`,
        gradeParams: [kind, name],
      },
      {
        where: `${stored} = ? AND NOT EXISTS (SELECT 1 ${held} AND g.\`citizenid\` = ${id})`,
        params: [name, kind, name],
        grade,
        gradeParams: [],
      },
    ];
  };
  return {
    kinds: ['job', 'gang'],
    definitions(kind) {
      const catalogs = frameworkCatalogs(options.groups()) ?? { jobs: DEFAULT_JOBS, gangs: DEFAULT_GANGS };
      return definitions(kind === 'job' ? catalogs.jobs : catalogs.gangs);
    },
    refresh: async () => undefined,
    async members(kind, name, criteria, execute) {
      const sources = sourcesOf(kind, name);
      if (!sources) return { members: [], last: null, more: false };
      const nowMs = options.now();
      const statement = buildMembersStatement(table, sources, criteria);
      return runMembers(execute, statement, criteria.limit, (row) => options.reader.summary(row, nowMs));
    },
  };
}
