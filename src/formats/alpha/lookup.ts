import type { Database, Row } from '../../db/database';
import { readTableColumns } from '../../db/table-columns';
import { warnOversize } from '../common/oversize';
import type { CitizenLookup, FormatOptions } from '../format';
import { alphaUserQuery, hasUserAccountsColumns, selectAlphaColumns, USER_ACCOUNTS_QUERY } from './columns';
import { alphaIdCandidates } from './id';
import { normaliseAlphaRow } from './normalise';
import type { AlphaRecord } from './schema';

/**
 * Reads the columns of `users` once and binds the lookup to them. Null when this server has no
 * ESX `users` table: none at all, or one without `identifier` (Qbox creates a `users` table of
 * its own, keyed by `userId`).
 */
export async function prepareAlphaLookup(
  db: Database,
  options: FormatOptions,
): Promise<CitizenLookup<AlphaRecord> | null> {
  const columns = await readTableColumns(db, 'users');
  if (!columns?.has('identifier')) return null;
  const userQuery = alphaUserQuery(selectAlphaColumns(columns), options.maxColumnBytes);
  const accountsInRows = !columns.has('accounts');
  const userAccountsTable = accountsInRows && hasUserAccountsColumns(await readTableColumns(db, 'user_accounts'));

  const findRow = async (id: string): Promise<Row | null> => {
    for (const candidate of alphaIdCandidates(id)) {
      const row = await db.single(userQuery, [candidate]);
      if (row) return row;
    }
    return null;
  };

  /** Only where `users.accounts` is missing; an empty list where `user_accounts` is missing too. */
  const readUserAccounts = async (identifier: unknown): Promise<Row[] | undefined> => {
    if (!accountsInRows) return undefined;
    return userAccountsTable ? db.query(USER_ACCOUNTS_QUERY, [identifier]) : [];
  };

  return async (id) => {
    const row = await findRow(id);
    if (!row) return null;
    warnOversize(row, String(row.identifier), options);
    return normaliseAlphaRow({ row, userAccounts: await readUserAccounts(row.identifier) }, options);
  };
}
