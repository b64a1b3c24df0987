/**
 * Each enabled format's lookups, bound to the columns this server's tables have, and kept in step
 * with them: the tables are inspected once (everyone asking at once shares the inspection), a
 * missing table is looked for again and present ones compared at a pace, and a change is noticed
 * whether or not it makes a query fail (schema drift). The same keeping serves each kind of lookup
 * a format has (a Preparation): its citizens, and its vehicles.
 */
import type { FormatAvailability } from '../contract/health';
import { DatabaseError, type Database } from '../db/database';
import { readSchemaSignature } from '../db/table-columns';
import { tableLabel, type FormatLookups, type FormatOptions } from '../formats/format';
import { prepareVehicles, type PreparedVehicles } from '../formats/common/vehicle-lookup';
import type { AnyFormat, FormatName } from '../formats/registry';

/** A missing table is looked for again, and present ones compared, at most this often by lookups. */
export const SCHEMA_RECHECK_MS = 60_000;

/** MariaDB's words and codes for a query naming a column or table the server no longer has. */
const SCHEMA_CHANGED = /unknown column|ER_BAD_FIELD_ERROR|doesn't exist|ER_NO_SUCH_TABLE/i;

/** True when `error` says the tables changed under a prepared query (a column dropped, a table renamed). */
export function isSchemaChange(error: unknown): boolean {
  return error instanceof DatabaseError && error.kind === 'failed' && SCHEMA_CHANGED.test(error.message);
}

/** One kind of lookup of a format: which tables it is bound to, how, and whether they were found. */
export interface Preparation<B> {
  tables(format: AnyFormat): readonly string[];
  prepare(db: Database, format: AnyFormat, options: FormatOptions): Promise<B>;
  /** False when a table it needs is missing: it is looked for again at the recheck pace. */
  found(bound: B): boolean;
  /** Names its tables in the log line of a failed inspection. */
  label(format: AnyFormat): string;
}

/** The citizen lookups: the format's own `prepare`, null when its table is missing. */
export const CITIZENS: Preparation<FormatLookups<unknown> | null> = {
  tables: (format) => format.tables,
  prepare: (db, format, options) => format.prepare(db, options),
  found: (bound) => bound !== null,
  label: (format) => `${tableLabel(format)} table`,
};

/** The vehicle lookups over the format's vehicle source, or the table they miss. */
export const VEHICLES: Preparation<PreparedVehicles> = {
  tables: (format) => [format.vehicles.table, format.vehicles.ownerTable],
  prepare: (db, format, options) => prepareVehicles(db, format.vehicles, options),
  found: (bound) => 'lookups' in bound,
  label: (format) => `${format.vehicles.table} (${format.framework} vehicles) table`,
};

export interface PreparedFormatsOptions {
  db: Database;
  /** Every format of the registry, enabled or not. */
  formats: readonly AnyFormat[];
  enabled: ReadonlySet<FormatName>;
  formatOptions: FormatOptions;
  /** Milliseconds, for the pace of looking again. */
  now(): number;
  logError(message: string): void;
}

export interface PreparedFormats<B = FormatLookups<unknown> | null> {
  /**
   * The format's bound lookups, or null when its table is missing. Once `recheckMs` has passed, a
   * missing table is looked for again before answering, and a present one's columns are compared in
   * the background: a change that makes no query fail (a column widened past max_column_bytes,
   * turned into a BLOB, renamed back) prepares the format again, and the lookups after it use the
   * new columns. Rejects with the database's error when the tables cannot be read.
   */
  lookups(format: FormatName, recheckMs?: number): Promise<B>;
  /** Drops what is known of the format: the next lookup inspects its tables again. */
  forget(format: FormatName): void;
  /**
   * Inspects the tables of every enabled format not known yet; looks again for missing ones, and
   * compares present ones, not looked at within `recheckMs`. Resolves true when every enabled
   * format is known. A failure is logged once per format and cause, not every time it is retried.
   */
  prepareAll(recheckMs?: number): Promise<boolean>;
  availability(): Record<FormatName, FormatAvailability>;
}

interface Prepared<B> {
  /** The bound lookups (Preparation.found says whether their tables were there). */
  find: B;
  /** The format's tables as `find` was bound to them (readSchemaSignature). */
  signature: string;
  /** When the tables were last read or compared. */
  at: number;
}

export function createPreparedFormats(options: PreparedFormatsOptions): PreparedFormats;
export function createPreparedFormats<B>(options: PreparedFormatsOptions, preparation: Preparation<B>): PreparedFormats<B>;
export function createPreparedFormats<B>(
  options: PreparedFormatsOptions,
  preparation: Preparation<B> = CITIZENS as unknown as Preparation<B>,
): PreparedFormats<B> {
  const { db, enabled } = options;
  const formats = Object.fromEntries(options.formats.map((f) => [f.name, f])) as Record<FormatName, AnyFormat>;
  const prepared = new Map<FormatName, Prepared<B>>();
  const preparing = new Map<FormatName, Promise<B>>();
  const lastPrepareFailure = new Map<FormatName, string>();

  /** Column detection, shared by everyone asking at once; a database failure leaves it to be tried again. */
  function inspect(format: FormatName): Promise<B> {
    let pending = preparing.get(format);
    if (!pending) {
      const module = formats[format];
      pending = readSchemaSignature(db, preparation.tables(module))
        .then(async (signature) => {
          const find = await preparation.prepare(db, module, options.formatOptions);
          return { find, signature };
        })
        .then(
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

  function lookups(format: FormatName, recheckMs = SCHEMA_RECHECK_MS): Promise<B> {
    const known = prepared.get(format);
    if (!known) return inspect(format);
    if (options.now() - known.at < recheckMs) return Promise.resolve(known.find);
    if (!preparation.found(known.find)) return inspect(format);
    known.at = options.now();
    void readSchemaSignature(db, preparation.tables(formats[format]))
      .then((signature) => (signature !== known.signature && prepared.get(format) === known ? inspect(format) : undefined))
      .catch(() => undefined); // the database failing is the lookups' news to tell; the next recheck tries again
    return Promise.resolve(known.find);
  }

  return {
    lookups,
    forget: (format) => void prepared.delete(format),
    async prepareAll(recheckMs = SCHEMA_RECHECK_MS) {
      await Promise.all(
        [...enabled].map((f) =>
          lookups(f, recheckMs).catch((error: unknown) => {
            if (error instanceof DatabaseError && error.kind === 'stopping') return;
            // Retried until it works: say why once, not every time.
            const message = `reading the ${preparation.label(formats[f])} failed: ${error instanceof Error ? error.message : String(error)}`;
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
        state[format] = !enabled.has(format)
          ? 'disabled'
          : !known
            ? 'pending'
            : preparation.found(known.find)
              ? 'available'
              : 'unavailable';
      }
      return state;
    },
  };
}
