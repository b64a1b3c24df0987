/**
 * Everything the bench takes from citizen_records' source rather than from the built bundle: the
 * primary-key statements it sends (for the ceiling, which must send the same SQL), its
 * normalisers (timed alone) and the making of the /docs page (timed alone by docs-page.ts). The rest of the bench goes through HTTP and exports, so a rename in
 * src/ is an edit here only.
 */
import { CONVAR_PREFIX } from '../src/contract/convars';
import { variableOf } from '../src/standalone/settings';
import type mysql from 'mysql2/promise';
import { DEFAULTS } from '../src/config/config';
import type { Row } from '../src/db/database';
import { readTableColumns } from '../src/db/table-columns';
import { alphaUserQuery, selectAlphaColumns } from '../src/formats/alpha/query';
import { normaliseAlphaRow } from '../src/formats/alpha/normalise';
import { buildCitizenQuery } from '../src/formats/beta/query';
import { normaliseBetaRow } from '../src/formats/beta/normalise';
import { directDatabase } from '../devkit/db/direct-database';
import type { Format } from './registry';

export type { Row };
export { buildDocsPage, DOCS_RENDERER_FILE, docsResponse } from '../src/http/docs-page';

/** The statement citizen_records sends for one citizen of each format, built by its own query code for this database's tables. */
export async function primaryKeyStatements(connection: mysql.Connection): Promise<Record<Format, string>> {
  const db = directDatabase(connection);
  const users = await readTableColumns(db, 'users');
  const players = await readTableColumns(db, 'players');
  const beta = players && buildCitizenQuery(players, DEFAULTS.maxColumnBytes);
  if (!users || !beta) throw new Error('bench tables missing');
  // One parameter, the id, as the ceiling binds it: true under the _ci collation the bench's tables use.
  if (beta.params('x').length !== 1) throw new Error('the bench expects players.citizenid under a _ci collation');
  return { alpha: alphaUserQuery(selectAlphaColumns(users), DEFAULTS.maxColumnBytes), beta: beta.sql };
}

/** Each format's normaliser, as a lookup calls it on the row oxmysql hands over. */
export const normalisers: Record<Format, (row: Row) => unknown> = {
  alpha: (row) => normaliseAlphaRow({ row }, { warn: () => {}, dobOrder: 'DMY' }),
  beta: (row) => normaliseBetaRow(row, { warn: () => {}, nowMs: Date.now() }),
};

/** A convar's name as the standalone service's environment variable (`citizen_records:rate_limit` → `CITIZEN_RECORDS_RATE_LIMIT`). */
export function standaloneVariable(convar: string): string {
  return variableOf(convar.slice(CONVAR_PREFIX.length));
}
