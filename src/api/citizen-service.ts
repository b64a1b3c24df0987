/**
 * Citizen lookups, shared by the HTTP routes and the exports: the same validation, database
 * checks, limits, cache and error codes whichever way a caller comes in. Never rejects. The
 * formats' tables are kept by prepared-formats.ts, failures answered by database-failures.ts.
 */
import type { FormatAvailability } from '../contract/health';
import { LICENSE_RULE, PLATE_RULE } from '../contract/parameters';
import { DatabaseError, type ScanningDatabase, type StatementRunner } from '../db/database';
import { parseLicense } from '../formats/common/license';
import { parsePlate } from '../formats/common/plate';
import type { PreparedVehicles, VehicleLookupKind, VehicleLookups } from '../formats/common/vehicle-lookup';
import type { WatchedTable } from '../formats/changes';
import { tableLabel, type FormatLookups, type FormatOptions, type LiveContext } from '../formats/format';
import type { AnyFormat, FormatName } from '../formats/registry';
import { createDatabaseFailures } from './database-failures';
import { fail, ok, withRecordSource, type Envelope } from './envelope';
import type { LiveSource } from './live-source';
import type { LookupGate } from './lookup-gate';
import { createPreparedFormats, isSchemaChange, SCHEMA_RECHECK_MS, VEHICLES, type PreparedFormats } from './prepared-formats';
import { nextSearchCursor, pageLimit, parseSearchArgument, parseSearchQueryString, searchFilterKey, type CursorKey } from './search-query';

export { SCHEMA_RECHECK_MS };

export interface CitizenServiceOptions {
  db: ScanningDatabase;
  /** Every format of the registry, enabled or not. */
  formats: readonly AnyFormat[];
  enabled: ReadonlySet<FormatName>;
  formatOptions: FormatOptions;
  gate: LookupGate;
  /** The online citizens and what their framework holds (live records); NO_LIVE_SOURCE where none runs. */
  live: LiveSource;
  /**
   * The gate of lookups that scan: the same cache, a smaller cap (search_max_in_flight). Searches
   * go through it, and vehicle lookups no index of this server's tables serves.
   */
  searchGate: LookupGate;
  /** How long the database may run one scanning statement (a search's, an unindexed vehicle lookup's) before it stops it (search_timeout_ms). */
  searchTimeoutMs: number;
  /** Signs the search cursors this run hands out (random per start). */
  cursorSecret: Uint8Array;
  /** Milliseconds, for the pace of looking again for a missing table and of the failure log. */
  now(): number;
  logError(message: string): void;
}

/** What was wrong with an argument that is not a string, in words a caller can act on. */
function notAString(value: unknown): string {
  // An HTTP segment with a malformed %-escape reaches the service as null, like a Lua nil.
  return value === null || value === undefined ? 'none was given, or its %-escapes are malformed' : `a ${typeof value} was given`;
}

/** What change detection watches of a format (src/changes/detect). */
export interface WatchedTables {
  citizens: WatchedTable | null;
  vehicles: VehicleLookups['watched'] | null;
}

export interface CitizenService {
  /** `requestId` names the request in the log line of an internal error (HTTP only). */
  lookup(format: FormatName, id: unknown, requestId?: string): Promise<Envelope<unknown>>;
  /** Every citizen of the player with that license, in character-slot order. */
  lookupByLicense(format: FormatName, license: unknown, requestId?: string): Promise<Envelope<unknown>>;
  /** The vehicle of a plate (matched ignoring case and spacing), with its owner's name. */
  lookupVehicle(format: FormatName, plate: unknown, requestId?: string): Promise<Envelope<unknown>>;
  /** A citizen's vehicles ordered by plate; 404 for an unknown citizen, `[]` for one without vehicles. */
  lookupCitizenVehicles(format: FormatName, id: unknown, requestId?: string): Promise<Envelope<unknown>>;
  /** Whether the citizen is online now, from the framework's events: no database query. */
  presence(format: FormatName, id: unknown): Envelope<unknown>;
  /**
   * One page of citizens found by name, birth date or phone: `query` is the raw query string over
   * HTTP, the caller's table through an export.
   */
  search(format: FormatName, query: unknown, via: 'http' | 'export', requestId?: string): Promise<Envelope<unknown>>;
  /**
   * Inspects the tables of every enabled format not known yet; looks again for missing ones, and
   * compares present ones, not looked at within `recheckMs`. Resolves true when every enabled
   * format is known.
   */
  prepareFormats(recheckMs?: number): Promise<boolean>;
  availability(): Record<FormatName, FormatAvailability>;
  /** The tables change detection watches as the format's prepare read them; null where one is missing. */
  watchedTables(format: FormatName): Promise<WatchedTables>;
  /** Where each format's vehicles stand, in the same four states. */
  vehicleAvailability(): Record<FormatName, FormatAvailability>;
}

export function createCitizenService(options: CitizenServiceOptions): CitizenService {
  const { db, enabled, gate } = options;
  const formats = Object.fromEntries(options.formats.map((f) => [f.name, f])) as Record<FormatName, AnyFormat>;
  const prepared = createPreparedFormats(options);
  const vehiclesPrepared = createPreparedFormats(options, VEHICLES);
  const databaseFailure = createDatabaseFailures(options);
  const plainQuery: StatementRunner = (sql, params) => db.query(sql, params);
  const scan: StatementRunner = (sql, params) => db.scan(sql, params, options.searchTimeoutMs);

  /**
   * Runs `work`, whose statements read whole tables, through the bounded scan. The database
   * stopping one at search_timeout_ms answers 504 database_timeout: `subject` scanned too long,
   * and `advice` says what to do. It never marks the database unavailable: the database answered.
   */
  async function scanning(
    subject: string,
    advice: string,
    work: (scan: StatementRunner) => Promise<Envelope<unknown>>,
  ): Promise<Envelope<unknown>> {
    try {
      return await work(scan);
    } catch (error) {
      if (!(error instanceof DatabaseError && error.stoppedByDatabase)) throw error;
      return fail(
        'database_timeout',
        `${subject} scanned longer than citizen_records:search_timeout_ms (${options.searchTimeoutMs} ms) and the database stopped it; ${advice}`,
      );
    }
  }

  /** Runs `use` on what `kept` prepared for the format, retrying once after a schema change. */
  async function find<B>(
    kept: PreparedFormats<B>,
    format: FormatName,
    use: (bound: B) => Promise<Envelope<unknown>>,
  ): Promise<Envelope<unknown>> {
    const lookupOnce = async () => use(await kept.lookups(format));
    try {
      return await lookupOnce();
    } catch (error) {
      if (!isSchemaChange(error)) throw error;
      // A column dropped or a table renamed while running: read the table again and retry once.
      kept.forget(format);
      return lookupOnce();
    }
  }

  const disabled = (format: FormatName) =>
    fail('format_unavailable', `Format ${format} is disabled on this server (convar citizen_records:formats).`);

  /**
   * What every lookup passes: the format switch, readiness, then the gate (cache, sharing, cap,
   * stop): `through`, or the one it picks for the format's prepared tables. The lookup gets a live
   * context; its answer says X-Record-Source live when a record merged live values. The cache key carries the online set's version, so a database answer
   * cached while a citizen was offline is not served once he logs in; an answer that touched an
   * online citizen (live, or the database because his framework failed) is not cached at all, so
   * it is as fresh as the framework, and live again as soon as the framework answers.
   */
  function guarded<B>(
    kept: PreparedFormats<B>,
    format: FormatName,
    key: string,
    what: string,
    requestId: string | undefined,
    use: (bound: B, live: LiveContext) => Promise<Envelope<unknown>>,
    through: LookupGate | ((bound: B) => LookupGate) = gate,
  ): Promise<Envelope<unknown>> {
    if (!enabled.has(format)) return Promise.resolve(disabled(format));
    if (!db.isReady()) return Promise.resolve(databaseFailure(new DatabaseError('unavailable', ''), `${format} lookup`));
    let online = false;
    let merged = false;
    const live: LiveContext = {
      read(id) {
        if (!options.live.presence(format, id).online) return Promise.resolve(null);
        online = true;
        return options.live.liveRow(format, id);
      },
      merge(parts, mergeParts) {
        const result = mergeParts(parts);
        if (result === null) options.live.unmergeable(parts);
        else merged = true;
        return result;
      },
    };
    const context = `${requestId ? `request ${requestId}: ` : ''}${format} ${what}`;
    const work = async () => {
      const envelope = await find(kept, format, (bound) => use(bound, live)).catch((error: unknown) => databaseFailure(error, context));
      return withRecordSource(envelope, merged ? 'live' : 'database');
    };
    const shared = `${format}\u0000${key}\u0000${options.live.version(format)}`;
    const keep = () => !online;
    if (typeof through !== 'function') return through.run(shared, work, keep);
    // The gate depends on the tables (whether an index serves the lookup): read them first, as the
    // lookup would (shared with everyone asking at once; a prepared format answers at once).
    return kept.lookups(format).then(
      (bound) => through(bound).run(shared, work, keep),
      (error: unknown) => databaseFailure(error, context),
    );
  }

  /** The citizen lookups: 501 when the format's table is missing. */
  const citizens =
    (format: FormatName, use: (lookups: FormatLookups<unknown>, live: LiveContext) => Promise<Envelope<unknown>>) =>
    (bound: FormatLookups<unknown> | null, live: LiveContext) =>
      bound
        ? use(bound, live)
        : Promise.resolve(
            fail(
              'format_unavailable',
              `Format ${format} needs the ${tableLabel(formats[format])} table, which this server's database does not have.`,
            ),
          );

  /**
   * A vehicle lookup (`kind`): 501 naming the table this server lacks (the vehicles' or the
   * citizens'). `use` runs it through the runner decided here (the lookup itself never chooses): a
   * plain query where an index serves it; where none does, the bounded scan, and a 504 names
   * `subject` and the indexes that would serve it. vehicleGate reads the same missingIndexes when
   * guarded picks the gate; the two read different snapshots only when the tables changed under a
   * running lookup, whose retry then runs as those tables need (a scan stays bounded in time).
   */
  const vehicles =
    (
      format: FormatName,
      kind: VehicleLookupKind,
      subject: string,
      use: (lookups: VehicleLookups, execute: StatementRunner) => Promise<Envelope<unknown>>,
    ) =>
    (bound: PreparedVehicles) => {
      if (!('lookups' in bound)) {
        return Promise.resolve(
          fail(
            'format_unavailable',
            `Vehicles of format ${format} need the ${bound.missing} table (${formats[format].framework}), which this server's database does not have.`,
          ),
        );
      }
      const missing = bound.lookups.missingIndexes[kind];
      if (missing.length === 0) return use(bound.lookups, plainQuery);
      return scanning(
        subject,
        `no index serves it on this server: ${missing.join(' and ')} would make it a key lookup. Try again, or ask the server owner to add it.`,
        (bounded) => use(bound.lookups, bounded),
      );
    };

  /** The gate of a vehicle lookup: the search gate where it scans (no index serves it here). */
  const vehicleGate =
    (kind: VehicleLookupKind) =>
    (bound: PreparedVehicles): LookupGate =>
      'lookups' in bound && bound.lookups.missingIndexes[kind].length > 0 ? options.searchGate : gate;

  /** The id when it follows the format's rule, else the 400 answer saying why. */
  function checkId(format: FormatName, id: unknown): string | Envelope<never> {
    const { idRule: rule, isValidId } = formats[format];
    if (typeof id !== 'string') return fail(rule.error, `The id must be a string, ${rule.wording}; ${notAString(id)}.`);
    if (!isValidId(id)) return fail(rule.error, `The id must be ${rule.wording}.`);
    return id;
  }

  const noCitizen = (format: FormatName, id: string) => fail('citizen_not_found', `No citizen with id ${id} exists in format ${format}.`);

  function lookup(format: FormatName, value: unknown, requestId?: string): Promise<Envelope<unknown>> {
    const id = checkId(format, value);
    if (typeof id !== 'string') return Promise.resolve(id);
    return guarded(
      prepared,
      format,
      `id\u0000${id}`,
      `lookup of ${id}`,
      requestId,
      citizens(format, async ({ byId }, live) => {
        const record = await byId(id, live);
        return record === null ? noCitizen(format, id) : ok(record);
      }),
    );
  }

  function lookupVehicle(format: FormatName, value: unknown, requestId?: string): Promise<Envelope<unknown>> {
    const parsed = parsePlate(value);
    if (!parsed.ok) return Promise.resolve(fail(PLATE_RULE.error, `The plate must be ${PLATE_RULE.wording}: ${parsed.problem}.`));
    const { plate } = parsed;
    // Keyed by the plate as typed: the spelling typed is preferred among rows sharing a plate.
    return guarded(
      vehiclesPrepared,
      format,
      `plate\u0000${plate.typed}`,
      `lookup of plate ${plate.typed}`,
      requestId,
      vehicles(format, 'byPlate', `The lookup of plate ${plate.typed}`, async ({ byPlate }, execute) => {
        const record = await byPlate(plate, execute);
        return record === null ? fail('vehicle_not_found', `No vehicle with plate ${plate.typed} exists in format ${format}.`) : ok(record);
      }),
      vehicleGate('byPlate'),
    );
  }

  function lookupCitizenVehicles(format: FormatName, value: unknown, requestId?: string): Promise<Envelope<unknown>> {
    const id = checkId(format, value);
    if (typeof id !== 'string') return Promise.resolve(id);
    return guarded(
      vehiclesPrepared,
      format,
      `vehicles\u0000${id}`,
      `vehicles of ${id}`,
      requestId,
      vehicles(format, 'byCitizen', `Listing the vehicles of ${id}`, async ({ byCitizen }, execute) => {
        const list = await byCitizen(id, execute);
        return list === null ? noCitizen(format, id) : ok(list);
      }),
      vehicleGate('byCitizen'),
    );
  }

  function lookupByLicense(format: FormatName, value: unknown, requestId?: string): Promise<Envelope<unknown>> {
    const license = parseLicense(value);
    if (!license) {
      const given = typeof value === 'string' ? '' : `; ${notAString(value)}`;
      return Promise.resolve(fail(LICENSE_RULE.error, `The license must be ${LICENSE_RULE.wording}${given}.`));
    }
    const key = `${license.kind ?? ''}:${license.hex}`;
    return guarded(
      prepared,
      format,
      `license\u0000${key}`,
      `lookup of license ${key}`,
      requestId,
      citizens(format, async ({ byLicense }, live) => ok(await byLicense(license, live))),
    );
  }

  function presence(format: FormatName, value: unknown): Envelope<unknown> {
    const id = checkId(format, value);
    if (typeof id !== 'string') return id;
    if (!enabled.has(format)) return disabled(format);
    return ok(options.live.presence(format, id));
  }

  function search(format: FormatName, input: unknown, via: 'http' | 'export', requestId?: string): Promise<Envelope<unknown>> {
    const key: CursorKey = { scope: format, secret: options.cursorSecret };
    // An HTTP query string that is not one cannot happen; '' stands for none.
    const parse = via === 'http' ? parseSearchQueryString(typeof input === 'string' ? input : '', key) : parseSearchArgument(input, key);
    if (!parse.ok) return Promise.resolve(fail('invalid_query', parse.message));
    const { query } = parse;
    const limit = pageLimit(query);
    const shared = `search\u0000${searchFilterKey(query)}\u0000${limit}\u0000${JSON.stringify(query.cursor?.position ?? null)}`;
    const what = `search ${JSON.stringify({ name: query.terms.join(' '), dob: query.dob, phone: query.phone })}`;
    return guarded(
      prepared,
      format,
      shared,
      what,
      requestId,
      citizens(format, async ({ search: bound }) => {
        const refusal = bound.refuse(query);
        if (refusal) return fail('invalid_query', refusal);
        const criteria = { terms: query.terms, dob: query.dob, phone: query.phone, after: query.cursor?.position ?? null, limit };
        return scanning('The search', 'narrow it (more of the name, a dob or a phone) or try again.', async (bounded) => {
          const page = await bound.run(criteria, bounded);
          return ok({ citizens: page.citizens, next: nextSearchCursor(query, page.citizens.length, page.last, page.more, key) });
        });
      }),
      options.searchGate,
    );
  }

  return {
    lookup,
    lookupByLicense,
    lookupVehicle,
    lookupCitizenVehicles,
    presence,
    search,
    async prepareFormats(recheckMs = SCHEMA_RECHECK_MS) {
      const [citizensKnown, vehiclesKnown] = await Promise.all([prepared.prepareAll(recheckMs), vehiclesPrepared.prepareAll(recheckMs)]);
      return citizensKnown && vehiclesKnown;
    },
    availability: () => prepared.availability(),
    watchedTables: async (format) => {
      const [citizens, vehicles] = await Promise.all([prepared.lookups(format), vehiclesPrepared.lookups(format)]);
      return { citizens: citizens?.watched ?? null, vehicles: 'lookups' in vehicles ? vehicles.lookups.watched : null };
    },
    vehicleAvailability: () => vehiclesPrepared.availability(),
  };
}
