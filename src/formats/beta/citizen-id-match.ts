import { quoteIdentifier } from '../../db/sql';
import type { TableColumn } from '../../db/table-columns';

/**
 * How a `citizenid` is matched case-insensitively through its key. Under a `_ci` collation (every
 * framework install) `=` does that on the key. Under a binary, `_bin` or `_cs` collation `=` would be
 * case-sensitive, and `LOWER(citizenid) = ?` would scan the table, so the id is asked as given,
 * upper-case (how QBCore and Qbox generate ids) and lower-case: still key lookups, and a stored id
 * in some other mixed case is not found. Where two stored ids differ only in case, the exact one
 * comes first (`order`).
 */
export interface CitizenIdMatch {
  where: string;
  order: string;
  params(id: string): unknown[];
}

export function citizenIdMatch(citizenid: TableColumn): CitizenIdMatch {
  const key = quoteIdentifier(citizenid.name);
  if (/_ci$/i.test(citizenid.collation)) return { where: `${key} = ?`, order: '', params: (id) => [id] };
  return { where: `${key} IN (?, ?, ?)`, order: `${key} = ? DESC`, params: (id) => [id, id.toUpperCase(), id.toLowerCase(), id] };
}
