/**
 * What every database adapter does around its driver's calls, whichever driver it is (oxmysql's
 * exports in the game server, mysql2 in the standalone service): a timeout on every call (oxmysql
 * never answers once the database is lost after start, and a lost TCP peer can keep mysql2 waiting
 * as long), a not-ready database failing at once, a failure sorted into the kinds the API maps to
 * its codes, a health that follows the newest call that settled, and, at close, every waiting call
 * failed. The adapters hand it one function that starts the driver's call and reports back.
 */
import { DatabaseError } from './database';
import { isStatementTimeout } from './statement-timeout';

/**
 * Failures the database server reports about itself rather than about the query: the connection
 * lost or refused, the query killed (KILL, max_statement_time, a restart), a lock or deadlock given
 * up, too many connections, a shutdown. The same query can succeed later, so they read as the
 * database being unavailable (503, retry), not as a bug (500).
 */
const SERVER_TROUBLE =
  /connection lost|closed the connection|gone away|ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|PROTOCOL_CONNECTION_LOST|execution was interrupted|connection was killed|lock wait timeout|deadlock found|too many connections|shutdown in progress|pool is closed/i;

/**
 * The database's own words in a failure message: oxmysql's message ends with them
 * (docs/platform.md#query-failures), its lines before repeat the query; mysql2's is one line.
 */
const reasonOf = (message: string): string => message.slice(message.lastIndexOf('\n') + 1);

/** The cheap query a probe asks. */
export const PROBE_SQL = 'SELECT 1 AS ok';

/**
 * How long a scan's JavaScript timer waits: a second past the statement time limit the database
 * applies itself, so only a database that no longer answers at all is left to the timer.
 */
export function scanTimerMs(dbTimeoutMs: number, statementTimeoutMs: number): number {
  return Math.max(dbTimeoutMs, statementTimeoutMs + 1000);
}

/** Starts one driver call; `report` is called once with its result, or with null and the failure's message. */
export type DriverCall = (report: (result: unknown, error?: unknown) => void) => void;

export interface GuardOptions {
  /** How long a call may take before it fails as 'timeout' (convar db_timeout_ms). */
  timeoutMs: number;
  /** Whether the driver can be asked at all; when not, a call fails at once as 'unavailable'. */
  isReady(): boolean;
  /** Why it cannot, in the 503's words. */
  notReady: string;
  /** Milliseconds, for the probe's interval. */
  now(): number;
}

export interface CallGuard {
  /** One call, settled within `timeoutMs` (default: the option); rejects only with a DatabaseError. */
  run(start: DriverCall, timeoutMs?: number): Promise<unknown>;
  /** Ready, and the newest call that settled was answered. */
  isHealthy(): boolean;
  /** Runs `ask` (a cheap query) at most once per `minIntervalMs`; resolves isHealthy() after it. */
  probe(minIntervalMs: number, ask: () => Promise<unknown>): Promise<boolean>;
  /** Fails every waiting call as 'stopping'; later calls fail at once. */
  close(): void;
}

export function createCallGuard(options: GuardOptions): CallGuard {
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

  const run = (start: DriverCall, timeoutMs = options.timeoutMs): Promise<unknown> =>
    new Promise((resolve, reject) => {
      if (closed) return reject(new DatabaseError('stopping', 'the resource is stopping'));
      if (!options.isReady()) return reject(new DatabaseError('unavailable', options.notReady));
      let settled = false;
      const seq = ++issued;
      const finish = () => {
        settled = true;
        clearTimeout(timer);
        pending.delete(timer);
      };
      const timer = setTimeout(() => {
        finish();
        settle(seq, false);
        reject(new DatabaseError('timeout', `the database did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      pending.set(timer, (error) => {
        finish();
        reject(error);
      });
      const report = (result: unknown, error?: unknown) => {
        if (settled) return;
        finish();
        if (error === undefined || error === null) {
          settle(seq, true);
          return resolve(result);
        }
        const reason = reasonOf(String(error));
        // The database stopping a statement at its time limit answered, and is fine: a timeout, not trouble.
        if (isStatementTimeout(reason)) {
          settle(seq, true);
          return reject(new DatabaseError('timeout', `the database stopped the statement at its time limit (${reason})`, true));
        }
        const trouble = SERVER_TROUBLE.test(reason);
        settle(seq, !trouble);
        reject(trouble ? new DatabaseError('unavailable', reason) : new DatabaseError('failed', String(error)));
      };
      try {
        start(report);
      } catch (error) {
        finish();
        reject(new DatabaseError('unavailable', `the database driver could not be called: ${String(error)}`));
      }
    });

  return {
    run,
    isHealthy: () => options.isReady() && healthy,
    probe(minIntervalMs, ask) {
      if (!options.isReady()) return Promise.resolve(false);
      if (probing) return probing;
      if (options.now() - lastProbe < minIntervalMs) return Promise.resolve(healthy);
      lastProbe = options.now();
      probing = ask().then(
        () => healthy,
        () => healthy,
      );
      return probing.finally(() => (probing = null));
    },
    close() {
      closed = true;
      for (const fail of [...pending.values()]) fail(new DatabaseError('stopping', 'the resource is stopping'));
    },
  };
}
