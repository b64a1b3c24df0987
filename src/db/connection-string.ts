/**
 * The database the standalone service reads, from one connection string in either of the forms
 * oxmysql's `mysql_connection_string` takes (docs/platform.md#connection-strings), so the game
 * server's own string can be copied as it is:
 *
 * - `mysql://user:password@host:port/database?option=value&…`
 * - `host=…;port=…;user=…;password=…;database=…`, with oxmysql's aliases for each key.
 *
 * Like oxmysql, nothing is URL-decoded (a password is taken as written), and the options after `?`
 * (or any other key of the semicolon form) go to mysql2 as they are: `connectionLimit=20` works,
 * and `ssl` is read as JSON (`ssl={"rejectUnauthorized":true}`). Unlike oxmysql, a `:` inside the
 * password does not cut it short.
 */

export interface ConnectionSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  /** '' when none is named: then the service cannot find the tables, and says so. */
  database: string;
  /** The other options, for mysql2's pool (numbers where mysql2 wants numbers). */
  options: Record<string, unknown>;
}

export type ParsedConnection = { ok: true; settings: ConnectionSettings } | { ok: false; problem: string };

const URI = /^mysql:\/\/(?:([^:@/]*)(?::(.*))?@)?([^:/?@]+)(?::(\d+))?(?:\/([^?]*))?(?:\?(.*))?$/;

/** oxmysql's aliases of the semicolon form (its src/config.ts), each to the key it means. */
const ALIASES: Record<string, string> = {
  host: 'host',
  hostname: 'host',
  ip: 'host',
  server: 'host',
  'data source': 'host',
  datasource: 'host',
  addr: 'host',
  address: 'host',
  port: 'port',
  user: 'user',
  userid: 'user',
  'user id': 'user',
  username: 'user',
  'user name': 'user',
  uid: 'user',
  password: 'password',
  pwd: 'password',
  pass: 'password',
  database: 'database',
  db: 'database',
};

/** Options mysql2 reads as numbers or objects; any other stays a string, as oxmysql passes it. */
const NUMERIC = new Set(['connectionLimit', 'connectTimeout', 'maxIdle', 'idleTimeout', 'queueLimit', 'keepAliveInitialDelay']);
const JSON_OPTIONS = new Set(['ssl']);

function option(name: string, value: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  if (NUMERIC.has(name)) {
    const n = Number(value);
    return /^\d+$/.test(value) ? { ok: true, value: n } : { ok: false, problem: `option ${name} must be a whole number` };
  }
  if (JSON_OPTIONS.has(name)) {
    try {
      return { ok: true, value: JSON.parse(value) };
    } catch {
      return { ok: false, problem: `option ${name} must be JSON, such as {"rejectUnauthorized":true}` };
    }
  }
  return { ok: true, value };
}

function settingsOf(fields: Record<string, string>, options: Array<[string, string]>): ParsedConnection {
  const port = fields.port === undefined || fields.port === '' ? 3306 : Number(fields.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return { ok: false, problem: `the port "${fields.port}" is not a TCP port` };
  if (!fields.host) return { ok: false, problem: 'it names no host' };
  const parsed: Record<string, unknown> = {};
  for (const [name, value] of options) {
    const read = option(name, value);
    if (!read.ok) return { ok: false, problem: read.problem };
    parsed[name] = read.value;
  }
  return {
    ok: true,
    settings: {
      host: fields.host,
      port,
      user: fields.user ?? 'root',
      password: fields.password ?? '',
      database: fields.database ?? '',
      options: parsed,
    },
  };
}

/** The settings of `text`, or what is wrong with it (never quoting it: it holds a password). */
export function parseConnectionString(text: string): ParsedConnection {
  const trimmed = text.trim();
  if (trimmed.includes('mysql://')) {
    const match = URI.exec(trimmed);
    if (!match) return { ok: false, problem: 'it is not of the form mysql://user:password@host:port/database' };
    const [, user, password, host, port, database, query] = match;
    const options = (query ?? '')
      .split('&')
      .filter(Boolean)
      .map((pair): [string, string] => {
        const at = pair.indexOf('=');
        return at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      });
    return settingsOf({ user, password, host, port, database }, options);
  }
  const fields: Record<string, string> = {};
  const options: Array<[string, string]> = [];
  for (const part of trimmed.split(';')) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    if (at < 0) return { ok: false, problem: 'it is neither a mysql:// address nor of the form host=…;user=…;password=…;database=…' };
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    const known = ALIASES[key.toLowerCase()];
    if (known) fields[known] = value;
    else options.push([key, value]);
  }
  return settingsOf(fields, options);
}
