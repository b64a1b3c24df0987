/**
 * The Database adapter of the standalone service: a mysql2 pool straight to the database (the game's
 * own, or a read replica of it), answering exactly what the embedded resource receives through
 * oxmysql for the same SQL, so a record is the same byte for byte:
 *
 * - `single` and `query` run as oxmysql's query family does (mysql2 `query`, the text protocol)
 *   with oxmysql's options and typeCast; `scan` as its `rawExecute` (mysql2 `execute`, a server-side
 *   prepared statement) with the dates-only typeCast and byte arrays of its patched mysql2
 *   (oxmysql-type-cast.ts, docs/platform.md#typecast). Dates the formats read as epoch ms depend
 *   on the process's time zone there as here: run the service with the game server's TZ.
 * - Every connection is read-only (`SET SESSION TRANSACTION READ ONLY`): the service writes nothing,
 *   and the database refuses it if a bug ever tried.
 * - Every call has the same guard as oxmysql's adapter (guarded-calls.ts); mysql2's own per-query
 *   `timeout` besides frees a connection that a lost peer would otherwise keep.
 * - Not ready until the first `SELECT VERSION()` answers; until then it tries again every few
 *   seconds, and lookups answer 503 database_unavailable at once, as before oxmysql connects.
 */
import mysql, { type FieldPacket, type Pool, type PoolOptions } from 'mysql2';
import type { ConnectionSettings } from './connection-string';
import type { Row, ScanningDatabase } from './database';
import { createCallGuard, PROBE_SQL, scanTimerMs } from './guarded-calls';
import { castExecuteRows, castTextRows, executeTypeCast, textTypeCast } from './oxmysql-type-cast';
import { statementTimeoutStyle, withStatementTimeout, type StatementTimeoutStyle } from './statement-timeout';

export interface Mysql2Options {
  connection: ConnectionSettings;
  /** How long a query may take before it fails as 'timeout' (db_timeout_ms). */
  timeoutMs: number;
  /** Milliseconds, for the probe's interval. */
  now(): number;
  /** Told once per connection attempt that fails before the first success, and when it connects. */
  log(message: string): void;
}

/** How often a service started before its database tries to connect again. */
const RETRY_MS = 2000;

/** mysql2's pool options as oxmysql sets them (docs/platform.md#connection-options), then what is forced. */
function poolOptions({ connection, timeoutMs }: Mysql2Options): PoolOptions {
  return {
    connectTimeout: timeoutMs,
    supportBigNumbers: true,
    jsonStrings: true,
    ...connection.options,
    host: connection.host,
    port: connection.port,
    user: connection.user,
    password: connection.password,
    database: connection.database || undefined,
    typeCast: textTypeCast,
    namedPlaceholders: false,
    multipleStatements: false,
  };
}

export interface Mysql2Database extends ScanningDatabase {
  /** Every row of a statement that is no SELECT (SHOW REPLICA STATUS), through the same guard. */
  show(sql: string): Promise<Row[]>;
}

export function createMysql2Database(options: Mysql2Options): Mysql2Database {
  const pool: Pool = mysql.createPool(poolOptions(options));
  pool.on('connection', (connection) => connection.query('SET SESSION TRANSACTION READ ONLY'));
  let style: StatementTimeoutStyle | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = () => {
    pool.query('SELECT VERSION() AS version', (error, rows) => {
      if (closed) return;
      if (error) {
        options.log(`cannot connect to the database at ${options.connection.host}:${options.connection.port} yet: ${error.message}`);
        retry = setTimeout(connect, RETRY_MS);
        return;
      }
      const version = String((rows as Row[])[0]?.version ?? '');
      style = statementTimeoutStyle(version);
      options.log(`connected to the database at ${options.connection.host}:${options.connection.port} (${version})`);
    });
  };
  connect();

  const guard = createCallGuard({
    timeoutMs: options.timeoutMs,
    isReady: () => style !== null,
    notReady: 'the service has not connected to the database yet',
    now: options.now,
  });
  const text = (sql: string, params: readonly unknown[]) =>
    guard.run((report) =>
      pool.query({ sql, values: [...params], timeout: options.timeoutMs }, (error, rows, fields) => {
        if (error) return report(null, error.message);
        if (Array.isArray(rows)) castTextRows(rows as Row[], fields as FieldPacket[]);
        report(rows);
      }),
    ) as Promise<Row[]>;
  const single = async (sql: string, params: readonly unknown[]) => (await text(sql, params))[0] ?? null;

  return {
    isReady: () => style !== null,
    isHealthy: guard.isHealthy,
    single,
    query: text,
    show: (sql) => text(sql, []),
    scan(sql, params, timeoutMs) {
      const limited = withStatementTimeout(sql, style ?? 'none', timeoutMs);
      const wait = scanTimerMs(options.timeoutMs, timeoutMs);
      return guard.run(
        (report) =>
          pool.execute(
            { sql: limited, values: [...params] as never, dateStrings: true, typeCast: executeTypeCast, timeout: wait },
            (error, rows, fields) => {
              if (error) return report(null, error.message);
              if (Array.isArray(rows)) castExecuteRows(rows as Row[], (fields ?? []) as FieldPacket[]);
              report(rows);
            },
          ),
        wait,
      ) as Promise<Row[]>;
    },
    probe: (minIntervalMs) => guard.probe(minIntervalMs, () => single(PROBE_SQL, [])),
    close() {
      closed = true;
      clearTimeout(retry);
      guard.close();
      pool.end(() => undefined);
    },
  };
}
