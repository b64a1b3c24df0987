import { asBoolean, asNumber, asRecord, asString } from '../../values/coerce';
import { optionalBoolean, optionalNumber } from '../../values/optional';
import { GANG_DEFAULTS, JOB_DEFAULTS } from './defaults';
import { DEFAULT_GANGS, DEFAULT_JOBS, type GradeDefinition, type GroupCatalog, type GroupDefinition } from './group-catalog';
import type { BetaGang, BetaJob } from './schema';

interface StoredGroup {
  /** The stored job or gang object, and its stored grade. */
  fields: Record<string, unknown>;
  storedGrade: Record<string, unknown>;
  /** What jobs and gangs share, normalised. */
  group: Omit<BetaGang, 'grade'>;
  grade: BetaGang['grade'];
  /** This group's definition, and that of its grade at the stored level, where known. */
  definition: GroupDefinition | undefined;
  gradeDefinition: GradeDefinition | undefined;
}

/** The server's own definitions while its framework runs, else qb-core's default lists; never both. */
const definitionsFrom = (live: GroupCatalog | undefined, defaults: GroupCatalog): GroupCatalog => (live && live.size > 0 ? live : defaults);

/**
 * What jobs and gangs share, for a stored object that names its group (the caller gives
 * PlayerDefaults' group to any other value). A bare number as `grade` (some forks) is its level.
 * Rows written before Oct 2021 have no `grade`, or keep `isboss` on one level only: each level is
 * completed from the other, then from the definition of that group at that level.
 */
function readGroup(fields: Record<string, unknown>, name: string, definitions: GroupCatalog): StoredGroup {
  const storedGrade = asRecord(fields.grade) ?? { level: fields.grade };
  const level = asNumber(storedGrade.level, 0);
  const definition = definitions.get(name);
  const gradeDefinition = definition?.grades.get(level);
  const groupBoss = optionalBoolean(fields.isboss);
  const gradeBoss = optionalBoolean(storedGrade.isboss);
  return {
    fields,
    storedGrade,
    definition,
    gradeDefinition,
    group: {
      name,
      label: asString(fields.label, definition?.label ?? ''),
      isboss: groupBoss ?? gradeBoss ?? gradeDefinition?.isboss ?? false,
    },
    grade: {
      name: asString(storedGrade.name, gradeDefinition?.name ?? ''),
      level,
      isboss: gradeBoss ?? groupBoss ?? gradeDefinition?.isboss ?? false,
    },
  };
}

/** The stored group object and its name, or undefined when the row names no group. */
function namedGroup(value: unknown): { fields: Record<string, unknown>; name: string } | undefined {
  const fields = asRecord(value);
  const name = fields ? asString(fields.name, '') : '';
  return fields && name !== '' ? { fields, name } : undefined;
}

/**
 * `job`; `payment` is completed between the job and its grade like `isboss`, then from the
 * definition; a `type` neither stored nor defined is `none`. `live` holds the definitions of the
 * framework running beside the resource, if any.
 */
export function normaliseJob(value: unknown, live?: GroupCatalog): BetaJob {
  const named = namedGroup(value);
  if (!named) return { ...JOB_DEFAULTS, grade: { ...JOB_DEFAULTS.grade } };
  const { fields, storedGrade, group, grade, definition, gradeDefinition } = readGroup(
    named.fields,
    named.name,
    definitionsFrom(live, DEFAULT_JOBS),
  );
  const jobPayment = optionalNumber(fields.payment);
  const gradePayment = optionalNumber(storedGrade.payment) ?? (jobPayment === undefined ? gradeDefinition?.payment : undefined);
  return {
    name: group.name,
    label: group.label,
    type: asString(fields.type, definition?.type ?? 'none'),
    isboss: group.isboss,
    onduty: asBoolean(fields.onduty, false),
    grade: {
      name: grade.name,
      level: grade.level,
      payment: gradePayment ?? jobPayment ?? 0,
      isboss: grade.isboss,
    },
    payment: jobPayment ?? gradePayment ?? 0,
  };
}

/** `gang`; a row that names none (NULL included) has qb-core's default gang. */
export function normaliseGang(value: unknown, live?: GroupCatalog): BetaGang {
  const named = namedGroup(value);
  if (!named) return { ...GANG_DEFAULTS, grade: { ...GANG_DEFAULTS.grade } };
  const { group, grade } = readGroup(named.fields, named.name, definitionsFrom(live, DEFAULT_GANGS));
  return { ...group, grade };
}
