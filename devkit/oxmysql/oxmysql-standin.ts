/**
 * A stand-in for the oxmysql resource, following docs/platform.md#what-the-stand-in-reproduces
 * (v2.14.1 behaviour) against a real MariaDB through mysql2: callback exports with `isPromise`,
 * `_async`/`Sync` variants, typeCast, readiness that waits forever, string errors, and switches for
 * a database that is never reachable or lost after start.
 */
import mysql from 'mysql2/promise';
import type { FieldPacket, ResultSetHeader } from 'mysql2';
import type { FxHost } from '../host/fx-host';
import type { Resource } from '../host/resource';
import { executeParameterSets, queryArguments } from './placeholders';
import { isTableInspection } from '../db/bookkeeping';
import { castExecuteRows, castTextRows, executeTypeCast, textTypeCast } from '../../src/db/oxmysql-type-cast';
import { headTypeCast } from './type-cast';

type Callback = (result: unknown, error?: string) => void;
type Globals = Record<string, unknown> & {
  exports: (name: string, fn: (...args: unknown[]) => unknown) => void;
  emit: (event: string, ...args: unknown[]) => void;
  console: { log(...a: unknown[]): void; error(...a: unknown[]): void; warn(...a: unknown[]): void };
  setTimeout: (fn: () => void, ms: number) => unknown;
  GetInvokingResource: () => string | null;
};

export interface StandInOptions {
  /** mysql2 connection URL of the database oxmysql would be configured with. */
  url: string;
  /** false: the database is never reachable (every connect attempt is refused). */
  reachable?: boolean;
  /**
   * The database server's time zone as its sessions see it (a server configured with
   * default-time-zone); TIMESTAMPs then reach oxmysql as text in that zone.
   */
  sessionTimeZone?: string;
  /**
   * 'head': the query family type-casts as oxmysql's unreleased commit 887d841
   * (docs/platform.md#the-unreleased-tinyint-change).
   */
  typeCast?: 'v2.14.1' | 'head';
}

const QUERY_FAMILY = ['query', 'single', 'scalar', 'update', 'insert'] as const;
type QueryType = (typeof QUERY_FAMILY)[number];
const RETRY_MS = 30_000;
const UNREACHABLE_URL = 'mysql://root@127.0.0.1:1/none';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function statementType(sql: string): 'insert' | 'update' | null {
  const first = sql.split(' ')[0];
  if (first === 'INSERT') return 'insert';
  if (first === 'UPDATE' || first === 'DELETE') return 'update';
  return null;
}

export class OxmysqlStandIn {
  private pool: mysql.Pool | null = null;
  private version = '';
  private lost = false;
  private latencyMs = 0;
  private readonly waiting: Array<() => void> = [];
  private globals: Globals | null = null;
  resource: Resource | null = null;
  /** Connections handed to queries so far: one per query the database is asked. */
  queriesAsked = 0;
  /**
   * Calls still at work: not finished, and not parked until the pool exists. At 0 nothing more
   * happens until a tick or a new call, so a test that shows a callback never comes waits for 0.
   */
  busy = 0;

  constructor(
    private readonly host: FxHost,
    private readonly options: StandInOptions,
  ) {}

  /** Starts resource `oxmysql` in the host; the pool is created on its first tick, as oxmysql does. */
  start(): Resource {
    this.resource = this.host.startModule('oxmysql', (globals) => {
      this.globals = globals as Globals;
      this.registerExports(this.globals);
      this.globals.setTimeout(() => void this.connect(), 0);
    });
    return this.resource;
  }

  /** "DB lost after ready": new connections fail, callbacks never come, isReady stays true. */
  loseConnection(): void {
    this.lost = true;
  }

  restoreConnection(): void {
    this.lost = false;
  }

  /** Delays every query by `ms` before it reaches the database. */
  setLatency(ms: number): void {
    this.latencyMs = ms;
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.end();
  }

  private print(text: string): void {
    this.globals?.console.log(text);
  }

  private async connect(): Promise<void> {
    const url = this.options.reachable === false ? UNREACHABLE_URL : this.options.url;
    const pool = mysql.createPool({
      uri: url,
      connectTimeout: 60_000,
      supportBigNumbers: true,
      jsonStrings: true,
      namedPlaceholders: false,
      typeCast: this.options.typeCast === 'head' ? headTypeCast : textTypeCast,
      connectionLimit: 10,
    });
    const zone = this.options.sessionTimeZone;
    // mysql2 runs a connection's commands in order, so the SET precedes every query on it.
    if (zone) pool.pool.on('connection', (connection) => connection.query('SET time_zone = ?', [zone]));
    try {
      const [rows] = await pool.query('SELECT VERSION() as version');
      this.version = String((rows as Array<{ version: string }>)[0].version);
      this.print(`^5[${this.version}] ^2Database server connection established!^0`);
      this.pool = pool;
      for (const resume of this.waiting.splice(0)) resume();
    } catch (error) {
      const err = error as { code?: string; errno?: number; message?: string };
      this.print(`^3Unable to establish a connection to the database (${err.code})!`);
      this.print(`^1Error ${err.errno}: ${err.message}^0`);
      this.print('See https://github.com/overextended/oxmysql/issues/154 for more information.');
      await pool.end().catch(() => undefined);
      this.globals?.setTimeout(() => void this.connect(), RETRY_MS);
    }
  }

  /** Waits, without limit, for the pool; then a connection, which fails while "lost". */
  /** `sql` is counted in queriesAsked unless it is the resource's bookkeeping (devkit/db/bookkeeping.ts). */
  private async getConnection(sql: string): Promise<mysql.PoolConnection> {
    if (!this.pool) {
      this.busy -= 1;
      await new Promise<void>((resume) => this.waiting.push(resume));
      this.busy += 1;
    }
    if (!isTableInspection(sql)) this.queriesAsked += 1;
    if (this.lost) throw new Error('connect ECONNREFUSED 127.0.0.1:3306');
    if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));
    return (this.pool as mysql.Pool).getConnection();
  }

  private fail(invoking: string, sql: string, parameters: unknown, message: string, cb: Callback | null, isPromise: boolean): void {
    this.globals?.emit('oxmysql:error', { query: sql, parameters, message, err: message, resource: invoking });
    if (cb && isPromise) this.deliver(cb, null, message);
    else this.globals?.console.error(message);
  }

  /** Calls the caller back; oxmysql catches what the callback throws (string errors are printed). */
  private deliver(cb: Callback, result: unknown, error?: string): void {
    try {
      if (error === undefined) cb(result);
      else cb(result, error);
    } catch (thrown) {
      if (typeof thrown === 'string') this.print(`^1SCRIPT ERROR: ${thrown}^0`);
    }
  }

  /**
   * Runs the body; a failed getConnection escapes as an unhandled rejection inside oxmysql, which
   * the host puts down to oxmysql as it does the real one's (the stand-in runs in the host's realm,
   * where a real unhandled rejection would be the test's).
   */
  private spawn(work: () => Promise<void>): void {
    this.busy += 1;
    work()
      .catch((error) => this.host.unhandledRejection(this.resource?.name ?? 'oxmysql', error))
      .finally(() => (this.busy -= 1));
  }

  /** `(query, parameters, cb, invokingResource?, isPromise?)`, where a function as parameters is the callback. */
  private callArguments(args: unknown[]): {
    sql: unknown;
    parameters: unknown;
    callback: Callback | null;
    invoking: string;
    isPromise: boolean;
  } {
    const [sql, parameters, cb] = args;
    const parametersAreCallback = typeof cb !== 'function' && typeof parameters === 'function';
    const callback = parametersAreCallback ? parameters : cb;
    return {
      sql,
      parameters: parametersAreCallback ? [] : parameters,
      callback: typeof callback === 'function' ? (callback as Callback) : null,
      invoking: (args[3] as string | null | undefined) ?? this.globals?.GetInvokingResource() ?? '',
      isPromise: args[4] === true,
    };
  }

  private runQuery(type: QueryType, args: unknown[]): void {
    const { sql, parameters, callback, invoking, isPromise } = this.callArguments(args);
    this.spawn(async () => {
      let prepared: { sql: string; values: unknown[] };
      try {
        prepared = queryArguments(sql, parameters);
      } catch (error) {
        const message = `${invoking} was unable to execute a query!\nQuery: ${String(sql)}\n${messageOf(error)}`;
        return this.fail(invoking, String(sql), parameters, message, callback, isPromise);
      }
      const connection = await this.getConnection(prepared.sql);
      let result: unknown;
      try {
        const [rows, fields] = await connection.query({ sql: prepared.sql, values: prepared.values });
        if (Array.isArray(rows)) castTextRows(rows as Record<string, unknown>[], fields as FieldPacket[]);
        result = this.shape(type, rows as unknown);
      } catch (error) {
        const message = `${invoking} was unable to execute a query!\nQuery: ${prepared.sql}\n${JSON.stringify(prepared.values)}\n${messageOf(error)}`;
        return this.fail(invoking, prepared.sql, prepared.values, message, callback, isPromise);
      } finally {
        connection.release();
      }
      if (callback) this.deliver(callback, result);
    });
  }

  private shape(type: QueryType, rows: unknown): unknown {
    const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : null;
    const header = list ? null : (rows as ResultSetHeader);
    switch (type) {
      case 'query':
        return rows;
      case 'single':
        return list ? (list[0] ?? null) : null;
      case 'scalar': {
        const first = list?.[0];
        if (!first) return null;
        const value = Object.values(first)[0];
        return value === undefined ? null : value;
      }
      case 'update':
        return header?.affectedRows ?? null;
      case 'insert':
        return header?.insertId ?? null;
    }
  }

  private runExecute(unpack: boolean, args: unknown[]): void {
    const { sql, parameters, callback, invoking, isPromise } = this.callArguments(args);
    this.spawn(async () => {
      if (typeof sql !== 'string') {
        const message = `${invoking} was unable to execute a query!\nQuery: ${String(sql)}\nExpected query to be a string but received ${typeof sql} instead.`;
        return this.fail(invoking, String(sql), parameters, message, callback, isPromise);
      }
      const type = statementType(sql);
      const connection = await this.getConnection(sql);
      const response: unknown[] = [];
      try {
        for (const values of executeParameterSets(sql, parameters)) {
          const [result, fields] = await connection.execute({ sql, values: values as never, dateStrings: true, typeCast: executeTypeCast });
          if (Array.isArray(result)) castExecuteRows(result as Record<string, unknown>[], (fields ?? []) as FieldPacket[]);
          const pushed = Array.isArray(result) && result.length > 1 ? (result as unknown[]) : [result];
          for (const value of pushed) response.push(unpack ? this.unpack(type, value) : value);
        }
      } catch (error) {
        const message = `${invoking} was unable to execute a query!\nQuery: ${sql}\n${messageOf(error)}`;
        return this.fail(invoking, sql, parameters, message, callback, isPromise);
      } finally {
        connection.release();
      }
      if (callback) this.deliver(callback, this.collect(unpack, type, response));
    });
  }

  private unpack(type: 'insert' | 'update' | null, value: unknown): unknown {
    if (type === 'insert') return (value as ResultSetHeader)?.insertId;
    if (type === 'update') return (value as ResultSetHeader)?.affectedRows;
    return value;
  }

  private collect(unpack: boolean, type: 'insert' | 'update' | null, response: unknown[]): unknown {
    if (response.length !== 1) return response;
    if (unpack && type === null) {
      const first = (response[0] as Record<string, unknown>[] | undefined)?.[0];
      if (first && Object.keys(first).length === 1) return Object.values(first)[0];
      return first;
    }
    return response[0];
  }

  private registerExports(globals: Globals): void {
    const base: Record<string, (...args: unknown[]) => unknown> = {
      isReady: () => this.pool !== null,
      awaitConnection: async () => {
        if (!this.pool) await new Promise<void>((resume) => this.waiting.push(resume));
        return true;
      },
      prepare: (...args) => void this.runExecute(true, args),
      rawExecute: (...args) => void this.runExecute(false, args),
      store: (query, cb) => (typeof cb === 'function' ? (cb as Callback)(query) : undefined),
    };
    for (const type of QUERY_FAMILY) base[type] = (...args) => void this.runQuery(type, args);
    base.execute = base.query;
    base.fetch = base.query;

    for (const [name, fn] of Object.entries(base)) {
      globals.exports(name, fn);
      const promised =
        name === 'isReady' || name === 'awaitConnection'
          ? fn
          : (query: unknown, parameters: unknown, invoking?: unknown) =>
              new Promise((resolve, reject) =>
                fn(
                  query,
                  parameters,
                  (result: unknown, error?: string) => (error === undefined ? resolve(result) : reject(new Error(error))),
                  invoking ?? globals.GetInvokingResource(),
                  true,
                ),
              );
      globals.exports(`${name}_async`, promised);
      globals.exports(`${name}Sync`, promised);
    }
  }
}
