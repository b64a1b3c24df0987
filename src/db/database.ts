/**
 * What the rest of the resource needs from a database: read-only lookups that always settle.
 * The oxmysql adapter implements it; a failure is one of four kinds the API maps to its codes.
 */
export type DatabaseFailureKind =
  /** oxmysql is not started or has not connected yet, or the database server failed the query (connection lost, query killed, lock given up). */
  | 'unavailable'
  /** the query did not answer within the timeout (oxmysql never answers once the DB is lost). */
  | 'timeout'
  /** the database answered with an error. */
  | 'failed'
  /** the resource is stopping: the call was abandoned, and its caller already answered. */
  | 'stopping';

export class DatabaseError extends Error {
  constructor(
    readonly kind: DatabaseFailureKind,
    message: string,
    /** A 'timeout' the database made itself: it stopped the statement at its time limit (ScanningDatabase.scan). */
    readonly stoppedByDatabase = false,
  ) {
    super(message);
    this.name = 'DatabaseError';
  }
}

export type Row = Record<string, unknown>;

export interface Database {
  /** True once the pool is connected: lookups before that fail at once as 'unavailable'. */
  isReady(): boolean;
  /**
   * Ready, and the last query or probe answered: oxmysql keeps saying it is ready after the
   * database is lost, so a timeout marks the database unhealthy until a query answers again.
   */
  isHealthy(): boolean;
  /**
   * Asks the database itself with a cheap query, at most once per `minIntervalMs` (a lost
   * database reads as lost even while nobody looks anything up); resolves isHealthy() after it.
   */
  probe(minIntervalMs: number): Promise<boolean>;
  /** Stops every timer and fails every call still waiting: the resource is stopping. */
  close(): void;
  /** The first row, or null. Rejects only with a DatabaseError. */
  single(sql: string, params: readonly unknown[]): Promise<Row | null>;
  /** Every row. Rejects only with a DatabaseError. */
  query(sql: string, params: readonly unknown[]): Promise<Row[]>;
}

/**
 * A Database that can also run a statement allowed to scan (a search, a vehicle lookup no index
 * serves): one read-only SELECT that
 * the database itself stops after `timeoutMs` (statement-timeout.ts). The database stopping it
 * rejects as 'timeout' and, the database having answered, leaves it healthy.
 *
 * It runs as a server-side prepared statement (oxmysql `rawExecute`, mysql2 `execute`: the values
 * travel apart from the SQL text, in the binary protocol), because a search's values are typed by
 * people and hold quotes and backslashes. oxmysql's `query`/`single` go through mysql2 `query`,
 * which writes the values into the text with backslash escapes (`'` as `\'`); a server whose
 * sql_mode has NO_BACKSLASH_ESCAPES reads that backslash as a character and the quote as the end of
 * the string: an injection (mysqljs/mysql#1828;
 * https://dev.mysql.com/doc/refman/8.0/en/sql-mode.html#sqlmode_no_backslash_escapes). The record
 * lookups and indexed vehicle lookups stay on `query`: their values are ids, licenses and plates
 * checked to hold neither.
 */
export interface ScanningDatabase extends Database {
  /** Every row. Rejects only with a DatabaseError. */
  scan(sql: string, params: readonly unknown[], timeoutMs: number): Promise<Row[]>;
}

/**
 * How a lookup runs its statements, as its caller chose: Database.query where an index serves it,
 * ScanningDatabase.scan with its time limit where it reads whole tables (a search, a vehicle lookup
 * no index serves here). Every row. Rejects only with a DatabaseError.
 */
export type StatementRunner = (sql: string, params: readonly unknown[]) => Promise<Row[]>;
