import type { FormatModule } from '../format';
import { readTableColumns } from '../../db/table-columns';
import { warnOversize } from '../common/oversize';
import { isValidCitizenId } from './citizen-id';
import { normaliseBetaRow } from './normalise';
import { buildCitizenQuery, PLAYERS_TABLE } from './query';
import { betaRecordSchema, type BetaRecord } from './schema';

export { betaRecordSchema, type BetaRecord } from './schema';

/** Record format beta: a QBCore or Qbox `players` row (SPEC.md §2.2, DESIGN.md §3.2). */
export const betaFormat: FormatModule<BetaRecord> = {
  name: 'beta',
  schema: betaRecordSchema,
  isValidId: isValidCitizenId,
  async prepare(db, options) {
    const columns = await readTableColumns(db, PLAYERS_TABLE);
    const query = columns && buildCitizenQuery(columns, options.maxColumnBytes);
    if (!query) return null;
    return async (id) => {
      const row = await db.single(query.sql, query.params(id));
      if (!row) return null;
      warnOversize(row, String(row.citizenid), options);
      return normaliseBetaRow(row, { warn: options.warn, nowMs: options.now() });
    };
  },
};
