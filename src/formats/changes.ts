/**
 * What a format declares for change detection (src/changes/detect builds the SQL from it): which
 * of its tables' columns are no change by themselves, and how a vehicle's owner's name is read.
 * Each format says it in its `changes.ts`; its prepare hands out the columns it read
 * (FormatLookups.watched, VehicleLookups.watched), so nothing inspects a table twice.
 */
import type { TableColumn, TableIndexes } from '../db/table-columns';

/** What a format declares about its citizens' table. */
export interface CitizenChanges {
  /**
   * Columns its record reads that are no change by themselves (lower case): they move at every
   * save (`position`, beta `last_updated`), or the record reads nothing from them but such fields.
   */
  ignore: readonly string[];
  /** JSON members removed before hashing, by column (lower case): health and armour in `metadata`. */
  remove: Readonly<Record<string, readonly string[]>>;
  /** The column the database sets at every change of a row, where the table has one (lower case). */
  changedAt: string;
}

/** What a format declares about its vehicles. */
export interface VehicleChanges {
  /**
   * Where the owner's columns the vehicle route reads (its VehicleSource's ownerRead) are JSON it
   * makes the owner's name of (QBCore `charinfo`), the members it reads; null where they are the
   * names themselves (ESX `firstname`, `lastname`).
   */
  ownerMembers: readonly string[] | null;
}

export interface FormatChanges {
  citizens: CitizenChanges;
  vehicles: VehicleChanges;
}

/** The citizens' table as a format's prepare read it: what change detection hashes and keys. */
export interface WatchedTable {
  table: string;
  /** The route's id column. */
  key: TableColumn;
  /** Every column the record reads. */
  read: readonly TableColumn[];
  /** Every column of the table, by lower-case name. */
  columns: ReadonlyMap<string, TableColumn>;
  indexes: TableIndexes;
  maxColumnBytes: number;
}
