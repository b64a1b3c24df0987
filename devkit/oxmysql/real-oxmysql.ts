/**
 * The real oxmysql release (a folder with `fxmanifest.lua` and `dist/build.js`, named by
 * OXMYSQL_DIR) started in the test host as FXServer starts it: from its manifest, in its own
 * context, configured by convars. It reaches MariaDB through a TcpRelay, so the faults the
 * stand-in fakes with switches are made on the wire instead.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
   * the bench does, since the relay would run on the host's thread and count as its CPU.
   */
  relay?: boolean;
}

export class RealOxmysql {
  private readonly relay: TcpRelay | null;
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
    // oxmysql reads these with GetConvar/GetConvarInt; mysql_versioncheck 0 keeps it off GitHub.
    const convars: Record<string, string> = {
      mysql_connection_string: this.relay ? this.relay.urlFor(this.options.url) : this.options.url,
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
  }
}
