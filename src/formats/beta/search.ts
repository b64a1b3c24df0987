/**
 * Citizen search over QBCore/Qbox `players`: first and last name, birth date and phone all live
 * in the `charinfo` JSON text (a TEXT column, no index: qb-core's qbcore.sql, qbx_core.sql).
 *
 * A value is taken out with JSON_UNQUOTE(JSON_EXTRACT(…)), the functions MySQL 5.7.8+ and
 * MariaDB 10.2.3+ share; JSON_VALUE is MySQL 8.0.21+ only (Project-Sloth/ps-mdt#93 is that
 * failure on MySQL 5.7). Their result is utf8mb4_bin on MySQL and on current MariaDB
 * (https://dev.mysql.com/doc/refman/8.0/en/json.html: "utf8mb4 … utf8mb4_bin"; MDEV-35614), so
 * src/search/sql.ts converts and re-collates it. Around them:
 * - JSON_VALID first: MySQL fails the whole statement on one row of text that is not JSON
 *   (https://dev.mysql.com/doc/refman/8.0/en/json-search-functions.html#function_json-extract),
 *   where the record reads that row's fields as absent;
 * - a JSON null, object or array reads as absent, as the record's string coercion does (JSON_UNQUOTE
 *   alone turns `null` into the text "null").
 */
import { quoteIdentifier } from '../../db/sql';
import type { TableColumn } from '../../db/table-columns';
import { storedDatePattern } from '../../values/calendar-date';
import { warnOversize } from '../../db/oversize';
import { asUtf8, buildSearchStatement, runSearch, type FormatSearch, type SearchFields } from '../../search/sql';
import { frameworkCatalogs } from './group-catalog';
import type { FrameworkGroups } from '../format';
import type { Warn } from '../../values/json-column';
import { BIRTHDATE_ORDER } from './charinfo';
import { normaliseBetaSummary, type BetaSummary } from './normalise';
import { playersSelectList, PLAYERS_TABLE, type PlayersColumn } from './query';

/** The columns the summary's fields are made from: `cid` is charinfo.cid's fallback. */
const SUMMARY_COLUMNS: ReadonlySet<PlayersColumn> = new Set([
  'id',
  'citizenid',
  'license',
  'name',
  'charinfo',
  'cid',
  'job',
  'gang',
  'last_updated',
]);

export interface BetaSearchOptions {
  warn: Warn;
  maxColumnBytes: number;
  /** Unix epoch ms, as the record's normaliser takes it. */
  now(): number;
  groups(): FrameworkGroups | undefined;
}

/** The text of `charinfo.<key>`, or NULL when the column is no JSON or the value no scalar. */
function charinfoText(charinfo: string, key: string): string {
  const value = `JSON_EXTRACT(${charinfo}, '$.${key}')`;
  return `IF(JSON_VALID(${charinfo}), IF(JSON_TYPE(${value}) IN ('OBJECT', 'ARRAY', 'NULL'), NULL, JSON_UNQUOTE(${value})), NULL)`;
}

/**
 * The search over this server's `players` columns (the table has `citizenid`, as prepareBeta
 * checks). A table without `charinfo` has no names, dates or phones: every search finds nobody.
 */
export function prepareBetaSearch(columns: ReadonlyMap<string, TableColumn>, options: BetaSearchOptions): FormatSearch<BetaSummary> {
  const charinfoColumn = columns.get('charinfo');
  const citizenid = columns.get('citizenid');
  const charinfo = charinfoColumn ? asUtf8(quoteIdentifier(charinfoColumn.name)) : 'NULL';
  const fields: SearchFields = {
    firstName: charinfoText(charinfo, 'firstname'),
    lastName: charinfoText(charinfo, 'lastname'),
    id: citizenid ? quoteIdentifier(citizenid.name) : 'NULL',
    dob: charinfoText(charinfo, 'birthdate'),
    phone: charinfoText(charinfo, 'phone'),
    ...(charinfoColumn ? { namesJson: charinfo } : {}),
  };
  const select = playersSelectList(columns, options.maxColumnBytes, SUMMARY_COLUMNS);
  const summary = (row: Record<string, unknown>, nowMs: number): BetaSummary => {
    warnOversize(row, String(row.citizenid), options);
    return normaliseBetaSummary(row, { warn: options.warn, nowMs, groups: frameworkCatalogs(options.groups()) });
  };
  return {
    refuse: () => null,
    run(criteria, execute) {
      const statement = buildSearchStatement(PLAYERS_TABLE, select, fields, criteria, (date) => storedDatePattern(date, BIRTHDATE_ORDER));
      const nowMs = options.now();
      return runSearch(execute, statement, criteria.limit, (row) => summary(row, nowMs));
    },
  };
}
