/**
 * Job rosters over ESX (docs/rosters.md): the server's jobs are the `jobs` and `job_grades` tables
 * es_extended loads at start and on `ESX.RefreshJobs` (esx-framework/esx_core
 * `[core]/es_extended/server/functions.lua` RefreshJobs; `es_extended.sql`: `jobs(name, label,
 * whitelisted)`, `job_grades(id, job_name, grade, name, label, salary, skin_male, skin_female)`),
 * and a citizen's job is `users.job`/`users.job_grade`. ESX has no gangs.
 *
 * `users.job = ?` is an exact match with the name bound; ESX creates no index on it, so it scans
 * `users` under the search limits, unless the owner adds the one docs/rosters.md gives
 * (`ALTER TABLE users ADD INDEX (job)`); the match is exact whatever the column's collation. The definitions are read when the format is prepared and
 * again at most once a minute, when a catalogue or a members page asks: es_extended itself reads
 * them only at start and on RefreshJobs.
 */
import type { Database, Row, StatementRunner } from '../../db/database';
import { quoteIdentifier } from '../../db/sql';
import { readTableColumns, type TableColumn } from '../../db/table-columns';
import type { DefinedGroup, Definitions, FormatRosters } from '../../rosters/definitions';
import { buildMembersStatement, runMembers, type MemberTable } from '../../rosters/sql';
import { binaryText } from '../../search/sql';
import type { AlphaSummary } from './normalise';

/** The tables rosters read, for people. */
export const ALPHA_ROSTER_TABLES = 'users, jobs and job_grades tables (ESX)';

/** Definitions older than this are read again when a catalogue or members page asks. */
export const DEFINITIONS_MAX_AGE_MS = 60_000;

const column = (columns: ReadonlyMap<string, TableColumn>, name: string, alias: string) =>
  columns.has(name) ? `${alias}.${quoteIdentifier(columns.get(name)?.name ?? name)}` : 'NULL';

/** The catalogue's statement over the columns these tables have (`label` and `salary` may be missing on hand-made tables). */
function catalogueStatement(jobs: ReadonlyMap<string, TableColumn>, grades: ReadonlyMap<string, TableColumn>): string {
  return (
    `SELECT j.\`name\` AS job, ${column(jobs, 'label', 'j')} AS job_label, g.\`grade\` AS grade, g.\`name\` AS grade_name, ` +
    `${column(grades, 'label', 'g')} AS grade_label, ${column(grades, 'salary', 'g')} AS salary ` +
    'FROM `jobs` j LEFT JOIN `job_grades` g ON g.`job_name` = j.`name` ORDER BY j.`name`, g.`grade`'
  );
}

/**
 * The definitions from the catalogue's rows. `isboss` is ESX's convention: the grade named `boss`
 * manages the society (esx_society checks `xPlayer.job.grade_name == 'boss'`).
 */
export function alphaDefinitions(rows: readonly Row[]): Definitions {
  const jobs = new Map<string, DefinedGroup & { grades: DefinedGroup['grades'][number][] }>();
  for (const row of rows) {
    const name = String(row.job);
    let job = jobs.get(name);
    if (!job) {
      job = { name, label: row.job_label == null ? name : String(row.job_label), grades: [] };
      jobs.set(name, job);
    }
    if (row.grade == null) continue;
    const gradeName = String(row.grade_name ?? '');
    job.grades.push({
      grade: Number(row.grade),
      name: gradeName,
      label: row.grade_label == null ? gradeName : String(row.grade_label),
      isboss: gradeName === 'boss',
      ...(row.salary == null ? {} : { payment: Number(row.salary) }),
    });
  }
  return jobs;
}

export interface AlphaRosterOptions {
  now(): number;
  /** The summary's select list, fields and summary (search.ts alphaSummaryReader). */
  reader: { select: readonly string[]; fields: { firstName: string; lastName: string; id: string }; summary(row: Row): AlphaSummary };
}

/** The rosters over this server's tables; null where `users` lacks `job`/`job_grade` or the definitions' tables are missing. */
export async function prepareAlphaRosters(
  db: Database,
  users: ReadonlyMap<string, TableColumn>,
  options: AlphaRosterOptions,
): Promise<FormatRosters | null> {
  const [jobs, grades] = [await readTableColumns(db, 'jobs'), await readTableColumns(db, 'job_grades')];
  const job = users.get('job');
  const grade = users.get('job_grade');
  if (!jobs?.has('name') || !grades?.has('job_name') || !grades.has('grade') || !grades.has('name') || !job || !grade) return null;
  const catalogue = catalogueStatement(jobs, grades);
  let kept = { definitions: alphaDefinitions(await db.query(catalogue, [])), at: options.now() };
  const table: MemberTable = {
    from: '`users` t',
    select: options.reader.select,
    id: options.reader.fields.id,
    firstName: options.reader.fields.firstName,
    lastName: options.reader.fields.lastName,
  };
  // The column's own comparison, which an index on it serves, then the exact one: `users` is
  // usually `_ci`, where `POLICE` would equal `police`.
  const stored = quoteIdentifier(job.name);
  const source = { where: `${stored} = ? AND ${binaryText(stored)} = ?`, grade: quoteIdentifier(grade.name), gradeParams: [] };
  return {
    kinds: ['job'],
    definitions: (kind) => (kind === 'job' ? kept.definitions : null),
    async refresh(execute: StatementRunner) {
      if (options.now() - kept.at < DEFINITIONS_MAX_AGE_MS) return;
      kept = { definitions: alphaDefinitions(await execute(catalogue, [])), at: options.now() };
    },
    members(_kind, name, criteria, execute) {
      const statement = buildMembersStatement(table, [{ ...source, params: [name, name] }], criteria);
      return runMembers(execute, statement, criteria.limit, options.reader.summary);
    },
  };
}
