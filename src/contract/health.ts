/**
 * The health report of GET /health and the getHealth export, declared once. It keeps this
 * `{success, data}` shape whether or not the database is usable, so a monitor reads one shape:
 * `success` is `status === "ok"`, and HTTP answers 200 or 503 after it. No personal data.
 */
import type { Shape, TypeOf } from './shapes';

/** Where a format stands: its table found, missing, not inspected yet, or switched off by convar. */
export const AVAILABILITY = ['available', 'unavailable', 'pending', 'disabled'] as const;

export const HEALTH_DATA = {
  object: {
    status: { enum: ['ok', 'degraded'], description: '`ok` when the database is usable.' },
    database: { enum: ['connected', 'unavailable'] },
    formats: {
      perFormat: { enum: AVAILABILITY },
      description:
        'Each format: `available`, `unavailable` (its table is missing), `pending` (not inspected yet) or `disabled` (citizen_records:formats).',
    },
    vehicles: {
      perFormat: { enum: AVAILABILITY },
      description:
        "Each format's vehicles: `available`, `unavailable` (its vehicles table, or its citizens table, is missing), `pending` or `disabled`, as for `formats`. Never changes `status`: a server without a garage script still serves citizens.",
    },
    version: { type: 'string', description: "The resource's version." },
    replica: {
      object: {
        lag_s: {
          type: 'integer',
          nullable: true,
          description: 'Seconds behind the primary (`Seconds_Behind_Master` / `Seconds_Behind_Source`); null while it is not replicating.',
        },
        max_lag_s: { type: 'integer', description: 'citizen_records:replica_max_lag_s: more lag than this makes `status` `degraded`.' },
        replicating: { type: 'boolean', description: 'Both replication threads (I/O and SQL) are running.' },
      },
      description:
        'Only from the standalone service reading a replica: how far behind its primary it is. Not replicating, or more than `max_lag_s` behind, makes `status` `degraded` (503), so a load balancer turns to another instance.',
    },
  },
  optional: ['replica'],
} as const satisfies Shape;

export type HealthData<F extends string> = TypeOf<typeof HEALTH_DATA, F>;

export type ReplicaHealth = NonNullable<HealthData<string>['replica']>;

export type FormatAvailability = (typeof AVAILABILITY)[number];
