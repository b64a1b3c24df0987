/**
 * Citizen lookups, shared by the HTTP routes and the exports: the same validation, database
 * checks, limits, cache and error codes whichever way a caller comes in. Never rejects.
 */
import { DatabaseError, type Database } from '../db/database';
import { readSchemaSignature } from '../db/table-columns';
import type { FormatAvailability } from '../contract/health';
import { LICENSE_RULE } from '../contract/parameters';
import { tableLabel, type FormatLookups, type FormatOptions, type LiveContext } from '../formats/format';
import { parseLicense } from '../formats/common/license';
import type { AnyFormat, FormatName } from '../formats/registry';
import { describeError } from '../logger';
import { fail, ok, resourceStopping, withRecordSource, type Envelope } from './envelope';
import type { LiveSource } from './live-source';
import type { LookupGate } from './lookup-gate';

export interface CitizenServiceOptions {
  db: Database;
  /** Every format of the registry, enabled or not. */
  formats: readonly AnyFormat[];
  enabled: ReadonlySet<FormatName>;
  formatOptions: FormatOptions;
  gate: LookupGate;
  /** The online citizens and what their framework holds (live records); NO_LIVE_SOURCE where none runs. */
  live: LiveSource;
  /** Milliseconds, for the pace of looking again for a missing table. */
  now(): number;
  logError(message: string): void;
}

/** What was wrong with an argument that is not a string, in words a caller can act on. */
function notAString(value: unknown): string {
  // An HTTP segment with a malformed %-escape reaches the service as null, like a Lua nil.
  return value === null || value === undefined ? 'none was given, or its %-escapes are malformed' : `a ${typeof value} was given`;
}

/** A missing table is looked for again, and present ones compared, at most this often by lookups. */
export const SCHEMA_RECHECK_MS = 60_000;

/** While the database fails queries, why is logged at most this often, not once per request. */
const UNAVAILABLE_LOG_MS = 60_000;

/** A query that names a column or table the server no longer has: the schema changed under us. */
const SCHEMA_CHANGED = /unknown column|ER_BAD_FIELD_ERROR|doesn't exist|ER_NO_SUCH_TABLE/i;

export interface CitizenService {
  /** `requestId` names the request in the log line of an internal error (HTTP only). */
  lookup(format: FormatName, id: unknown, requestId?: string): Promise<Envelope<unknown>>;
  /** Every citizen of the player with that license, in character-slot order. */
  lookupByLicense(format: FormatName, license: unknown, requestId?: string): Promise<Envelope<unknown>>;
  /** Whether the citizen is online now, from the framework's events: no database query. */
  presence(format: FormatName, id: unknown): Envelope<unknown>;
  /**
   * Inspects the tables of every enabled format not known yet; looks again for missing ones, and
   * compares present ones, not looked at within `recheckMs`. Resolves true when every enabled
   * format is known.
   */
  prepareFormats(recheckMs?: number): Promise<boolean>;
  availability(): Record<FormatName, FormatAvailability>;
}

interface Prepared {
  /** Null: the format's table is missing. */
  find: FormatLookups<unknown> | null;
  /** The format's tables as `find` was bound to them (readSchemaSignature). */
  signature: string;
  /** When the tables were last read or compared. */
  at: number;
}

export function createCitizenService(options: CitizenServiceOptions): CitizenService {
  const { db, enabled, gate } = options;
  const formats = Object.fromEntries(options.formats.map((f) => [f.name, f])) as Record<FormatName, AnyFormat>;
  const prepared = new Map<FormatName, Prepared>();
  const preparing = new Map<FormatName, Promise<FormatLookups<unknown> | null>>();
  const lastPrepareFailure = new Map<FormatName, string>();
  let lastUnavailableLog = -Infinity;

  /** Column detection, shared by everyone asking at once; a database failure leaves it to be tried again. */
  function inspect(format: FormatName): Promise<FormatLookups<unknown> | null> {
    let pending = preparing.get(format);
    if (!pending) {
      const module = formats[format];
      pending = readSchemaSignature(db, module.tables).then(async (signature) => {
        const find = await module.prepare(db, options.formatOptions);
        return { find, signature };
      }).then(
        ({ find, signature }) => {
          prepared.set(format, { find, signature, at: options.now() });
          preparing.delete(format);
          return find;
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

  /**
   * The bound lookup. Once `recheckMs` has passed, a missing table is looked for again before
   * answering, and a present one's columns are compared in the background: a change that makes no
   * query fail (a column widened past max_column_bytes, turned into a BLOB, renamed back) prepares
   * the format again, and the lookups after it use the new columns.
   */
  function prepare(format: FormatName, recheckMs = SCHEMA_RECHECK_MS): Promise<FormatLookups<unknown> | null> {
    const known = prepared.get(format);
    if (!known) return inspect(format);
    if (options.now() - known.at < recheckMs) return Promise.resolve(known.find);
    if (!known.find) return inspect(format);
    known.at = options.now();
    void readSchemaSignature(db, formats[format].tables)
      .then((signature) => (signature !== known.signature && prepared.get(format) === known ? inspect(format) : undefined))
      .catch(() => undefined); // the database failing is the lookups' news to tell; the next recheck tries again
    return Promise.resolve(known.find);
  }

  function databaseFailure(error: unknown, context: string): Envelope<never> {
    // Nothing to log: stopping is no fault, and the gate has answered the caller already.
    if (error instanceof DatabaseError && error.kind === 'stopping') return resourceStopping();
    if (error instanceof DatabaseError && error.kind === 'timeout') {
      return fail('database_timeout', `The database did not answer in time (${error.message}); try again shortly.`);
    }
    if (error instanceof DatabaseError && error.kind === 'unavailable') {
      if (error.message !== '' && options.now() - lastUnavailableLog >= UNAVAILABLE_LOG_MS) {
        lastUnavailableLog = options.now();
        options.logError(`${context}: the database is unavailable: ${error.message} (repeats are not logged for a minute)`);
      }
      return fail('database_unavailable', 'The database is not usable right now (oxmysql not started or not connected, or the database failed the query); try again shortly.');
    }
    options.logError(`${context} failed: ${describeError(error)}`);
    return fail('internal_error', 'The lookup failed; the server log has the details.');
  }

  /** Runs `use` on the format's lookups: 501 when its table is missing, one retry after a schema change. */
  async function find(format: FormatName, use: (lookups: FormatLookups<unknown>) => Promise<Envelope<unknown>>): Promise<Envelope<unknown>> {
    const lookupOnce = async () => {
      const bound = await prepare(format);
      if (!bound) {
        return fail('format_unavailable', `Format ${format} needs the ${tableLabel(formats[format])} table, which this server's database does not have.`);
      }
      return use(bound);
    };
    try {
      return await lookupOnce();
    } catch (error) {
      if (!(error instanceof DatabaseError && error.kind === 'failed' && SCHEMA_CHANGED.test(error.message))) throw error;
      // A column dropped or a table renamed while running: read the table again and retry once.
      prepared.delete(format);
      return lookupOnce();
    }
  }

  const disabled = (format: FormatName) => fail('format_unavailable', `Format ${format} is disabled on this server (convar citizen_records:formats).`);

  /**
   * What every lookup passes: the format switch, readiness, then the gate (cache, sharing, cap,
   * stop). The lookup gets a live context; its answer says X-Record-Source live when a record
   * merged live values. The cache key carries the online set's version, so a database answer
   * cached while a citizen was offline is not served once he logs in; an answer that touched an
   * online citizen (live, or the database because his framework failed) is not cached at all, so
   * it is as fresh as the framework, and live again as soon as the framework answers.
   */
  function guarded(format: FormatName, key: string, what: string, requestId: string | undefined, use: (lookups: FormatLookups<unknown>, live: LiveContext) => Promise<Envelope<unknown>>): Promise<Envelope<unknown>> {
    if (!enabled.has(format)) return Promise.resolve(disabled(format));
    if (!db.isReady()) return Promise.resolve(databaseFailure(new DatabaseError('unavailable', ''), `${format} lookup`));
    let online = false;
    let merged = false;
    const work = async () => {
      const live: LiveContext = {
        async merge(identifier, mergeParts) {
          if (!options.live.presence(format, identifier).online) return null;
          online = true;
          const parts = await options.live.liveRow(format, identifier);
          const result = parts && mergeParts(parts);
          if (parts && result === null) options.live.unmergeable(parts);
          if (result !== null) merged = true;
          return result;
        },
      };
      const envelope = await find(format, (lookups) => use(lookups, live)).catch((error: unknown) =>
        databaseFailure(error, `${requestId ? `request ${requestId}: ` : ''}${format} ${what}`),
      );
      return withRecordSource(envelope, merged ? 'live' : 'database');
    };
    return gate.run(`${format}\u0000${key}\u0000${options.live.version(format)}`, work, () => !online);
  }

  /** Why `id` is no id of the format, or null when it is one. */
  function invalidId(format: FormatName, id: unknown): Envelope<never> | null {
    const { idRule: rule, isValidId } = formats[format];
    if (typeof id !== 'string') return fail(rule.error, `The id must be a string, ${rule.wording}; ${notAString(id)}.`);
    if (!isValidId(id)) return fail(rule.error, `The id must be ${rule.wording}.`);
    return null;
  }

  function lookup(format: FormatName, id: unknown, requestId?: string): Promise<Envelope<unknown>> {
    const invalid = invalidId(format, id);
    if (invalid || typeof id !== 'string') return Promise.resolve(invalid!);
    return guarded(format, `id\u0000${id}`, `lookup of ${id}`, requestId, async ({ byId }, live) => {
      const record = await byId(id, live);
      return record === null ? fail('citizen_not_found', `No citizen with id ${id} exists in format ${format}.`) : ok(record);
    });
  }

  function lookupByLicense(format: FormatName, value: unknown, requestId?: string): Promise<Envelope<unknown>> {
    const license = parseLicense(value);
    if (!license) {
      const given = typeof value === 'string' ? '' : `; ${notAString(value)}`;
      return Promise.resolve(fail(LICENSE_RULE.error, `The license must be ${LICENSE_RULE.wording}${given}.`));
    }
    const key = `${license.kind ?? ''}:${license.hex}`;
    return guarded(format, `license\u0000${key}`, `lookup of license ${key}`, requestId, async ({ byLicense }, live) => ok(await byLicense(license, live)));
  }

  function presence(format: FormatName, id: unknown): Envelope<unknown> {
    const invalid = invalidId(format, id);
    if (invalid || typeof id !== 'string') return invalid!;
    if (!enabled.has(format)) return disabled(format);
    return ok(options.live.presence(format, id));
  }

  return {
    lookup,
    lookupByLicense,
    presence,
    async prepareFormats(recheckMs = SCHEMA_RECHECK_MS) {
      await Promise.all(
        [...enabled].map((f) =>
          prepare(f, recheckMs).catch((error: unknown) => {
            if (error instanceof DatabaseError && error.kind === 'stopping') return;
            // Retried until it works: say why once, not every time.
            const message = `reading the ${tableLabel(formats[f])} table failed: ${error instanceof Error ? error.message : String(error)}`;
            if (lastPrepareFailure.get(f) !== message) options.logError(message);
            lastPrepareFailure.set(f, message);
          }),
        ),
      );
      return [...enabled].every((f) => prepared.has(f));
    },
    availability() {
      const state = {} as Record<FormatName, FormatAvailability>;
      for (const { name: format } of options.formats) {
        const known = prepared.get(format);
        state[format] = !enabled.has(format) ? 'disabled' : !known ? 'pending' : known.find ? 'available' : 'unavailable';
      }
      return state;
    },
  };
}
