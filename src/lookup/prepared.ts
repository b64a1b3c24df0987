/**
 * Each enabled format's lookups of one room (its citizens, its vehicles), bound to the columns this
 * server's tables have, and kept in step with them: the tables are inspected once (everyone asking
 * at once shares the inspection), a missing table is looked for again and present ones compared at
 * a pace, and a change is noticed whether or not it makes a query fail (schema drift). A room says
 * how its lookups are bound (a Preparation); this module keeps them, whatever they are.
 */
import type { FormatAvailability } from '../contract/health';
import { DatabaseError, type Database } from '../db/database';
import { readSchemaSignature } from '../db/table-columns';

/** A missing table is looked for again, and present ones compared, at most this often by lookups. */
export const SCHEMA_RECHECK_MS = 60_000;

/** MariaDB's words and codes for a query naming a column or table the server no longer has. */
const SCHEMA_CHANGED = /unknown column|ER_BAD_FIELD_ERROR|doesn't exist|ER_NO_SUCH_TABLE/i;

/** True when `error` says the tables changed under a prepared query (a column dropped, a table renamed). */
export function isSchemaChange(error: unknown): boolean {
  return error instanceof DatabaseError && error.kind === 'failed' && SCHEMA_CHANGED.test(error.message);
}

/** How one room binds a format's lookups: which tables, how, and whether they were found. */
export interface Preparation<F, B> {
  tables(format: F): readonly string[];
  prepare(db: Database, format: F): Promise<B>;
  /** False when a table it needs is missing: it is looked for again at the recheck pace. */
  found(bound: B): boolean;
  /** Names its tables in the log line of a failed inspection. */
  label(format: F): string;
}

export interface PreparedOptions<F extends { name: string }, B> {
  db: Database;
  /** Every format of the registry, enabled or not. */
  formats: readonly F[];
  enabled: ReadonlySet<string>;
  preparation: Preparation<F, B>;
  /** Milliseconds, for the pace of looking again. */
  now(): number;
  logError(message: string): void;
}

interface Known<B> {
  /** The bound lookups (Preparation.found says whether their tables were there). */
  find: B;
  /** The format's tables as `find` was bound to them (readSchemaSignature). */
  signature: string;
  /** When the tables were last read or compared. */
  at: number;
}

/** What is known of each format's tables: the lookups kept, the inspections under way, the failures told. */
export interface PreparedTables<F extends { name: string }, B> {
  readonly options: PreparedOptions<F, B>;
  readonly known: Map<string, Known<B>>;
  readonly inspecting: Map<string, Promise<B>>;
  readonly toldFailure: Map<string, string>;
}

export function keepPrepared<F extends { name: string }, B>(options: PreparedOptions<F, B>): PreparedTables<F, B> {
  return { options, known: new Map(), inspecting: new Map(), toldFailure: new Map() };
}

function formatNamed<F extends { name: string }>(tables: PreparedTables<F, unknown>, name: string): F {
  const format = tables.options.formats.find((f) => f.name === name);
  if (!format) throw new Error(`no format ${name} in the registry`);
  return format;
}

/** Column detection, shared by everyone asking at once; a database failure leaves it to be tried again. */
function inspect<F extends { name: string }, B>(tables: PreparedTables<F, B>, name: string): Promise<B> {
  const pending = tables.inspecting.get(name);
  if (pending) return pending;
  const { db, preparation, now } = tables.options;
  const format = formatNamed(tables, name);
  const inspection = (async () => {
    try {
      const signature = await readSchemaSignature(db, preparation.tables(format));
      const find = await preparation.prepare(db, format);
      tables.known.set(name, { find, signature, at: now() });
      return find;
    } finally {
      tables.inspecting.delete(name);
    }
  })();
  tables.inspecting.set(name, inspection);
  return inspection;
}

/**
 * The format's bound lookups. Once `recheckMs` has passed, a missing table is looked for again
 * before answering, and a present one's columns are compared in the background: a change that
 * makes no query fail (a column widened past max_column_bytes, turned into a BLOB, renamed back)
 * prepares the format again, and the lookups after it use the new columns. Rejects with the
 * database's error when the tables cannot be read.
 */
export function preparedLookups<F extends { name: string }, B>(
  tables: PreparedTables<F, B>,
  name: string,
  recheckMs = SCHEMA_RECHECK_MS,
): Promise<B> {
  const { db, preparation, now } = tables.options;
  const known = tables.known.get(name);
  if (!known) return inspect(tables, name);
  if (now() - known.at < recheckMs) return Promise.resolve(known.find);
  if (!preparation.found(known.find)) return inspect(tables, name);
  known.at = now();
  void readSchemaSignature(db, preparation.tables(formatNamed(tables, name)))
    .then((signature) => (signature !== known.signature && tables.known.get(name) === known ? inspect(tables, name) : undefined))
    .catch(() => undefined); // the database failing is the lookups' news to tell; the next recheck tries again
  return Promise.resolve(known.find);
}

/** Drops what is known of the format: the next lookup inspects its tables again. */
export function forgetPrepared(tables: PreparedTables<{ name: string }, unknown>, name: string): void {
  tables.known.delete(name);
}

/**
 * Inspects the tables of every enabled format not known yet; looks again for missing ones, and
 * compares present ones, not looked at within `recheckMs`. Resolves true when every enabled
 * format is known. A failure is logged once per format and cause, not every time it is retried.
 */
export async function prepareAll<F extends { name: string }, B>(
  tables: PreparedTables<F, B>,
  recheckMs = SCHEMA_RECHECK_MS,
): Promise<boolean> {
  const { enabled, preparation, logError } = tables.options;
  await Promise.all(
    [...enabled].map((name) =>
      preparedLookups(tables, name, recheckMs).catch((error: unknown) => {
        if (error instanceof DatabaseError && error.kind === 'stopping') return;
        // Retried until it works: say why once, not every time.
        const message = `reading the ${preparation.label(formatNamed(tables, name))} failed: ${error instanceof Error ? error.message : String(error)}`;
        if (tables.toldFailure.get(name) !== message) logError(message);
        tables.toldFailure.set(name, message);
      }),
    ),
  );
  return [...enabled].every((name) => tables.known.has(name));
}

/** Each format's state: disabled, not inspected yet (pending), its tables found or missing. */
export function preparedAvailability<F extends { name: string }, B>(tables: PreparedTables<F, B>): Record<string, FormatAvailability> {
  const { formats, enabled, preparation } = tables.options;
  const state: Record<string, FormatAvailability> = {};
  for (const { name } of formats) {
    const known = tables.known.get(name);
    state[name] = !enabled.has(name) ? 'disabled' : !known ? 'pending' : preparation.found(known.find) ? 'available' : 'unavailable';
  }
  return state;
}
