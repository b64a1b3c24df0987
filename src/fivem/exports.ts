/**
 * Registers the resource's exports (src/api/handlers.ts makes them from the contract). Each
 * returns a Promise of plain envelope objects (no undefined, no Date) so that they survive
 * FXServer's msgpack cloning, and never rejects: a Lua caller's Citizen.Await would turn a
 * rejection into a script error.
 */
import { fail } from '../lookup/envelope';
import type { ExportedFunction } from '../api/handlers';
import { describeError } from '../logger';
import { natives } from '../natives';

export function registerExports(functions: readonly ExportedFunction[], logError: (message: string) => void): void {
  for (const { name, call } of functions) {
    natives.registerExport(name, (...args: unknown[]) =>
      call(...args).catch((error: unknown) => {
        logError(`export ${name} failed: ${describeError(error)}`);
        return fail('internal_error', `The ${name} export failed; the server log has the details.`);
      }),
    );
  }
}
