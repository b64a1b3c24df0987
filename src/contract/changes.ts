/**
 * The change feed's rules (docs/changes.md; the design's §2.10), declared once: src/changes/query.ts
 * checks a request by them, the operation in operations.ts publishes them (OpenAPI, consumer
 * types, README), and their wording is what a 400 invalid_query says.
 */
import type { QueryParameter } from './parameters';
import type { Shape } from './shapes';

/** Changes per page: without records, and with `include=record` (each one a lookup). */
export const CHANGES_LIMIT = { min: 1, max: 500, default: 100 } as const;
export const CHANGES_RECORD_LIMIT = { max: 50, default: 50 } as const;
/** Seconds a request may be held when nothing is new (the long poll). */
export const CHANGES_WAIT = { min: 0, max: 30, default: 0 } as const;
/** The one value `include` takes. */
export const INCLUDE_RECORD = 'record';
/** Requests of the key's rate limit a page costs; with records, each a lookup, more. */
export const CHANGES_COST = 1;
export const CHANGES_RECORD_COST = 5;

/** What changed, and the values it takes. */
export const CHANGE_KINDS = ['citizen', 'vehicle'] as const;
export const CHANGE_OPS = ['upsert', 'delete'] as const;
export const CHANGE_SOURCES = ['database', 'live'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
export type ChangeOp = (typeof CHANGE_OPS)[number];
export type ChangeSource = (typeof CHANGE_SOURCES)[number];

export const CHANGES_PARAMETERS = [
  {
    name: 'cursor',
    shape: { type: 'string' },
    description:
      'The `next` of the previous page of this format. Absent: a snapshot starts (every current citizen and vehicle as an upsert), ' +
      'and its `next` carries on with what changed since it began. A cursor the feed no longer knows is 410 `cursor_expired`: start again without one.',
  },
  {
    name: 'limit',
    shape: { type: 'integer' },
    description:
      `Changes per page, ${CHANGES_LIMIT.min} to ${CHANGES_LIMIT.max} written in digits (${CHANGES_LIMIT.default} when absent); ` +
      `with \`include=${INCLUDE_RECORD}\` at most ${CHANGES_RECORD_LIMIT.max} (${CHANGES_RECORD_LIMIT.default} when absent). A shorter page means caught up.`,
  },
  {
    name: 'wait',
    shape: { type: 'integer' },
    description:
      `Seconds, ${CHANGES_WAIT.min} to ${CHANGES_WAIT.max} (${CHANGES_WAIT.default} when absent): when nothing is new, the answer is held until ` +
      'a change of this format comes or the time is up (long poll); beyond `citizen_records:changes_max_waiting` held at once, it comes at once, empty.',
  },
  {
    name: 'include',
    shape: { enum: [INCLUDE_RECORD] },
    description:
      `\`${INCLUDE_RECORD}\`: each upsert carries \`record\`, the citizen or vehicle exactly as its route answers it now; an upsert whose ` +
      `record is gone by then comes as a delete. Costs ${CHANGES_RECORD_COST} requests of the rate limit instead of ${CHANGES_COST}.`,
  },
] as const satisfies readonly QueryParameter[];

export type ChangesParameter = (typeof CHANGES_PARAMETERS)[number]['name'];

/** One change as a page lists it. */
export const CHANGE_SHAPE = {
  object: {
    kind: { enum: CHANGE_KINDS },
    id: {
      type: 'string',
      description:
        "The citizen's id as its route takes it (`identifier`, `citizenid`), or the vehicle's plate as the vehicle route answers it.",
    },
    op: { enum: CHANGE_OPS, description: '`upsert`: it exists now (new or changed); `delete`: it is gone.' },
    source: {
      enum: CHANGE_SOURCES,
      description: "`database`: seen in the tables; `live`: seen in the framework's memory for an online citizen.",
    },
    at: { type: 'string', description: 'When the change was seen, ISO 8601 in UTC.' },
    record: {
      anyOf: [{ formatSchema: 'record' }, { sharedSchema: 'Vehicle' }],
      description: `With \`include=${INCLUDE_RECORD}\`, on upserts only: the record (kind citizen) or the vehicle, as its route answers it.`,
    },
  },
  optional: ['record'],
} as const satisfies Shape;
