import type { Database, Row } from '../../db/database';
import { adviseIndexes, readTableColumns } from '../../db/table-columns';
import { compareCodeUnits } from '../../values/compare';
import { warnOversize } from '../../db/oversize';
import { mergeLive, mergeRead, queriesWithout, type FormatLookups, type FormatOptions, type LiveContext } from '../format';
import { metNobody, metTogether, type Looked } from '../../lookup/looked';
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
  const toRecord = async (row: Row, nowMs: number, live?: LiveContext): Promise<Looked<BetaRecord>> => {
    warnOversize(row, String(row.citizenid), options);
    const { value: merged, met } = await mergeLive(live, String(row.citizenid), (parts) => mergeBetaLive(row, parts));
    return { value: normalise(merged ?? row, nowMs), met };
  };
  return {
    search: prepareBetaSearch(columns, options),
    watched: betaWatchedTable({ columns, indexes, maxColumnBytes: options.maxColumnBytes }),
    async byId(id, live) {
      const nowMs = options.now();
      // An online citizen: what PlayerData holds is read from the framework, not from the row (most
      // of the row's bytes, and of what crossing oxmysql's export costs).
      const read = live && (await live.read(id));
      const replaced = read?.parts && betaLiveColumns(read.parts);
      const statement = replaced ? liveQuery(replaced) : query;
      const row = await db.single(statement.sql, statement.params(id));
      if (!row) return metNobody(null);
      warnOversize(row, String(row.citizenid), options);
      if (!live || !read) return metNobody(normalise(row, nowMs));
      const { value: merged, met } = mergeRead(live, read, (answered) => mergeBetaLive(row, answered, replaced));
      if (merged) return { value: normalise(merged, nowMs), met };
      if (statement === query) return { value: normalise(row, nowMs), met };
      // Not this row's citizen after all: the whole row answers, from the database alone.
      const whole = await db.single(query.sql, query.params(id));
      return { value: whole && (await toRecord(whole, nowMs)).value, met };
    },
    async byLicense(license, live) {
      if (!licenseQuery) return metNobody([]);
      const nowMs = options.now();
      const rows = await db.query(licenseQuery.sql, licenseQuery.params(license));
      const looked = await Promise.all(rows.map((row) => toRecord(row, nowMs, live)));
      // Character slot (qb-multicharacter's cid), then citizenid.
      const records = looked
        .map((l) => l.value)
        .sort((a, b) => Number(a.charinfo.cid) - Number(b.charinfo.cid) || compareCodeUnits(a.citizenid, b.citizenid));
      return { value: records, met: metTogether(looked.map((l) => l.met)) };
    },
  };
}
