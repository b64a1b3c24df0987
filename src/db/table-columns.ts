import type { Database } from './database';

export interface TableColumn {
  name: string;
  /** information_schema DATA_TYPE, lower case: 'varchar', 'longtext', 'tinyint', 'bit', … */
  dataType: string;
  /** information_schema COLLATION_NAME, or '' for columns without one. */
  collation: string;
  /** information_schema CHARACTER_OCTET_LENGTH: the most bytes a value can hold; null for non-text types. */
  maxBytes: number | null;
}

/**
 * What the columns of `tables` are now (names, types, collations, sizes, and whether an index
 * leads with them: COLUMN_KEY), as one comparable string: a schema change that makes no query fail
 * (a column widened, turned into a BLOB, renamed back, an index added) still changes it.
 */
export async function readSchemaSignature(db: Database, tables: readonly string[]): Promise<string> {
  const rows = await db.query(
    `SELECT TABLE_NAME AS t, COLUMN_NAME AS c, COLUMN_TYPE AS type, COLLATION_NAME AS collation, COLUMN_KEY AS k FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (${tables.map(() => '?').join(', ')}) ORDER BY TABLE_NAME, ORDINAL_POSITION`,
    tables,
  );
  return JSON.stringify(rows.map((r) => [r.t, r.c, r.type, r.collation, r.k]));
}

export interface TableIndexes {
  /** Lower-case names of the columns that lead an index: a lookup by one of them is a key lookup. */
  leading: ReadonlySet<string>;
  /** The first column of the primary key (lower case), or null without one. */
  primary: string | null;
}

/** The indexes of `table` in the connection's current database, by their first columns. */
export async function readTableIndexes(db: Database, table: string): Promise<TableIndexes> {
  const rows = await db.query(
    'SELECT INDEX_NAME AS idx, COLUMN_NAME AS name FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND SEQ_IN_INDEX = 1',
    [table],
  );
  const leading = new Set(rows.map((r) => String(r.name).toLowerCase()));
  const primary = rows.find((r) => r.idx === 'PRIMARY');
  return { leading, primary: primary ? String(primary.name).toLowerCase() : null };
}

/** The statement a server owner runs to add an index on `column` of `table`. */
export function addIndexStatement(table: string, column: string): string {
  return `ALTER TABLE \`${table}\` ADD INDEX (\`${column}\`)`;
}

/**
 * Warns once for each of `columns` that leads no index of `table`: every lookup by it then reads
 * the whole table (old framework tables: ESX 1.1's `users` and `user_inventory`, ESX 1.2's
 * `user_accounts`, QBCore 2021's `players.license`, ESX's `owned_vehicles.owner`), and the owner
 * can fix that with one statement. Returns the indexes it read, for the caller's other choices.
 */
export async function adviseIndexes(
  db: Database,
  table: string,
  columns: readonly string[],
  warn: (message: string) => void,
): Promise<TableIndexes> {
  const indexes = await readTableIndexes(db, table);
  for (const column of columns) {
    if (indexes.leading.has(column.toLowerCase())) continue;
    warn(
      `table ${table} has no index on ${column}, so each lookup by it reads the whole table; ${addIndexStatement(table, column)} makes it a key lookup`,
    );
  }
  return indexes;
}

/**
 * The columns of `table` in the connection's current database, keyed by lower-case name, or null
 * when the table does not exist. Servers differ in which add-on columns they have, so each format
 * selects only what this returns.
 */
export async function readTableColumns(db: Database, table: string): Promise<Map<string, TableColumn> | null> {
  const rows = await db.query(
    'SELECT COLUMN_NAME AS name, DATA_TYPE AS dataType, COLLATION_NAME AS collation, CHARACTER_OCTET_LENGTH AS maxBytes FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION',
    [table],
  );
  if (rows.length === 0) return null;
  const columns = new Map<string, TableColumn>();
  for (const row of rows) {
    const name = String(row.name);
    columns.set(name.toLowerCase(), {
      name,
      dataType: String(row.dataType).toLowerCase(),
      collation: row.collation == null ? '' : String(row.collation),
      maxBytes: row.maxBytes == null ? null : Number(row.maxBytes),
    });
  }
  return columns;
}
