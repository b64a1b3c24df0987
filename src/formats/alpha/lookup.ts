import type { Database, Row } from '../../db/database';
import { readTableColumns } from '../../db/table-columns';
import { warnOversize } from '../common/oversize';
import { MAX_CITIZENS_PER_LICENSE } from '../../api/license';
import { compareCodeUnits } from '../common/compare';
import type { FormatLookups, FormatOptions } from '../format';
import { alphaIdsQuery, alphaUserQuery, hasUserAccountsColumns, selectAlphaColumns, USER_ACCOUNTS_QUERY } from './columns';
import { alphaIdCandidates, alphaLicenseIds, characterSlot } from './id';
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
): Promise<FormatLookups<AlphaRecord> | null> {
  const columns = await readTableColumns(db, 'users');
  if (!columns?.has('identifier')) return null;
  const selected = selectAlphaColumns(columns);
  const userQuery = alphaUserQuery(selected, options.maxColumnBytes);
  const { esxCharacterPrefix: prefix, esxMaxCharacters: slots } = options;
  const licenseQuery = alphaIdsQuery(selected, options.maxColumnBytes, slots + 2, MAX_CITIZENS_PER_LICENSE);
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

  const toRecord = async (row: Row): Promise<AlphaRecord> => {
    warnOversize(row, String(row.identifier), options);
    return normaliseAlphaRow({ row, userAccounts: await readUserAccounts(row.identifier) }, options);
  };

  return {
    async byId(id) {
      const row = await findRow(id);
      return row && toRecord(row);
    },
    async byLicense(license) {
      const rows = await db.query(licenseQuery, alphaLicenseIds(license.hex, prefix, slots));
      const records = await Promise.all(rows.map(toRecord));
      const slot = (r: AlphaRecord) => characterSlot(r.identifier, prefix);
      return records.sort((a, b) => slot(a) - slot(b) || compareCodeUnits(a.identifier, b.identifier));
    },
  };
}
