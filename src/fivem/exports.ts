/**
 * The resource's exports. Each returns a Promise of plain envelope objects (no undefined, no
 * Date) so that they survive FXServer's msgpack cloning, and never rejects: a Lua caller's
 * Citizen.Await would turn a rejection into a script error.
 */
import type { Envelope } from '../api/envelope';
import { registerExport } from './natives';

export interface ExportedApi {
  getHealth(): Promise<Envelope<unknown>>;
}

export function registerExports(api: ExportedApi): void {
  registerExport('getHealth', () => api.getHealth());
}
