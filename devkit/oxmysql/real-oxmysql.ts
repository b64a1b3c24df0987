/**
 * The real oxmysql release (a folder with `fxmanifest.lua` and `dist/build.js`, named by
 * OXMYSQL_DIR) started in the test host as FXServer starts it: from its manifest, in its own
 * context, configured by convars. It reaches MariaDB through a TcpRelay, so the faults the
 * stand-in fakes with switches are made on the wire instead.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import mysql from 'mysql2/promise';
import { TcpRelay } from '../db/tcp-relay';
import type { FxHost } from '../host/fx-host';
import type { Resource } from '../host/resource';

/** The oxmysql release OXMYSQL_DIR names, or null when it is not set. */
export function realOxmysqlDir(): string | null {
  const dir = process.env.OXMYSQL_DIR;
  if (!dir) return null;
  const full = resolve(dir);
  for (const file of ['fxmanifest.lua', 'dist/build.js']) {
    if (!existsSync(join(full, file))) throw new Error(`OXMYSQL_DIR=${dir} holds no ${file}: point it at an oxmysql release folder`);
  }
  return full;
}

export interface RealOxmysqlOptions {
  /** mysql:// URL of the database oxmysql is configured with. */
  url: string;
  /** false: the database is never reachable (the relay's port refuses connections). */
  reachable?: boolean;
  /** Further convars (mysql_debug, mysql_slow_query_warning, ...). */
  convars?: Record<string, string>;
  /**
   * false: oxmysql connects to the database itself, without the relay (and so without its faults);
   * the bench does, since the relay would run on the host's thread and count as its CPU. It then
   * connects as an account of its own, so that close() can end its connections (see DirectAccount).
   */
  relay?: boolean;
}

/**
 * A database account made for one oxmysql that connects without the relay. oxmysql never ends
 * its pool (FXServer ends the process instead), and nothing outside it holds its sockets, so
 * without the relay to drop them its connections would stay open until the process exits:
 * the database ends them, found by their account, and the account goes.
 */
class DirectAccount {
  private constructor(
    private readonly admin: mysql.Connection,
    private readonly user: string,
    /** The URL oxmysql connects with: the account, the same server and database. */
    readonly url: string,
  ) {}

  static async create(url: string): Promise<DirectAccount> {
    const target = new URL(url);
    const database = decodeURIComponent(target.pathname.slice(1));
    const user = `cr_oxmysql_${randomBytes(4).toString('hex')}`;
    const admin = await mysql.createConnection(url);
    // '%': the servers the tests use resolve no names (skip_name_resolve), so a TCP client is its address.
    await admin.query('CREATE USER ?@?', [user, '%']);
    await admin.query(`GRANT ALL PRIVILEGES ON \`${database}\`.* TO ?@?`, [user, '%']);
    target.username = user;
    target.password = '';
    return new DirectAccount(admin, user, target.toString());
  }

  /** Ends every connection of the account, then drops it. */
  async close(): Promise<void> {
    const [rows] = await this.admin.query('SELECT ID FROM information_schema.PROCESSLIST WHERE USER = ?', [this.user]);
    for (const { ID } of rows as Array<{ ID: number }>) {
      // One may have ended meanwhile (ER_NO_SUCH_THREAD): the end was wanted.
      await this.admin.query('KILL CONNECTION ?', [ID]).catch(() => undefined);
    }
    await this.admin.query('DROP USER ?@?', [this.user, '%']);
    await this.admin.end();
  }
}

export class RealOxmysql {
  private readonly relay: TcpRelay | null;
  private direct: DirectAccount | null = null;
  resource: Resource | null = null;

  constructor(
    private readonly host: FxHost,
    private readonly dir: string,
    private readonly options: RealOxmysqlOptions,
  ) {
    const target = new URL(options.url);
    this.relay = options.relay === false ? null : new TcpRelay(target.hostname, Number(target.port || 3306));
  }

  private withRelay(): TcpRelay {
    if (!this.relay) throw new Error('this oxmysql was started without the relay, which makes the faults');
    return this.relay;
  }

  /** Statements the database was sent through the relay (as the stand-in's count of queries asked). */
  get queriesAsked(): number {
    return this.withRelay().statements;
  }

  async start(): Promise<Resource> {
    await this.relay?.listen();
    if (this.options.reachable === false) await this.withRelay().refuse();
    if (!this.relay) this.direct = await DirectAccount.create(this.options.url);
    // oxmysql reads these with GetConvar/GetConvarInt; mysql_versioncheck 0 keeps it off GitHub.
    const convars: Record<string, string> = {
      mysql_connection_string: this.direct ? this.direct.url : this.withRelay().urlFor(this.options.url),
      mysql_versioncheck: '0',
      ...this.options.convars,
    };
    for (const [name, value] of Object.entries(convars)) this.host.setConvar(name, value);
    this.resource = this.host.startResource(this.dir, 'oxmysql');
    return this.resource;
  }

  /** The database goes away: open connections drop and new ones are refused. */
  loseConnection(): Promise<void> {
    return this.withRelay().refuse();
  }

  restoreConnection(): Promise<void> {
    return this.withRelay().restore();
  }

  /** The database stops answering: every byte is held until resume(). */
  stall(): void {
    this.withRelay().stall();
  }

  resume(): void {
    this.withRelay().resume();
  }

  async close(): Promise<void> {
    await this.relay?.close();
    await this.direct?.close();
    this.direct = null;
  }
}
