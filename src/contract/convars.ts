/**
 * Every convar of the resource, declared once: its name, type, default, bounds and meaning.
 * src/config/config.ts parses them from this table; the build writes the manifest's
 * convar_category block (for server panels such as txAdmin) and the README's table from it.
 */

export const CONVAR_PREFIX = 'citizen_records:';

/** The levels of citizen_records:log_level, from the fewest lines to the most. */
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;

/** Parsers of the comma-separated lists, which config.ts supplies (their values are types of other modules). */
export type ListParser = 'apiKeys' | 'corsOrigins' | 'formats';

export type ConvarValue =
  | { readonly type: 'boolean'; readonly default: boolean }
  | {
      readonly type: 'integer';
      readonly default: number;
      readonly min: number;
      readonly max: number;
      /** What it counts, in the problem's wording: "a whole number of <unit> from …". */
      readonly unit?: string;
      /** What `min` means, when it is special: "from 0 (no cache)". */
      readonly minMeaning?: string;
      /** Why `max` is where it is, when that is not obvious. */
      readonly maxReason?: string;
    }
  /** One of `choices`, written in any case, read as declared. */
  | { readonly type: 'choice'; readonly default: string; readonly choices: readonly string[] }
  | { readonly type: 'text'; readonly default: string; readonly pattern: string; readonly wording: string }
  /** Unset or blank: the parser's value for nothing, described by `unset`. */
  | { readonly type: 'list'; readonly parser: ListParser; readonly unset: string };

export interface ConvarDeclaration {
  /** After the prefix; the config field is its camelCase (`db_timeout_ms`: `dbTimeoutMs`). */
  readonly name: string;
  readonly value: ConvarValue;
  /** A few words for server panels (the manifest's convar_category). */
  readonly label: string;
  /** What it does, for the README. */
  readonly description: string;
}

export const CONVARS = [
  {
    name: 'api_keys',
    value: { type: 'list', parser: 'apiKeys', unset: 'none' },
    label: 'API keys (name:key, comma-separated)',
    description: '`name:key` entries or bare keys, comma-separated; with none, the record routes answer 401',
  },
  {
    name: 'allow_anonymous',
    value: { type: 'boolean', default: false },
    label: 'Serve record routes without a key',
    description: '`true` serves the record routes without a key (rate-limited per address)',
  },
  {
    name: 'cors_origins',
    value: { type: 'list', parser: 'corsOrigins', unset: 'none: CORS off' },
    label: 'CORS origins (comma-separated, or *)',
    description: 'origins allowed to call from a browser, comma-separated, or `*`',
  },
  {
    name: 'rate_limit',
    value: { type: 'integer', default: 600, min: 1, max: 1_000_000, unit: 'requests per minute' },
    label: 'Requests per minute per key',
    description: "requests a minute per key (per address when anonymous); burst: ten seconds' worth, at least 10",
  },
  {
    name: 'db_timeout_ms',
    // Below FXServer's HTTP handler timeout (sv_httpHandlerConnectionTimeoutSeconds, 300 s): past it
    // the client is dropped unanswered while the lookup still waits.
    value: { type: 'integer', default: 5000, min: 1, max: 290_000, unit: 'milliseconds', maxReason: "under FXServer's 300 s HTTP timeout" },
    label: 'Query timeout (ms)',
    description:
      "how long a query may take before the answer is 504 `database_timeout`; at most `290000`, under FXServer's 300 s HTTP timeout",
  },
  {
    name: 'max_in_flight',
    value: { type: 'integer', default: 64, min: 1, max: 10_000 },
    label: 'Lookups in flight at most',
    description: 'distinct lookups waiting on the database at once; beyond, 503 `server_busy`',
  },
  {
    name: 'search_timeout_ms',
    value: { type: 'integer', default: 2000, min: 1, max: 290_000, unit: 'milliseconds', maxReason: "under FXServer's 300 s HTTP timeout" },
    label: 'Search time limit (ms)',
    description:
      'how long the database may scan for one search, or for a vehicle lookup no index serves (ESX `owned_vehicles.owner`), ' +
      'before it stops the statement itself (MariaDB `max_statement_time`, MySQL `MAX_EXECUTION_TIME`) ' +
      'and the answer is 504 `database_timeout`; the pool connection is free again at once',
  },
  {
    name: 'search_max_in_flight',
    value: { type: 'integer', default: 2, min: 1, max: 100 },
    label: 'Searches in flight at most',
    description:
      "distinct searches, and vehicle lookups no index serves, waiting on the database at once (each holds one of oxmysql's pool connections); " +
      'beyond, 503 `server_busy`',
  },
  {
    name: 'cache_ttl_ms',
    value: { type: 'integer', default: 1000, min: 0, max: 3_600_000, unit: 'milliseconds', minMeaning: 'no cache' },
    label: 'Cache TTL (ms, 0 = off)',
    description: 'how long an answer is served from memory (HTTP and exports); `0` turns the cache off',
  },
  {
    name: 'max_column_bytes',
    value: { type: 'integer', default: 4 * 1024 * 1024, min: 1024, max: 1024 * 1024 * 1024, unit: 'bytes' },
    label: 'Largest column read (bytes)',
    description: 'a column value longer than this (in bytes of the UTF-8 that reaches oxmysql) is not read; its field takes its default',
  },
  {
    name: 'esx_dob_format',
    value: { type: 'choice', default: 'auto', choices: ['auto', 'DMY', 'MDY', 'YMD'] },
    label: 'ESX dateofbirth order (auto, DMY, MDY, YMD)',
    description:
      'how ESX `dateofbirth` strings are stored: `DMY` (`14/07/1994`), `MDY` (`07/14/1994`) or `YMD`; `auto` reads up to 1000 stored ' +
      'dates when the format is prepared and takes the order the unambiguous ones support (a first field above 12 is a day: DMY; a ' +
      'second above 12: MDY), `DMY` when there is no evidence or it is mixed, and logs the choice with the counts',
  },
  {
    name: 'esx_character_prefix',
    value: { type: 'text', default: 'char', pattern: '^[A-Za-z0-9_]{1,16}$', wording: '1 to 16 letters, digits or _' },
    label: 'esx_multicharacter prefix',
    description: "esx_multicharacter's `Config.Prefix`: characters are stored as `<prefix><slot>:<license>`",
  },
  {
    name: 'esx_max_characters',
    value: { type: 'integer', default: 4, min: 1, max: 50 },
    label: 'esx_multicharacter slots',
    description: "esx_multicharacter's `Config.Slots` (the most slots any player has), for the license lookups",
  },
  {
    name: 'formats',
    value: { type: 'list', parser: 'formats', unset: 'every format' },
    label: 'Formats served',
    description: 'the formats served; a format left out answers 501 `format_unavailable`',
  },
  {
    name: 'live_records',
    value: { type: 'boolean', default: true },
    label: 'Live records for online citizens',
    description:
      '`true`: while a citizen is online, his record carries what the framework holds in memory (X-Record-Source: live); ' +
      '`false`: records come from the database only (presence is still answered)',
  },
  {
    name: 'replica_max_lag_s',
    value: { type: 'integer', default: 30, min: 0, max: 86_400, unit: 'seconds' },
    label: 'Replica lag before degraded (s, standalone)',
    description:
      'standalone on a read replica: `/health` says `degraded` when the replica is more than this many seconds behind its primary, ' +
      'or not replicating at all; the embedded resource reads the game database itself and ignores it',
  },
  {
    name: 'changes',
    value: { type: 'boolean', default: true },
    label: 'Change feed',
    description:
      '`true` serves the change feed (`/{format}/changes`, `get{Format}Changes`, the `citizen_records:changes` event); `false` answers 501 and reads nothing',
  },
  {
    name: 'changes_poll_ms',
    value: { type: 'integer', default: 5000, min: 1000, max: 3_600_000, unit: 'milliseconds' },
    label: 'Change feed poll (ms)',
    description:
      'how often the feed asks for rows changed since its last look where the table has an indexed change time (QBCore/Qbox `players.last_updated`)',
  },
  {
    name: 'changes_sweep_ms',
    value: { type: 'integer', default: 60_000, min: 5000, max: 86_400_000, unit: 'milliseconds' },
    label: 'Change feed sweep (ms)',
    description:
      'how often the feed compares a hash per row, computed in SQL, with the ones it keeps: how soon it sees ESX changes, vehicles and deletions',
  },
  {
    name: 'changes_max_waiting',
    value: { type: 'integer', default: 32, min: 0, max: 1000, minMeaning: 'no long poll' },
    label: 'Change feed long polls held at most',
    description:
      'change requests held at once waiting for a change (both formats, HTTP and exports); beyond, they are answered at once, empty',
  },
  {
    name: 'changes_kept_days',
    value: { type: 'integer', default: 7, min: 1, max: 90, unit: 'days' },
    label: 'Change feed log kept (days)',
    description:
      'how long a change stays in the feed; a cursor older than that answers 410 `cursor_expired` and its consumer starts a new snapshot',
  },
  {
    name: 'log_level',
    value: { type: 'choice', default: 'info', choices: LOG_LEVELS },
    label: 'Log level (error, warn, info, debug)',
    description:
      '`error`, `warn`, `info` or `debug` (`debug` adds an access line per request: method, path, status, milliseconds, key name)',
  },
] as const satisfies readonly ConvarDeclaration[];

export type Convar = (typeof CONVARS)[number];

/** `db_timeout_ms` → `dbTimeoutMs`. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

export function camelCase<S extends string>(name: S): CamelCase<S> {
  return name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()) as CamelCase<S>;
}

/** "a, b or c" (or "a, b and c"). */
export function alternatives(words: readonly string[], conjunction: 'or' | 'and' = 'or'): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} ${conjunction} ${words[words.length - 1]}`;
}

/** What an invalid value should have been, in the words of the problem reported at start. */
export function expectedValue(value: Exclude<ConvarValue, { type: 'list' }>): string {
  switch (value.type) {
    case 'boolean':
      return 'true or false';
    case 'integer': {
      const unit = value.unit ? ` of ${value.unit}` : '';
      const min = value.minMeaning ? `${value.min} (${value.minMeaning})` : String(value.min);
      const reason = value.maxReason ? ` (${value.maxReason})` : '';
      return `a whole number${unit} from ${min} to ${value.max}${reason}`;
    }
    case 'choice':
      return alternatives(value.choices);
    case 'text':
      return value.wording;
  }
}
