/**
 * What the bench compares citizen_records with, all in the same process: the ceiling (a resource
 * doing the same query through oxmysql and answering the row unchanged), a resource answering a
 * constant record without the database, and the floors (mysql2 in process, and node:http).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'mysql2/promise';
import type { FxHost } from '../devkit/host/fx-host';

export interface PrimaryKeyQueries {
  alpha: string;
  beta: string;
}

const JSON_HEAD = "{ 'Content-Type': 'application/json; charset=utf-8' }";

/** The pass-through resource: paths `/<format>/<id>`, export `lookup(format, id)`. */
export function startCeiling(host: FxHost, name: string, sql: PrimaryKeyQueries): void {
  host.startScript(
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
export function startConstant(host: FxHost, name: string, record: unknown): void {
  host.startScript(
    name,
    `const RECORD = ${JSON.stringify(record)};
     SetHttpHandler((req, res) => {
       res.writeHead(200, ${JSON_HEAD});
       res.send(JSON.stringify({ success: true, data: RECORD }));
     });
     exports('lookup', () => Promise.resolve({ success: true, data: RECORD }));`,
  );
}

/** The resource the export lookups come from; `call` resolves true for a successful envelope. */
export function startCaller(host: FxHost, name: string): (resource: string, exportName: string, ...args: unknown[]) => Promise<boolean> {
  host.startScript(name, `globalThis.call = (resource, name, ...args) => Promise.resolve(exports[resource][name](...args)).then((v) => v !== null && typeof v === 'object' && v.success === true);`);
  return host.evaluate(name, 'call') as never;
}

/** The in-process floor: the query through a mysql2 pool and the envelope's JSON. */
export function poolLookup(pool: Pool, sql: PrimaryKeyQueries): (format: 'alpha' | 'beta', id: string) => Promise<string> {
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
    lookup(path.slice(1, slash) as 'alpha' | 'beta', decodeURIComponent(path.slice(slash + 1))).then((body) => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
