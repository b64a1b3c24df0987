/**
 * The rules of job and gang rosters (docs/design.md §2.11), declared once: src/rosters checks a
 * members page by them, operations.ts publishes them (OpenAPI, consumer types, README), and their
 * wording is what a 400 invalid_query says. A members page pages as a search does (§2.7): the same
 * limit, a signed cursor, the same rate-limit cost (it scans the citizens' table).
 */
import type { QueryParameter } from './parameters';
import type { Shape } from './shapes';
import { SEARCH_COST, SEARCH_LIMIT } from './search';

export const MEMBERS_LIMIT = SEARCH_LIMIT;
/** A members page scans like a search, and costs what a search costs. */
export const MEMBERS_COST = SEARCH_COST;
/** The grades a job defines are small whole numbers (ESX `job_grades.grade` INT, Qbox TINYINT UNSIGNED). */
export const GRADE_RANGE = { min: -2147483648, max: 2147483647 } as const;

export const MEMBERS_PARAMETERS = [
  {
    name: 'grade_min',
    shape: { type: 'integer' },
    description: 'Only members at this grade or above: a whole number written in digits (`-` allowed).',
  },
  { name: 'online', shape: { type: 'boolean' }, description: '`true`: only members online now; `false`: only those offline.' },
  {
    name: 'on_duty',
    shape: { type: 'boolean' },
    description: '`true`: only members on duty now (online, and the framework says so); `false`: the others.',
  },
  {
    name: 'limit',
    shape: { type: 'integer' },
    description: `Members per page, ${MEMBERS_LIMIT.min} to ${MEMBERS_LIMIT.max} written in digits (${MEMBERS_LIMIT.default} when absent).`,
  },
  {
    name: 'cursor',
    shape: { type: 'string' },
    description: 'The `next` of the previous page, with the same job and filters.',
  },
] as const satisfies readonly QueryParameter[];

/** Gangs have no duty: their members page takes the same filters without `on_duty`. */
export const GANG_MEMBERS_PARAMETERS = MEMBERS_PARAMETERS.filter((p) => p.name !== 'on_duty');

export type MembersParameter = (typeof MEMBERS_PARAMETERS)[number]['name'];

/** A grade of a job or gang as the server defines it. */
const GRADE: Shape = {
  object: {
    grade: { type: 'integer', description: 'The grade number (0 the lowest in every framework).' },
    name: {
      type: 'string',
      description: 'Its name as the framework stores it on a citizen (ESX `job_grades.name`, qb-core `grades[n].name`).',
    },
    label: { type: 'string', description: 'Its label for people (ESX `job_grades.label`; qb-core and Qbox have none: the name).' },
    isboss: {
      type: 'boolean',
      description: 'The grade may manage the job (qb-core `isboss`; ESX: the grade named `boss`, as esx_society reads it).',
    },
    payment: { type: 'number', description: 'Its pay (ESX `salary`, qb-core `payment`).' },
  },
  optional: ['isboss', 'payment'],
};

const GRADES: Shape = { list: GRADE, max: 1000, description: 'Lowest first.' };
const ONLINE: Shape = { type: 'integer', description: 'Citizens holding it who are online now (from the framework, no query).' };
const ON_DUTY: Shape = { type: 'integer', description: 'Of those, on duty now.' };
const NAME: Shape = { type: 'string', description: 'The name routes take (`police`).' };
const LABEL: Shape = { type: 'string', description: 'Its label for people.' };

/** The most jobs or gangs a catalogue lists; no server defines more. */
export const MAX_GROUPS = 5000;

export const JOBS_DATA: Shape = {
  object: {
    jobs: {
      list: { object: { name: NAME, label: LABEL, grades: GRADES, online: ONLINE, on_duty: ON_DUTY } },
      max: MAX_GROUPS,
      description: 'Every job the server defines, `unemployed` included, by name.',
    },
  },
};

export const GANGS_DATA: Shape = {
  object: {
    gangs: {
      list: { object: { name: NAME, label: LABEL, grades: GRADES, online: ONLINE } },
      max: MAX_GROUPS,
      description: 'Every gang the server defines, `none` included, by name.',
    },
  },
};

export const JOB_COUNT_DATA: Shape = { object: { online: ONLINE, on_duty: ON_DUTY } };
export const GANG_COUNT_DATA: Shape = { object: { online: ONLINE } };

const NEXT: Shape = { type: 'string', nullable: true, description: 'The `cursor` of the next page; null on the last page.' };

/** What a member adds to the citizen's search summary. */
export const MEMBER_FIELDS = {
  grade: { type: 'integer', description: "The member's grade: the framework's while he is online, else the database's." },
  grade_name: {
    type: 'string',
    nullable: true,
    description: "The grade's name as the server defines it; null when it defines no such grade.",
  },
  online: { type: 'boolean', description: 'Online now.' },
  server_id: { type: 'integer', nullable: true, description: "The player's server id while online; null otherwise." },
} as const satisfies Record<string, Shape>;

const JOB_MEMBER_FIELDS = {
  ...MEMBER_FIELDS,
  on_duty: {
    type: 'boolean',
    description: 'On duty now, as the framework says; never while offline, never for a second job (Qbox).',
  },
} as const satisfies Record<string, Shape>;

export const JOB_MEMBERS_DATA: Shape = {
  object: {
    members: {
      list: { allOf: [{ formatSchema: 'summary' }, { object: JOB_MEMBER_FIELDS }] },
      max: MEMBERS_LIMIT.max,
      description: "By grade (highest first), last name, first name, then id; each the citizen's search summary and what he is in the job.",
    },
    next: NEXT,
  },
};

export const GANG_MEMBERS_DATA: Shape = {
  object: {
    members: {
      list: { allOf: [{ formatSchema: 'summary' }, { object: MEMBER_FIELDS }] },
      max: MEMBERS_LIMIT.max,
      description:
        "By grade (highest first), last name, first name, then id; each the citizen's search summary and what he is in the gang.",
    },
    next: NEXT,
  },
};
