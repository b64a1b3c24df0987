/**
 * The resource's configuration, all from `citizen_records:*` convars (docs/design.md §2.6). An invalid
 * value is reported, naming the convar, and the default is used instead.
 */
import type { DobFormatSetting } from '../formats/alpha/dob-order';
import type { FormatName } from '../formats/format';
import { parseApiKeys, type ApiKey } from '../http/api-keys';
import { parseCorsOrigins, type CorsOrigins } from '../http/cors';
import { isLogLevel, type LogLevel } from '../logger';

export const CONVAR_PREFIX = 'citizen_records:';

export interface Config {
  apiKeys: readonly ApiKey[];
  allowAnonymous: boolean;
  corsOrigins: CorsOrigins;
  /** Requests per minute per key (per client address when anonymous). */
  rateLimit: number;
  dbTimeoutMs: number;
  /** Lookups waiting on the database at once; beyond, 503 server_busy. */
  maxInFlight: number;
  /** How long a record is served from memory; 0: no cache. */
  cacheTtlMs: number;
  /** Column values longer than this are not read. */
  maxColumnBytes: number;
  esxDobFormat: DobFormatSetting;
  /** esx_multicharacter's Config.Prefix: characters are stored as `<prefix><slot>:<license>`. */
  esxCharacterPrefix: string;
  /** esx_multicharacter's Config.Slots (or the most any player was given with /setslots). */
  esxMaxCharacters: number;
  formats: ReadonlySet<FormatName>;
  logLevel: LogLevel;
}

export const DEFAULTS: Config = {
  apiKeys: [],
  allowAnonymous: false,
  corsOrigins: new Set<string>(),
  rateLimit: 600,
  dbTimeoutMs: 5000,
  maxInFlight: 64,
  cacheTtlMs: 1000,
  maxColumnBytes: 4 * 1024 * 1024,
  esxDobFormat: 'auto',
  esxCharacterPrefix: 'char',
  esxMaxCharacters: 4,
  formats: new Set<FormatName>(['alpha', 'beta']),
  logLevel: 'info',
};

/** Reads one convar by its short name; '' when it is not set. */
export type ConvarReader = (name: string) => string;

function wholeNumber(text: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

function positiveInteger(text: string, max: number): number | undefined {
  return wholeNumber(text, 1, max);
}

function yesNo(text: string): boolean | undefined {
  const t = text.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(t)) return true;
  if (['false', '0', 'no', 'off'].includes(t)) return false;
  return undefined;
}

function formatList(text: string): Set<FormatName> | undefined {
  const names = text.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (names.length === 0) return undefined;
  if (!names.every((n): n is FormatName => n === 'alpha' || n === 'beta')) return undefined;
  return new Set(names);
}

/** Parses every convar; `problems` lists each invalid value with what was used instead. */
export function readConfig(read: ConvarReader): { config: Config; problems: string[] } {
  const problems: string[] = [];
  function setting<T>(name: string, fallback: T, parse: (text: string) => T | undefined, expected: string): T {
    const text = read(name).trim();
    if (text === '') return fallback;
    const value = parse(text);
    if (value !== undefined) return value;
    problems.push(`convar ${CONVAR_PREFIX}${name} is "${text}", which is not ${expected}; using the default`);
    return fallback;
  }
  // Never quoted in a message: the value is secret. Each bad entry is named by position.
  const apiKeys = parseApiKeys(read('api_keys'));
  for (const problem of apiKeys.problems) problems.push(`convar ${CONVAR_PREFIX}api_keys: ${problem}`);
  const config: Config = {
    apiKeys: apiKeys.keys,
    allowAnonymous: setting('allow_anonymous', DEFAULTS.allowAnonymous, yesNo, 'true or false'),
    corsOrigins: setting('cors_origins', DEFAULTS.corsOrigins, parseCorsOrigins, 'a comma-separated list of origins such as https://cad.example.com, or *'),
    rateLimit: setting('rate_limit', DEFAULTS.rateLimit, (t) => positiveInteger(t, 1_000_000), 'a whole number of requests per minute from 1 to 1000000'),
    // Below FXServer's HTTP handler timeout (sv_httpHandlerConnectionTimeoutSeconds, 300 s): past it
    // the client is dropped unanswered while the lookup still waits.
    dbTimeoutMs: setting('db_timeout_ms', DEFAULTS.dbTimeoutMs, (t) => positiveInteger(t, 290_000), 'a whole number of milliseconds from 1 to 290000 (under FXServer\'s 300 s HTTP timeout)'),
    maxInFlight: setting('max_in_flight', DEFAULTS.maxInFlight, (t) => positiveInteger(t, 10_000), 'a whole number from 1 to 10000'),
    cacheTtlMs: setting('cache_ttl_ms', DEFAULTS.cacheTtlMs, (t) => wholeNumber(t, 0, 3_600_000), 'a whole number of milliseconds from 0 (no cache) to 3600000'),
    maxColumnBytes: setting('max_column_bytes', DEFAULTS.maxColumnBytes, (t) => wholeNumber(t, 1024, 1024 * 1024 * 1024), 'a whole number of bytes from 1024 to 1073741824'),
    esxDobFormat: setting('esx_dob_format', DEFAULTS.esxDobFormat, (t) => (t.toLowerCase() === 'auto' ? 'auto' : ['DMY', 'MDY', 'YMD'].includes(t.toUpperCase()) ? (t.toUpperCase() as DobFormatSetting) : undefined), 'auto, DMY, MDY or YMD'),
    esxCharacterPrefix: setting('esx_character_prefix', DEFAULTS.esxCharacterPrefix, (t) => (/^[A-Za-z0-9_]{1,16}$/.test(t) ? t : undefined), '1 to 16 letters, digits or _'),
    esxMaxCharacters: setting('esx_max_characters', DEFAULTS.esxMaxCharacters, (t) => positiveInteger(t, 50), 'a whole number from 1 to 50'),
    formats: setting('formats', DEFAULTS.formats, formatList, 'a comma-separated list of alpha and beta (leave a format out to disable it)'),
    logLevel: setting('log_level', DEFAULTS.logLevel, (t) => (isLogLevel(t.toLowerCase()) ? (t.toLowerCase() as LogLevel) : undefined), 'error, warn, info or debug'),
  };
  return { config, problems };
}
