import { citizenIdMatch } from './citizen-id-match';
import { selectColumn } from '../../db/column-select';
import { quoteIdentifier } from '../../db/sql';
import type { TableColumn } from '../../db/table-columns';
import { MAX_CITIZENS_PER_LICENSE } from '../../contract/operations';
import type { License } from '../../values/license';

export const PLAYERS_TABLE = 'players';

/** The alias `UNIX_TIMESTAMP(last_updated)` is read under (see buildCitizenQuery). */
export const LAST_UPDATED_UNIX = 'last_updated_unix';

/** Columns read as they are named; any of them may be missing on a given server. */
export const READ_COLUMNS = [
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

/** No column left out. */
const NONE: ReadonlySet<string> = new Set();

/**
 * The one lookup of a citizen, built for the columns this server's `players` table has, or null
 * when it has no `citizenid` (then it is not a QBCore or Qbox table). `replaced` names the
 * columns an online citizen's framework data stands for (live.ts): those are not read.
 *
 * - Columns are read as column-select.ts reads them: whatever their SQL type, and never when
 *   longer than `maxColumnBytes`.
 * - The first QBCore table (April 2021) named its id column `#`; it is read as `id`. Columns the
 *   record does not use (`steam`, Qbox's `userId`, `phone_number`, `last_logged_out`) are not read.
 * - `last_updated` is read as `UNIX_TIMESTAMP()`: oxmysql turns a TIMESTAMP into epoch ms by reading
 *   the session-time-zone text as Node-local time, which is wrong whenever the two zones differ.
 * - The id matches case-insensitively through its key, as citizen-id-match.ts says (the vehicle
 *   lookups match the owner the same way).
 */
export function buildCitizenQuery(
  columns: ReadonlyMap<string, TableColumn>,
  maxColumnBytes: number,
  replaced: ReadonlySet<string> = NONE,
): CitizenQuery | null {
  const citizenid = columns.get('citizenid');
  if (!citizenid) return null;
  const match = citizenIdMatch(citizenid);
  return {
    sql: `${selectPlayers(columns, maxColumnBytes, replaced)} WHERE ${match.where}${match.order ? ` ORDER BY ${match.order}` : ''} LIMIT 1`,
    params: match.params,
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
 * summary's) but `replaced`, as the record's normaliser expects them.
 */
export function playersSelectList(
  columns: ReadonlyMap<string, TableColumn>,
  maxColumnBytes: number,
  wanted: ReadonlySet<PlayersColumn> | null = null,
  replaced: ReadonlySet<string> = NONE,
): string[] {
  const select: string[] = [];
  const wants = (name: PlayersColumn) => (wanted === null || wanted.has(name)) && !replaced.has(name);
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

function selectPlayers(columns: ReadonlyMap<string, TableColumn>, maxColumnBytes: number, replaced: ReadonlySet<string> = NONE): string {
  return `SELECT ${playersSelectList(columns, maxColumnBytes, null, replaced).join(', ')} FROM ${quoteIdentifier(PLAYERS_TABLE)}`;
}
