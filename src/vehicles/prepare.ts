/**
 * Binds the vehicle queries of one format to the tables this server has, once when the format is
 * prepared (information_schema), like the citizen lookups: a missing optional column is not read
 * and its field takes its default; a missing table makes the vehicles of that format unavailable.
 */
import type { Database, Row, StatementRunner } from '../db/database';
import { addIndexStatement, adviseIndexes, readTableColumns, readTableIndexes, type TableColumn } from '../db/table-columns';
import type { Warn } from '../values/json-column';
import { warnOversize, type ColumnBounds } from '../db/oversize';
import { asString } from '../values/coerce';
import { displayPlate, type PlateQuery } from './plate';
import type { VehicleCatalog } from './catalog';
import {
  citizenVehiclesQuery,
  dropOwnerKey,
  plateParams,
  plateQuery,
  type OwnerMatch,
  type OwnerTable,
  type ReadColumn,
  type VehicleTable,
} from './query';
import type { VehicleRecord } from './schema';

export interface VehicleOptions extends ColumnBounds {
  /** The shared vehicles list of the framework running beside the resource, read when it (re)starts; undefined without one. */
  vehicles(): VehicleCatalog | undefined;
}

export interface VehicleNormaliseContext {
  warn: Warn;
  vehicles: VehicleCatalog | undefined;
}

/** What one format reads, and how. */
export interface VehicleSource {
  /** The vehicles table (`owned_vehicles`, `player_vehicles`). */
  table: string;
  /** Its column naming the owner's key. */
  ownerColumn: string;
  /** Its columns read, each under its own name (plate and owner among them); missing ones are skipped. */
  read: readonly string[];
  /** The citizens table and its key. */
  ownerTable: string;
  ownerKey: string;
  /** The owner's columns read, each as [alias, column]; missing ones are skipped. */
  ownerRead: ReadonlyArray<readonly [alias: string, column: string]>;
  /** How one citizen's row is found by id, given the key column as this server has it. */
  ownerMatch(key: TableColumn): OwnerMatch;
  normalise(row: Row, ctx: VehicleNormaliseContext): VehicleRecord;
}

/**
 * The vehicle lookups of one format, each running its statements through the `execute` it is
 * handed. A lookup that some index of this server's tables does not serve (ESX's
 * `owned_vehicles.owner` has none) reads whole tables: its caller hands it the bounded scan, the
 * statement the database itself stops at the search timeout, and keeps it under the search cap;
 * the others a plain query. `missingIndexes` says which lookups scan.
 */
export interface VehicleLookups {
  /** The vehicle of a plate, or null when no row has it. Rejects only as `execute` does. */
  byPlate(plate: PlateQuery, execute: StatementRunner): Promise<VehicleRecord | null>;
  /** A citizen's vehicles ordered by plate (`[]` for none), or null when there is no such citizen. Rejects only as `execute` does. */
  byCitizen(id: string, execute: StatementRunner): Promise<VehicleRecord[] | null>;
  /** For each lookup, the statements that add the indexes it lacks here (`ALTER TABLE … ADD INDEX …`); none: an index serves it. */
  missingIndexes: Readonly<Record<VehicleLookupKind, readonly string[]>>;
  /** The tables as prepared, for change detection (src/changes/detect). */
  watched: { vehicles: VehicleTable; owner: OwnerTable; maxColumnBytes: number };
}

export type VehicleLookupKind = 'byPlate' | 'byCitizen';

/** The lookups, or the table this server lacks (named in the 501 answer). */
export type PreparedVehicles = { lookups: VehicleLookups } | { missing: string };

function readColumns(columns: ReadonlyMap<string, TableColumn>, read: ReadonlyArray<readonly [string, string]>): ReadColumn[] {
  const found: ReadColumn[] = [];
  for (const [alias, name] of read) {
    const c = columns.get(name.toLowerCase());
    if (c) found.push([alias, c]);
  }
  return found;
}

/** What the vehicle lookups need of a format: where its vehicles are, and its one rule of the stored ids a requested id may name. */
export interface VehiclesOf {
  readonly vehicles: VehicleSource;
  idCandidates(id: string): string[];
}

export async function prepareVehicles(db: Database, format: VehiclesOf, options: VehicleOptions): Promise<PreparedVehicles> {
  const source = format.vehicles;
  const columns = await readTableColumns(db, source.table);
  const plate = columns?.get('plate');
  const ownerColumn = columns?.get(source.ownerColumn);
  if (!columns || !plate || !ownerColumn) return { missing: source.table };
  const ownerColumns = await readTableColumns(db, source.ownerTable);
  const ownerKey = ownerColumns?.get(source.ownerKey);
  if (!ownerColumns || !ownerKey) return { missing: source.ownerTable };

  const [indexes, ownerIndexes] = await Promise.all([readTableIndexes(db, source.table), readTableIndexes(db, source.ownerTable)]);
  await adviseIndexes(db, source.table, [plate.name, ownerColumn.name], options.warn);

  const vehicles: VehicleTable = {
    name: source.table,
    plate,
    owner: ownerColumn,
    key: columns.get(indexes.primary ?? '') ?? plate,
    read: readColumns(
      columns,
      source.read.map((name) => [name, name]),
    ),
  };
  const owner: OwnerTable = { name: source.ownerTable, key: ownerKey, read: readColumns(ownerColumns, source.ownerRead) };
  /** The statements adding the indexes a lookup by `column` of the vehicles, joined to the owner's key, lacks. */
  const missing = (column: TableColumn): string[] => [
    ...(indexes.leading.has(column.name.toLowerCase()) ? [] : [addIndexStatement(source.table, column.name)]),
    ...(ownerIndexes.leading.has(ownerKey.name.toLowerCase()) ? [] : [addIndexStatement(source.ownerTable, ownerKey.name)]),
  ];
  const missingIndexes = { byPlate: missing(plate), byCitizen: missing(ownerColumn) };

  const plateSql = new Map<number, string>();
  const plateSqlFor = (forms: number): string => {
    let sql = plateSql.get(forms);
    if (sql === undefined) {
      sql = plateQuery(vehicles, owner, options.maxColumnBytes, forms);
      plateSql.set(forms, sql);
    }
    return sql;
  };
  const match = source.ownerMatch(ownerKey);
  const citizenSql = citizenVehiclesQuery(vehicles, owner, match, options.maxColumnBytes);

  const toRecord = (row: Row): VehicleRecord => {
    warnOversize(row, displayPlate(asString(row.plate)), options, 'vehicle');
    return source.normalise(row, { warn: options.warn, vehicles: options.vehicles() });
  };

  return {
    lookups: {
      async byPlate(query, execute) {
        // The statement asks for one row (LIMIT 1).
        const [row] = await execute(plateSqlFor(query.forms.length), plateParams(query));
        return row ? toRecord(row) : null;
      },
      async byCitizen(id, execute) {
        for (const candidate of format.idCandidates(id)) {
          const rows = await execute(citizenSql, match.params(candidate));
          if (rows.length === 0) continue;
          const records: VehicleRecord[] = [];
          for (const row of rows) {
            if (row.plate === null || row.plate === undefined) continue;
            dropOwnerKey(row);
            records.push(toRecord(row));
          }
          return records;
        }
        return null;
      },
      missingIndexes,
      watched: { vehicles, owner, maxColumnBytes: options.maxColumnBytes },
    },
  };
}
