import type { FormatModule } from '../format';
import { adviseIndexes, readTableColumns } from '../../db/table-columns';
import { warnOversize } from '../common/oversize';
import { isValidCitizenId } from './citizen-id';
import { normaliseBetaRow } from './normalise';
import { buildCitizenQuery, buildLicenseQuery, PLAYERS_TABLE } from './query';
import type { Row } from '../../db/database';
import { compareCodeUnits } from '../common/compare';
import { betaRecordSchema, type BetaRecord } from './schema';

export { betaRecordSchema, type BetaRecord } from './schema';

/** Record format beta: a QBCore or Qbox `players` row (docs/design.md §8.2, §3.2). */
export const betaFormat: FormatModule<BetaRecord> = {
  name: 'beta',
  schema: betaRecordSchema,
  isValidId: isValidCitizenId,
  tables: [PLAYERS_TABLE],
  async prepare(db, options) {
    const columns = await readTableColumns(db, PLAYERS_TABLE);
    const query = columns && buildCitizenQuery(columns, options.maxColumnBytes);
    if (!query) return null;
    const licenseQuery = buildLicenseQuery(columns, options.maxColumnBytes);
    await adviseIndexes(db, PLAYERS_TABLE, ['citizenid', ...(columns.has('license') ? ['license'] : [])], options.warn);
    const toRecord = (row: Row, nowMs: number): BetaRecord => {
      warnOversize(row, String(row.citizenid), options);
      return normaliseBetaRow(row, { warn: options.warn, nowMs, groups: options.groups() });
    };
    return {
      async byId(id) {
        const row = await db.single(query.sql, query.params(id));
        return row && toRecord(row, options.now());
      },
      async byLicense(license) {
        if (!licenseQuery) return [];
        const nowMs = options.now();
        const records = (await db.query(licenseQuery.sql, licenseQuery.params(license))).map((row) => toRecord(row, nowMs));
        // Character slot (qb-multicharacter's cid), then citizenid.
        return records.sort((a, b) => Number(a.charinfo.cid) - Number(b.charinfo.cid) || compareCodeUnits(a.citizenid, b.citizenid));
      },
    };
  },
};
