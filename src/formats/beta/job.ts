import { asBoolean, asNumber, asRecord, asString } from '../common/coerce';
import { optionalBoolean, optionalNumber } from '../common/optional';
import { GANG_DEFAULTS, JOB_DEFAULTS } from './defaults';
import type { BetaGang, BetaJob } from './schema';

interface StoredGroup {
  /** The stored job or gang object, and its stored grade. */
  fields: Record<string, unknown>;
  storedGrade: Record<string, unknown>;
  /** What jobs and gangs share, normalised. */
  group: Omit<BetaGang, 'grade'>;
  grade: BetaGang['grade'];
}

/**
 * What jobs and gangs share. A NULL, unreadable or non-object column reads as `{}`, so every field
 * takes qb-core's default and the whole default job or gang comes out. A bare number as `grade`
 * (some forks) is its level. Rows written before Oct 2021 have no `grade`, or keep `isboss` on one
 * level only: each level is completed from the other.
 */
function readGroup(value: unknown, defaults: typeof JOB_DEFAULTS | typeof GANG_DEFAULTS): StoredGroup {
  const fields = asRecord(value) ?? {};
  const storedGrade = asRecord(fields.grade) ?? { level: fields.grade };
  const groupBoss = optionalBoolean(fields.isboss);
  const gradeBoss = optionalBoolean(storedGrade.isboss);
  return {
    fields,
    storedGrade,
    group: {
      name: asString(fields.name, defaults.name),
      label: asString(fields.label, defaults.label),
      isboss: groupBoss ?? gradeBoss ?? defaults.isboss,
    },
    grade: {
      name: asString(storedGrade.name, defaults.grade.name),
      level: asNumber(storedGrade.level, defaults.grade.level),
      isboss: gradeBoss ?? groupBoss ?? defaults.isboss,
    },
  };
}

/** `job`; `payment` is completed between the job and its grade like `isboss`; no `type` is `none`. */
export function normaliseJob(value: unknown): BetaJob {
  const { fields, storedGrade, group, grade } = readGroup(value, JOB_DEFAULTS);
  const jobPayment = optionalNumber(fields.payment);
  const gradePayment = optionalNumber(storedGrade.payment);
  return {
    name: group.name,
    label: group.label,
    type: asString(fields.type, JOB_DEFAULTS.type),
    isboss: group.isboss,
    onduty: asBoolean(fields.onduty, JOB_DEFAULTS.onduty),
    grade: {
      name: grade.name,
      level: grade.level,
      payment: gradePayment ?? jobPayment ?? JOB_DEFAULTS.payment,
      isboss: grade.isboss,
    },
    payment: jobPayment ?? gradePayment ?? JOB_DEFAULTS.payment,
  };
}

/** `gang`; NULL is qb-core's default gang (`none`). */
export function normaliseGang(value: unknown): BetaGang {
  const { group, grade } = readGroup(value, GANG_DEFAULTS);
  return { ...group, grade };
}
