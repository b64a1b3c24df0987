import type { z } from 'zod';
import type { ParameterRule } from '../contract/parameters';
import type { FormatSchemaName } from '../contract/shapes';
import type { Database, Row } from '../db/database';
import type { DobFormatSetting } from './alpha/dob-order';
import type { License } from '../values/license';
import type { VehicleOptions, VehicleSource } from '../vehicles/prepare';
import type { FormatLive, LiveParts } from '../live/parts';
import type { FormatSearch } from '../search/sql';
import { MET_MERGED, MET_NOBODY_ONLINE, MET_ONLINE, metNobody, type LiveMet, type Looked } from '../lookup/looked';
import type { FormatChanges, WatchedTable } from './changes';

/**
 * Job and gang definitions as the framework running beside the resource hands them over through
 * its exports, read by src/fivem when the framework (re)starts or says they changed: the same
 * object until then. A format whose records use them makes sense of them itself.
 */
export interface FrameworkGroups {
  readonly jobs: unknown;
  readonly gangs: unknown;
}

/** The vehicles' options (warnings, the column bound, the framework's vehicles list) and the formats' own. */
export interface FormatOptions extends VehicleOptions {
  /** How ESX stores `dateofbirth` strings on this server (convar citizen_records:esx_dob_format); `auto` decides from the stored dates. */
  dobOrder: DobFormatSetting;
  /** Job and gang definitions of the framework running beside the resource, read when it (re)starts; undefined without one. */
  groups(): FrameworkGroups | undefined;
  /** Informational log lines (the choice `auto` made). */
  info(message: string): void;
  /** Unix epoch ms; injectable so expiry-based values are testable. */
  now: () => number;
  /** esx_multicharacter's Config.Prefix and Config.Slots on this server. */
  esxCharacterPrefix: string;
  esxMaxCharacters: number;
}

/** What the framework holds for one citizen a lookup asked about. */
export interface LiveRead {
  /** He is online now (the frameworks' load and unload events say so). */
  readonly online: boolean;
  /** What his framework holds now; null when he is offline, live records are off, or the framework is in trouble. */
  readonly parts: LiveParts | null;
}

/** What asking the framework met, before anything is merged. */
export function metOfRead(read: LiveRead): LiveMet {
  return read.online ? MET_ONLINE : MET_NOBODY_ONLINE;
}

/**
 * What one lookup may learn from the framework running beside the resource: a format's lookup
 * asks it for the citizen it looks up (before its query, so that the columns the framework's
 * values replace need not be read) or for each row it found, merges what comes back over the row
 * (live records), and says in its answer what it met (Looked).
 */
export interface LiveContext {
  /** Never rejects; the row alone answers when `parts` is null. `id` is a FormatLive candidate. */
  read(id: string): Promise<LiveRead>;
  /** What the framework answered is not its usual player (the format's merge gave null): told once per framework. */
  unmergeable(parts: LiveParts): void;
}

/**
 * The row `merge` makes of what the framework read for `id` holds; null (the row alone answers)
 * when he is offline, the framework said nothing, or `merge` could not use it (told to the context).
 */
export function mergeRead<T>(live: LiveContext, read: LiveRead, merge: (parts: LiveParts) => T | null): Looked<T | null> {
  if (!read.parts) return { value: null, met: metOfRead(read) };
  const merged = merge(read.parts);
  if (merged === null) live.unmergeable(read.parts);
  return { value: merged, met: merged === null ? MET_ONLINE : MET_MERGED };
}

/** What the framework holds for the citizen of a row's identifier, merged over it; a null value: the row alone answers. */
export async function mergeLive<T>(
  live: LiveContext | undefined,
  identifier: string,
  merge: (parts: LiveParts) => T | null,
): Promise<Looked<T | null>> {
  if (!live) return metNobody(null);
  return mergeRead(live, await live.read(identifier), merge);
}

/**
 * An online citizen's query for each set of columns the framework's values replace (`replaced`,
 * the format's live columns), built the first time that set is met: those columns are not read.
 */
export function queriesWithout<Q>(build: (replaced: ReadonlySet<string>) => Q): (replaced: Row) => Q {
  const built = new Map<string, Q>();
  return (replaced) => {
    const names = Object.keys(replaced);
    const key = names.join();
    let query = built.get(key);
    if (query === undefined) {
      query = build(new Set(names));
      built.set(key, query);
    }
    return query;
  };
}

/** Finds one citizen's record; null when no row matches. Rejects only with a DatabaseError. */
export type CitizenLookup<R> = (id: string, live?: LiveContext) => Promise<Looked<R | null>>;

/**
 * Every citizen of one player, in character-slot order, each exactly the record CitizenLookup
 * gives for it; bounded to MAX_CITIZENS_PER_LICENSE. Rejects only with a DatabaseError.
 */
export type LicenseLookup<R> = (license: License, live?: LiveContext) => Promise<Looked<R[]>>;

/** The lookups of one format, bound to the columns its table has. */
export interface FormatLookups<R> {
  byId: CitizenLookup<R>;
  byLicense: LicenseLookup<R>;
  /** Citizens by name, birth date or phone (`search.ts`: the SQL and each summary). */
  search: FormatSearch<unknown>;
  /** The citizens' table as prepare read it, for change detection (src/changes/detect); absent in formats without a feed. */
  watched?: WatchedTable;
}

/**
 * One record format, as the rest of the resource sees it. Everything about a format lives in its
 * own folder, laid out alike for every format: `index.ts` (this declaration), `id.ts` (its id
 * rule), `query.ts` (the SQL), `search.ts` (the search's SQL and summaries), `prepare.ts` (binding the lookups to the columns a server has),
 * `normalise.ts` (row to record), `schema.ts` (the record's zod schema, for types and documents),
 * `documentation.ts` (schemas and examples for the build) and `__fixtures__/rows.ts` (test rows).
 * src/formats/registry.ts lists the formats.
 */
export interface FormatDeclaration<N extends string = string, R = unknown> {
  /** The path segment, the convar citizen_records:formats entry and the key of /health's `formats`. */
  readonly name: N;
  /** The name in export, operation and type names: `get<Title>Citizen`, `<Title>Record`. */
  readonly title: string;
  /** The framework(s) whose data it reads, for people. */
  readonly framework: string;
  /** The table a citizen is a row of; the format is unavailable without it. */
  readonly table: string;
  /** Every table `prepare` reads the columns of: a change to any of them prepares the format again. */
  readonly tables: readonly string[];
  /**
   * The stored ids a requested id may name, in the order lookups try them (ESX: with and without
   * `license:`): the one rule the record lookup, the vehicle lookups and live records follow.
   */
  idCandidates(id: string): string[];
  /** Its `{id}`: checked before any query, published in the OpenAPI document. */
  readonly idRule: ParameterRule;
  isValidId(id: string): boolean;
  /**
   * Inspects the database (information_schema) and returns the lookups bound to the columns that
   * exist, or null when the format's table is missing (the route then answers 501).
   */
  prepare(db: Database, options: FormatOptions): Promise<FormatLookups<R> | null>;
  /** Where its vehicles are (src/vehicles/prepare.ts prepares them beside the citizens). */
  readonly vehicles: VehicleSource;
  /** What change detection reads of its tables (`changes.ts`). */
  readonly changes: FormatChanges;
  /**
   * How its citizens are found among the online players of their framework (`live.ts`); the
   * lookups `prepare` binds merge the framework's values over each row through the LiveContext.
   */
  readonly live?: FormatLive;
}

/**
 * An example of a schema in the documents the build writes (src/generate): each format's
 * `documentation.ts` makes its own, which src/formats/documentation.ts gathers.
 */
export interface Example {
  /** What the example shows, in a few words. */
  summary: string;
  value: unknown;
}

export interface FormatDocumentation {
  /** Each schema the contract's shapes name by `formatSchema`. */
  schemas: Record<FormatSchemaName, z.ZodType>;
  /** One example per schema: a sample row put through the real normaliser. */
  examples: Record<FormatSchemaName, Example>;
}

/** Keeps the literal name of a declaration, from which the registry's FormatName is made. */
export function defineFormat<N extends string, R>(declaration: FormatDeclaration<N, R>): FormatDeclaration<N, R> {
  return declaration;
}

/** `users (ESX)`: the format's table as messages name it. */
export function tableLabel(format: FormatDeclaration): string {
  return `${format.table} (${format.framework})`;
}
