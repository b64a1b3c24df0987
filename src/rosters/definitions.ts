/**
 * What rosters ask of a format (its `jobs.ts`, bound to the tables this server has): the groups
 * the server defines, and one page of a group's members. ESX keeps its definitions in the `jobs`
 * and `job_grades` tables (read when the format is prepared, and again at most once a minute when
 * a catalogue or members page asks); qb-core and Qbox in memory, handed over by the framework.
 */
import type { StatementRunner } from '../db/database';
import type { GroupKind } from './query';
import type { FoundPage, MembersCriteria } from './sql';

export interface DefinedGrade {
  grade: number;
  name: string;
  label: string;
  isboss?: boolean;
  payment?: number;
}

export interface DefinedGroup {
  name: string;
  label: string;
  /** Lowest first. */
  grades: readonly DefinedGrade[];
}

/** Every group of one kind the server defines, by name. */
export type Definitions = ReadonlyMap<string, DefinedGroup>;

export interface FormatRosters {
  /** The kinds of group the format's framework has (ESX: jobs only). */
  readonly kinds: readonly GroupKind[];
  /** The definitions known now, from memory; null while they were never read (the database was down at start). */
  definitions(kind: GroupKind): Definitions | null;
  /** Reads them again where they come from the database and were read over a minute ago. Rejects only with a DatabaseError. */
  refresh(execute: StatementRunner): Promise<void>;
  /** One page of the group's members (the bounded scan). Rejects only with a DatabaseError. */
  members(kind: GroupKind, name: string, criteria: MembersCriteria, execute: StatementRunner): Promise<FoundPage>;
}

/** `grades` by grade number, the grade's name when the server defines it. */
export function gradeName(group: DefinedGroup | undefined, grade: number): string | null {
  return group?.grades.find((g) => g.grade === grade)?.name ?? null;
}
