/**
 * The one path every lookup takes, whatever its room (citizens, search, vehicles): the caller's
 * value checked by the room (400), the format switch (501), the database's readiness (503), the
 * gate (cache, sharing, cap, stop) of the runner the room's tables call for, the format's tables
 * prepared (read again once after a schema change), the room's own answer (404s included), a scan
 * stopped by the database (504), and any other failure turned into its code. It returns one value,
 * the Outcome: the envelope, where a record in it came from, and whether it may be kept.
 * docs/architecture.md draws it.
 */
import { DatabaseError, type ScanningDatabase, type StatementRunner } from '../db/database';
import { fail, formatDisabled, type Envelope, type Failure } from './envelope';
import type { DatabaseFailureAnswer } from './failures';
import type { LookupGate } from './gate';
import { metNobody, type Looked } from './looked';
import { outcomeOf, unkept, type Outcome } from './outcome';
import { forgetPrepared, isSchemaChange, preparedLookups, type PreparedTables } from './prepared';

/**
 * How a lookup's statements run, and so which gate it passes: `lookup`, a plain query an index
 * serves, under max_in_flight; `scan`, a statement that reads whole tables, which the database
 * itself stops at search_timeout_ms, under the smaller search_max_in_flight.
 */
export type Runner = 'lookup' | 'scan';

/** What every lookup of this resource shares: the database, the formats switched on, the gates, the failure log. */
export interface LookupHouse {
  db: ScanningDatabase;
  enabled: ReadonlySet<string>;
  gates: Readonly<Record<Runner, LookupGate>>;
  /** How long the database may run one scanning statement (search_timeout_ms). */
  scanTimeoutMs: number;
  failures: DatabaseFailureAnswer;
}

/** A value a room checked: what it needs, or the answer saying why not. */
export type Checked<T> = { ok: true; value: T } | { ok: false; refused: Failure };

/** What a room's answer gets: the checked input, the format's usable tables, the runner decided for them. */
export interface RoomAnswer<I, T> {
  format: string;
  input: I;
  tables: T;
  execute: StatementRunner;
}

/**
 * One feature's lookup, declared once: how the caller's value is checked (400), its key (identical
 * lookups share one query and one cache entry), its runner and so its gate, its 501 where the
 * format lacks its tables, its 504 where a scan ran too long, and its answer (404s included).
 * `B` is what the format's tables were bound to, `T` the part of it the room answers from.
 */
export interface Room<I, B, T> {
  /** The caller's value checked: what the lookup needs, or the 400 answer saying what was wrong. */
  input(format: string, given: unknown, via: 'http' | 'export'): Checked<I>;
  /** Identical lookups in flight share one query, and a cached answer, by this key (the format is added). */
  key(input: I): string;
  /** Names the lookup in the log line of a failure. */
  what(input: I): string;
  /** A constant, or decided from the format's tables (whether an index serves the lookup here), once per lookup. */
  runner: Runner | ((tables: T) => Runner);
  /** The tables the room answers from, or 501 format_unavailable naming what this server lacks. */
  usable(format: string, bound: B): Checked<T>;
  /** What the caller of a scan the database stopped at search_timeout_ms is told: what scanned, and what to do (rooms that scan). */
  scanStopped?(input: I, tables: T): { subject: string; advice: string };
  answer(request: RoomAnswer<I, T>): Promise<Looked<Envelope<unknown>>>;
}

export interface LookupRequest<I, B, T> {
  house: LookupHouse;
  room: Room<I, B, T>;
  tables: PreparedTables<{ name: string }, B>;
  format: string;
  given: unknown;
  via: 'http' | 'export';
  /** Names the request in the log line of an internal error (HTTP only). */
  requestId?: string;
  /**
   * Part of the cache key: changes whenever the lookup could meet another set of online citizens,
   * so a database answer cached while a citizen was offline is not served once he logs in.
   */
  liveVersion?: number;
  /** The answer as the database holds it now, never a cached one (the change feed's lookups). */
  fresh?: boolean;
}

/** The room's answer from the format's tables as they are bound now; a 501 where they cannot serve it. */
async function answerFrom<I, B, T>(
  request: LookupRequest<I, B, T>,
  input: I,
  bound: B,
  runner: Runner,
): Promise<Looked<Envelope<unknown>>> {
  const { house, room, format } = request;
  const usable = room.usable(format, bound);
  if (!usable.ok) return metNobody(usable.refused);
  const tables = usable.value;
  if (runner === 'lookup') return room.answer({ format, input, tables, execute: (sql, params) => house.db.query(sql, params) });
  try {
    return await room.answer({ format, input, tables, execute: (sql, params) => house.db.scan(sql, params, house.scanTimeoutMs) });
  } catch (error) {
    if (!(error instanceof DatabaseError && error.stoppedByDatabase)) throw error;
    // The database answered (it stopped the statement): it stays healthy.
    const { subject, advice } = room.scanStopped?.(input, tables) ?? { subject: 'The lookup', advice: 'try again.' };
    const message = `${subject} scanned longer than citizen_records:search_timeout_ms (${house.scanTimeoutMs} ms) and the database stopped it; ${advice}`;
    return metNobody(fail('database_timeout', message));
  }
}

/** The answer, once more on the tables read again when they changed under the lookup (a column dropped, a table renamed). */
async function answerRetryingOnce<I, B, T>(request: LookupRequest<I, B, T>, input: I, runner: Runner): Promise<Looked<Envelope<unknown>>> {
  const { tables, format } = request;
  try {
    return await answerFrom(request, input, await preparedLookups(tables, format), runner);
  } catch (error) {
    if (!isSchemaChange(error)) throw error;
    forgetPrepared(tables, format);
    return answerFrom(request, input, await preparedLookups(tables, format), runner);
  }
}

/** The runner the format's tables call for (read first; a 501 answers instead where they cannot serve the room). */
async function runnerFromTables<I, B, T>(request: LookupRequest<I, B, T>, runner: (tables: T) => Runner): Promise<Checked<Runner>> {
  const usable = request.room.usable(request.format, await preparedLookups(request.tables, request.format));
  return usable.ok ? { ok: true, value: runner(usable.value) } : usable;
}

/** The answer of one lookup, whichever way it came (HTTP or export). Never rejects. */
export function runLookup<I, B, T>(request: LookupRequest<I, B, T>): Promise<Outcome> {
  const { house, room, format, requestId } = request;
  const checked = room.input(format, request.given, request.via);
  if (!checked.ok) return Promise.resolve(unkept(checked.refused));
  const input = checked.value;
  if (!house.enabled.has(format)) return Promise.resolve(unkept(formatDisabled(format)));
  if (!house.db.isReady()) return Promise.resolve(unkept(house.failures(new DatabaseError('unavailable', ''), `${format} lookup`)));
  const failed = (error: unknown) =>
    unkept(house.failures(error, `${requestId ? `request ${requestId}: ` : ''}${format} ${room.what(input)}`));
  const key = `${format}\u0000${room.key(input)}\u0000${request.liveVersion ?? 0}`;
  // The gate never rejects: its work answers every failure.
  const gated = (runner: Runner) =>
    house.gates[runner].run(
      key,
      () => answerRetryingOnce(request, input, runner).then((looked) => outcomeOf(looked.value, looked.met), failed),
      request.fresh,
    );
  // A constant runner's gate is known before the tables are read: a cache hit reads none of them.
  if (typeof room.runner === 'string') return gated(room.runner);
  return runnerFromTables(request, room.runner).then((runner) => (runner.ok ? gated(runner.value) : unkept(runner.refused)), failed);
}
