/**
 * The resource's exports. Each returns a Promise of plain envelope objects (no undefined, no
 * Date) so that they survive FXServer's msgpack cloning, and never rejects: a Lua caller's
 * Citizen.Await would turn a rejection into a script error.
 */
import { fail } from '../api/envelope';
import { registerExport } from './natives';
import { describeError } from '../logger';

export interface ExportedApi {
  getAlphaCitizen(id: unknown): Promise<unknown>;
  getBetaCitizen(id: unknown): Promise<unknown>;
  getAlphaCitizensByLicense(license: unknown): Promise<unknown>;
  getBetaCitizensByLicense(license: unknown): Promise<unknown>;
  getHealth(): Promise<unknown>;
}

export function registerExports(api: ExportedApi, logError: (message: string) => void): void {
  for (const name of Object.keys(api) as Array<keyof ExportedApi>) {
    registerExport(name, (...args: unknown[]) =>
      (api[name] as (...a: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
        logError(`export ${name} failed: ${describeError(error)}`);
        return fail('internal_error', `The ${name} export failed; the server log has the details.`);
      }),
    );
  }
}
