/**
 * The standalone service's configuration: every convar `citizen_records:<name>` as the environment
 * variable `CITIZEN_RECORDS_<NAME>`, read by the convars' own parser (config.ts), plus what only the
 * service has: where the database is, its port, the game server to ask for live data, and where
 * the one instance that serves the change feed keeps its state. The same
 * names may stand in a file (`NAME=value` lines, the form systemd's EnvironmentFile and
 * `docker run --env-file` read too); a variable set in the environment wins over the file.
 */
import { readFileSync } from 'node:fs';
import { CONVARS } from '../contract/convars';
import { readConfig, type Config } from '../config/config';
import { parseConnectionString, type ConnectionSettings } from '../db/connection-string';

export const ENV_PREFIX = 'CITIZEN_RECORDS_';

/** `db_timeout_ms` → `CITIZEN_RECORDS_DB_TIMEOUT_MS`. */
export const variableOf = (name: string): string => `${ENV_PREFIX}${name.toUpperCase()}`;

/** The service's own settings, beside the convars'. */
const OWN = {
  database_url: 'mysql://user:password@host:port/database, or host=…;user=…;password=…;database=…',
  port: 'the TCP port to listen on (default 30121; 0: a free one, printed at start)',
  host: 'the address to listen on (default 0.0.0.0, every interface)',
  game_url: "the game server's HTTP address, e.g. http://10.0.0.5:30120, for live records and presence",
  game_key: 'an API key of the embedded resource (its citizen_records:api_keys), sent to game_url',
  state_dir: "a directory this instance may write, for the change feed's state: this instance serves the feed (one instance only)",
  config: 'a file of NAME=value lines with these same names',
} as const;

export const DEFAULT_PORT = 30121;

export interface StandaloneSettings {
  config: Config;
  connection: ConnectionSettings;
  port: number;
  host: string;
  /** Both set, or null: without them the database answers alone. */
  game: { url: string; key: string } | null;
  /** Where the change feed's state lives: this instance serves the feed; null: its routes answer 501. */
  stateDir: string | null;
  /** Invalid values (the default is used) and names nobody reads, each naming its variable. */
  problems: string[];
}

/** What keeps the service from starting, naming the variable to fix. */
export class SettingsError extends Error {}

/** `NAME=value` lines; `#` starts a comment line; a value may be quoted with ' or ". */
export function parseSettingsFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const at = line.indexOf('=');
    if (at <= 0) throw new SettingsError(`line ${index + 1} of the configuration file is not NAME=value`);
    const value = line.slice(at + 1).trim();
    const quoted = /^(['"])(.*)\1$/.exec(value);
    values[
      line
        .slice(0, at)
        .trim()
        .replace(/^export\s+/, '')
    ] = quoted ? quoted[2] : value;
  }
  return values;
}

/** The environment over the file named by `--config <file>` or CITIZEN_RECORDS_CONFIG. */
function gather(env: NodeJS.ProcessEnv, argv: readonly string[]): Record<string, string> {
  const flag = argv.indexOf('--config');
  const file = flag >= 0 ? argv[flag + 1] : env[variableOf('config')];
  let fromFile: Record<string, string> = {};
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new SettingsError(`the configuration file ${file} cannot be read: ${(error as Error).message}`);
    }
    fromFile = parseSettingsFile(text);
  }
  const fromEnv = Object.fromEntries(
    Object.entries(env).flatMap(([k, v]) => (k.startsWith(ENV_PREFIX) && v !== undefined ? [[k, v]] : [])),
  );
  return { ...fromFile, ...fromEnv };
}

export function readSettings(env: NodeJS.ProcessEnv, argv: readonly string[] = []): StandaloneSettings {
  const values = gather(env, argv);
  const value = (name: string) => values[variableOf(name)] ?? '';
  const { config, problems } = readConfig(value, variableOf);
  const known = new Set([...CONVARS.map((c) => variableOf(c.name)), ...Object.keys(OWN).map(variableOf)]);
  for (const name of Object.keys(values)) {
    if (name.startsWith(ENV_PREFIX) && !known.has(name)) problems.push(`${name} is no setting of citizen_records, and is ignored`);
  }

  const url = value('database_url').trim();
  if (url === '') throw new SettingsError(`${variableOf('database_url')} is not set: ${OWN.database_url}`);
  const parsed = parseConnectionString(url);
  if (!parsed.ok) throw new SettingsError(`${variableOf('database_url')} cannot be read: ${parsed.problem}`);

  const portText = value('port').trim();
  const port = portText === '' ? DEFAULT_PORT : Number(portText);
  if (!/^\d*$/.test(portText) || !Number.isInteger(port) || port > 65535)
    throw new SettingsError(`${variableOf('port')} is "${portText}", which is not a TCP port (0 to 65535)`);

  const gameUrl = value('game_url').trim();
  const gameKey = value('game_key').trim();
  if (gameUrl !== '' && !/^https?:\/\/[^/]/.test(gameUrl))
    throw new SettingsError(`${variableOf('game_url')} is "${gameUrl}", which is not ${OWN.game_url}`);
  if ((gameUrl === '') !== (gameKey === ''))
    problems.push(
      `${variableOf('game_url')} and ${variableOf('game_key')} go together; with one alone, records and presence come from the database alone`,
    );
  return {
    config,
    connection: parsed.settings,
    port,
    host: value('host').trim() || '0.0.0.0',
    game: gameUrl !== '' && gameKey !== '' ? { url: gameUrl, key: gameKey } : null,
    stateDir: value('state_dir').trim() || null,
    problems,
  };
}
