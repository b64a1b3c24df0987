import type { Row } from '../../db/database';
import { asString } from '../../values/coerce';
import { numberFields } from '../../values/number-fields';
import type { AlphaAccounts } from './schema';

/** The three accounts of the record from a stored `{name: amount}` map; a missing one is 0. */
export function normaliseAccounts(stored: unknown): AlphaAccounts {
  return numberFields(stored, ['money', 'bank', 'black_money']);
}

/**
 * The accounts map of servers without `users.accounts` (docs/frameworks.md#esx-accounts): ESX 1.2 keeps
 * every account as a `user_accounts` row; ESX 1.1 keeps only `black_money` there, cash and bank
 * being essentialmode's own `users.money` and `users.bank`, which win over a row of the same name
 * (1.1 also writes a `bank` row it never reads).
 */
export function legacyAccounts(userAccountRows: readonly Row[], row: Row): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  for (const account of userAccountRows) stored[asString(account.name)] = account.money;
  if (row.money !== undefined) stored.money = row.money;
  if (row.bank !== undefined) stored.bank = row.bank;
  return stored;
}
