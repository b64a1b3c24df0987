/**
 * Citizen lookups, shared by the HTTP routes and the exports: the same validation, database
 * checks and error codes whichever way a caller comes in. Never rejects.
 */
import { DatabaseError, type Database } from '../db/database';
import type { CitizenLookup, FormatModule, FormatName, FormatOptions } from '../formats/format';
import { fail, ok, type Envelope } from './envelope';
import { describeError } from '../logger';

export type FormatAvailability = 'available' | 'unavailable' | 'disabled';

export interface CitizenServiceOptions {
  db: Database;
  formats: Record<FormatName, FormatModule<unknown>>;
  enabled: ReadonlySet<FormatName>;
  formatOptions: FormatOptions;
  logError(message: string): void;
}

const TABLE_OF: Record<FormatName, string> = { alpha: 'users (ESX)', beta: 'players (QBCore/Qbox)' };

const ID_RULE: Record<FormatName, string> = {
  alpha: 'an ESX identifier: 1 to 64 characters of letters, digits and : _ . -',
  beta: 'a citizenid: 1 to 50 letters and digits',
};

export interface CitizenService {
  /** `requestId` names the request in the log line of an internal error (HTTP only). */
  lookup(format: FormatName, id: unknown, requestId?: string): Promise<Envelope<unknown>>;
  /**
   * Inspects the tables of every enabled format not known yet; call once the database is ready.
   * Resolves true when every enabled format is known (available or missing).
   */
  prepareFormats(): Promise<boolean>;
  availability(): Record<FormatName, FormatAvailability>;
}

export function createCitizenService(options: CitizenServiceOptions): CitizenService {
  const { db, formats, enabled } = options;
  /** A settled preparation: the lookup, or null when the format's table is missing. */
  const prepared = new Map<FormatName, CitizenLookup<unknown> | null>();
  const preparing = new Map<FormatName, Promise<CitizenLookup<unknown> | null>>();
  const lastPrepareFailure = new Map<FormatName, string>();

  /** Column detection runs once per format; a database failure leaves it to be tried again. */
  function prepare(format: FormatName): Promise<CitizenLookup<unknown> | null> {
    if (prepared.has(format)) return Promise.resolve(prepared.get(format) ?? null);
    let pending = preparing.get(format);
    if (!pending) {
      pending = formats[format].prepare(db, options.formatOptions).then(
        (lookup) => {
          prepared.set(format, lookup);
          preparing.delete(format);
          return lookup;
        },
        (error: unknown) => {
          preparing.delete(format);
          throw error;
        },
      );
      preparing.set(format, pending);
    }
    return pending;
  }

  function databaseFailure(error: unknown, context: string): Envelope<never> {
    if (error instanceof DatabaseError && error.kind === 'timeout') {
      return fail('database_timeout', `The database did not answer in time (${error.message}); try again shortly.`);
    }
    if (error instanceof DatabaseError && error.kind === 'unavailable') {
      return fail('database_unavailable', 'The database is not reachable yet (oxmysql not started or not connected); try again shortly.');
    }
    options.logError(`${context} failed: ${describeError(error)}`);
    return fail('internal_error', 'The lookup failed; the server log has the details.');
  }

  async function lookup(format: FormatName, id: unknown, requestId?: string): Promise<Envelope<unknown>> {
    if (typeof id !== 'string' || !formats[format].isValidId(id)) {
      return fail('invalid_id', `The id must be ${ID_RULE[format]}.`);
    }
    if (!enabled.has(format)) {
      return fail('format_unavailable', `Format ${format} is disabled on this server (convar citizen_records:formats).`);
    }
    if (!db.isReady()) return databaseFailure(new DatabaseError('unavailable', ''), `${format} lookup`);
    try {
      const find = await prepare(format);
      if (!find) {
        return fail('format_unavailable', `Format ${format} needs the ${TABLE_OF[format]} table, which this server's database does not have.`);
      }
      const record = await find(id);
      if (record === null) return fail('citizen_not_found', `No citizen with id ${id} exists in format ${format}.`);
      return ok(record);
    } catch (error) {
      return databaseFailure(error, `${requestId ? `request ${requestId}: ` : ''}${format} lookup of ${id}`);
    }
  }

  return {
    lookup,
    async prepareFormats() {
      const unknown = [...enabled].filter((f) => !prepared.has(f));
      await Promise.all(
        unknown.map((f) =>
          prepare(f).catch((error: unknown) => {
            // Retried every second until it works: say why once, not every time.
            const message = `reading the ${TABLE_OF[f]} table failed: ${error instanceof Error ? error.message : String(error)}`;
            if (lastPrepareFailure.get(f) !== message) options.logError(message);
            lastPrepareFailure.set(f, message);
          }),
        ),
      );
      return [...enabled].every((f) => prepared.has(f));
    },
    availability() {
      const state = {} as Record<FormatName, FormatAvailability>;
      for (const format of Object.keys(formats) as FormatName[]) {
        state[format] = !enabled.has(format) ? 'disabled' : prepared.get(format) ? 'available' : 'unavailable';
      }
      return state;
    },
  };
}
