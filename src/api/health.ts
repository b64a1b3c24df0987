/** GET /health and the getHealth export: no auth, no personal data. The shape is the contract's (src/contract/health.ts). */
import type { FormatAvailability, HealthData, ReplicaHealth } from '../contract/health';
import type { FormatName } from '../formats/registry';

export type { ReplicaHealth };

export interface HealthReport {
  success: boolean;
  data: HealthData<FormatName>;
}

export interface HealthFacts {
  databaseReady: boolean;
  formats: Record<FormatName, FormatAvailability>;
  vehicles: Record<FormatName, FormatAvailability>;
  version: string;
  /** Where the replica read stands (the standalone service on a replica); undefined elsewhere. */
  replica?: ReplicaHealth;
}

/** A replica that stopped replicating, or fell further behind than allowed, degrades the service. */
function replicaFine(replica: ReplicaHealth | undefined): boolean {
  return !replica || (replica.replicating && replica.lag_s !== null && replica.lag_s <= replica.max_lag_s);
}

export function healthReport({ databaseReady, formats, vehicles, version, replica }: HealthFacts): HealthReport {
  const ok = databaseReady && replicaFine(replica);
  return {
    success: ok,
    data: {
      status: ok ? 'ok' : 'degraded',
      database: databaseReady ? 'connected' : 'unavailable',
      formats,
      vehicles,
      version,
      ...(replica ? { replica } : {}),
    },
  };
}
