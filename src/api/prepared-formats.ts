/**
 * Each enabled format's lookups, bound to the columns this server's tables have, and kept in step
 * with them: the tables are inspected once (everyone asking at once shares the inspection), a
 * missing table is looked for again and present ones compared at a pace, and a change is noticed
 * whether or not it makes a query fail (schema drift).
 */
import type { FormatAvailability } from '../contract/health';
import { DatabaseError, type Database } from '../db/database';
import { readSchemaSignature } from '../db/table-columns';
import { tableLabel, type FormatLookups, type FormatOptions } from '../formats/format';
import type { AnyFormat, FormatName } from '../formats/registry';

/** A missing table is looked for again, and present ones compared, at most this often by lookups. */
export const SCHEMA_RECHECK_MS = 60_000;

/** MariaDB's words and codes for a query naming a column or table the server no longer has. */
const SCHEMA_CHANGED = /unknown column|ER_BAD_FIELD_ERROR|doesn't exist|ER_NO_SUCH_TABLE/i;

/** True when `error` says the tables changed under a prepared query (a column dropped, a table renamed). */
export function isSchemaChange(error: unknown): boolean {
  return error instanceof DatabaseError && error.kind === 'failed' && SCHEMA_CHANGED.test(error.message);
}

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

export interface PreparedFormats {
  /**
   * The format's bound lookups, or null when its table is missing. Once `recheckMs` has passed, a
   * missing table is looked for again before answering, and a present one's columns are compared in
   * the background: a change that makes no query fail (a column widened past max_column_bytes,
   * turned into a BLOB, renamed back) prepares the format again, and the lookups after it use the
   * new columns. Rejects with the database's error when the tables cannot be read.
   */
  lookups(format: FormatName, recheckMs?: number): Promise<FormatLookups<unknown> | null>;
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

interface Prepared {
  /** Null: the format's table is missing. */
  find: FormatLookups<unknown> | null;
  /** The format's tables as `find` was bound to them (readSchemaSignature). */
  signature: string;
  /** When the tables were last read or compared. */
  at: number;
}

export function createPreparedFormats(options: PreparedFormatsOptions): PreparedFormats {
  const { db, enabled } = options;
  const formats = Object.fromEntries(options.formats.map((f) => [f.name, f])) as Record<FormatName, AnyFormat>;
  const prepared = new Map<FormatName, Prepared>();
  const preparing = new Map<FormatName, Promise<FormatLookups<unknown> | null>>();
  const lastPrepareFailure = new Map<FormatName, string>();

  /** Column detection, shared by everyone asking at once; a database failure leaves it to be tried again. */
  function inspect(format: FormatName): Promise<FormatLookups<unknown> | null> {
    let pending = preparing.get(format);
    if (!pending) {
      const module = formats[format];
      pending = readSchemaSignature(db, module.tables)
        .then(async (signature) => {
          const find = await module.prepare(db, options.formatOptions);
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

  function lookups(format: FormatName, recheckMs = SCHEMA_RECHECK_MS): Promise<FormatLookups<unknown> | null> {
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

  return {
    lookups,
    forget: (format) => void prepared.delete(format),
    async prepareAll(recheckMs = SCHEMA_RECHECK_MS) {
      await Promise.all(
        [...enabled].map((f) =>
          lookups(f, recheckMs).catch((error: unknown) => {
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
