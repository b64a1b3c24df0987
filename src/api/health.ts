/** GET /health and the getHealth export: no auth, no personal data (docs/design.md §7). */
import type { FormatName } from '../formats/format';
import type { FormatAvailability } from './citizen-service';

export interface HealthData {
  status: 'ok' | 'degraded';
  database: 'connected' | 'unavailable';
  formats: Record<FormatName, FormatAvailability>;
  version: string;
}

/**
 * Health keeps the `{success, data}` shape whether or not the database is usable, so a monitor
 * reads one shape; `success` is `status === "ok"` and HTTP answers 200 or 503 after it.
 */
export interface HealthReport {
  success: boolean;
  data: HealthData;
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
