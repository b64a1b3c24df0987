/**
 * The Database adapter over oxmysql's exports. oxmysql never answers a query once the database
 * is lost after start, and queues forever before it connects (docs/platform.md#readiness,
 * #lost-database-and-other-failures), so every call here has a timeout and a not-ready oxmysql
 * fails at once.
 */
import { natives } from '../natives';
import { DatabaseError, type Row, type ScanningDatabase } from './database';
import { oxmysqlVersionWarning } from './oxmysql-version';
import { isStatementTimeout, statementTimeoutStyle, withStatementTimeout, type StatementTimeoutStyle } from './statement-timeout';

const OXMYSQL = 'oxmysql';

export interface OxmysqlOptions {
  /** How long a query may take before it fails as 'timeout' (convar db_timeout_ms). */
  timeoutMs: number;
  /** Named in oxmysql's own logs as the invoking resource. */
  resourceName: string;
  /** Milliseconds, for the probe's interval. */
  now(): number;
}

const PROBE_SQL = 'SELECT 1 AS ok';

/**
 * How much longer than a scan's statement time limit its JavaScript timer waits: the database
 * stops the statement itself, and only a database that no longer answers at all (oxmysql then
 * never calls back) is left to the timer.
 */
const SCAN_TIMER_MARGIN_MS = 1000;

/**
 * Failures the database server reports about itself rather than about the query: the connection
 * lost or refused, the query killed (KILL, max_statement_time, a restart), a lock or deadlock given
 * up, too many connections, a shutdown. The same query can succeed later, so they read as the
 * database being unavailable (503, retry), not as a bug (500).
 */
const SERVER_TROUBLE =
  /connection lost|closed the connection|gone away|ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|PROTOCOL_CONNECTION_LOST|execution was interrupted|connection was killed|lock wait timeout|deadlock found|too many connections|shutdown in progress|pool is closed/i;

/**
 * oxmysql's message ends with the database's own (docs/platform.md#query-failures); the lines
 * before repeat the query.
 */
const reasonOf = (message: string): string => message.slice(message.lastIndexOf('\n') + 1);

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

  /**
   * Healthy after the newest call that settled: a call issued while the database was lost may time
   * out after a later one has answered, and must not undo that news.
   */
  let healthy = true;
  let issued = 0;
  let newestSettled = 0;
  const settle = (seq: number, answered: boolean) => {
    if (seq < newestSettled) return;
    newestSettled = seq;
    healthy = answered;
  };
  let lastProbe = -Infinity;
  let probing: Promise<boolean> | null = null;
  const pending = new Map<ReturnType<typeof setTimeout>, (error: DatabaseError) => void>();
  let closed = false;

  /**
   * One callback-style export call with `isPromise`, so errors come back as `cb(null, message)`.
   * `rawExecute` is oxmysql's server-side prepared statement (mysql2 `execute`); its rows come back
   * as an array whatever their number, unlike `prepare`'s.
   */
  const call = (
    method: 'single' | 'query' | 'rawExecute',
    sql: string,
    params: readonly unknown[],
    timeoutMs = options.timeoutMs,
  ): Promise<unknown> =>
    new Promise((resolve, reject) => {
      if (closed) {
        reject(new DatabaseError('stopping', 'the resource is stopping'));
        return;
      }
      if (!isReady()) {
        reject(new DatabaseError('unavailable', 'oxmysql is not started or not connected to the database'));
        return;
      }
      let settled = false;
      const seq = ++issued;
      const timer = setTimeout(() => {
        settled = true;
        pending.delete(timer);
        settle(seq, false);
        reject(new DatabaseError('timeout', `the database did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      pending.set(timer, (error) => {
        settled = true;
        reject(error);
      });
      const callback = (result: unknown, error?: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        pending.delete(timer);
        if (error === undefined || error === null) {
          settle(seq, true);
          resolve(result);
          return;
        }
        const message = String(error);
        // The database stopping a statement at its time limit answered, and is fine: a timeout, not trouble.
        if (isStatementTimeout(reasonOf(message))) {
          settle(seq, true);
          reject(new DatabaseError('timeout', `the database stopped the statement at its time limit (${reasonOf(message)})`, true));
          return;
        }
        const trouble = SERVER_TROUBLE.test(reasonOf(message));
        settle(seq, !trouble);
        reject(trouble ? new DatabaseError('unavailable', reasonOf(message)) : new DatabaseError('failed', message));
      };
      try {
        natives.resourceExport(OXMYSQL, method)(sql, [...params], callback, options.resourceName, true);
      } catch (error) {
        settled = true;
        clearTimeout(timer);
        pending.delete(timer);
        reject(new DatabaseError('unavailable', `oxmysql could not be called: ${String(error)}`));
      }
    });

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
    isHealthy: () => isReady() && healthy,
    single,
    async scan(sql, params, timeoutMs) {
      const style = await serverTimeoutStyle();
      const rows = await call(
        'rawExecute',
        withStatementTimeout(sql, style, timeoutMs),
        params,
        Math.max(options.timeoutMs, timeoutMs + SCAN_TIMER_MARGIN_MS),
      );
      return Array.isArray(rows) ? (rows as Row[]) : [];
    },
    async query(sql, params) {
      const rows = await call('query', sql, params);
      return Array.isArray(rows) ? (rows as Row[]) : [];
    },
    probe(minIntervalMs) {
      if (!isReady()) return Promise.resolve(false);
      if (probing) return probing;
      if (options.now() - lastProbe < minIntervalMs) return Promise.resolve(healthy);
      lastProbe = options.now();
      probing = single(PROBE_SQL, []).then(
        () => healthy,
        () => healthy,
      );
      return probing.finally(() => (probing = null));
    },
    close() {
      closed = true;
      for (const [timer, fail] of pending) {
        clearTimeout(timer);
        fail(new DatabaseError('stopping', 'the resource is stopping'));
      }
      pending.clear();
    },
  };
}
