/** GET /health and the getHealth export: no auth, no personal data. */
import { ok, type Envelope } from './envelope';

export interface HealthData {
  status: 'ok';
  version: string;
}

export function healthReport(version: string): Envelope<HealthData> {
  return ok({ status: 'ok', version });
}
