/**
 * The Database adapter over oxmysql's exports. oxmysql never answers a query once the database
 * is lost after start, and queues forever before it connects (oxmysql.md §4), so every call here
 * has a timeout and a not-ready oxmysql fails at once.
 */
import { resourceExport, resourceState } from '../fivem/natives';
import { DatabaseError, type Database, type Row } from './database';

const OXMYSQL = 'oxmysql';

export interface OxmysqlOptions {
  /** How long a query may take before it fails as 'timeout' (convar db_timeout_ms). */
  timeoutMs: number;
  /** Named in oxmysql's own logs as the invoking resource. */
  resourceName: string;
}

export function createOxmysqlDatabase(options: OxmysqlOptions): Database {
  const isReady = (): boolean => {
    if (resourceState(OXMYSQL) !== 'started') return false;
    try {
      return resourceExport(OXMYSQL, 'isReady')() === true;
    } catch {
      return false;
    }
  };

  let lastCallTimedOut = false;

  /** One callback-style export call with `isPromise`, so errors come back as `cb(null, message)`. */
  const call = (method: 'single' | 'query', sql: string, params: readonly unknown[]): Promise<unknown> =>
    new Promise((resolve, reject) => {
      if (!isReady()) {
        reject(new DatabaseError('unavailable', 'oxmysql is not started or not connected to the database'));
        return;
      }
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        lastCallTimedOut = true;
        reject(new DatabaseError('timeout', `the database did not answer within ${options.timeoutMs} ms`));
      }, options.timeoutMs);
      const callback = (result: unknown, error?: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        lastCallTimedOut = false;
        if (error !== undefined && error !== null) reject(new DatabaseError('failed', String(error)));
        else resolve(result);
      };
      try {
        resourceExport(OXMYSQL, method)(sql, [...params], callback, options.resourceName, true);
      } catch (error) {
        settled = true;
        clearTimeout(timer);
        reject(new DatabaseError('unavailable', `oxmysql could not be called: ${String(error)}`));
      }
    });

  return {
    isReady,
    isHealthy: () => isReady() && !lastCallTimedOut,
    async single(sql, params) {
      const row = await call('single', sql, params);
      return row !== null && typeof row === 'object' ? (row as Row) : null;
    },
    async query(sql, params) {
      const rows = await call('query', sql, params);
      return Array.isArray(rows) ? (rows as Row[]) : [];
    },
  };
}
