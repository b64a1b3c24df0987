/** GET /health and the getHealth export: no auth, no personal data. The shape is the contract's (src/contract/health.ts). */
import type { FormatAvailability, HealthData } from '../contract/health';
import type { FormatName } from '../formats/registry';

export interface HealthReport {
  success: boolean;
  data: HealthData<FormatName>;
}

export function healthReport(databaseReady: boolean, formats: Record<FormatName, FormatAvailability>, version: string): HealthReport {
  return {
    success: databaseReady,
    data: {
      status: databaseReady ? 'ok' : 'degraded',
      database: databaseReady ? 'connected' : 'unavailable',
      formats,
      version,
    },
  };
}
