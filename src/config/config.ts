/**
 * The resource's configuration, all from `citizen_records:*` convars, parsed as the contract
 * declares them (src/contract/convars.ts). An invalid value is reported, naming the convar, and
 * the default is used instead.
 */
import {
  CONVAR_PREFIX,
  CONVARS,
  alternatives,
  camelCase,
  expectedValue,
  type CamelCase,
  type Convar,
  type ConvarValue,
  type ListParser,
} from '../contract/convars';
import { FORMAT_NAMES, type FormatName } from '../formats/registry';
import { parseApiKeys, type ApiKey } from '../http/api-keys';
import { parseCorsOrigins, type CorsOrigins } from '../http/cors';

export { CONVAR_PREFIX };

/** What each list convar holds once parsed. */
interface ListValues {
  apiKeys: readonly ApiKey[];
  corsOrigins: CorsOrigins;
  formats: ReadonlySet<FormatName>;
}

type ValueOf<V> = V extends { type: 'boolean' }
  ? boolean
  : V extends { type: 'integer' }
    ? number
    : V extends { type: 'choice'; choices: ReadonlyArray<infer C> }
      ? C
      : V extends { type: 'text' }
        ? string
        : V extends { type: 'list'; parser: infer P extends ListParser }
          ? ListValues[P]
          : never;

/** One field per convar, named after it in camelCase (`db_timeout_ms`: `dbTimeoutMs`). */
export type Config = { readonly [C in Convar as CamelCase<C['name']>]: ValueOf<C['value']> };

/**
 * How each list is read. `parse` returns undefined for a value to refuse as a whole; `problems`
 * collects what it reports itself, entry by entry (the API keys, which are never quoted).
 */
interface ListReader<T> {
  parse(text: string, problems: string[]): T | undefined;
  /** The value when the convar is unset or blank. */
  unset(): T;
  /** What a refused value should have been, in the problem's words. */
  expected: string;
  /** The default as a server owner would write it, for the manifest ('' when unset means none). */
  shown: string;
}

export const LIST_READERS: { readonly [P in ListParser]: ListReader<ListValues[P]> } = {
  apiKeys: {
    parse(text, problems) {
      const parsed = parseApiKeys(text);
      problems.push(...parsed.problems);
      return parsed.keys;
    },
    unset: () => [],
    expected: 'name:key entries or bare keys',
    shown: '',
  },
  corsOrigins: {
    parse: parseCorsOrigins,
    unset: () => new Set<string>(),
    expected: 'a comma-separated list of origins such as https://cad.example.com, or *',
    shown: '',
  },
  formats: {
    parse(text) {
      const names = text
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean);
      if (names.length === 0) return undefined;
      if (!names.every((n): n is FormatName => (FORMAT_NAMES as readonly string[]).includes(n))) return undefined;
      return new Set(names);
    },
    unset: () => new Set(FORMAT_NAMES),
    expected: `a comma-separated list of ${alternatives(FORMAT_NAMES, 'and')} (leave a format out to disable it)`,
    shown: FORMAT_NAMES.join(','),
  },
};

/** Reads one convar by its short name; '' when it is not set. */
export type ConvarReader = (name: string) => string;

const WHOLE_NUMBER = /^\d+$/;
const BOOLEANS: Record<string, boolean> = { true: true, 1: true, yes: true, on: true, false: false, 0: false, no: false, off: false };

/** The value of a non-list convar's text, or undefined when the text breaks its rule. */
function parseValue(value: Exclude<ConvarValue, { type: 'list' }>, text: string): unknown {
  switch (value.type) {
    case 'boolean':
      return Object.hasOwn(BOOLEANS, text.toLowerCase()) ? BOOLEANS[text.toLowerCase()] : undefined;
    case 'integer': {
      if (!WHOLE_NUMBER.test(text)) return undefined;
      const n = Number(text);
      return n >= value.min && n <= value.max ? n : undefined;
    }
    case 'choice':
      return value.choices.find((choice) => choice.toLowerCase() === text.toLowerCase());
    case 'text':
      return new RegExp(value.pattern).test(text) ? text : undefined;
  }
}

/** The value of a convar that is not set. */
function defaultOf(value: ConvarValue): unknown {
  return value.type === 'list' ? LIST_READERS[value.parser].unset() : value.default;
}

/** Every convar at its default. */
export const DEFAULTS = Object.fromEntries(CONVARS.map((c) => [camelCase(c.name), defaultOf(c.value)])) as Config;

/** How a problem names a setting: the convar, or where the standalone service read it from. */
export type SettingLabel = (name: string) => string;

const CONVAR_LABEL: SettingLabel = (name) => `convar ${CONVAR_PREFIX}${name}`;

/**
 * Parses every convar; `problems` lists each invalid value with what was used instead, naming the
 * setting as `label` says (the standalone service names its environment variable).
 */
export function readConfig(read: ConvarReader, label: SettingLabel = CONVAR_LABEL): { config: Config; problems: string[] } {
  const problems: string[] = [];
  const config: Record<string, unknown> = {};
  for (const { name, value } of CONVARS as readonly Convar[]) {
    const convar = label(name);
    const text = read(name).trim();
    let parsed: unknown;
    if (text === '') parsed = undefined;
    else if (value.type === 'list') {
      const own: string[] = [];
      parsed = LIST_READERS[value.parser].parse(text, own);
      // Never quoted: the value may be secret (API keys). Each bad entry is named by position.
      for (const problem of own) problems.push(`${convar}: ${problem}`);
      if (parsed === undefined)
        problems.push(`${convar} is "${text}", which is not ${LIST_READERS[value.parser].expected}; using the default`);
    } else {
      parsed = parseValue(value, text);
      if (parsed === undefined) problems.push(`${convar} is "${text}", which is not ${expectedValue(value)}; using the default`);
    }
    config[camelCase(name)] = parsed ?? defaultOf(value);
  }
  return { config: config as Config, problems };
}
