import { selectColumn } from '../../db/column-select';
import type { TableColumn } from '../../db/table-columns';

/**
 * Which `users` columns the alpha record reads. ESX generations and add-ons differ in which of
 * them exist (docs/frameworks.md#esx-users-columns), so the query names only the ones this server has; a
 * missing column reads as absent and its field takes the default.
 */
export const ALPHA_COLUMNS = [
  'identifier',
  'accounts',
  'group',
  'job',
  'job_grade',
  'inventory',
  'loadout',
  'metadata',
  'position',
  'skin',
  'firstname',
  'lastname',
  'dateofbirth',
  'sex',
  'height',
  'status',
  'is_dead',
  // essentialmode-era dumps have the dead flag as `isDead bit(1)` instead of esx_ambulancejob's `is_dead`
  'isDead',
  'disabled',
  'last_property',
  'phone_number',
] as const;

/**
 * essentialmode's cash and bank INT columns (ESX 1.0/1.1). They are read only where `accounts` is
 * absent: a server migrated to v1-final may keep them, stale, beside the `accounts` it really uses.
 */
export const ESSENTIALMODE_ACCOUNT_COLUMNS = ['money', 'bank'] as const;

export type AlphaColumn = (typeof ALPHA_COLUMNS)[number] | (typeof ESSENTIALMODE_ACCOUNT_COLUMNS)[number];

export interface SelectedColumn {
  /** The name the normaliser reads the value under. */
  key: AlphaColumn;
  /** The column as the table has it (MySQL column names are case-insensitive). */
  column: TableColumn;
}

/** The known columns that `users` has, in a fixed order. */
export function selectAlphaColumns(columns: ReadonlyMap<string, TableColumn>): SelectedColumn[] {
  const wanted: AlphaColumn[] = [...ALPHA_COLUMNS];
  if (!columns.has('accounts')) wanted.push(...ESSENTIALMODE_ACCOUNT_COLUMNS);
  const selected: SelectedColumn[] = [];
  for (const key of wanted) {
    const column = columns.get(key.toLowerCase());
    if (column) selected.push({ key, column });
  }
  return selected;
}

/**
 * The one lookup of a citizen: a parameterised match on the primary key. Columns come back under
 * the normaliser's names, read as column-select.ts reads them. `LIMIT 1` because essentialmode's
 * `identifier` has no unique key.
 */
export function alphaUserQuery(selected: readonly SelectedColumn[], maxColumnBytes: number): string {
  return `${selectUsers(selected, maxColumnBytes)} WHERE \`identifier\` = ? LIMIT 1`;
}

/**
 * The rows of `ids` (every identifier one player's characters can have), through the primary key;
 * the same columns as alphaUserQuery, so each record is the one the single route gives.
 */
export function alphaIdsQuery(selected: readonly SelectedColumn[], maxColumnBytes: number, ids: number, limit: number): string {
  return `${selectUsers(selected, maxColumnBytes)} WHERE \`identifier\` IN (${Array(ids).fill('?').join(', ')}) LIMIT ${limit}`;
}

function selectUsers(selected: readonly SelectedColumn[], maxColumnBytes: number): string {
  return `SELECT ${selected.flatMap(({ key, column }) => selectColumn(column, key, maxColumnBytes)).join(', ')} FROM \`users\``;
}

/** Columns of ESX 1.1/1.2's `user_accounts` table, one row per account of a citizen. */
const USER_ACCOUNTS_COLUMNS = ['identifier', 'name', 'money'] as const;

/** True when `user_accounts` has what the accounts query reads. */
export function hasUserAccountsColumns(columns: ReadonlyMap<string, TableColumn> | null): boolean {
  return columns !== null && USER_ACCOUNTS_COLUMNS.every((name) => columns.has(name));
}

/** Most account rows read per citizen: ESX keeps one per account type (money, bank, black_money). */
const USER_ACCOUNTS_LIMIT = 50;

/** A citizen's accounts. ESX 1.1/1.2 create the table with no index on `identifier` (adviseIndexes). */
export const USER_ACCOUNTS_QUERY = `SELECT \`name\`, \`money\` FROM \`user_accounts\` WHERE \`identifier\` = ? LIMIT ${USER_ACCOUNTS_LIMIT}`;

/** Columns of ESX 1.1's `user_inventory` table, one row per item and citizen. */
const USER_INVENTORY_COLUMNS = ['identifier', 'item', 'count'] as const;

/** True when `user_inventory` has what the inventory query reads. */
export function hasUserInventoryColumns(columns: ReadonlyMap<string, TableColumn> | null): boolean {
  return columns !== null && USER_INVENTORY_COLUMNS.every((name) => columns.has(name));
}

/** Most items a citizen's list holds: ESX 1.1 registers every item per player, held or not. */
export const USER_INVENTORY_LIMIT = 500;

/**
 * A citizen's held items. es_extended 1.1 creates the table with no index on `identifier`, so
 * this scans it unless the server owner added one; the LIMIT bounds what comes back.
 */
export const USER_INVENTORY_QUERY = `SELECT \`item\`, \`count\` FROM \`user_inventory\` WHERE \`identifier\` = ? AND \`count\` > 0 ORDER BY \`item\` LIMIT ${USER_INVENTORY_LIMIT}`;
