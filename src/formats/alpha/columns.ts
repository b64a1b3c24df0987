import { selectAs } from '../../db/sql';
import type { TableColumn } from '../../db/table-columns';

/**
 * Which `users` columns the alpha record reads. ESX generations and add-ons differ in which of
 * them exist (frameworks-data.md §1.2), so the query names only the ones this server has; a
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
  /** The column as the table spells it (MySQL column names are case-insensitive). */
  stored: string;
}

/** The known columns that `users` has, in a fixed order. */
export function selectAlphaColumns(columns: ReadonlyMap<string, TableColumn>): SelectedColumn[] {
  const wanted: AlphaColumn[] = [...ALPHA_COLUMNS];
  if (!columns.has('accounts')) wanted.push(...ESSENTIALMODE_ACCOUNT_COLUMNS);
  const selected: SelectedColumn[] = [];
  for (const key of wanted) {
    const column = columns.get(key.toLowerCase());
    if (column) selected.push({ key, stored: column.name });
  }
  return selected;
}

/**
 * The one lookup of a citizen: a parameterised match on the primary key. Columns come back under
 * the normaliser's names. `LIMIT 1` because essentialmode's `identifier` has no unique key.
 */
export function alphaUserQuery(selected: readonly SelectedColumn[]): string {
  const list = selected
    .map(({ key, stored }) => selectAs(stored, key))
    .join(', ');
  return `SELECT ${list} FROM \`users\` WHERE \`identifier\` = ? LIMIT 1`;
}

/** Columns of ESX 1.1/1.2's `user_accounts` table, one row per account of a citizen. */
const USER_ACCOUNTS_COLUMNS = ['identifier', 'name', 'money'] as const;

/** True when `user_accounts` has what the accounts query reads. */
export function hasUserAccountsColumns(columns: ReadonlyMap<string, TableColumn> | null): boolean {
  return columns !== null && USER_ACCOUNTS_COLUMNS.every((name) => columns.has(name));
}

export const USER_ACCOUNTS_QUERY = 'SELECT `name`, `money` FROM `user_accounts` WHERE `identifier` = ?';
