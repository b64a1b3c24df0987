import type { Database, Row } from '../../db/database';
import { adviseIndexes, readTableColumns } from '../../db/table-columns';
import { compareCodeUnits } from '../common/compare';
import { warnOversize } from '../common/oversize';
import { mergeLive, queriesWithout, type FormatLookups, type FormatOptions, type LiveContext } from '../format';
import { frameworkCatalogs } from './group-catalog';
import { betaLiveColumns, mergeBetaLive } from './live';
import { normaliseBetaRow } from './normalise';
import { prepareBetaSearch } from './search';
import { betaWatchedTable } from './changes';
import { buildCitizenQuery, buildLicenseQuery, PLAYERS_TABLE, type CitizenQuery } from './query';
import type { BetaRecord } from './schema';

/**
 * Reads the columns of `players` once and binds the lookups to them. Null when this server has no
 * QBCore or Qbox `players` table (none, or one without `citizenid`).
 */
export async function prepareBeta(db: Database, options: FormatOptions): Promise<FormatLookups<BetaRecord> | null> {
  const columns = await readTableColumns(db, PLAYERS_TABLE);
  const query = columns && buildCitizenQuery(columns, options.maxColumnBytes);
  if (!query) return null;
  const licenseQuery = buildLicenseQuery(columns, options.maxColumnBytes);
  const indexes = await adviseIndexes(db, PLAYERS_TABLE, ['citizenid', ...(columns.has('license') ? ['license'] : [])], options.warn);
  // Built like `query` (so never null: the table has its citizenid), less the columns replaced.
  const liveQuery = queriesWithout((replaced): CitizenQuery => buildCitizenQuery(columns, options.maxColumnBytes, replaced) ?? query);
  const normalise = (row: Row, nowMs: number): BetaRecord =>
    normaliseBetaRow(row, { warn: options.warn, nowMs, groups: frameworkCatalogs(options.groups()) });
  const toRecord = async (row: Row, nowMs: number, live?: LiveContext): Promise<BetaRecord> => {
    warnOversize(row, String(row.citizenid), options);
    const merged = await mergeLive(live, String(row.citizenid), (parts) => mergeBetaLive(row, parts));
    return normalise(merged ?? row, nowMs);
  };
  return {
    search: prepareBetaSearch(columns, options),
    watched: betaWatchedTable({ columns, indexes, maxColumnBytes: options.maxColumnBytes }),
    async byId(id, live) {
      const nowMs = options.now();
      // An online citizen: what PlayerData holds is read from the framework, not from the row (most
      // of the row's bytes, and of what crossing oxmysql's export costs).
      const parts = live && (await live.read(id));
      const replaced = parts && betaLiveColumns(parts);
      const read = replaced ? liveQuery(replaced) : query;
      const row = await db.single(read.sql, read.params(id));
      if (!row) return null;
      warnOversize(row, String(row.citizenid), options);
      const merged = live && parts ? live.merge(parts, (answered) => mergeBetaLive(row, answered, replaced)) : null;
      if (merged) return normalise(merged, nowMs);
      if (read === query) return normalise(row, nowMs);
      // Not this row's citizen after all: the whole row answers, from the database alone.
      const whole = await db.single(query.sql, query.params(id));
      return whole && toRecord(whole, nowMs);
    },
    async byLicense(license, live) {
      if (!licenseQuery) return [];
      const nowMs = options.now();
      const rows = await db.query(licenseQuery.sql, licenseQuery.params(license));
      const records = await Promise.all(rows.map((row) => toRecord(row, nowMs, live)));
      // Character slot (qb-multicharacter's cid), then citizenid.
      return records.sort((a, b) => Number(a.charinfo.cid) - Number(b.charinfo.cid) || compareCodeUnits(a.citizenid, b.citizenid));
    },
  };
}
