/**
 * What the bench compares citizen_records with, all started in the server process: the ceiling (a
 * resource doing the same query through oxmysql and answering the row unchanged), the same with a
 * plain statement, a resource answering a constant record without the database, the floors
 * (mysql2 in process, and node:http), and the driver resource the export calls come from.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type mysql from 'mysql2/promise';
import type { FxHost } from '../devkit/host/fx-host';
import type { Format, ServerContext } from './registry';

export type Statements = Record<Format, string>;

const JSON_HEAD = "{ 'Content-Type': 'application/json; charset=utf-8' }";

/** A pass-through resource: paths `/<format>/<id>`, export `lookup(format, id)`, answering the row `sql[format]` finds. */
export function startCeiling(server: ServerContext, name: string, sql: Statements): void {
  server.startScript(
    name,
    `const SQL = ${JSON.stringify(sql)};
     const single = (format, id, done) => exports.oxmysql.single(SQL[format], [id], done, ${JSON.stringify(name)}, true);
     SetHttpHandler((req, res) => {
       const slash = req.path.indexOf('/', 1);
       single(req.path.slice(1, slash), decodeURIComponent(req.path.slice(slash + 1)), (row) => {
         res.writeHead(200, ${JSON_HEAD});
         res.send(JSON.stringify({ success: true, data: row }));
       });
     });
     exports('lookup', (format, id) => new Promise((resolve) => single(format, id, (row) => resolve({ success: true, data: row }))));`,
  );
}

/** The constant-record resource: what a cache hit could reach at best. */
export function startConstant(server: ServerContext, name: string, record: unknown): void {
  server.startScript(
    name,
    `const RECORD = ${JSON.stringify(record)};
     SetHttpHandler((req, res) => {
       res.writeHead(200, ${JSON_HEAD});
       res.send(JSON.stringify({ success: true, data: RECORD }));
     });
     exports('lookup', () => Promise.resolve({ success: true, data: RECORD }));`,
  );
}

/** Functions of the driver resource, called from the server process's own code. */
export interface Driver {
  /** One export call from inside the driver resource; true when it resolved to `{ success: true }`. */
  succeeds(resource: string, exportName: string, ...args: unknown[]): Promise<boolean>;
  /** One export call; the settled value, as the driver received it. */
  settle(resource: string, exportName: string, ...args: unknown[]): Promise<unknown>;
}

/**
 * The resource the export calls come from: on FXServer a caller is another resource on the same
 * main thread, so its side of every call (packing the arguments, unpacking the answer) is counted.
 */
export function startDriver(host: FxHost): Driver {
  host.startScript(
    'bench_driver',
    `globalThis.settle = (resource, name, ...args) => Promise.resolve(exports[resource][name](...args));
     globalThis.succeeds = (resource, name, ...args) => settle(resource, name, ...args).then((v) => v !== null && typeof v === 'object' && v.success === true);`,
  );
  return {
    succeeds: host.evaluate('bench_driver', 'succeeds') as Driver['succeeds'],
    settle: host.evaluate('bench_driver', 'settle') as Driver['settle'],
  };
}

/**
 * The plain form of a primary-key statement: `SELECT <the table's columns it names> FROM <table>
 * WHERE <key> = ?`, without what citizen_records wraps around its columns (size guards, casts,
 * `+ 0`) or adds (`LIMIT 1`), so the two ceilings differ by what that SQL costs.
 */
export async function plainStatement(connection: mysql.Connection, statement: string): Promise<string> {
  const table = /\bFROM `([^`]+)`/.exec(statement)?.[1];
  const key = /\bWHERE (`[^`]+`) = \?/.exec(statement)?.[1];
  if (!table || !key) throw new Error(`not a primary-key statement: ${statement}`);
  const [rows] = await connection.query(
    'SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION',
    [table],
  );
  const named = new Set(statement.match(/`[^`]+`/g));
  const columns = (rows as Array<{ name: string }>).map(({ name }) => `\`${name}\``).filter((column) => named.has(column));
  return `SELECT ${columns.join(', ')} FROM \`${table}\` WHERE ${key} = ?`;
}

/** The in-process floor: the query through a mysql2 pool and the envelope's JSON. */
export function poolLookup(pool: mysql.Pool, sql: Statements): (format: Format, id: string) => Promise<string> {
  return async (format, id) => {
    const [rows] = await pool.query(sql[format], [id]);
    return JSON.stringify({ success: true, data: (rows as unknown[])[0] ?? null });
  };
}

/** The node:http floor: the same lookup behind a plain server, paths `/<format>/<id>`. */
export async function startNodeHttpFloor(lookup: ReturnType<typeof poolLookup>): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const slash = path.indexOf('/', 1);
    lookup(path.slice(1, slash) as Format, decodeURIComponent(path.slice(slash + 1))).then((body) => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
