/**
 * The two vehicle queries, built for the tables a server really has (both formats use them; each
 * format names its tables and columns in its own vehicles.ts):
 *
 * - by plate: one `plate IN (…)` over the plate key (plate.ts gives the forms), the owner's row
 *   joined through its key for the owner's name, the row spelled as typed first, then the lowest
 *   key (QBCore's plate is not unique everywhere), one row;
 * - by citizen: the owner's row through its key (a derived table of at most one row, so the 404 of
 *   an unknown citizen and the `[]` of one without vehicles come from the same query), joined to
 *   the vehicles by owner, ordered by plate, at most MAX_VEHICLES_PER_CITIZEN.
 *
 * Columns are read as column-select.ts reads them: small integers (`stored` TINYINT/BIT) as numbers
 * in SQL, JSON (`vehicle`, `mods`, `charinfo`) only when within max_column_bytes.
 *
 * Where the vehicle and owner columns have different collations (QBCore 2021's latin1 `players`
 * beside a utf8mb4 `player_vehicles`; tables made at different times under different defaults),
 * MariaDB and MySQL refuse or mis-compare the join (ps-mdt works around it with `COLLATE`,
 * Project-Sloth/ps-mdt@6bc7b40:server/backend/citizens.lua). The join converts the side whose
 * value is already known to the collation of the column being looked up, so that column's index
 * still serves: the vehicle's owner to the owner key's on a plate lookup, the owner's key to the
 * vehicles' owner column on a citizen's list.
 */
import { MAX_VEHICLES_PER_CITIZEN } from '../contract/operations';
import { selectColumn } from '../db/column-select';
import { quoteIdentifier } from '../db/sql';
import type { TableColumn } from '../db/table-columns';

/** A column read under the name the normaliser reads it by. */
export type ReadColumn = readonly [alias: string, column: TableColumn];

export interface VehicleTable {
  name: string;
  plate: TableColumn;
  /** The column naming the owner's key (ESX `owner`, QBCore `citizenid`). */
  owner: TableColumn;
  /** The column that orders rows sharing a plate: the first column of the primary key, else the plate. */
  key: TableColumn;
  read: readonly ReadColumn[];
}

export interface OwnerTable {
  name: string;
  /** The owner's key (ESX `identifier`, QBCore `citizenid`). */
  key: TableColumn;
  /** Read under aliases no vehicle column has (`owner_…`). */
  read: readonly ReadColumn[];
}

/** The WHERE condition (and ORDER BY, when several rows may match) that finds one citizen's row by id, on unqualified columns. */
export interface OwnerMatch {
  where: string;
  order: string;
  params(id: string): unknown[];
}

const COLLATION = /^[A-Za-z0-9_]+$/;

/**
 * `expression` (a value of column `from`) as `to` compares: converted to `to`'s character set and
 * collation where the two differ. Binary columns have no collation and compare as they are.
 */
export function asCollationOf(expression: string, from: TableColumn, to: TableColumn): string {
  if (from.collation === to.collation || from.collation === '' || to.collation === '' || !COLLATION.test(to.collation)) return expression;
  // A collation's name starts with its character set's (utf8mb4_unicode_ci, latin1_swedish_ci, utf8mb3_general_ci).
  const charset = to.collation.split('_')[0];
  return `CONVERT(${expression} USING ${charset}) COLLATE ${to.collation}`;
}

const column = (table: string, c: TableColumn) => `${quoteIdentifier(table)}.${quoteIdentifier(c.name)}`;

function selectList(read: readonly ReadColumn[], maxColumnBytes: number, table?: string): string[] {
  return read.flatMap(([alias, c]) => selectColumn(c, alias, maxColumnBytes, table));
}

/**
 * The vehicle of a plate: parameters are the plate's `forms`, then the plate as typed (plateParams).
 * `owner` null: the server has no owner table, and the name stays empty.
 */
export function plateQuery(vehicles: VehicleTable, owner: OwnerTable | null, maxColumnBytes: number, forms: number): string {
  const select = [...selectList(vehicles.read, maxColumnBytes, 'v'), ...(owner ? selectList(owner.read, maxColumnBytes, 'o') : [])];
  const join = owner
    ? ` LEFT JOIN ${quoteIdentifier(owner.name)} AS \`o\` ON ${column('o', owner.key)} = ${asCollationOf(column('v', vehicles.owner), vehicles.owner, owner.key)}`
    : '';
  const plate = column('v', vehicles.plate);
  const keyOrder = vehicles.key === vehicles.plate ? plate : `${column('v', vehicles.key)}, ${plate}`;
  return (
    `SELECT ${select.join(', ')} FROM ${quoteIdentifier(vehicles.name)} AS \`v\`${join} ` +
    `WHERE ${plate} IN (${Array(forms).fill('?').join(', ')}) ORDER BY ${plate} = ? DESC, ${keyOrder} LIMIT 1`
  );
}

/** Parameters of plateQuery. */
export function plateParams(plate: { typed: string; forms: readonly string[] }): unknown[] {
  return [...plate.forms, plate.typed];
}

/** The alias the owner's key is joined under in citizenVehiclesQuery. */
const OWNER_KEY = 'owner:key';

/**
 * A citizen's vehicles: parameters are the match's. No row: no such citizen. One row whose
 * `plate` is NULL: a citizen without vehicles.
 */
export function citizenVehiclesQuery(vehicles: VehicleTable, owner: OwnerTable, match: OwnerMatch, maxColumnBytes: number): string {
  const ownerSelect = [`${quoteIdentifier(owner.key.name)} AS ${quoteIdentifier(OWNER_KEY)}`, ...selectList(owner.read, maxColumnBytes)];
  const inner =
    `SELECT ${ownerSelect.join(', ')} ` +
    `FROM ${quoteIdentifier(owner.name)} WHERE ${match.where}${match.order ? ` ORDER BY ${match.order}` : ''} LIMIT 1`;
  const ownerKey = asCollationOf(`\`o\`.${quoteIdentifier(OWNER_KEY)}`, owner.key, vehicles.owner);
  return (
    `SELECT \`o\`.*, ${selectList(vehicles.read, maxColumnBytes, 'v').join(', ')} FROM (${inner}) AS \`o\` ` +
    `LEFT JOIN ${quoteIdentifier(vehicles.name)} AS \`v\` ON ${column('v', vehicles.owner)} = ${ownerKey} ` +
    `ORDER BY ${column('v', vehicles.plate)} LIMIT ${MAX_VEHICLES_PER_CITIZEN}`
  );
}

/** Removes the join's own key from a row of citizenVehiclesQuery. */
export function dropOwnerKey(row: Record<string, unknown>): void {
  delete row[OWNER_KEY];
}
