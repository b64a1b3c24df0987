/**
 * An online QBCore or Qbox citizen: the framework's PlayerData put where its save writes it in
 * `players` (money, charinfo, job, gang, metadata; the inventory, which qb-inventory saves from
 * PlayerData.items and Qbox leaves to ox_inventory), and the ped's position and armour. PlayerData's
 * own `position` is the one read at login (qb-core never updates it while playing), so without a
 * ped the row's last saved position stays, as do `name`, `license` and `last_updated`.
 */
import type { Row } from '../../db/database';
import { asRecord, asString } from '../../values/coerce';
import type { FormatLive, LiveParts } from '../../live/parts';

export const betaLive: FormatLive = {
  family: 'qb',
  // citizenids match case-insensitively (query.ts); QBCore and Qbox generate them upper-case.
  key: (identifier) => identifier.toUpperCase(),
};

/** The PlayerData objects the record is made of: each must be a table. */
const TABLES = ['money', 'charinfo', 'job', 'gang', 'metadata'] as const;

/**
 * The columns of `players` the framework's data replaces for this online citizen, with their
 * values, or null when what it answered is no PlayerData a record is made of (the record then
 * comes from the database alone). The lookup of an online citizen reads only the other columns.
 */
export function betaLiveColumns(parts: LiveParts): Row | null {
  const { player, ped } = parts;
  if (player.family !== 'qb') return null;
  const data = player.playerData;
  const tables = TABLES.map((name) => asRecord(data[name]));
  if (tables.some((table) => table === undefined)) return null;
  const [money, charinfo, job, gang, metadata] = tables as Array<Record<string, unknown>>;

  const live: Record<string, unknown> = { ...metadata };
  // Qbox keeps the gauges players see in state bags and copies them into metadata only when saving.
  for (const [key, value] of Object.entries(player.state ?? {})) if (typeof value === 'number') live[key] = value;
  const columns: Row = { money, charinfo, job, gang, metadata: live };
  const items = player.items === undefined ? data.items : player.items;
  if (items !== null && items !== undefined) {
    if (typeof items !== 'object') return null;
    columns.inventory = items;
  }
  if (ped) {
    columns.position = ped.position;
    live.armor = ped.armour;
  }
  return columns;
}

/**
 * The row the beta normaliser reads for an online citizen: `row` (the whole row, or only the
 * columns `live` leaves) with the columns `live` replaces; null when what the framework answered
 * is not this citizen's PlayerData.
 */
export function mergeBetaLive(row: Row, parts: LiveParts, live = betaLiveColumns(parts)): Row | null {
  if (!live || parts.player.family !== 'qb') return null;
  if (asString(parts.player.playerData.citizenid).toUpperCase() !== asString(row.citizenid).toUpperCase()) return null;
  return { ...row, ...live };
}
