/**
 * The Database adapter over oxmysql's exports. oxmysql never answers a query once the database
 * is lost after start, and queues forever before it connects (docs/platform.md#readiness,
 * #lost-database-and-other-failures), so every call here has a timeout and a not-ready oxmysql
 * fails at once.
 */
import { natives } from '../natives';
import type { Row, ScanningDatabase } from './database';
import { createCallGuard, PROBE_SQL, scanTimerMs } from './guarded-calls';
import { oxmysqlVersionWarning } from './oxmysql-version';
import { statementTimeoutStyle, withStatementTimeout, type StatementTimeoutStyle } from './statement-timeout';

const OXMYSQL = 'oxmysql';

export interface OxmysqlOptions {
  /** How long a query may take before it fails as 'timeout' (convar db_timeout_ms). */
  timeoutMs: number;
  /** Named in oxmysql's own logs as the invoking resource. */
  resourceName: string;
  /** Milliseconds, for the probe's interval. */
  now(): number;
}

export function createOxmysqlDatabase(options: OxmysqlOptions): ScanningDatabase {
  /**
   * oxmysql's isReady only turns true, so once it has said so only the resource's state is asked
   * per lookup (a native call) instead of an export call across the msgpack boundary; a restart of
   * oxmysql asks again.
   */
  let connected = false;
  /** The statement-timeout form of the server oxmysql is connected to, read once (VERSION()) per oxmysql start. */
  let timeoutStyle: Promise<StatementTimeoutStyle> | null = null;
  natives.onEvent('onResourceStop', (name: string) => {
    if (name !== OXMYSQL) return;
    connected = false;
    timeoutStyle = null;
  });
  // Too old an oxmysql fails in ways that do not name it (503s, timeouts): say so at start, and
  // again whenever oxmysql (re)starts. Shown whatever log_level says, like configuration mistakes.
  const checkVersion = () => {
    const warning = oxmysqlVersionWarning(natives.resourceVersion(OXMYSQL));
    if (warning) console.warn(warning);
  };
  if (natives.resourceState(OXMYSQL) === 'started') checkVersion();
  natives.onEvent('onResourceStart', (name: string) => {
    if (name === OXMYSQL) checkVersion();
  });
  const isReady = (): boolean => {
    if (natives.resourceState(OXMYSQL) !== 'started') {
      connected = false;
      return false;
    }
    if (connected) return true;
    try {
      connected = natives.resourceExport(OXMYSQL, 'isReady')() === true;
    } catch {
      connected = false;
    }
    return connected;
  };

  const guard = createCallGuard({
    timeoutMs: options.timeoutMs,
    isReady,
    notReady: 'oxmysql is not started or not connected to the database',
    now: options.now,
  });
  /**
   * One callback-style export call with `isPromise`, so errors come back as `cb(null, message)`.
   * `rawExecute` is oxmysql's server-side prepared statement (mysql2 `execute`); its rows come back
   * as an array whatever their number, unlike `prepare`'s.
   */
  const call = (method: 'single' | 'query' | 'rawExecute', sql: string, params: readonly unknown[], timeoutMs?: number) =>
    guard.run((report) => natives.resourceExport(OXMYSQL, method)(sql, [...params], report, options.resourceName, true), timeoutMs);

  const single = async (sql: string, params: readonly unknown[]): Promise<Row | null> => {
    const row = await call('single', sql, params);
    return row !== null && typeof row === 'object' ? (row as Row) : null;
  };

  const serverTimeoutStyle = (): Promise<StatementTimeoutStyle> => {
    if (!timeoutStyle) {
      const reading = single('SELECT VERSION() AS version', []).then((row) => statementTimeoutStyle(String(row?.version ?? '')));
      timeoutStyle = reading;
      // A failure is the caller's news; the next scan reads the version again.
      reading.catch(() => {
        if (timeoutStyle === reading) timeoutStyle = null;
      });
    }
    return timeoutStyle;
  };

  return {
    isReady,
    isHealthy: guard.isHealthy,
    single,
    async scan(sql, params, timeoutMs) {
      const style = await serverTimeoutStyle();
      const rows = await call('rawExecute', withStatementTimeout(sql, style, timeoutMs), params, scanTimerMs(options.timeoutMs, timeoutMs));
      return Array.isArray(rows) ? (rows as Row[]) : [];
    },
    async query(sql, params) {
      const rows = await call('query', sql, params);
      return Array.isArray(rows) ? (rows as Row[]) : [];
    },
    probe: (minIntervalMs) => guard.probe(minIntervalMs, () => single(PROBE_SQL, [])),
    close: guard.close,
  };
}
