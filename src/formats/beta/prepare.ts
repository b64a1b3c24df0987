import type { Database, Row } from '../../db/database';
import { adviseIndexes, readTableColumns } from '../../db/table-columns';
import { compareCodeUnits } from '../common/compare';
import { warnOversize } from '../common/oversize';
import type { FormatLookups, FormatOptions, LiveContext } from '../format';
import { frameworkCatalogs } from './group-catalog';
import { mergeBetaLive } from './live';
import { normaliseBetaRow } from './normalise';
import { prepareBetaSearch } from './search';
import { buildCitizenQuery, buildLicenseQuery, PLAYERS_TABLE } from './query';
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
  await adviseIndexes(db, PLAYERS_TABLE, ['citizenid', ...(columns.has('license') ? ['license'] : [])], options.warn);
  const toRecord = async (row: Row, nowMs: number, live?: LiveContext): Promise<BetaRecord> => {
    warnOversize(row, String(row.citizenid), options);
    const merged = live && (await live.merge(String(row.citizenid), (parts) => mergeBetaLive(row, parts)));
    return normaliseBetaRow(merged ?? row, { warn: options.warn, nowMs, groups: frameworkCatalogs(options.groups()) });
  };
  return {
    search: prepareBetaSearch(columns, options),
    async byId(id, live) {
      const row = await db.single(query.sql, query.params(id));
      return row && toRecord(row, options.now(), live);
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
