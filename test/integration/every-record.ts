/**
 * Every record of every fixture database, read through a running harness: for the suites that
 * compare two ways of reading them (real oxmysql and stand-in, two typeCasts) byte for byte.
 */
import type { Harness } from '../../devkit/resource-harness';

export type Format = 'alpha' | 'beta';

/** Each fixture database the suites use, both formats, every generation. */
export const FIXTURE_DATABASES: Array<{ format: Format; fixtures: string[] }> = [
  { format: 'alpha', fixtures: ['esx-legacy-schema.sql', 'esx-legacy-1.9-row.sql'] },
  { format: 'alpha', fixtures: ['esx-legacy-schema.sql', 'esx-legacy-1.13-row.sql'] },
  { format: 'alpha', fixtures: ['esx-legacy-schema.sql', 'esx-multicharacter-rows.sql'] },
  { format: 'alpha', fixtures: ['esx-v1-final.sql'] },
  { format: 'alpha', fixtures: ['esx-1.2.sql'] },
  { format: 'alpha', fixtures: ['esx-1.1.sql'] },
  { format: 'alpha', fixtures: ['forty-users.sql'] },
  { format: 'alpha', fixtures: ['hostile-users.sql'] },
  { format: 'beta', fixtures: ['qbcore.sql'] },
  { format: 'beta', fixtures: ['qbcore-2021.sql'] },
  { format: 'beta', fixtures: ['qbox.sql', 'qbox-more-characters.sql'] },
];

const KEY_QUERY: Record<Format, string> = { alpha: 'SELECT identifier AS id FROM users', beta: 'SELECT citizenid AS id FROM players' };
const EXPORT: Record<Format, string> = { alpha: 'getAlphaCitizen', beta: 'getBetaCitizen' };

export interface Seen {
  status: number;
  body: string;
  exported: string;
}

/** The ids of every row of the format's table in `h`'s database. */
export async function everyId(h: Harness, format: Format): Promise<string[]> {
  const [rows] = (await h.db.admin.query(KEY_QUERY[format])) as unknown as [Array<{ id: string }>];
  return rows.map((r) => r.id);
}

/** Each id's HTTP status and body, and the export's value as JSON text. */
export async function readEveryRecord(h: Harness, format: Format, ids: string[]): Promise<Map<string, Seen>> {
  const seen = new Map<string, Seen>();
  for (const id of ids) {
    const response = await h.request(`/${format}/citizens/${encodeURIComponent(id)}`);
    seen.set(id, { status: response.status, body: response.body, exported: JSON.stringify(await h.callExport(EXPORT[format], id)) });
  }
  return seen;
}

/** Beta fixture rows written with DEFAULT CURRENT_TIMESTAMP: copy `from`'s instants into `to`. */
export async function alignLastUpdated(to: Harness, from: Harness): Promise<void> {
  await to.db.admin.query(`UPDATE players p JOIN \`${from.db.name}\`.players r USING (citizenid) SET p.last_updated = r.last_updated`);
}
