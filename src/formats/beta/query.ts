import { selectColumn } from '../../db/column-select';
import { quoteIdentifier } from '../../db/sql';
import type { TableColumn } from '../../db/table-columns';
import { MAX_CITIZENS_PER_LICENSE } from '../../contract/operations';
import type { License } from '../common/license';

export const PLAYERS_TABLE = 'players';

/** The alias `UNIX_TIMESTAMP(last_updated)` is read under (see buildCitizenQuery). */
export const LAST_UPDATED_UNIX = 'last_updated_unix';

/** Columns read as they are named; any of them may be missing on a given server. */
const READ_COLUMNS = [
  'citizenid',
  'cid',
  'license',
  'name',
  'money',
  'charinfo',
  'job',
  'gang',
  'position',
  'metadata',
  'inventory',
] as const;

export interface CitizenQuery {
  sql: string;
  params(id: string): unknown[];
}

export interface LicenseQuery {
  sql: string;
  params(license: License): unknown[];
}

/**
 * The one lookup of a citizen, built for the columns this server's `players` table has, or null
 * when it has no `citizenid` (then it is not a QBCore or Qbox table).
 *
 * - Columns are read as column-select.ts reads them: whatever their SQL type, and never when
 *   longer than `maxColumnBytes`.
 * - The first QBCore table (April 2021) named its id column `#`; it is read as `id`. Columns the
 *   record does not use (`steam`, Qbox's `userId`, `phone_number`, `last_logged_out`) are not read.
 * - `last_updated` is read as `UNIX_TIMESTAMP()`: oxmysql turns a TIMESTAMP into epoch ms by reading
 *   the session-time-zone text as Node-local time, which is wrong whenever the two zones differ.
 * - The id matches case-insensitively. Under a `_ci` collation (every framework install) `=` does
 *   that on the key. Under a binary, `_bin` or `_cs` collation `=` would be case-sensitive, and
 *   `LOWER(citizenid) = ?` would scan the table, so the lookup asks for the id as given, upper-case
 *   (how QBCore and Qbox generate ids) and lower-case: still key lookups, and a stored id in some
 *   other mixed case is not found. Where two stored ids differ only in case, the exact one wins.
 */
export function buildCitizenQuery(columns: ReadonlyMap<string, TableColumn>, maxColumnBytes: number): CitizenQuery | null {
  const citizenid = columns.get('citizenid');
  if (!citizenid) return null;
  const from = selectPlayers(columns, maxColumnBytes);
  const key = quoteIdentifier(citizenid.name);
  if (/_ci$/i.test(citizenid.collation)) {
    return { sql: `${from} WHERE ${key} = ? LIMIT 1`, params: (id) => [id] };
  }
  return {
    sql: `${from} WHERE ${key} IN (?, ?, ?) ORDER BY ${key} = ? DESC LIMIT 1`,
    params: (id) => [id, id.toUpperCase(), id.toLowerCase(), id],
  };
}

/**
 * Every citizen of one player, by `players.license` (indexed since QBCore's late-2021 schema; the
 * April 2021 table has no index on it, so there the query reads the whole table, the LIMIT bounding
 * only what comes back; preparing the format says so, with the statement that adds it). QBCore stores
 * `license:<hex>`, Qbox often `license2:<hex>`: a bare license asks for both, a prefixed one for
 * itself. Hex is lower case as FiveM hands it out and the frameworks store it. The same columns as
 * buildCitizenQuery, so each record is the one the single route gives.
 */
export function buildLicenseQuery(columns: ReadonlyMap<string, TableColumn>, maxColumnBytes: number): LicenseQuery | null {
  const license = columns.get('license');
  if (!columns.has('citizenid') || !license) return null;
  return {
    sql: `${selectPlayers(columns, maxColumnBytes)} WHERE ${quoteIdentifier(license.name)} IN (?, ?) LIMIT ${MAX_CITIZENS_PER_LICENSE}`,
    params: ({ hex, kind }) => (kind ? [`${kind}:${hex}`, `${kind}:${hex}`] : [`license:${hex}`, `license2:${hex}`]),
  };
}

export type PlayersColumn = 'id' | (typeof READ_COLUMNS)[number] | 'last_updated';

/**
 * The select list reading `wanted` (every column the record reads, unless a search wants only its
 * summary's) as the record's normaliser expects them.
 */
export function playersSelectList(
  columns: ReadonlyMap<string, TableColumn>,
  maxColumnBytes: number,
  wanted: ReadonlySet<PlayersColumn> | null = null,
): string[] {
  const select: string[] = [];
  const wants = (name: PlayersColumn) => wanted === null || wanted.has(name);
  const idColumn = columns.get('id') ?? columns.get('#');
  if (idColumn && wants('id')) select.push(...selectColumn(idColumn, 'id', maxColumnBytes));
  for (const name of READ_COLUMNS) {
    const column = columns.get(name);
    if (column && wants(name)) select.push(...selectColumn(column, name, maxColumnBytes));
  }
  const lastUpdated = columns.get('last_updated');
  if (lastUpdated && wants('last_updated')) {
    select.push(`UNIX_TIMESTAMP(${quoteIdentifier(lastUpdated.name)}) AS ${quoteIdentifier(LAST_UPDATED_UNIX)}`);
  }
  return select;
}

function selectPlayers(columns: ReadonlyMap<string, TableColumn>, maxColumnBytes: number): string {
  return `SELECT ${playersSelectList(columns, maxColumnBytes).join(', ')} FROM ${quoteIdentifier(PLAYERS_TABLE)}`;
}
