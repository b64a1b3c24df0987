import type { Row } from '../../db/database';
import { parseCalendarDate, type DateOrder } from '../../values/calendar-date';
import { asBoolean, asNumber, asString } from '../../values/coerce';
import { parseJsonColumn, type Warn } from '../../values/json-column';
import { numberFields } from '../../values/number-fields';
import { toPosition } from '../../values/position';
import { legacyAccounts, normaliseAccounts } from './accounts';
import type { AlphaColumn } from './query';
import { normaliseUserInventory, normaliseInventory } from './inventory';
import { normaliseLoadout } from './loadout';
import type { AlphaRecord } from './schema';
import { normaliseSex } from './sex';
import { normaliseSkin } from './skin';
import { normaliseStatus } from './status';

export interface AlphaSource {
  /** The `users` row, keyed by the names of query.ts; a column the server lacks is absent. */
  row: Row;
  /**
   * Only on servers without `users.accounts` (ESX 1.0–1.2): this citizen's `user_accounts` rows,
   * empty when that table is missing too.
   */
  userAccounts?: readonly Row[];
  /** Only on ESX 1.1 servers (no `users.inventory`): this citizen's `user_inventory` rows. */
  userInventory?: readonly Row[];
}

export interface NormaliseOptions {
  warn: Warn;
  dobOrder: DateOrder;
}

/** ESX's own default where a text column holds nothing: a blank job or group is no job or group. */
function textOr(value: unknown, fallback: string): string {
  const text = asString(value);
  return text === '' ? fallback : text;
}

/** The fields a search answers with (docs/design.md §2.7): each is the `users` column of that name. */
export const ALPHA_SUMMARY_FIELDS = [
  'identifier',
  'firstname',
  'lastname',
  'dateofbirth',
  'sex',
  'height',
  'job',
  'job_grade',
  'phone_number',
] as const;

export type AlphaSummary = Pick<AlphaRecord, (typeof ALPHA_SUMMARY_FIELDS)[number]>;

/**
 * The summary fields of one `users` row: the record's own, made by the same code (normaliseAlphaRow
 * takes them from here), without the work the other fields cost.
 */
export function normaliseAlphaSummary(row: Row, options: Pick<NormaliseOptions, 'dobOrder'>): AlphaSummary {
  return {
    identifier: asString(row.identifier),
    firstname: asString(row.firstname),
    lastname: asString(row.lastname),
    dateofbirth: parseCalendarDate(row.dateofbirth, options.dobOrder),
    sex: normaliseSex(row.sex),
    // As stored: a value below 100 is probably inches (pre-2022 esx_identity), but that is a guess.
    height: asNumber(row.height),
    job: textOr(row.job, 'unemployed'),
    job_grade: asNumber(row.job_grade),
    phone_number: asString(row.phone_number),
  };
}

/**
 * The alpha record of one `users` row (docs/design.md §3, §3.1). Total: whatever a column holds, every
 * field gets a value of its type; a column of unreadable JSON gives its field the default and one
 * warning naming the citizen and the column.
 */
export function normaliseAlphaRow(source: AlphaSource, options: NormaliseOptions): AlphaRecord {
  const { row } = source;
  const summary = normaliseAlphaSummary(row, options);
  const { identifier, sex } = summary;
  const context = { citizen: identifier, warn: options.warn };
  const json = (column: AlphaColumn): unknown => parseJsonColumn(row[column], column, context);
  const inventory = source.userInventory ? normaliseUserInventory(source.userInventory) : normaliseInventory(json('inventory'));
  return {
    identifier,
    firstname: summary.firstname,
    lastname: summary.lastname,
    dateofbirth: summary.dateofbirth,
    sex,
    height: summary.height,
    job: summary.job,
    job_grade: summary.job_grade,
    group: textOr(row.group, 'user'),
    accounts: normaliseAccounts(source.userAccounts ? legacyAccounts(source.userAccounts, row) : json('accounts')),
    inventory: inventory.items,
    loadout: normaliseLoadout(json('loadout'), inventory.slotted),
    metadata: numberFields(json('metadata'), ['health', 'armor']),
    position: toPosition(json('position')),
    skin: normaliseSkin(json('skin'), sex),
    status: normaliseStatus(json('status')),
    is_dead: asBoolean(row.is_dead ?? row.isDead),
    disabled: asBoolean(row.disabled),
    // esx_property v2 stores `{"id", "coords"}` JSON here: kept as its text, which the caller can parse.
    last_property: asString(row.last_property),
    phone_number: summary.phone_number,
  };
}
