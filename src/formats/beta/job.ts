import { asBoolean, asNumber, asRecord, asString } from '../common/coerce';
import { optionalBoolean, optionalNumber } from '../common/optional';
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

/**
 * What jobs and gangs share. A NULL, unreadable or non-object column reads as `{}`, so every field
 * takes qb-core's default and the whole default job or gang comes out. A bare number as `grade`
 * (some forks) is its level. Rows written before Oct 2021 have no `grade`, or keep `isboss` on one
 * level only: each level is completed from the other.
 */
function readGroup(value: unknown, defaults: typeof JOB_DEFAULTS | typeof GANG_DEFAULTS, catalogs: readonly GroupCatalog[]): StoredGroup {
  const fields = asRecord(value) ?? {};
  const storedGrade = asRecord(fields.grade) ?? { level: fields.grade };
  const name = asString(fields.name, defaults.name);
  const level = asNumber(storedGrade.level, defaults.grade.level);
  // The server's own definitions first, then qb-core's defaults; never another group's.
  const definition = catalogs.map((c) => c.get(name)).find((d) => d !== undefined);
  const gradeDefinition = definition?.grades.get(level);
  const groupBoss = optionalBoolean(fields.isboss);
  const gradeBoss = optionalBoolean(storedGrade.isboss);
  const boss = groupBoss ?? gradeBoss ?? gradeDefinition?.isboss ?? defaults.isboss;
  return {
    fields,
    storedGrade,
    definition,
    gradeDefinition,
    group: {
      name,
      label: asString(fields.label, definition?.label ?? ''),
      isboss: boss,
    },
    grade: {
      name: asString(storedGrade.name, gradeDefinition?.name ?? ''),
      level,
      isboss: gradeBoss ?? groupBoss ?? gradeDefinition?.isboss ?? defaults.isboss,
    },
  };
}

/**
 * `job`; `payment` is completed between the job and its grade like `isboss`, then from the
 * definition; a `type` neither stored nor defined is `none`. `live` holds the definitions of the
 * framework running beside the resource, if any.
 */
export function normaliseJob(value: unknown, live?: GroupCatalog): BetaJob {
  const { fields, storedGrade, group, grade, definition, gradeDefinition } = readGroup(value, JOB_DEFAULTS, live ? [live, DEFAULT_JOBS] : [DEFAULT_JOBS]);
  const jobPayment = optionalNumber(fields.payment);
  const gradePayment = optionalNumber(storedGrade.payment) ?? (jobPayment === undefined ? gradeDefinition?.payment : undefined);
  return {
    name: group.name,
    label: group.label,
    type: asString(fields.type, definition?.type ?? JOB_DEFAULTS.type),
    isboss: group.isboss,
    onduty: asBoolean(fields.onduty, JOB_DEFAULTS.onduty),
    grade: {
      name: grade.name,
      level: grade.level,
      payment: gradePayment ?? jobPayment ?? 0,
      isboss: grade.isboss,
    },
    payment: jobPayment ?? gradePayment ?? 0,
  };
}

/** `gang`; NULL is qb-core's default gang (`none`). */
export function normaliseGang(value: unknown, live?: GroupCatalog): BetaGang {
  const { group, grade } = readGroup(value, GANG_DEFAULTS, live ? [live, DEFAULT_GANGS] : [DEFAULT_GANGS]);
  return { ...group, grade };
}
