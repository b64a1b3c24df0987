import type { z } from 'zod';
import type { Database } from '../db/database';
import type { Warn } from './common/json-column';
import type { DobFormatSetting } from './alpha/dob-order';
import type { GroupCatalogs } from './beta/group-catalog';
import type { License } from '../api/license';

export type FormatName = 'alpha' | 'beta';

export interface FormatOptions {
  warn: Warn;
  /** How ESX stores `dateofbirth` strings on this server (convar citizen_records:esx_dob_format); `auto` decides from the stored dates. */
  dobOrder: DobFormatSetting;
  /** Job and gang definitions of the framework running beside the resource, read when it (re)starts; undefined without one. */
  groups(): GroupCatalogs | undefined;
  /** Informational log lines (the choice `auto` made). */
  info(message: string): void;
  /** Unix epoch ms; injectable so expiry-based values are testable. */
  now: () => number;
  /** Longer column values are not read (convar citizen_records:max_column_bytes). */
  maxColumnBytes: number;
  /** esx_multicharacter's Config.Prefix and Config.Slots on this server. */
  esxCharacterPrefix: string;
  esxMaxCharacters: number;
}

/** Finds one citizen's record; null when no row matches. Rejects only with a DatabaseError. */
export type CitizenLookup<R> = (id: string) => Promise<R | null>;

/**
 * Every citizen of one player, in character-slot order, each exactly the record CitizenLookup
 * gives for it; bounded to MAX_CITIZENS_PER_LICENSE. Rejects only with a DatabaseError.
 */
export type LicenseLookup<R> = (license: License) => Promise<R[]>;

/** The lookups of one format, bound to the columns its table has. */
export interface FormatLookups<R> {
  byId: CitizenLookup<R>;
  byLicense: LicenseLookup<R>;
}

/**
 * One record format: everything about it lives in its own folder (schema, id rule, query,
 * normaliser) and reaches the API only through this shape.
 */
export interface FormatModule<R> {
  readonly name: FormatName;
  /** The zod schema of the output record: the single source of truth for its type and docs. */
  readonly schema: z.ZodType<R>;
  /** The id rule of docs/design.md §2.1; checked before any query. */
  isValidId(id: string): boolean;
  /** Every table `prepare` reads the columns of: a change to any of them prepares the format again. */
  readonly tables: readonly string[];
  /**
   * Inspects the database (information_schema) and returns the lookups bound to the columns that
   * exist, or null when the format's table is missing (the route then answers 501).
   */
  prepare(db: Database, options: FormatOptions): Promise<FormatLookups<R> | null>;
}
