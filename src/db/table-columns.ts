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
